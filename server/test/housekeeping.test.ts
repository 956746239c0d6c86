// Housekeeping deletes rows past their retention and nothing else (plugins/housekeeping.ts,
// with the modules' jobs app.ts gives it: the telemetry module's old page views, expired
// export files, test/exports.test.ts).
import { sql } from 'drizzle-orm';
import { HOUSEKEEPING_JOBS } from '../src/app';
import { runHousekeeping } from '../src/plugins/housekeeping';
import { buildTestApp, call, makeUser, queryRows, type TestApp, type TestUser } from './helper';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  user = await makeUser(t.app, 'INVESTOR');
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: string, where = 'true') =>
  (await queryRows<{ n: number }>(t.app, sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`)))[0].n;

it('deletes old idempotency keys, page views, ended sessions and spent codes; keeps the rest and every money row', async () => {
  const db = t.app.db;
  await db.execute(sql`INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at) VALUES
    (${user.id}, 'old-1', 'h', 201, '{}', now() - interval '25 hours'),
    (${user.id}, 'old-2', 'h', 201, '{}', now() - interval '3 days'),
    (${user.id}, 'fresh', 'h', 201, '{}', now() - interval '1 hour')`);
  await db.execute(sql`INSERT INTO telemetry_views (id, ip, issued_at, expires_at) VALUES
    ('hk-old', '10.0.0.1', now() - interval '31 days', now() - interval '31 days'),
    ('hk-fresh', '10.0.0.1', now() - interval '2 days', now() - interval '2 days')`);
  await db.execute(sql`INSERT INTO telemetry_view_remotes (view_id, remote, version, channel, issued_at, expires_at, loaded)
    SELECT id, 'mf_public', '1.0.0', 'stable', issued_at, expires_at, true FROM telemetry_views WHERE id LIKE 'hk-%'`);
  await db.execute(sql`INSERT INTO sessions (user_id, created_at, expires_at, revoked_at) VALUES
    (${user.id}, now() - interval '20 days', now() - interval '10 days', NULL),
    (${user.id}, now() - interval '20 days', now() + interval '1 hour', now() - interval '8 days'),
    (${user.id}, now() - interval '2 days', now() - interval '1 day', NULL)`);
  await db.execute(sql`INSERT INTO otp_codes (user_id, purpose, code_hash, expires_at, consumed_at) VALUES
    (${user.id}, 'VERIFY_EMAIL', 'x', now() - interval '2 days', NULL),
    (${user.id}, 'RESET_PASSWORD', 'x', now() + interval '1 hour', now() - interval '3 days'),
    (${user.id}, 'VERIFY_EMAIL', 'x', now() + interval '10 minutes', NULL)`);
  await db.execute(sql`INSERT INTO signin_throttle (email, failures, locked_until, updated_at) VALUES
    ('old@example.com', 3, NULL, now() - interval '2 days'),
    ('locked@example.com', 9, now() + interval '30 minutes', now() - interval '2 days'),
    ('recent@example.com', 2, NULL, now() - interval '1 hour')`);
  await db.execute(sql`INSERT INTO stream_tickets (id, user_id, expires_at) VALUES
    ('old-ticket', ${user.id}, now() - interval '2 hours'), ('live-ticket', ${user.id}, now() + interval '1 minute')`);
  const sessionsBefore = await count('sessions');
  const ledgerBefore = await count('ledger_entries');

  const report = await runHousekeeping(t.app, HOUSEKEEPING_JOBS);
  expect(report).toEqual({
    idempotencyKeys: 2,
    sessions: 2,
    otpCodes: 2,
    signinThrottle: 1,
    streamTickets: 1,
    telemetryViews: 1,
    exportFiles: 0,
  });
  expect(await count('signin_throttle')).toBe(2);
  expect(await count('stream_tickets', `id = 'live-ticket'`)).toBe(1);
  expect(await count('idempotency_keys', `key = 'fresh'`)).toBe(1);
  expect(await count('idempotency_keys')).toBe(1);
  // The old view's outcome went with it; the fresh one stays.
  expect(await count('telemetry_views', `id LIKE 'hk-%'`)).toBe(1);
  expect(await count('telemetry_view_remotes', `view_id LIKE 'hk-%'`)).toBe(1);
  expect(await count('telemetry_view_remotes', `view_id = 'hk-fresh'`)).toBe(1);
  expect(await count('sessions')).toBe(sessionsBefore - 2);
  expect(await count('otp_codes', `expires_at > now()`)).toBe(1);
  expect(await count('ledger_entries')).toBe(ledgerBefore);
  // The live session still works.
  expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: user })).statusCode).toBe(200);
  // A second run finds nothing more.
  expect(await runHousekeeping(t.app, HOUSEKEEPING_JOBS)).toEqual({
    idempotencyKeys: 0,
    sessions: 0,
    otpCodes: 0,
    signinThrottle: 0,
    streamTickets: 0,
    telemetryViews: 0,
    exportFiles: 0,
  });
});
