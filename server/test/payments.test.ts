// Checkouts through the sandbox provider: deposits and the $15 subscription, the sandbox
// page, settling once, open-redirect refusals, expiry.
import { sql } from 'drizzle-orm';
import { SUBSCRIPTION_TOKENS } from 'shared-api/contract';
import { sandboxToken } from '../src/modules/payments/sandbox';
import {
  buildTestApp,
  call,
  invariantViolations,
  makeUser,
  queryRows,
  settleSandbox,
  snapshot,
  walletBalance,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let investor: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://tessera.example' });
  investor = await makeUser(t.app, 'INVESTOR');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const checkout = (as: TestUser, payload: object, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/v1/payments/checkouts', as, payload, headers });
const page = (id: string) => t.app.inject({ method: 'GET', url: `/v1/payments/sandbox/${id}` });
const me = async (u: TestUser) => (await call(t.app, { method: 'GET', url: '/v1/users/me', as: u })).json();

describe('a deposit', () => {
  it('opens a checkout on the sandbox page; paying credits the wallet once and returns to the platform', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/wallets/deposit',
      as: investor,
      payload: { amount: 250.75, returnPath: '/dashboard/wallet?tab=history#top' },
    });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toEqual({
      _id: expect.any(String),
      purpose: 'DEPOSIT',
      amount: 250.75,
      status: 'OPEN',
      checkoutUrl: `https://tessera.example/v1/payments/sandbox/${c._id}`,
      createdAt: expect.any(String),
    });

    const html = await page(c._id);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(html.body).toContain('Sandbox — no real money');
    expect(html.body).toContain('Deposit to your Tessera wallet');
    expect(html.body).toContain('$250.75');
    expect(html.body).toMatch(/<button type="submit" class="pay">Pay \$250\.75<\/button>/);
    expect(html.body).toContain('>Decline</button>');
    expect(html.body).not.toMatch(/<script|\son[a-z]+=/i);

    const paid = await settleSandbox(t.app, t.config, c._id);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`https://tessera.example/dashboard/wallet?tab=history&checkout=${c._id}#top`);
    expect((await call(t.app, { method: 'GET', url: `/v1/payments/checkouts/${c._id}`, as: investor })).json()).toMatchObject({
      status: 'PAID',
      amount: 250.75,
    });
    expect(await walletBalance(t.app, investor)).toBe(250.75);

    // A second click, the back button, or a decline after paying: nothing more moves.
    const before = await snapshot(t.app);
    expect((await settleSandbox(t.app, t.config, c._id)).statusCode).toBe(303);
    expect((await settleSandbox(t.app, t.config, c._id, 'decline')).statusCode).toBe(303);
    expect(await snapshot(t.app)).toBe(before);
    const settled = await page(c._id);
    expect(settled.body).toContain('This payment has been made.');
    expect(settled.body).not.toContain('<form');
  });

  it('declined: nothing changes', async () => {
    const who = await makeUser(t.app, 'INVESTOR');
    const c = (
      await call(t.app, { method: 'POST', url: '/v1/wallets/deposit', as: who, payload: { amount: 10, returnPath: '/dashboard/wallet' } })
    ).json();
    const res = await settleSandbox(t.app, t.config, c._id, 'decline');
    expect(res.headers.location).toBe(`https://tessera.example/dashboard/wallet?checkout=${c._id}`);
    expect((await call(t.app, { method: 'GET', url: `/v1/payments/checkouts/${c._id}`, as: who })).json().status).toBe('DECLINED');
    expect(await walletBalance(t.app, who)).toBe(0);
    expect((await settleSandbox(t.app, t.config, c._id, 'pay')).statusCode).toBe(303);
    expect(await walletBalance(t.app, who)).toBe(0);
  });

  it('the form needs its token; unknown checkouts are 404', async () => {
    const c = (await checkout(investor, { purpose: 'DEPOSIT', amount: 5, returnPath: '/' })).json();
    const before = await snapshot(t.app);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/v1/payments/sandbox/${c._id}`,
      payload: `decision=pay&token=${sandboxToken('not-the-secret', c._id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await snapshot(t.app)).toBe(before);
    expect((await page('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await settleSandbox(t.app, t.config, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('an expired checkout cannot be paid', async () => {
    const c = (await checkout(investor, { purpose: 'DEPOSIT', amount: 5, returnPath: '/' })).json();
    await t.app.db.execute(sql`UPDATE checkouts SET expires_at = now() - interval '1 minute' WHERE id = ${c._id}`);
    const balance = await walletBalance(t.app, investor);
    expect((await settleSandbox(t.app, t.config, c._id)).statusCode).toBe(303);
    expect((await call(t.app, { method: 'GET', url: `/v1/payments/checkouts/${c._id}`, as: investor })).json().status).toBe('EXPIRED');
    expect(await walletBalance(t.app, investor)).toBe(balance);
    expect((await page(c._id)).body).toContain('This checkout has expired');
  });

  it.each([
    ['https://evil.example/steal', 'an absolute URL'],
    ['//evil.example/x', 'a protocol-relative URL'],
    ['/\\evil.example', 'a backslash'],
    ['javascript:alert(1)', 'a script URL'],
    ['dashboard/wallet', 'a relative path'],
    ['/ok\r\nLocation: https://evil.example', 'control characters'],
    ['', 'empty'],
  ])('refuses returnPath %p (%s)', async (returnPath) => {
    const before = await snapshot(t.app);
    const res = await checkout(investor, { purpose: 'DEPOSIT', amount: 5, returnPath });
    expect(res.statusCode).toBe(400);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('checkouts are their owner’s: others get 404; admins cannot start one', async () => {
    const c = (await checkout(investor, { purpose: 'DEPOSIT', amount: 5, returnPath: '/' })).json();
    const other = await makeUser(t.app, 'INVESTOR');
    expect((await call(t.app, { method: 'GET', url: `/v1/payments/checkouts/${c._id}`, as: other })).statusCode).toBe(404);
    const admin = await makeUser(t.app, 'ADMIN');
    expect((await checkout(admin, { purpose: 'DEPOSIT', amount: 5, returnPath: '/' })).statusCode).toBe(403);
    expect((await checkout(investor, { purpose: 'DEPOSIT', returnPath: '/' })).json()).toMatchObject({
      statusCode: 400,
      message: 'amount is required for a deposit',
    });
  });
});

describe('the $15 early-access subscription', () => {
  it('paid: subscribed, fee in the ledger, 15 claimable tokens; a second subscription is refused', async () => {
    const who = await makeUser(t.app, 'INVESTOR');
    const c = (await checkout(who, { purpose: 'SUBSCRIPTION', amount: 1, returnPath: '/' })).json();
    expect(c).toMatchObject({ purpose: 'SUBSCRIPTION', amount: 15, status: 'OPEN' });
    expect((await page(c._id)).body).toContain('Tessera early-access subscription (one-time fee)');
    expect((await settleSandbox(t.app, t.config, c._id)).headers.location).toBe(`https://tessera.example/?checkout=${c._id}`);
    expect(await me(who)).toMatchObject({ isSubscribed: true, claimableTokens: SUBSCRIPTION_TOKENS });
    const ledger = (await call(t.app, { method: 'GET', url: '/v1/transactions/owned', as: who })).json().items;
    expect(ledger.map((e: { type: string; amount: number; balanceAfter: number }) => [e.type, e.amount, e.balanceAfter])).toEqual([
      ['SUBSCRIPTION_FEE', -15, 0],
      ['DEPOSIT', 15, 15],
    ]);
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me/metrics', as: who })).json().claimableTokens).toBe(15);
    expect((await checkout(who, { purpose: 'SUBSCRIPTION', returnPath: '/' })).json()).toMatchObject({
      statusCode: 409,
      message: 'You are already subscribed',
    });
  });

  it('declined or failed: nothing changes', async () => {
    const who = await makeUser(t.app, 'INVESTOR');
    const c = (await checkout(who, { purpose: 'SUBSCRIPTION', returnPath: '/' })).json();
    await settleSandbox(t.app, t.config, c._id, 'decline');
    expect(await me(who)).toMatchObject({ isSubscribed: false, claimableTokens: 0 });
    expect((await call(t.app, { method: 'GET', url: '/v1/transactions/owned', as: who })).json().total).toBe(0);
  });

  it('two open subscription checkouts both paid: subscribed once, the second payment stays in the wallet', async () => {
    const who = await makeUser(t.app, 'INVESTOR');
    const a = (await checkout(who, { purpose: 'SUBSCRIPTION', returnPath: '/' })).json();
    const b = (await checkout(who, { purpose: 'SUBSCRIPTION', returnPath: '/' })).json();
    await settleSandbox(t.app, t.config, a._id);
    await settleSandbox(t.app, t.config, b._id);
    expect(await me(who)).toMatchObject({ isSubscribed: true, claimableTokens: 15 });
    expect(await walletBalance(t.app, who)).toBe(15);
    const [{ n }] = await queryRows<{ n: string }>(
      t.app,
      sql`SELECT count(*) AS n FROM ledger_entries WHERE user_id = ${who.id} AND type = 'SUBSCRIPTION_FEE'`,
    );
    expect(Number(n)).toBe(1);
  });

  it('owners do not subscribe', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER');
    expect((await checkout(owner, { purpose: 'SUBSCRIPTION', returnPath: '/' })).json()).toMatchObject({
      statusCode: 403,
      message: 'Only investors can subscribe',
    });
  });
});
