// The portfolio engine's journey: after a trade on the market, every investor screen shows
// the same account value and the same total return. Set-up by API: a fresh rental-ready
// listing bought out by investor A (Grace), so it is FUNDED and trades; A sells 3 units to B
// (the demo investor) at the issue price, paying the trading fee. Then, in the browser, B's
// overview, investments and wallet show the account value of GET /v1/portfolio, and the
// overview and investments show its total return; A's realized loss is the fee.
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open, screenshot, signInAs } from '../lib/browser';
import { api, payOnSandbox } from '../lib/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

jest.setTimeout(240_000);

const A = { email: 'grace@tessera.local', password: 'Investor123!' };
const B = DEMO.investor;
const token = async (who: { email: string; password: string }) =>
  (await api<{ accessToken: string }>('POST', '/v1/auth/signin', who)).accessToken;
const money = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** As the returns cards sign a gain: "+$1.00", "-$1.50". */
const signed = (n: number) => (n > 0 ? `+${money(n)}` : money(n));
const stat = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });

interface Summary {
  holdings: { propertyId: string; realizedGain: number; fees: number }[];
  totals: { accountValue: number; totalReturn: number; realizedGain: number; fees: number; income: number; unrealizedGain: number };
  valueOverTime: { amount: number }[];
}
interface Returns {
  total: { accountValue: number; totalReturn: number; realizedGain: number };
}

const NAME = `Ledger Lane ${Date.now().toString(36)}`;
const UNITS = 20;
const PRICE = 50;
const SOLD = 3;

async function fund(who: { email: string; password: string }, amount: number, tok: string) {
  const wallet = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, tok);
  if (wallet.balance >= amount) return;
  const checkout = await api<{ checkoutUrl: string }>('POST', '/v1/wallets/deposit', { amount, returnPath: '/dashboard/wallet' }, tok);
  const pay = await open(browser);
  await signInAs(pay, who.email, who.password);
  await payOnSandbox(pay.page, checkout.checkoutUrl, '/dashboard/wallet');
  await pay.context.close();
}

test('after a trade, every screen shows the engine’s account value and total return', async () => {
  const [owner, admin, a, b] = await Promise.all([token(DEMO.owner), token(DEMO.admin), token(A), token(B)]);
  const listing = await api<{ _id: string }>(
    'POST',
    '/v1/properties/owned/rental-ready',
    {
      name: NAME,
      address: '3 Ledger Lane, Boston',
      state: 'MA',
      description: 'Four flats.',
      totalQuantity: UNITS,
      unitPrice: PRICE,
      roiInFiveYears: 40,
    },
    owner,
  );
  const propertyId = listing._id;
  await api('PATCH', `/v1/properties/${propertyId}/review`, { decision: 'APPROVE' }, admin);
  await fund(A, UNITS * PRICE, a);
  await fund(B, SOLD * PRICE, b);
  const order = await api<{ _id: string }>('POST', '/v1/orders', { propertyId, quantity: UNITS }, a);
  await api('PATCH', `/v1/orders/${order._id}/review`, { decision: 'APPROVE' }, admin);
  await api('POST', '/v1/market/orders', { propertyId, side: 'SELL', units: SOLD, price: PRICE }, a);
  const fill = await api<{ order: { status: string } }>(
    'POST',
    '/v1/market/orders',
    { propertyId, side: 'BUY', units: SOLD, price: PRICE },
    b,
  );
  expect(fill.order.status).toBe('FILLED');

  // The engine and the returns screen agree, and the value series ends at the card.
  const p = await api<Summary>('GET', '/v1/portfolio', undefined, b);
  const r = await api<Returns>('GET', '/v1/holdings/returns', undefined, b);
  expect(r.total.accountValue).toBe(p.totals.accountValue);
  expect(r.total.totalReturn).toBe(p.totals.totalReturn);
  expect(p.valueOverTime.at(-1)?.amount).toBe(p.totals.accountValue);
  expect(p.totals.totalReturn).toBeCloseTo(p.totals.income + p.totals.realizedGain + p.totals.unrealizedGain, 2);
  // A sold at what the units cost: on this property the realized result is the fee, a loss.
  const pa = await api<Summary>('GET', '/v1/portfolio', undefined, a);
  const sold = pa.holdings.find((h) => h.propertyId === propertyId);
  expect(sold?.fees).toBeGreaterThan(0);
  expect(sold?.realizedGain).toBe(-(sold?.fees ?? 0));

  const s = await open(browser);
  await signInAs(s, B.email, B.password);
  const { page } = s;
  await page.goto('/dashboard');
  await stat(page, 'Account value').getByText(money(p.totals.accountValue), { exact: true }).waitFor();
  await stat(page, 'Total return').getByText(signed(p.totals.totalReturn), { exact: true }).waitFor();
  await screenshot(page, 'portfolio-overview');
  await page.goto('/dashboard/investments');
  await stat(page, 'Account value').getByText(money(p.totals.accountValue), { exact: true }).waitFor();
  await stat(page, 'Total return').getByText(signed(p.totals.totalReturn), { exact: true }).waitFor();
  await page.goto('/dashboard/wallet');
  await stat(page, 'Account value').getByText(money(p.totals.accountValue), { exact: true }).waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();

  const sa = await open(browser);
  await signInAs(sa, A.email, A.password);
  await sa.page.goto('/dashboard');
  await stat(sa.page, 'Realized gain or loss').getByText(signed(pa.totals.realizedGain), { exact: true }).waitFor();
  await stat(sa.page, 'Account value').getByText(money(pa.totals.accountValue), { exact: true }).waitFor();
  await sa.context.close();
});
