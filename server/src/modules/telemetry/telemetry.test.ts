import { sql } from 'drizzle-orm';
import { buildTestApp, makeUser, type TestApp, type TestUser } from '../../../test/helper';
import { REMOTE_LOAD_LIMIT } from './routes';

let t: TestApp;
let admin: TestUser;
let investor: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ rateLimit: true });
  admin = await makeUser(t.app, 'ADMIN');
  investor = await makeUser(t.app, 'INVESTOR');
});
afterAll(async () => t?.close());

const report = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/telemetry/remote-load', payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers }, remoteAddress });

const summary = (as: TestUser | null, query = '') =>
  t.app.inject({ method: 'GET', url: `/v1/telemetry/remote-load/summary${query}`, headers: as ? as.headers : {} });

test('a failure report is stored without sign-in and counted per remote version', async () => {
  expect((await report({ remote: 'mf_public', version: '1.1.0', detail: 'canary failed at onLoad' }, { 'x-client-versions': 'shell@1.0.0,mf_public@1.1.0' })).statusCode).toBe(204);
  expect((await report({ remote: 'mf_public', version: '1.1.0', detail: 'failed at onLoad' })).statusCode).toBe(204);
  expect((await report({ remote: 'mf_admin', version: '2.0.0' })).statusCode).toBe(204);

  const res = await summary(admin);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ items: { remote: string; version: string; failures: number; lastDetail: string }[] }>();
  expect(body.items).toEqual(expect.arrayContaining([
    expect.objectContaining({ remote: 'mf_public', version: '1.1.0', failures: 2, lastDetail: 'failed at onLoad' }),
    expect.objectContaining({ remote: 'mf_admin', version: '2.0.0', failures: 1, lastDetail: '' }),
  ]));
  const rows = await t.app.db.execute(sql`select client_versions from remote_load_failures where client_versions is not null`);
  expect(JSON.stringify(rows)).toContain('shell@1.0.0,mf_public@1.1.0');
});

test('failures older than the window are not counted', async () => {
  await t.app.db.execute(sql`insert into remote_load_failures (remote, version, detail, created_at) values ('mf_owner', '0.9.0', 'old', now() - interval '30 hours')`);
  const day = (await summary(admin)).json<{ items: { remote: string }[] }>();
  expect(day.items.some((i) => i.remote === 'mf_owner')).toBe(false);
  const twoDays = (await summary(admin, '?hours=48')).json<{ items: { remote: string; failures: number }[] }>();
  expect(twoDays.items).toContainEqual(expect.objectContaining({ remote: 'mf_owner', failures: 1 }));
});

test('bad bodies are refused', async () => {
  expect((await report({ remote: 'mf_public' })).statusCode).toBe(400);
  expect((await report({ remote: 'MF PUBLIC', version: '1.0.0' })).statusCode).toBe(400);
  expect((await report({ remote: 'mf_public', version: '1.0.0', extra: 1 })).statusCode).toBe(400);
  expect((await report({ remote: 'mf_public', version: '1.0.0', detail: 'x'.repeat(501) })).statusCode).toBe(400);
  expect((await report('{"remote":', {})).statusCode).toBe(400);
  // JSON only (the shell's beacon is a Blob of type application/json): no cross-site simple posts.
  expect([400, 415]).toContain((await report(JSON.stringify({ remote: 'mf_public', version: '1.0.0' }), { 'content-type': 'text/plain' })).statusCode);
});

test('the summary is for admins only', async () => {
  expect((await summary(null)).statusCode).toBe(401);
  expect((await summary(investor)).statusCode).toBe(403);
});

test('reports are rate limited per IP', async () => {
  const ip = '10.9.9.9';
  const codes: number[] = [];
  for (let i = 0; i <= REMOTE_LOAD_LIMIT.max; i++) codes.push((await report({ remote: 'mf_public', version: '1.0.0' }, {}, ip)).statusCode);
  expect(codes.slice(0, REMOTE_LOAD_LIMIT.max).every((c) => c === 204)).toBe(true);
  expect(codes.at(-1)).toBe(429);
  // Another client is not affected.
  expect((await report({ remote: 'mf_public', version: '1.0.0' }, {}, '10.9.9.10')).statusCode).toBe(204);
});
