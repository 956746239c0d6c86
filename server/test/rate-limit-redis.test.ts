// Rate limits with REDIS_URL: two app instances count in the same Redis keys, so the limit
// holds across them; with Redis unreachable the API keeps answering (limits lapse).
// Needs the local Redis (127.0.0.1:6379, or REDIS_URL); reported as skipped without it (failed in CI).
import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { buildTestApp, type TestApp } from './helper';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// Whether Redis answers, known before the tests are declared so that jest can report the
// Redis test as skipped (not passed) without it; CI (CI=true) runs it anyway and fails.
function reachable(url: string): boolean {
  const u = new URL(url);
  const probe = `const s = require('node:net').createConnection({ host: ${JSON.stringify(u.hostname)}, port: ${Number(u.port || 6379)} });
    s.setTimeout(1000); s.once('connect', () => process.exit(0)); s.once('error', () => process.exit(1)); s.once('timeout', () => process.exit(1));`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 5000 }).status === 0;
}

const redisUp = reachable(REDIS_URL);
const itWithRedis: jest.It = redisUp || process.env.CI ? it : it.skip;
const apps: TestApp[] = [];
const prefix = `tessera-test-rl-${process.pid}-${Date.now()}:`;

afterAll(async () => {
  for (const a of apps) await a.close();
  if (redisUp) {
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length > 0) await r.del(...keys);
    r.disconnect();
  }
});

// A new e-mail each time: the per-account throttle (which locks an account after five
// failures) is not what these tests are about; the per-address limit is.
let attempt = 0;
const signin = (t: TestApp, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/signin',
    payload: { email: `nobody${++attempt}@example.com`, password: 'Wrong1234' },
    remoteAddress: ip,
  });

itWithRedis('two instances share one count: the limit holds across them', async () => {
  const a = await buildTestApp({ rateLimit: true, redisUrl: REDIS_URL, redisPrefix: prefix });
  const b = await buildTestApp({ rateLimit: true, redisUrl: REDIS_URL, redisPrefix: prefix });
  apps.push(a, b);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await signin(i % 2 === 0 ? a : b, '10.9.8.7')).statusCode);
  expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  // Another address has its own count.
  expect((await signin(b, '10.9.8.6')).statusCode).toBe(401);
});

it('with Redis unreachable the API still answers (the limits lapse, nothing fails)', async () => {
  const t = await buildTestApp({ rateLimit: true, redisUrl: 'redis://127.0.0.1:1', redisPrefix: prefix });
  apps.push(t);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await signin(t, '10.9.8.5')).statusCode);
  expect(statuses).toEqual(Array(12).fill(401));
  expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
});
