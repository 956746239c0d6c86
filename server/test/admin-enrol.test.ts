// ADMIN_2FA_REQUIRED (admins enrol a second factor before they act), renewing recovery
// codes, and changing the e-mail address.
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import {
  EMAIL_CHANGE_MAX_PER_HOUR,
  EMAIL_CHANGE_MESSAGES as E,
  TWO_FACTOR_MESSAGES as M,
  type EmailChanged,
  type RecoveryCodesRenewed,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from 'shared-api/contract';
import { users } from '../src/db/schema';
import { buildTestApp, call, makeUser, PASSWORD, queryRows, uniqueEmail, type TestApp, type TestUser } from './helper';

jest.setTimeout(180_000);

const STEP_UP_SECONDS = 300;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ adminTwoFactorRequired: true, stepUpSeconds: STEP_UP_SECONDS });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

async function enrol(u: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(t.app, { method: 'POST', url: '/v1/auth/two-factor/setup', as: u });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<TwoFactorSetup>();
  const on = await call(t.app, { method: 'POST', url: '/v1/auth/two-factor/confirm', payload: { code: codeOf(secret) }, as: u });
  expect(on.statusCode).toBe(200);
  // Lets the next code of the same time step count (the test cannot wait 30 seconds).
  await t.app.db.execute(sql`update user_totp set last_step = null where user_id = ${u.id}`);
  return { secret, recoveryCodes: on.json<TwoFactorEnabled>().recoveryCodes };
}

/** A session whose sign-in was before the step-up window. */
async function oldSession(u: TestUser): Promise<TestUser> {
  const [row] = await t.app.db
    .select()
    .from(users)
    .where(sql`${users.id} = ${u.id}`);
  const { accessToken } = await t.app.tokens.issue(t.app.db, row, { authTime: Math.floor(Date.now() / 1000) - STEP_UP_SECONDS - 60 });
  return { ...u, token: accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

const adminCall = (as: TestUser) => call(t.app, { method: 'GET', url: '/v1/admin/metrics', as });

describe('ADMIN_2FA_REQUIRED', () => {
  it('refuses every admin route to an admin without a second factor, with the message; enrolling opens them', async () => {
    const admin = await makeUser(t.app, 'ADMIN');
    for (const url of ['/v1/admin/metrics', '/v1/users', '/v1/admin/release-tokens', '/v1/payouts', '/v1/orders/admin']) {
      const res = await call(t.app, { method: 'GET', url, as: admin });
      expect({ url, ...res.json() }).toMatchObject({ url, statusCode: 403, message: M.enrolRequired });
    }
    // Routes shared with other roles refuse the admin too (acting as an admin).
    const shared = await call(t.app, { method: 'GET', url: '/v1/properties/active-investments?ids=x', as: admin });
    expect(shared.json()).toMatchObject({ statusCode: 403, message: M.enrolRequired });

    // What enrolling needs stays open, and the profile answer says what is needed.
    const me = await call(t.app, { method: 'GET', url: '/v1/users/me', as: admin });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 'ADMIN', twoFactorRequired: true });
    expect((await call(t.app, { method: 'GET', url: '/v1/auth/two-factor', as: admin })).statusCode).toBe(200);

    await enrol(admin);
    expect((await adminCall(admin)).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: admin })).json()).toMatchObject({ twoFactorRequired: false });
  });

  it('leaves other roles alone and says nothing of it to them', async () => {
    const investor = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED' });
    expect((await call(t.app, { method: 'GET', url: '/v1/orders', as: investor })).statusCode).toBe(200);
    const me = (await call(t.app, { method: 'GET', url: '/v1/users/me', as: investor })).json<Record<string, unknown>>();
    expect(me).not.toHaveProperty('twoFactorRequired');
  });

  it('lets the demo seed’s exempt accounts act with a password', async () => {
    const admin = await makeUser(t.app, 'ADMIN');
    expect((await adminCall(admin)).statusCode).toBe(403);
    await t.app.db.execute(sql`update users set two_factor_exempt = true where id = ${admin.id}`);
    expect((await adminCall(admin)).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: admin })).json()).toMatchObject({ twoFactorRequired: false });
  });

  it('the exemption cannot be set through the API', async () => {
    const admin = await makeUser(t.app, 'ADMIN');
    const res = await call(t.app, { method: 'PATCH', url: '/v1/users/me', payload: { twoFactorExempt: true }, as: admin });
    expect(res.statusCode).toBe(400);
    const [row] = await queryRows<{ two_factor_exempt: boolean }>(t.app, sql`select two_factor_exempt from users where id = ${admin.id}`);
    expect(row.two_factor_exempt).toBe(false);
  });

  it('with the setting off an admin acts without a second factor', async () => {
    const off = await buildTestApp({ adminTwoFactorRequired: false });
    try {
      const admin = await makeUser(off.app, 'ADMIN');
      expect((await call(off.app, { method: 'GET', url: '/v1/admin/metrics', as: admin })).statusCode).toBe(200);
      expect((await call(off.app, { method: 'GET', url: '/v1/users/me', as: admin })).json()).toMatchObject({ twoFactorRequired: false });
    } finally {
      await off.close();
    }
  });
});

describe('renewing recovery codes', () => {
  const renew = (as: TestUser) => call(t.app, { method: 'POST', url: '/v1/auth/two-factor/recovery-codes', as });

  it('needs a recent authentication and a factor; gives ten new codes once, the old ones stop working, the person is told', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    expect((await renew(u)).json()).toMatchObject({ statusCode: 400, message: M.notEnabled });
    const { recoveryCodes: old } = await enrol(u);

    expect((await renew(await oldSession(u))).json()).toMatchObject({ statusCode: 403, message: M.stepUpRequired });

    const res = await renew(u);
    expect(res.statusCode).toBe(200);
    const body = res.json<RecoveryCodesRenewed>();
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    expect(body.recoveryCodes.some((c) => old.includes(c))).toBe(false);
    expect(body.status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // Only the new codes work as a second factor (step-up takes them).
    const step = (code: string) => call(t.app, { method: 'POST', url: '/v1/auth/step-up', payload: { code }, as: u });
    expect((await step(old[0])).json()).toMatchObject({ statusCode: 400, message: M.invalidCode });
    expect((await step(body.recoveryCodes[0])).statusCode).toBe(200);

    const notes = await queryRows<{ title: string }>(
      t.app,
      sql`select title from notifications where user_id = ${u.id} and kind = 'TWO_FACTOR_CHANGED' order by created_at`,
    );
    expect(notes.map((n) => n.title)).toEqual(['Two-factor sign-in is on', 'New recovery codes']);
    const audits = await queryRows(
      t.app,
      sql`select 1 from audit_log where target_id = ${u.id} and action = 'auth.recovery_codes_renewed'`,
    );
    expect(audits).toHaveLength(1);
  });
});

describe('changing the e-mail address', () => {
  const ask = (as: TestUser, newEmail: string) => call(t.app, { method: 'POST', url: '/v1/auth/email-change', payload: { newEmail }, as });
  const confirm = (as: TestUser, token: string) =>
    call(t.app, { method: 'POST', url: '/v1/auth/email-change/confirm', payload: { token }, as });
  const mailsTo = (to: string) => t.app.mailer.outbox.filter((m) => m.to === to);
  /** The token of the last confirmation link mailed to `to`. */
  const tokenMailedTo = (to: string) => {
    const text = mailsTo(to).at(-1)?.text ?? '';
    const m = /[?&]email-change=([A-Za-z0-9_-]+)/.exec(text);
    if (!m) throw new Error(`no link in the mail to ${to}: ${text}`);
    return m[1];
  };
  const emailOf = async (u: TestUser) =>
    (await queryRows<{ email: string }>(t.app, sql`select email from users where id = ${u.id}`))[0].email;

  it('needs a recent authentication', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const res = await ask(await oldSession(u), uniqueEmail('new'));
    expect(res.json()).toMatchObject({ statusCode: 403, message: M.stepUpRequired });
    expect(await queryRows(t.app, sql`select 1 from email_changes where user_id = ${u.id}`)).toHaveLength(0);
  });

  it('refuses a bad, the same or a taken address, writing nothing', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const other = await makeUser(t.app, 'PROPERTY_OWNER');
    expect((await ask(u, 'not-an-address')).json()).toMatchObject({ statusCode: 400 });
    expect((await ask(u, '')).json()).toMatchObject({ statusCode: 400 });
    expect((await ask(u, u.email.toUpperCase())).json()).toMatchObject({ statusCode: 400, message: E.sameAddress });
    expect((await ask(u, other.email)).json()).toMatchObject({ statusCode: 409, message: E.taken });
    expect(await queryRows(t.app, sql`select 1 from email_changes where user_id = ${u.id}`)).toHaveLength(0);
  });

  it('mails a link to the new address and a notice to the old; the link changes the address once, sessions stay', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const newEmail = uniqueEmail('moved');
    const res = await ask(u, `  ${newEmail.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: E.sent });
    expect(mailsTo(u.email).some((m) => /about to change/.test(m.subject) && m.text.includes(newEmail))).toBe(true);
    const token = tokenMailedTo(newEmail);
    // Kept hashed only.
    const stored = await queryRows<{ token_hash: string }>(t.app, sql`select token_hash from email_changes where user_id = ${u.id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);

    const pending = await call(t.app, { method: 'GET', url: '/v1/auth/email-change', as: u });
    expect(pending.json()).toMatchObject({ pending: { newEmail } });

    // Someone else's session cannot use the link.
    const stranger = await makeUser(t.app, 'INVESTOR');
    expect((await confirm(stranger, token)).json()).toMatchObject({ statusCode: 400, message: E.invalidLink });
    expect(await emailOf(stranger)).toBe(stranger.email);

    const done = await confirm(u, token);
    expect(done.statusCode).toBe(200);
    expect(done.json<EmailChanged>()).toMatchObject({ message: E.changed, user: { email: newEmail, emailVerified: true } });
    expect(await emailOf(u)).toBe(newEmail);
    // The session goes on; the old address is told; the change is audited.
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: u })).json()).toMatchObject({ email: newEmail });
    expect(mailsTo(u.email).some((m) => /was changed/.test(m.subject))).toBe(true);
    const audits = await queryRows<{ detail: { from: string; to: string } }>(
      t.app,
      sql`select detail from audit_log where target_id = ${u.id} and action = 'auth.email_changed'`,
    );
    expect(audits.map((a) => a.detail)).toEqual([{ from: u.email, to: newEmail }]);
    // Signing in works with the new address only.
    const signin = (email: string) => t.app.inject({ method: 'POST', url: '/v1/auth/signin', payload: { email, password: PASSWORD } });
    expect((await signin(newEmail)).statusCode).toBe(200);
    expect((await signin(u.email)).statusCode).toBe(401);

    // Once only.
    expect((await confirm(u, token)).json()).toMatchObject({ statusCode: 400, message: E.invalidLink });
    expect((await call(t.app, { method: 'GET', url: '/v1/auth/email-change', as: u })).json()).toEqual({ pending: null });
  });

  it('an expired link or one replaced by a later request does not work', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const first = uniqueEmail('first');
    expect((await ask(u, first)).statusCode).toBe(200);
    const firstToken = tokenMailedTo(first);
    const second = uniqueEmail('second');
    expect((await ask(u, second)).statusCode).toBe(200);
    expect((await confirm(u, firstToken)).json()).toMatchObject({ statusCode: 400, message: E.invalidLink });

    const secondToken = tokenMailedTo(second);
    await t.app.db.execute(sql`update email_changes set expires_at = now() - interval '1 second' where user_id = ${u.id}`);
    expect((await confirm(u, secondToken)).json()).toMatchObject({ statusCode: 400, message: E.invalidLink });
    expect(await emailOf(u)).toBe(u.email);
  });

  it('an address taken between the request and the link is refused, nothing changed and the link still unused', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const wanted = uniqueEmail('wanted');
    expect((await ask(u, wanted)).statusCode).toBe(200);
    const token = tokenMailedTo(wanted);
    await makeUser(t.app, 'INVESTOR', { email: wanted });
    expect((await confirm(u, token)).json()).toMatchObject({ statusCode: 409, message: E.taken });
    expect(await emailOf(u)).toBe(u.email);
    const [row] = await queryRows<{ used_at: string | null }>(t.app, sql`select used_at from email_changes where user_id = ${u.id}`);
    expect(row.used_at).toBeNull();
  });

  it('is throttled per account', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    for (let i = 0; i < EMAIL_CHANGE_MAX_PER_HOUR; i++) expect((await ask(u, uniqueEmail('many'))).statusCode).toBe(200);
    expect((await ask(u, uniqueEmail('many'))).json()).toMatchObject({ statusCode: 429, message: E.tooMany });
  });
});
