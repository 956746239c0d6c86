// Release tokens (issue 17): admins create and revoke them; one authenticates the telemetry
// summary and nothing else; a revoked one is refused; only the hash is stored.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildTestApp, call, makeUser, queryRows, snapshot, type TestApp, type TestUser } from './helper';

let t: TestApp;
let admin: TestUser;
let investor: TestUser;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  investor = await makeUser(t.app, 'INVESTOR');
  owner = await makeUser(t.app, 'PROPERTY_OWNER');
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const summary = (token: string) =>
  t.app.inject({ method: 'GET', url: '/v1/telemetry/remote-load/summary?hours=1', headers: bearer(token) });

async function createToken(name = 'ci release'): Promise<{ id: string; token: string }> {
  const res = await call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name }, as: admin });
  expect(res.statusCode).toBe(201);
  return res.json();
}

it('an admin creates a token; it is shown once, stored hashed, and reads the telemetry summary', async () => {
  const res = await call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name: '  nightly rollout  ' }, as: admin });
  expect(res.statusCode).toBe(201);
  const body = res.json<{ id: string; name: string; token: string; createdBy: string; revokedAt: null; lastUsedAt: null }>();
  expect(body).toMatchObject({ name: 'nightly rollout', createdBy: admin.id, revokedAt: null, lastUsedAt: null });
  expect(body.token).toMatch(/^tsr_[A-Za-z0-9_-]{43}$/);

  const rows = await queryRows<{ token_hash: string }>(t.app, sql`SELECT token_hash FROM release_tokens WHERE id = ${body.id}`);
  expect(rows[0].token_hash).toBe(createHash('sha256').update(body.token).digest('hex'));
  expect(JSON.stringify(await queryRows(t.app, sql`SELECT * FROM release_tokens`))).not.toContain(body.token);

  const ok = await summary(body.token);
  expect(ok.statusCode).toBe(200);
  expect(ok.json()).toMatchObject({ items: expect.any(Array) });

  const list = await call(t.app, { method: 'GET', url: '/v1/admin/release-tokens', as: admin });
  expect(list.statusCode).toBe(200);
  const listed = list.json<{ items: Record<string, unknown>[] }>().items.find((i) => i.id === body.id)!;
  expect(listed.lastUsedAt).toEqual(expect.any(String));
  expect(listed).not.toHaveProperty('token');
  expect(JSON.stringify(list.json())).not.toContain(body.token);
});

it('a release token authenticates nothing but the summary', async () => {
  const { token } = await createToken();
  const elsewhere: [string, string][] = [
    ['GET', '/v1/users/me'],
    ['GET', '/v1/admin/metrics'],
    ['GET', '/v1/admin/release-tokens'],
    ['POST', '/v1/admin/release-tokens'],
    ['GET', '/v1/transactions'],
    ['GET', '/v1/holdings'],
    ['POST', '/v1/auth/logout'],
  ];
  const before = await snapshot(t.app);
  for (const [method, url] of elsewhere) {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token),
      payload: method === 'POST' ? { name: 'x' } : undefined,
    });
    expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
  }
  expect(await snapshot(t.app)).toBe(before);
  // And the summary still refuses what it refused: no token, other roles, a made-up token.
  expect((await t.app.inject({ method: 'GET', url: '/v1/telemetry/remote-load/summary' })).statusCode).toBe(401);
  expect((await summary(investor.token)).statusCode).toBe(403);
  expect((await summary(owner.token)).statusCode).toBe(403);
  expect((await summary(admin.token)).statusCode).toBe(200);
  expect((await summary(`tsr_${'A'.repeat(43)}`)).statusCode).toBe(401);
  expect((await summary(`${token}x`)).statusCode).toBe(401);
});

it('a revoked token is refused, and stays revoked', async () => {
  const { id, token } = await createToken();
  expect((await summary(token)).statusCode).toBe(200);
  const res = await call(t.app, { method: 'DELETE', url: `/v1/admin/release-tokens/${id}`, as: admin });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ id, revokedAt: expect.any(String) });
  const refused = await summary(token);
  expect(refused.statusCode).toBe(401);
  expect(refused.json().message).toMatch(/invalid, expired or revoked/);
  expect((await call(t.app, { method: 'DELETE', url: `/v1/admin/release-tokens/${id}`, as: admin })).statusCode).toBe(409);
  expect(
    (await call(t.app, { method: 'DELETE', url: '/v1/admin/release-tokens/00000000-0000-4000-8000-000000000000', as: admin })).statusCode,
  ).toBe(404);
  // The database keeps it revoked even against a direct UPDATE.
  const err = await t.app.db.execute(sql`UPDATE release_tokens SET revoked_at = NULL WHERE id = ${id}`).then(
    () => null,
    (e: Error & { cause?: Error }) => e,
  );
  expect(String(err?.cause?.message ?? err?.message)).toMatch(/cannot be restored/);
});

it('only admins create, list and revoke; bad names are refused', async () => {
  const { id } = await createToken();
  for (const as of [investor, owner, null]) {
    const before = await snapshot(t.app);
    const expected = as ? 403 : 401;
    expect((await call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload: { name: 'mine' }, as })).statusCode).toBe(
      expected,
    );
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/release-tokens', as })).statusCode).toBe(expected);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/admin/release-tokens/${id}`, as })).statusCode).toBe(expected);
    expect(await snapshot(t.app)).toBe(before);
  }
  for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(81) }, { name: 'ok', extra: 1 }]) {
    expect((await call(t.app, { method: 'POST', url: '/v1/admin/release-tokens', payload, as: admin })).statusCode).toBe(400);
  }
});
