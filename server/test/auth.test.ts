import { SignJWT, UnsecuredJWT } from 'jose';
import { MESSAGES } from 'shared-api/contract';
import { eq } from 'drizzle-orm';
import { otpCodes, sessions, users } from '../src/db/schema';
import { AUTH_MESSAGES, OTP_MAX_ATTEMPTS } from '../src/modules/auth/service';
import { buildTestApp, call, login, makeUser, snapshot, uniqueEmail, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signupBody = (email = uniqueEmail('signup')) => ({ firstName: 'Jane', lastName: 'Doe', email, password: 'Passw0rdX' });

/** The code of the last mail sent to an address. */
function lastCode(to: string): string {
  const mail = [...t.app.mailer.outbox].reverse().find((m) => m.to === to);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

async function verifiedInvestor() {
  const body = signupBody();
  await call(t.app, { method: 'POST', url: '/v1/auth/signup/investor', payload: body });
  await call(t.app, {
    method: 'POST',
    url: '/v1/auth/otp/verify',
    payload: { email: body.email, code: lastCode(body.email), purpose: 'VERIFY_EMAIL' },
  });
  return body;
}

describe('sign-up', () => {
  it('creates an investor, answers 201 with the user and mails a verification code', async () => {
    const body = signupBody();
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signup/investor',
      payload: { ...body, email: body.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.message).toBe('Signed up successfully');
    expect(json.user).toMatchObject({ email: body.email, role: 'INVESTOR', status: 'PENDING', emailVerified: false, isSubscribed: false });
    expect(json.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(json)).not.toMatch(/argon2/);
    expect(lastCode(body.email)).toMatch(/^\d{6}$/);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('creates a property owner', async () => {
    const res = await call(t.app, { method: 'POST', url: '/v1/auth/signup/property-owner', payload: signupBody() });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('PROPERTY_OWNER');
  });

  it('lists every broken password rule and the e-mail problem, in the spec words', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signup/investor',
      payload: { ...signupBody('not-an-email'), password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: [MESSAGES.emailInvalid, MESSAGES.passwordLength, MESSAGES.passwordNumber, MESSAGES.passwordUpper],
    });
  });

  it('refuses blank fields with "Please fill in all fields" and missing fields by name', async () => {
    const blank = await call(t.app, { method: 'POST', url: '/v1/auth/signup/investor', payload: { ...signupBody(), firstName: '   ' } });
    expect(blank.json().message).toEqual([MESSAGES.fillAllFields]);
    const missing = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signup/investor',
      payload: { email: uniqueEmail(), password: 'Passw0rdX' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toEqual(expect.arrayContaining(['firstName is required', 'lastName is required']));
  });

  it('refuses mass assignment of role, status, isSubscribed', async () => {
    const before = await snapshot(t.app);
    for (const extra of [{ role: 'ADMIN' }, { status: 'VERIFIED' }, { isSubscribed: true }, { emailVerified: true }]) {
      const res = await call(t.app, { method: 'POST', url: '/v1/auth/signup/investor', payload: { ...signupBody(), ...extra } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual([`${Object.keys(extra)[0]} is not allowed`]);
    }
    expect(await snapshot(t.app)).toBe(before);
  });

  it('refuses an address already registered (any case) with 409', async () => {
    const body = signupBody();
    expect((await call(t.app, { method: 'POST', url: '/v1/auth/signup/investor', payload: body })).statusCode).toBe(201);
    const again = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signup/property-owner',
      payload: { ...body, email: body.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AUTH_MESSAGES.emailTaken);
  });

  it('admin sign-up: only an admin may create one', async () => {
    const admin = await makeUser(t.app, 'ADMIN');
    const investor = await makeUser(t.app, 'INVESTOR');
    expect((await call(t.app, { method: 'POST', url: '/v1/auth/signup/admin', payload: signupBody() })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/v1/auth/signup/admin', payload: signupBody(), as: investor })).statusCode).toBe(403);
    const res = await call(t.app, { method: 'POST', url: '/v1/auth/signup/admin', payload: signupBody(), as: admin });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ role: 'ADMIN', status: 'VERIFIED' });
    const audit = await call(t.app, { method: 'GET', url: '/v1/admin/audit?action=admin.create', as: admin });
    expect(audit.json().items[0]).toMatchObject({ actorId: admin.id, targetId: res.json().user._id });
  });
});

describe('sign-in and e-mail verification', () => {
  it('refuses an unverified account only once the password is right, then signs in after the code', async () => {
    const body = signupBody();
    await call(t.app, { method: 'POST', url: '/v1/auth/signup/investor', payload: body });
    const wrong = await call(t.app, { method: 'POST', url: '/v1/auth/signin', payload: { email: body.email, password: 'Wrong1234' } });
    expect(wrong.statusCode).toBe(401);
    const early = await call(t.app, { method: 'POST', url: '/v1/auth/signin', payload: { email: body.email, password: body.password } });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Please verify your email before logging in');

    const verify = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/otp/verify',
      payload: { email: body.email, code: lastCode(body.email), purpose: 'VERIFY_EMAIL' },
    });
    expect(verify.statusCode).toBe(200);
    const ok = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signin',
      payload: { email: body.email.toUpperCase(), password: body.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().accessToken).toEqual(expect.any(String));
    expect(ok.json().user).toMatchObject({ email: body.email, emailVerified: true });
    const me = await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${ok.json().accessToken}` } });
    expect(me.statusCode).toBe(200);
    // The code is used up.
    const reuse = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/otp/verify',
      payload: { email: body.email, code: lastCode(body.email), purpose: 'VERIFY_EMAIL' },
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('answers an unknown address exactly like a wrong password', async () => {
    const user = await makeUser(t.app, 'INVESTOR');
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signin',
      payload: { email: uniqueEmail('ghost'), password: 'Whatever1' },
    });
    const wrong = await call(t.app, { method: 'POST', url: '/v1/auth/signin', payload: { email: user.email, password: 'Whatever1' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json().message).toBe('Invalid email or password');
  });

  it('binds a code to its purpose', async () => {
    const body = signupBody();
    await call(t.app, { method: 'POST', url: '/v1/auth/signup/investor', payload: body });
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/otp/verify',
      payload: { email: body.email, code: lastCode(body.email), purpose: 'RESET_PASSWORD' },
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(row.emailVerified).toBe(false);
  });

  it('burns a code after too many wrong tries, even the right one afterwards', async () => {
    const body = signupBody();
    await call(t.app, { method: 'POST', url: '/v1/auth/signup/investor', payload: body });
    const code = lastCode(body.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const r = await call(t.app, {
        method: 'POST',
        url: '/v1/auth/otp/verify',
        payload: { email: body.email, code: wrongCode, purpose: 'VERIFY_EMAIL' },
      });
      expect(r.statusCode).toBe(400);
    }
    const right = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/otp/verify',
      payload: { email: body.email, code, purpose: 'VERIFY_EMAIL' },
    });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(AUTH_MESSAGES.invalidCode);
  });

  it('refuses an expired code', async () => {
    const body = signupBody();
    await call(t.app, { method: 'POST', url: '/v1/auth/signup/investor', payload: body });
    const [u] = await t.app.db.select().from(users).where(eq(users.email, body.email));
    await t.app.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.userId, u.id));
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/otp/verify',
      payload: { email: body.email, code: lastCode(body.email), purpose: 'VERIFY_EMAIL' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('OTP generate answers the same for unknown addresses and sends nothing', async () => {
    const before = t.app.mailer.outbox.length;
    const ghost = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/otp/generate',
      payload: { email: uniqueEmail('ghost'), purpose: 'RESET_PASSWORD' },
    });
    const user = await makeUser(t.app, 'INVESTOR');
    const real = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/otp/generate',
      payload: { email: user.email, purpose: 'RESET_PASSWORD' },
    });
    expect(ghost.statusCode).toBe(200);
    expect(real.statusCode).toBe(200);
    expect(ghost.json()).toEqual(real.json());
    expect(t.app.mailer.outbox.length).toBe(before + 1);
    expect(t.app.mailer.outbox.at(-1)?.to).toBe(user.email);
  });

  it('codes are random and stored hashed', async () => {
    const user = await makeUser(t.app, 'INVESTOR');
    await call(t.app, { method: 'POST', url: '/v1/auth/otp/generate', payload: { email: user.email, purpose: 'RESET_PASSWORD' } });
    const code = lastCode(user.email);
    const rows = await t.app.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(code);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('password reset', () => {
  it('resets with a RESET_PASSWORD code, ends every session, and the code works once', async () => {
    const body = await verifiedInvestor();
    const token = await login(t.app, body.email, body.password);
    await call(t.app, { method: 'POST', url: '/v1/auth/otp/generate', payload: { email: body.email, purpose: 'RESET_PASSWORD' } });
    const code = lastCode(body.email);
    const check = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/otp/verify',
      payload: { email: body.email, code, purpose: 'RESET_PASSWORD' },
    });
    expect(check.statusCode).toBe(200);

    const weak = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { email: body.email, code, newPassword: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { email: body.email, code, newPassword: 'NewPassw0rd' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expect(
      (await call(t.app, { method: 'POST', url: '/v1/auth/signin', payload: { email: body.email, password: body.password } })).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, { method: 'POST', url: '/v1/auth/signin', payload: { email: body.email, password: 'NewPassw0rd' } })).statusCode,
    ).toBe(200);
    const again = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { email: body.email, code, newPassword: 'Another1pass' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('a VERIFY_EMAIL code cannot reset a password; an unknown address gets the same answer', async () => {
    const body = signupBody();
    await call(t.app, { method: 'POST', url: '/v1/auth/signup/investor', payload: body });
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { email: body.email, code: lastCode(body.email), newPassword: 'NewPassw0rd' },
    });
    expect(res.statusCode).toBe(400);
    const ghost = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { email: uniqueEmail('ghost'), code: '123456', newPassword: 'NewPassw0rd' },
    });
    expect(ghost.json()).toEqual(res.json());
  });
});

describe('sessions and tokens', () => {
  it('logout revokes the current token only', async () => {
    const user = await makeUser(t.app, 'INVESTOR');
    const other = await login(t.app, user.email, user.password);
    expect((await call(t.app, { method: 'POST', url: '/v1/auth/logout', as: user })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: user })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${other}` } })).statusCode).toBe(200);
  });

  it('refresh gives a fresh token and ends the old one', async () => {
    const user = await makeUser(t.app, 'PROPERTY_OWNER');
    const res = await call(t.app, { method: 'POST', url: '/v1/auth/refresh', as: user });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().accessToken as string;
    expect(fresh).not.toBe(user.token);
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: user })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);
  });

  it('refuses alg none, a bad signature, an expired token, a token of a deleted user, garbage', async () => {
    const user = await makeUser(t.app, 'INVESTOR');
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const claims = { sid: session.id, role: 'ADMIN' };
    const none = new UnsecuredJWT(claims)
      .setSubject(user.id)
      .setIssuer('tessera')
      .setAudience('tessera-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    const otherKey = new TextEncoder().encode('x'.repeat(48));
    const badSig = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('tessera')
      .setAudience('tessera-api')
      .setExpirationTime('1h')
      .sign(otherKey);
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('tessera')
      .setAudience('tessera-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user.id)
      .setIssuer('tessera')
      .setAudience('tessera-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.jwtSecret.repeat(2)));
    // Correctly signed, but naming a session that does not exist.
    const forged = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('tessera')
      .setAudience('tessera-api')
      .setExpirationTime('1h')
      .sign(key);
    for (const token of [none, badSig, expired, hs512, forged, 'garbage', '']) {
      const res = await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
    const basic = await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(401);
  });

  it('the role in the token does not matter; the database decides', async () => {
    const user = await makeUser(t.app, 'INVESTOR');
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const token = await new SignJWT({ sid: session.id, role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('tessera')
      .setAudience('tessera-api')
      .setExpirationTime('1h')
      .sign(key);
    const res = await call(t.app, { method: 'GET', url: '/v1/admin/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('an expired session row is refused even with a valid token', async () => {
    const user = await makeUser(t.app, 'INVESTOR');
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: user })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  let rl: TestApp;
  beforeAll(async () => {
    rl = await buildTestApp({ rateLimit: true });
  });
  afterAll(async () => {
    await rl?.close();
  });

  it.each([
    ['/v1/auth/signin', { email: 'a@b.co', password: 'x' }, 10],
    ['/v1/auth/otp/generate', { email: 'a@b.co', purpose: 'RESET_PASSWORD' }, 5],
    ['/v1/auth/otp/verify', { email: 'a@b.co', code: '123456', purpose: 'RESET_PASSWORD' }, 10],
    ['/v1/auth/reset-password', { email: 'a@b.co', code: '123456', newPassword: 'Passw0rdX' }, 5],
    ['/v1/auth/signup/investor', { firstName: 'a', lastName: 'b', email: 'bad', password: 'x' }, 5],
    ['/support', { name: 'n', phoneNumber: '1', email: 'a@b.co', subject: 's', message: 'm' }, 5],
  ])('%s answers 429 after its limit', async (url, payload, max) => {
    const ip = `10.0.0.${Math.floor(Math.random() * 250) + 1}`;
    // Sign-in also locks an account after a few failures (throttles.test.ts): a new address
    // each time, so only the per-address limit is at work here.
    const body = (i: number) => (url === '/v1/auth/signin' ? { ...payload, email: `n${i}.${ip}@b.co` } : payload);
    for (let i = 0; i < max; i++) {
      const res = await rl.app.inject({ method: 'POST', url, payload: body(i), remoteAddress: ip });
      expect(res.statusCode).not.toBe(429);
    }
    const res = await rl.app.inject({ method: 'POST', url, payload: body(max), remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: expect.any(String) });
    // Another address is not affected.
    const other = await rl.app.inject({ method: 'POST', url, payload: body(max + 1), remoteAddress: '10.9.9.9' });
    expect(other.statusCode).not.toBe(429);
  });
});
