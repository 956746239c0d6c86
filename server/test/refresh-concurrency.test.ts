// Token rotation under concurrency (issue 16): many POST /v1/auth/refresh with one token at
// once: exactly one gets a new token, the rest are 401, and only the new token works.
// Real concurrency on PostgreSQL (DATABASE_URL, a pool of connections); PGlite has one
// connection and runs the same calls one at a time (the rule is the same, the race is not).
import { sql } from 'drizzle-orm';
import { buildTestApp, call, makeUser, onPostgres, queryRows, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres)
    console.warn('refresh-concurrency: PGlite runs the parallel refreshes one at a time; set DATABASE_URL to race them on PostgreSQL');
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

it.each([20, 50])('%i parallel refreshes of one token: exactly one succeeds, the rest are 401', async (n) => {
  const user = await makeUser(t.app, 'INVESTOR');
  const results = await Promise.all(Array.from({ length: n }, () => call(t.app, { method: 'POST', url: '/v1/auth/refresh', as: user })));
  const ok = results.filter((r) => r.statusCode === 200);
  expect(ok).toHaveLength(1);
  expect(results.filter((r) => r.statusCode === 401)).toHaveLength(n - 1);

  // One live session remains: the new token's.
  const live = await queryRows<{ n: string }>(
    t.app,
    sql`SELECT count(*) AS n FROM sessions WHERE user_id = ${user.id} AND revoked_at IS NULL`,
  );
  expect(Number(live[0].n)).toBe(1);
  const fresh = ok[0].json<{ accessToken: string }>().accessToken;
  expect((await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);
  expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: user })).statusCode).toBe(401);
});
