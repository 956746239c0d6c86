// Two-factor sign-in (TOTP + recovery codes) and the step-up that money moves and account
// changes ask for.
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { TWO_FACTOR_MESSAGES as M, type TwoFactorEnabled, type TwoFactorSetup } from 'shared-api/contract';
import { users } from '../src/db/schema';
import { resealTwoFactorSecrets } from '../src/modules/auth';
import { LOCK_AFTER } from '../src/modules/auth/throttle';
import { keyRing, seal } from '../src/modules/payout-destinations';
import { buildTestApp, call, makeUser, PASSWORD, queryRows, type TestApp, type TestUser } from './helper';

jest.setTimeout(180_000);

let t: TestApp;
const STEP_UP_SECONDS = 300;
const KEY_NEW = { id: 'new', secret: 'n'.repeat(40) };
const KEY_OLD = { id: 'old', secret: 'o'.repeat(40) };
beforeAll(async () => {
  t = await buildTestApp({ stepUpSeconds: STEP_UP_SECONDS, dataKeys: [KEY_NEW, KEY_OLD] });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** The app's code `steps` periods from now (the server accepts one either side). */
const codeOf = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Lets the next code of the same time step count (the tests cannot wait 30 seconds). */
const forgetLastStep = (u: TestUser) => t.app.db.execute(sql`update user_totp set last_step = null where user_id = ${u.id}`);

async function enrol(u: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(t.app, { method: 'POST', url: '/v1/auth/two-factor/setup', as: u });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<TwoFactorSetup>();
  const on = await call(t.app, { method: 'POST', url: '/v1/auth/two-factor/confirm', payload: { code: codeOf(secret) }, as: u });
  expect(on.statusCode).toBe(200);
  await forgetLastStep(u);
  return { secret, recoveryCodes: on.json<TwoFactorEnabled>().recoveryCodes };
}

const signin = (email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/signin', payload: { email, password } });
const second = (challengeToken: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/signin/second-factor', payload: { challengeToken, code } });

async function challengeOf(email: string): Promise<string> {
  const res = await signin(email);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ secondFactorRequired?: boolean; challengeToken: string; accessToken?: string }>();
  expect(body.secondFactorRequired).toBe(true);
  expect(body.accessToken).toBeUndefined();
  return body.challengeToken;
}

describe('enrolment', () => {
  it('gives a secret, URI and QR; is off until a code confirms it; gives ten recovery codes once', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const setup = await call(t.app, { method: 'POST', url: '/v1/auth/two-factor/setup', as: u });
    expect(setup.statusCode).toBe(200);
    const s = setup.json<TwoFactorSetup>();
    expect(s.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(s.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(s.otpauthUri).toContain(`secret=${s.secret}`);
    expect(s.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(s.qrDataUrl.split(',')[1], 'base64').toString()).toContain('<svg');

    // Sealed at rest, bound to the person.
    const [row] = await queryRows<{ secret_sealed: string }>(t.app, sql`select secret_sealed from user_totp where user_id = ${u.id}`);
    expect(row.secret_sealed).toMatch(/^v2:/);
    expect(row.secret_sealed).not.toContain(s.secret);

    // Not active yet: sign-in gives tokens straight away.
    expect((await signin(u.email)).json()).toHaveProperty('accessToken');
    const status = await call(t.app, { method: 'GET', url: '/v1/auth/two-factor', as: u });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, enabledAt: null });

    const wrong = await call(t.app, { method: 'POST', url: '/v1/auth/two-factor/confirm', payload: { code: '000000' }, as: u });
    // (000000 could be the real code once in a million runs; the next check tells.)
    if (codeOf(s.secret) !== '000000') expect(wrong.json()).toMatchObject({ statusCode: 400, message: M.invalidCode });

    const on = await call(t.app, { method: 'POST', url: '/v1/auth/two-factor/confirm', payload: { code: codeOf(s.secret) }, as: u });
    expect(on.statusCode).toBe(200);
    const enabled = on.json<TwoFactorEnabled>();
    expect(enabled.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.recoveryCodes).size).toBe(10);
    expect(enabled.status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const stored = await queryRows<{ code_hash: string }>(t.app, sql`select code_hash from user_recovery_codes where user_id = ${u.id}`);
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(enabled.recoveryCodes[0]);

    // A second setup while on is refused; the person is told by e-mail (security lane).
    expect((await call(t.app, { method: 'POST', url: '/v1/auth/two-factor/setup', as: u })).statusCode).toBe(409);
    const notes = await queryRows<{ email_lane: number }>(
      t.app,
      sql`select email_lane from notifications where user_id = ${u.id} and kind = 'TWO_FACTOR_CHANGED'`,
    );
    expect(notes).toEqual([{ email_lane: 0 }]);
  });
});

describe('sign-in with a second factor', () => {
  it('a right password gives a challenge; the app code gives the tokens, once', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const { secret } = await enrol(u);
    const token = await challengeOf(u.email);
    const code = codeOf(secret);
    const ok = await second(token, code);
    expect(ok.statusCode).toBe(200);
    const auth = ok.json<{ accessToken: string; user: { email: string } }>();
    expect(auth.user.email).toBe(u.email);
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${auth.accessToken}` } });
    expect(me.statusCode).toBe(200);

    // The challenge is spent, and the same code does not open another one.
    expect((await second(token, code)).json().message).toBe(M.challengeExpired);
    expect((await second(await challengeOf(u.email), code)).json()).toMatchObject({ statusCode: 401, message: M.invalidCode });
  });

  it('a recovery code works once', async () => {
    const u = await makeUser(t.app, 'PROPERTY_OWNER');
    const { recoveryCodes } = await enrol(u);
    const typed = recoveryCodes[3].toLowerCase().replace('-', ' ');
    expect((await second(await challengeOf(u.email), typed)).statusCode).toBe(200);
    expect((await second(await challengeOf(u.email), recoveryCodes[3])).json()).toMatchObject({ statusCode: 401, message: M.invalidCode });
    const status = await call(t.app, { method: 'GET', url: '/v1/auth/two-factor', as: u });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('wrong codes count in the account throttle: locked, told once, the right code refused too', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const { secret } = await enrol(u);
    const token = await challengeOf(u.email); // the right password counts until the code is right
    const codes: number[] = [];
    const wrong = codeOf(secret) === '111111' ? '222222' : '111111';
    for (let i = 0; i < LOCK_AFTER; i++) codes.push((await second(token, wrong)).statusCode);
    expect(codes.slice(0, LOCK_AFTER - 1)).toEqual(Array(LOCK_AFTER - 1).fill(401));
    expect(codes[LOCK_AFTER - 1]).toBe(429);
    expect((await signin(u.email)).statusCode).toBe(429);
    expect(t.app.mailer.outbox.filter((m) => m.to === u.email && /paused/.test(m.subject))).toHaveLength(1);

    // Unlocked: the challenge spent its tries; a new one with the right code works.
    await t.app.db.execute(sql`delete from signin_throttle where email = ${u.email}`);
    expect((await second(token, codeOf(secret))).json().message).toBe(M.challengeExpired);
    expect((await second(await challengeOf(u.email), codeOf(secret))).statusCode).toBe(200);
  });

  it('an unknown or expired challenge is refused', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const { secret } = await enrol(u);
    expect((await second('x'.repeat(43), codeOf(secret))).json()).toMatchObject({ statusCode: 401, message: M.challengeExpired });
    const token = await challengeOf(u.email);
    await t.app.db.execute(sql`update signin_challenges set expires_at = now() - interval '1 second' where user_id = ${u.id}`);
    expect((await second(token, codeOf(secret))).json()).toMatchObject({ statusCode: 401, message: M.challengeExpired });
  });
});

describe('key rotation', () => {
  it('a secret sealed with a retired key still opens, and rotate-keys re-seals it with the current one', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const { secret } = await enrol(u);
    const old = seal(keyRing(t.config.jwtSecret, [KEY_OLD]), u.id, { secret }, 'user_totp');
    await t.app.db.execute(sql`update user_totp set secret_sealed = ${old} where user_id = ${u.id}`);
    expect((await second(await challengeOf(u.email), codeOf(secret))).statusCode).toBe(200);
    await forgetLastStep(u);

    expect((await resealTwoFactorSecrets(t.app)).resealed).toBeGreaterThanOrEqual(1);
    const [row] = await queryRows<{ secret_sealed: string }>(t.app, sql`select secret_sealed from user_totp where user_id = ${u.id}`);
    expect(row.secret_sealed).toMatch(/^v2:new:/);
    expect((await resealTwoFactorSecrets(t.app)).resealed).toBe(0);
    expect((await second(await challengeOf(u.email), codeOf(secret))).statusCode).toBe(200);
  });
});

describe('closing the account', () => {
  it('erases the secret and the recovery codes', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    await enrol(u);
    const admin = await makeUser(t.app, 'ADMIN');
    expect((await call(t.app, { method: 'DELETE', url: `/v1/users/${u.id}`, as: admin })).statusCode).toBeLessThan(300);
    expect(await queryRows(t.app, sql`select 1 from user_totp where user_id = ${u.id}`)).toHaveLength(0);
    expect(await queryRows(t.app, sql`select 1 from user_recovery_codes where user_id = ${u.id}`)).toHaveLength(0);
  });
});

describe('removing the factor', () => {
  it('needs the password and a current code, and the person is told', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const { secret } = await enrol(u);
    const remove = (payload: object) => call(t.app, { method: 'POST', url: '/v1/auth/two-factor/remove', payload, as: u });
    expect((await remove({ password: 'Wrong1234!', code: codeOf(secret) })).json()).toMatchObject({
      statusCode: 400,
      message: M.wrongPassword,
    });
    const wrong = codeOf(secret) === '123456' ? '654321' : '123456';
    expect((await remove({ password: PASSWORD, code: wrong })).json()).toMatchObject({ statusCode: 400, message: M.invalidCode });
    const off = await remove({ password: PASSWORD, code: codeOf(secret) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false });
    expect(await queryRows(t.app, sql`select 1 from user_recovery_codes where user_id = ${u.id}`)).toHaveLength(0);
    const notes = await queryRows<{ title: string }>(
      t.app,
      sql`select title from notifications where user_id = ${u.id} and kind = 'TWO_FACTOR_CHANGED' order by created_at`,
    );
    expect(notes.map((n) => n.title)).toEqual(['Two-factor sign-in is on', 'Two-factor sign-in was turned off']);
    // Signing in is one step again.
    expect((await signin(u.email)).json()).toHaveProperty('accessToken');
  });
});

describe('step-up', () => {
  /** A session whose sign-in was before the step-up window. */
  async function oldSession(u: TestUser): Promise<TestUser> {
    const [row] = await t.app.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${u.id}`);
    const { accessToken } = await t.app.tokens.issue(t.app.db, row, { authTime: Math.floor(Date.now() / 1000) - STEP_UP_SECONDS - 60 });
    return { ...u, token: accessToken, headers: { authorization: `Bearer ${accessToken}` } };
  }

  it('a fresh sign-in acts at once; an old one must confirm with the password first', async () => {
    const admin = await makeUser(t.app, 'ADMIN');
    const create = (as: TestUser) => call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name: 'step-up' }, as });
    expect((await create(admin)).statusCode).toBe(201);

    const old = await oldSession(admin);
    expect((await create(old)).json()).toMatchObject({ statusCode: 403, message: M.stepUpRequired });
    const step = (payload: object) => call(t.app, { method: 'POST', url: '/v1/auth/step-up', payload, as: old });
    expect((await step({ password: 'Wrong1234!' })).json()).toMatchObject({ statusCode: 400, message: M.wrongPassword });
    expect((await create(old)).statusCode).toBe(403);
    expect((await step({ password: PASSWORD })).statusCode).toBe(200);
    expect((await create(old)).statusCode).toBe(201);

    // A refreshed token keeps the step-up, as it keeps the sign-in time.
    const refreshed = await call(t.app, { method: 'POST', url: '/v1/auth/refresh', as: old });
    const token = refreshed.json<{ accessToken: string }>().accessToken;
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/release-tokens',
      payload: { name: 'after refresh' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.statusCode).toBe(201);
  });

  it('covers withdrawals, bank accounts and the password; with a factor only a code confirms', async () => {
    const u = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED' });
    const { secret } = await enrol(u);
    const old = await oldSession(u);
    const refused = [
      await call(t.app, {
        method: 'POST',
        url: '/v1/wallets/withdraw',
        payload: { amount: 10, destinationId: '00000000-0000-4000-8000-000000000000' },
        as: old,
      }),
      await call(t.app, {
        method: 'POST',
        url: '/v1/wallets/destinations',
        payload: { kind: 'IBAN', holderName: 'A B', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        as: old,
      }),
      await call(t.app, { method: 'DELETE', url: '/v1/wallets/destinations/00000000-0000-4000-8000-000000000000', as: old }),
      await call(t.app, {
        method: 'PATCH',
        url: '/v1/users/me/update-password',
        payload: { currentPassword: PASSWORD, newPassword: 'Another123!' },
        as: old,
      }),
    ];
    for (const r of refused) expect(r.json()).toMatchObject({ statusCode: 403, message: M.stepUpRequired });

    const step = (payload: object) => call(t.app, { method: 'POST', url: '/v1/auth/step-up', payload, as: old });
    expect((await step({ password: PASSWORD })).json()).toMatchObject({ statusCode: 400, message: M.invalidCode });
    expect((await step({ code: codeOf(secret) })).statusCode).toBe(200);
    const add = await call(t.app, {
      method: 'POST',
      url: '/v1/wallets/destinations',
      payload: { kind: 'IBAN', holderName: 'A B', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      as: old,
    });
    expect(add.json().message).not.toBe(M.stepUpRequired);
    expect(add.statusCode).toBe(201);
  });
});
