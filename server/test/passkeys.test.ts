// Passkeys (WebAuthn): registration, passwordless sign-in, second factor, step-up, and the
// refusals (replayed challenge, wrong origin, counter going back, no user verification,
// removal without a recent authentication). The authenticator is a software one
// (./webauthn-authenticator.ts) whose answers the server checks with @simplewebauthn/server.
import { eq, sql } from 'drizzle-orm';
import { TWO_FACTOR_MESSAGES } from 'shared-api/contract';
import { PASSKEY_MESSAGES as PM, type PasskeyInfo } from 'shared-api/contract/passkeys';
import { users } from '../src/db/schema';
import { hasSecondFactor } from '../src/modules/auth/two-factor';
import { buildTestApp, call, makeUser, queryRows, type TestApp, type TestUser } from './helper';
import { SoftPasskey, type Options } from './webauthn-authenticator';

jest.setTimeout(180_000);

let t: TestApp;
const STEP_UP_SECONDS = 300;
beforeAll(async () => {
  t = await buildTestApp({ stepUpSeconds: STEP_UP_SECONDS });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** A new session of the person whose sign-in was before the step-up window. */
async function oldSession(u: TestUser): Promise<TestUser> {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, u.id));
  const { accessToken } = await t.app.tokens.issue(t.app.db, row, { authTime: Math.floor(Date.now() / 1000) - STEP_UP_SECONDS - 60 });
  return { ...u, token: accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

async function enrol(u: TestUser, name = 'Laptop'): Promise<{ key: SoftPasskey; info: PasskeyInfo }> {
  const key = new SoftPasskey();
  const options = await call(t.app, { method: 'POST', url: '/v1/auth/passkeys/register/options', as: u });
  expect(options.statusCode).toBe(200);
  const res = await call(t.app, {
    method: 'POST',
    url: '/v1/auth/passkeys/register',
    payload: { name, credential: key.create(options.json<Options>()) },
    as: u,
  });
  expect(res.json()).toMatchObject({ name: expect.any(String) });
  expect(res.statusCode).toBe(201);
  return { key, info: res.json<PasskeyInfo>() };
}

const signinOptions = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/v1/auth/passkeys/signin/options' });
  expect(res.statusCode).toBe(200);
  return res.json<Options & { userVerification: string; allowCredentials?: unknown[] }>();
};
const passkeySignin = (credential: unknown) => t.app.inject({ method: 'POST', url: '/v1/auth/passkeys/signin', payload: { credential } });

describe('registration', () => {
  it('stores a named passkey, lists it, tells the person, and then sign-in asks for it', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    expect(await hasSecondFactor(t.app.db, u.id)).toBe(false);
    const options = await call(t.app, { method: 'POST', url: '/v1/auth/passkeys/register/options', as: u });
    const o = options.json<{ rp: { id: string }; authenticatorSelection: { residentKey: string; userVerification: string } }>();
    expect(o.rp.id).toBe('localhost');
    expect(o.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });

    const { info } = await enrol(u, '  My   laptop ');
    expect(info).toMatchObject({ name: 'My laptop', lastUsedAt: null });
    const list = await call(t.app, { method: 'GET', url: '/v1/auth/passkeys', as: u });
    expect(list.json()).toEqual([info]);
    expect(await hasSecondFactor(t.app.db, u.id)).toBe(true);

    const notes = await queryRows<{ data: { change: string } }>(
      t.app,
      sql`select data from notifications where user_id = ${u.id} and kind = 'TWO_FACTOR_CHANGED'`,
    );
    expect(notes.map((n) => n.data.change)).toEqual(['PASSKEY_ADDED']);
    const audits = await queryRows<{ action: string }>(t.app, sql`select action from audit_log where target_id = ${u.id}::text`);
    expect(audits.map((a) => a.action)).toContain('auth.passkey_added');

    // The password is no longer enough.
    const signin = await t.app.inject({ method: 'POST', url: '/v1/auth/signin', payload: { email: u.email, password: u.password } });
    expect(signin.json()).toMatchObject({ secondFactorRequired: true, factors: ['PASSKEY'], message: PM.passkeyNeeded });
  });

  it('refuses a replayed registration, a wrong origin, a missing user verification and a bad name', async () => {
    const u = await makeUser(t.app, 'PROPERTY_OWNER');
    const optionsOf = async () => (await call(t.app, { method: 'POST', url: '/v1/auth/passkeys/register/options', as: u })).json<Options>();
    const register = (credential: unknown, name = 'Key') =>
      call(t.app, { method: 'POST', url: '/v1/auth/passkeys/register', payload: { name, credential }, as: u });

    const wrongOrigin = await register(new SoftPasskey().create(await optionsOf(), { origin: 'https://evil.example' }));
    expect(wrongOrigin.json()).toMatchObject({ statusCode: 400, message: PM.notVerified });
    const noUv = await register(new SoftPasskey().create(await optionsOf(), { userVerified: false }));
    expect(noUv.json()).toMatchObject({ statusCode: 400, message: PM.notVerified });
    const badName = await register(new SoftPasskey().create(await optionsOf()), '   ');
    expect(badName.json()).toMatchObject({ statusCode: 400, message: PM.nameNeeded });

    const cred = new SoftPasskey().create(await optionsOf());
    expect((await register(cred)).statusCode).toBe(201);
    // The same answer again: its challenge is spent.
    expect((await register(cred)).json()).toMatchObject({ statusCode: 400, message: PM.notVerified });
    const rows = await queryRows<{ n: number }>(t.app, sql`select count(*)::int as n from user_passkeys where user_id = ${u.id}`);
    expect(rows[0].n).toBe(1);
  });

  it('needs a recent authentication to start', async () => {
    const u = await oldSession(await makeUser(t.app, 'INVESTOR'));
    const res = await call(t.app, { method: 'POST', url: '/v1/auth/passkeys/register/options', as: u });
    expect(res.json()).toMatchObject({ statusCode: 403, message: TWO_FACTOR_MESSAGES.stepUpRequired });
  });

  it('answers an IP address host with how to use passkeys instead', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/passkeys/signin/options', headers: { host: '127.0.0.1:8080' } });
    expect(res.json()).toMatchObject({ statusCode: 400, message: PM.ipHost });
  });
});

describe('passwordless sign-in', () => {
  it('signs in with the passkey alone (discoverable, user verification required), once per challenge', async () => {
    const u = await makeUser(t.app, 'ADMIN');
    const { key } = await enrol(u);
    const options = await signinOptions();
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);

    const cred = key.get(options);
    const ok = await passkeySignin(cred);
    expect(ok.statusCode).toBe(200);
    const auth = ok.json<{ accessToken: string; user: { email: string } }>();
    expect(auth.user.email).toBe(u.email);
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${auth.accessToken}` } });
    expect(me.statusCode).toBe(200);
    const [row] = await queryRows<{ counter: string; last_used_at: Date | null }>(
      t.app,
      sql`select counter, last_used_at from user_passkeys where user_id = ${u.id}`,
    );
    expect(Number(row.counter)).toBe(1);
    expect(row.last_used_at).not.toBeNull();

    // Replayed: the challenge is used up.
    expect((await passkeySignin(cred)).json()).toMatchObject({ statusCode: 401, message: PM.notVerified });
  });

  it('refuses a wrong origin, a counter that goes back, no user verification and an unknown passkey', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const { key } = await enrol(u);
    expect((await passkeySignin(key.get(await signinOptions(), { origin: 'http://localhost:9999' }))).statusCode).toBe(401);
    expect((await passkeySignin(key.get(await signinOptions(), { userVerified: false }))).statusCode).toBe(401);
    expect((await passkeySignin(key.get(await signinOptions(), { counter: 10 }))).statusCode).toBe(200);
    // A clone still at an older count.
    const cloned = await passkeySignin(key.get(await signinOptions(), { counter: 5 }));
    expect(cloned.json()).toMatchObject({ statusCode: 401, message: PM.notVerified });
    expect((await passkeySignin(key.get(await signinOptions(), { counter: 10 }))).statusCode).toBe(401);
    expect((await passkeySignin(key.get(await signinOptions(), { counter: 11 }))).statusCode).toBe(200);

    const stranger = new SoftPasskey();
    expect((await passkeySignin(stranger.get(await signinOptions()))).json()).toMatchObject({
      statusCode: 401,
      message: PM.unknownPasskey,
    });
  });

  it('refuses an expired challenge', async () => {
    const u = await makeUser(t.app, 'PROPERTY_OWNER');
    const { key } = await enrol(u);
    const options = await signinOptions();
    await t.app.db.execute(
      sql`update webauthn_challenges set expires_at = now() - interval '1 second' where challenge = ${options.challenge}`,
    );
    expect((await passkeySignin(key.get(options))).statusCode).toBe(401);
  });
});

describe('second factor', () => {
  it('finishes a password sign-in with the passkey, once', async () => {
    const u = await makeUser(t.app, 'PROPERTY_OWNER');
    const { key } = await enrol(u);
    const signin = await t.app.inject({ method: 'POST', url: '/v1/auth/signin', payload: { email: u.email, password: u.password } });
    const { challengeToken } = signin.json<{ challengeToken: string }>();
    // The password step's own second factor: a code is not one (the person has no app).
    const code = await t.app.inject({ method: 'POST', url: '/v1/auth/signin/second-factor', payload: { challengeToken, code: '123456' } });
    expect(code.statusCode).toBe(401);

    const options = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin/second-factor/passkey/options',
      payload: { challengeToken },
    });
    expect(options.statusCode).toBe(200);
    const o = options.json<Options & { allowCredentials: { id: string }[] }>();
    expect(o.allowCredentials.map((c) => c.id)).toEqual([key.credentialId]);

    // A passwordless challenge does not answer this step.
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin/second-factor/passkey',
      payload: { challengeToken, credential: key.get(await signinOptions()) },
    });
    expect(other.statusCode).toBe(401);

    const cred = key.get(o);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin/second-factor/passkey',
      payload: { challengeToken, credential: cred },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveProperty('accessToken');
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin/second-factor/passkey',
      payload: { challengeToken, credential: cred },
    });
    expect(again.json()).toMatchObject({ statusCode: 401, message: TWO_FACTOR_MESSAGES.challengeExpired });
  });

  it("does not take another person's passkey", async () => {
    const a = await makeUser(t.app, 'INVESTOR');
    const b = await makeUser(t.app, 'INVESTOR');
    await enrol(a);
    const { key: bKey } = await enrol(b);
    const signin = await t.app.inject({ method: 'POST', url: '/v1/auth/signin', payload: { email: a.email, password: a.password } });
    const { challengeToken } = signin.json<{ challengeToken: string }>();
    const options = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin/second-factor/passkey/options',
      payload: { challengeToken },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin/second-factor/passkey',
      payload: { challengeToken, credential: bKey.get(options.json<Options>()) },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('step-up and removal', () => {
  it('a passkey confirms it is you; removing one needs that, then tells the person', async () => {
    const fresh = await makeUser(t.app, 'INVESTOR');
    const { key, info } = await enrol(fresh);
    await enrol(fresh, 'Phone');
    const u = await oldSession(fresh);

    const del = () => call(t.app, { method: 'DELETE', url: `/v1/auth/passkeys/${info.id}`, as: u });
    expect((await del()).json()).toMatchObject({ statusCode: 403, message: TWO_FACTOR_MESSAGES.stepUpRequired });
    // With a passkey and no app, the password does not confirm it is you.
    const pw = await call(t.app, { method: 'POST', url: '/v1/auth/step-up', payload: { password: u.password }, as: u });
    expect(pw.json()).toMatchObject({ statusCode: 400, message: PM.usePasskey });

    const options = await call(t.app, { method: 'POST', url: '/v1/auth/step-up/passkey/options', as: u });
    expect(options.statusCode).toBe(200);
    const cred = key.get(options.json<Options>());
    const wrongOrigin = key.get((await call(t.app, { method: 'POST', url: '/v1/auth/step-up/passkey/options', as: u })).json<Options>(), {
      origin: 'https://evil.example',
    });
    expect(
      (await call(t.app, { method: 'POST', url: '/v1/auth/step-up/passkey', payload: { credential: wrongOrigin }, as: u })).statusCode,
    ).toBe(400);
    const ok = await call(t.app, { method: 'POST', url: '/v1/auth/step-up/passkey', payload: { credential: cred }, as: u });
    expect(ok.json()).toEqual({ message: TWO_FACTOR_MESSAGES.confirmed });

    expect((await del()).json()).toEqual({ message: PM.removed });
    expect((await del()).statusCode).toBe(404);
    const list = await call(t.app, { method: 'GET', url: '/v1/auth/passkeys', as: u });
    expect(list.json<PasskeyInfo[]>().map((p) => p.name)).toEqual(['Phone']);
    const notes = await queryRows<{ data: { change: string } }>(
      t.app,
      sql`select data from notifications where user_id = ${u.id} and kind = 'TWO_FACTOR_CHANGED' order by created_at`,
    );
    expect(notes.map((n) => n.data.change)).toEqual(['PASSKEY_ADDED', 'PASSKEY_ADDED', 'PASSKEY_REMOVED']);
  });

  it('renames only the own passkeys', async () => {
    const a = await makeUser(t.app, 'PROPERTY_OWNER');
    const b = await makeUser(t.app, 'PROPERTY_OWNER');
    const { info } = await enrol(a);
    const mine = await call(t.app, { method: 'PATCH', url: `/v1/auth/passkeys/${info.id}`, payload: { name: 'Work key' }, as: a });
    expect(mine.json()).toMatchObject({ id: info.id, name: 'Work key' });
    const theirs = await call(t.app, { method: 'PATCH', url: `/v1/auth/passkeys/${info.id}`, payload: { name: 'Mine now' }, as: b });
    expect(theirs.statusCode).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/auth/passkeys/${info.id}`, as: b })).statusCode).toBe(404);
  });

  it('a closed account keeps no passkeys', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    await enrol(u);
    await t.app.db.execute(sql`update users set deleted_at = now() where id = ${u.id}`);
    const rows = await queryRows<{ n: number }>(t.app, sql`select count(*)::int as n from user_passkeys where user_id = ${u.id}`);
    expect(rows[0].n).toBe(0);
  });
});
