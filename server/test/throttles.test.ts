// Throttles that hold when an attacker rotates addresses: per-account sign-in locks with
// growing delays (shared by every instance through the database), the lock and new-device
// e-mails, per-address limits on codes, and sign-in limits behind nginx (TRUST_PROXY).
import { sql } from 'drizzle-orm';
import { LOCK_AFTER } from '../src/modules/auth/throttle';
import { buildTestApp, itOnPostgres, makeUser, PASSWORD, queryRows, uniqueEmail, type TestApp } from './helper';

jest.setTimeout(180_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const signin = (app: TestApp['app'], email: string, password: string, from: { ip?: string; ua?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/v1/auth/signin',
    payload: { email, password },
    remoteAddress: from.ip ?? '127.0.0.1',
    headers: { 'user-agent': from.ua ?? 'lightMyRequest' },
  });

const mailsTo = (app: TestApp['app'], to: string, subject: RegExp) =>
  app.mailer.outbox.filter((m) => m.to === to && subject.test(m.subject));

describe('per-account sign-in throttle', () => {
  it('100 wrong passwords from rotating addresses, then the right one: refused, with the wait said', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const codes: number[] = [];
    for (let i = 0; i < 100; i++) codes.push((await signin(t.app, u.email, `Wrong${i}pass`, { ip: `198.51.100.${i + 1}` })).statusCode);
    expect(codes.slice(0, LOCK_AFTER)).toEqual(Array(LOCK_AFTER).fill(401));
    expect(codes.slice(LOCK_AFTER).every((c) => c === 429)).toBe(true);

    const right = await signin(t.app, u.email, PASSWORD, { ip: '203.0.113.50' });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(60);

    // The owner is told once, and the lock is in the audit trail.
    expect(mailsTo(t.app, u.email, /paused/)).toHaveLength(1);
    const audit = await queryRows(t.app, sql`select action from audit_log where target_id = ${u.id} and action = 'auth.signin_locked'`);
    expect(audit).toHaveLength(1);
  });

  it('the delay grows with each failure after a lock, and the right password ends the streak', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    for (let i = 0; i < LOCK_AFTER; i++) await signin(t.app, u.email, 'Wrong1234');
    const expire = () =>
      t.app.db.execute(sql`update signin_throttle set locked_until = now() - interval '1 second' where email = ${u.email}`);
    await expire();
    expect((await signin(t.app, u.email, 'Wrong1234')).statusCode).toBe(401);
    expect((await signin(t.app, u.email, PASSWORD)).json().message).toBe(
      'Too many failed sign-in attempts. Please try again in 2 minutes.',
    );
    await expire();
    expect((await signin(t.app, u.email, 'Wrong1234')).statusCode).toBe(401);
    expect((await signin(t.app, u.email, PASSWORD)).json().message).toBe(
      'Too many failed sign-in attempts. Please try again in 4 minutes.',
    );
    await expire();
    expect((await signin(t.app, u.email, PASSWORD)).statusCode).toBe(200);
    expect(await queryRows(t.app, sql`select 1 from signin_throttle where email = ${u.email}`)).toHaveLength(0);
    // A fresh streak: wrong passwords answer 401 again.
    expect((await signin(t.app, u.email, 'Wrong1234')).statusCode).toBe(401);
  });

  it('an unknown address is throttled exactly like an account (no hint of which exist)', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < LOCK_AFTER; i++) {
      await signin(t.app, ghost, 'Wrong1234');
      await signin(t.app, u.email, 'Wrong1234');
    }
    const a = await signin(t.app, ghost, 'Wrong1234');
    const b = await signin(t.app, u.email, 'Wrong1234');
    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(a.json()).toEqual(b.json());
  });

  it('parallel guesses are counted before they are checked', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const codes = (await Promise.all(Array.from({ length: 30 }, (_, i) => signin(t.app, u.email, `Guess${i}abc`)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LOCK_AFTER);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(30 - LOCK_AFTER);
  });

  it('a password reset ends a lock', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    for (let i = 0; i <= LOCK_AFTER; i++) await signin(t.app, u.email, 'Wrong1234');
    expect((await signin(t.app, u.email, PASSWORD)).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: '/v1/auth/otp/generate', payload: { email: u.email, purpose: 'RESET_PASSWORD' } });
    const mail = t.app.mailer.outbox.filter((m) => m.to === u.email && /reset code/.test(m.subject)).at(-1);
    const code = /(\d{6})/.exec(mail?.subject ?? '')?.[1] as string;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { email: u.email, code, newPassword: 'Another123!' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signin(t.app, u.email, 'Another123!')).statusCode).toBe(200);
  });

  itOnPostgres('two API instances on one PostgreSQL share the count', async () => {
    const b = await buildTestApp({ databaseSchema: t.config.databaseSchema, jwtSecret: t.config.jwtSecret });
    try {
      const u = await makeUser(t.app, 'INVESTOR');
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await signin(i % 2 ? b.app : t.app, u.email, 'Wrong1234')).statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(LOCK_AFTER);
      expect((await signin(b.app, u.email, PASSWORD)).statusCode).toBe(429);
      expect((await signin(t.app, u.email, PASSWORD)).statusCode).toBe(429);
    } finally {
      await b.app.close();
    }
  });
});

describe('new-device sign-in notice', () => {
  it('e-mails when an account signs in from a device and address it has not used before', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    const before = mailsTo(t.app, u.email, /New sign-in/).length;
    expect(before).toBe(0);
    expect((await signin(t.app, u.email, PASSWORD)).statusCode).toBe(200);
    expect(mailsTo(t.app, u.email, /New sign-in/)).toHaveLength(0);
    expect((await signin(t.app, u.email, PASSWORD, { ua: 'Mozilla/5.0 (X11) Firefox/140', ip: '203.0.113.7' })).statusCode).toBe(200);
    const mails = mailsTo(t.app, u.email, /New sign-in/);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Firefox/140');
    expect(mails[0].text).toContain('203.0.113.7');
    // The same device again is not news.
    expect((await signin(t.app, u.email, PASSWORD, { ua: 'Mozilla/5.0 (X11) Firefox/140', ip: '203.0.113.7' })).statusCode).toBe(200);
    expect(mailsTo(t.app, u.email, /New sign-in/)).toHaveLength(1);
  });
});

describe('codes per target, not per caller', () => {
  it('reset e-mails to one address from 30 rotating callers: one goes out', async () => {
    const u = await makeUser(t.app, 'INVESTOR');
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/auth/otp/generate',
          payload: { email: u.email, purpose: 'RESET_PASSWORD' },
          remoteAddress: `192.0.2.${i + 1}`,
        }),
      ),
    );
    expect(t.app.mailer.outbox.filter((m) => m.to === u.email && /reset code/.test(m.subject))).toHaveLength(1);
  });
});

describe('behind nginx (TRUST_PROXY=1)', () => {
  let rl: TestApp;
  beforeAll(async () => {
    rl = await buildTestApp({ rateLimit: true, trustProxy: 1 });
  });
  afterAll(async () => {
    await rl?.close();
  });

  it('a rotating leftmost X-Forwarded-For does not get past the per-address sign-in limit', async () => {
    const client = '203.0.113.77';
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await rl.app.inject({
        method: 'POST',
        url: '/v1/auth/signin',
        // A new address each time, so only the per-address limit can refuse.
        payload: { email: `rot${i}@example.com`, password: 'Wrong1234' },
        remoteAddress: '127.0.0.1',
        // What nginx sends: whatever the client wrote, then the address nginx saw.
        headers: { 'x-forwarded-for': `10.${i}.0.1, ${client}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
  });
});
