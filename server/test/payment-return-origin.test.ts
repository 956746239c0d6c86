// The sandbox payment brings the person back to the origin they paid from (issue 16), when
// it is one of the configured public origins (PUBLIC_URL http://localhost:8080 here, so also
// http://127.0.0.1:8080 and http://[::1]:8080); any other origin gets PUBLIC_URL.
import { defaultPublicOrigins, loadConfig } from '../src/config';
import { buildTestApp, call, makeUser, settleSandbox, type TestApp, type TestUser } from './helper';

let t: TestApp;
let investor: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  investor = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED' });
});
afterAll(async () => {
  await t?.close();
});

async function start(purpose: 'DEPOSIT' | 'SUBSCRIPTION', headers: Record<string, string>, as = investor) {
  const payload =
    purpose === 'DEPOSIT' ? { purpose, amount: 25, returnPath: '/dashboard/wallet?tab=1' } : { purpose, returnPath: '/dashboard' };
  const res = await call(t.app, { method: 'POST', url: '/v1/payments/checkouts', as, payload, headers });
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string; checkoutUrl: string }>();
}

it.each([
  ['http://127.0.0.1:8080', { origin: 'http://127.0.0.1:8080' }, 'DEPOSIT'],
  ['http://localhost:8080', { origin: 'http://localhost:8080' }, 'DEPOSIT'],
  ['http://127.0.0.1:8080', { referer: 'http://127.0.0.1:8080/dashboard/wallet' }, 'DEPOSIT'],
  ['http://127.0.0.1:8080', { origin: 'http://127.0.0.1:8080' }, 'SUBSCRIPTION'],
  ['http://localhost:8080', { origin: 'http://evil.example' }, 'DEPOSIT'],
  ['http://localhost:8080', { origin: 'http://127.0.0.1:9999' }, 'DEPOSIT'],
  ['http://localhost:8080', {}, 'DEPOSIT'],
] as const)('back to %s when started with %j (%s)', async (origin, headers, purpose) => {
  const who = purpose === 'SUBSCRIPTION' ? await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED' }) : investor;
  const c = await start(purpose, headers, who);
  expect(c.checkoutUrl).toBe(`${origin}/v1/payments/sandbox/${c._id}`);
  const page = await t.app.inject({ method: 'GET', url: `/v1/payments/sandbox/${c._id}` });
  expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${origin};`);
  const paid = await settleSandbox(t.app, t.config, c._id);
  expect(paid.statusCode).toBe(303);
  const back = purpose === 'DEPOSIT' ? `${origin}/dashboard/wallet?tab=1&checkout=${c._id}` : `${origin}/dashboard?checkout=${c._id}`;
  expect(paid.headers.location).toBe(back);
});

describe('configured public origins', () => {
  it('PUBLIC_URL on a loopback host brings its loopback twins on the same port; any other host only itself', () => {
    expect(defaultPublicOrigins('http://localhost:8080')).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']);
    expect(defaultPublicOrigins('https://tessera.example')).toEqual(['https://tessera.example']);
  });

  it('PUBLIC_ORIGINS adds origins; a value that is not an origin is refused at start', () => {
    const env = { PUBLIC_URL: 'https://tessera.example', PUBLIC_ORIGINS: 'https://www.tessera.example, https://tessera.example' };
    expect(loadConfig(env).publicOrigins).toEqual(['https://tessera.example', 'https://www.tessera.example']);
    expect(() => loadConfig({ PUBLIC_ORIGINS: 'https://x.example/path' })).toThrow(/PUBLIC_ORIGINS/);
  });
});
