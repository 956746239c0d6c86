// Issue 20's journey: the secondary market. Set-up by API: a fresh rental-ready listing,
// approved and bought out by investor A (Grace), so it is FUNDED and trades. A lists 5 units
// from the holding's "Sell units" (browser: the property page's sell form, prefilled, with its
// review step); B (the demo investor) buys 3 from the property page (browser). Without a reload,
// A's Market orders page shows the order with 2 units remaining and the trade, and B's market
// section shows the 3 units held. A's holding is 3 units smaller (17 of 20: 3 sold, 2 still
// offered) and A's wallet grew by the proceeds minus the trading fee; both show in A's wallet.
// Screenshots land in e2e/artifacts/market-*.png.
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO, launch, open, screenshot, signInAs, type Session } from '../lib/browser';
import { api, payOnSandbox, uploadFiles } from '../lib/api';
import { png } from '../lib/files';

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
const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
/** The units cell of a price level in a side of the book. */
const unitsAt = (table: Locator, price: number) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: money(price) }) })
    .getByRole('cell')
    .first();
const toast = (page: Page, text: string | RegExp) => page.locator('.notistack-MuiContent').filter({ hasText: text }).first();

const NAME = `Market Mews ${Date.now().toString(36)}`;
const UNITS = 20;
const PRICE = 50;
const LISTED = 5;
const BOUGHT = 3;
let propertyId = '';
let sessionA: Session;
let sessionB: Session;
let walletBeforeA = 0;
let feeBps = 0;

async function fund(who: { email: string; password: string }, amount: number, tok: string) {
  const wallet = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, tok);
  if (wallet.balance >= amount) return;
  const checkout = await api<{ checkoutUrl: string }>('POST', '/v1/wallets/deposit', { amount, returnPath: '/dashboard/wallet' }, tok);
  const pay = await open(browser);
  await signInAs(pay, who.email, who.password);
  await payOnSandbox(pay.page, checkout.checkoutUrl, '/dashboard/wallet');
  await pay.context.close();
}

test('set-up: a funded property, every unit held by investor A', async () => {
  const [owner, admin, a, b] = await Promise.all([token(DEMO.owner), token(DEMO.admin), token(A), token(B)]);
  const listing = await api<{ _id: string }>(
    'POST',
    '/v1/properties/owned/rental-ready',
    {
      name: NAME,
      address: '20 Exchange Row, Boston',
      state: 'MA',
      description: 'Six flats near the harbour.',
      totalQuantity: UNITS,
      unitPrice: PRICE,
      roiInFiveYears: 40,
    },
    owner,
  );
  propertyId = listing._id;
  await uploadFiles(
    `/v1/properties/owned/${propertyId}/images`,
    'files',
    [{ name: 'front.png', type: 'image/png', data: png(800, 600, [60, 110, 160]) }],
    owner,
  );
  await api('PATCH', `/v1/properties/${propertyId}/review`, { decision: 'APPROVE' }, admin);
  await fund(A, UNITS * PRICE, a);
  await fund(B, BOUGHT * PRICE, b);
  const order = await api<{ _id: string }>('POST', '/v1/orders', { propertyId, quantity: UNITS }, a);
  await api('PATCH', `/v1/orders/${order._id}/review`, { decision: 'APPROVE' }, admin);
  expect((await api<{ status: string }>('GET', `/v1/properties/${propertyId}`, undefined, admin)).status).toBe('FUNDED');
  const book = await api<{ status: string; rules: { feeBps: number } }>('GET', `/v1/market/properties/${propertyId}`);
  expect(book.status).toBe('OPEN');
  feeBps = book.rules.feeBps;
  walletBeforeA = (await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, a)).balance;
});

test('A lists 5 units from the holding: the sell form prefilled, a review step, the order on the book', async () => {
  expect(propertyId).not.toBe('');
  sessionA = await open(browser);
  await signInAs(sessionA, A.email, A.password);
  const { page } = sessionA;
  await page.goto('/dashboard/investments');
  await page.getByRole('link', { name: `Sell units of ${NAME}` }).click();
  await page.waitForURL((u) => u.pathname === `/properties/${propertyId}` && u.searchParams.get('trade') === 'sell');
  const market = page.getByRole('region', { name: 'Market' });
  const form = market.getByRole('form', { name: 'Market order' });
  await form
    .getByTestId('position')
    .filter({ hasText: `You hold ${UNITS} units; ${UNITS} available to sell.` })
    .waitFor();
  expect(await form.getByRole('radio', { name: 'Sell' }).isChecked()).toBe(true);
  const units = form.getByRole('textbox', { name: 'Units' });
  expect(await units.inputValue()).toBe(String(UNITS));
  await units.fill(String(LISTED));
  await form.getByRole('textbox', { name: 'Limit price per unit ($)' }).fill(String(PRICE));
  await form.getByRole('button', { name: 'Review sell order' }).click();
  const review = page.getByRole('dialog', { name: 'Review your sell order' });
  const gross = LISTED * PRICE;
  const fee = Math.floor((gross * 100 * feeBps + 5000) / 10000) / 100;
  await review.getByText(money(gross)).first().waitFor();
  await review.getByText(`${LISTED} units of your holding`).waitFor();
  await screenshot(page, 'market-sell-review');
  await review.getByRole('button', { name: 'Place order' }).click();
  await review.waitFor({ state: 'detached' });
  await market.getByText(`Your sell order of ${LISTED} units at ${money(PRICE)} is on the book.`).waitFor();
  await market
    .getByTestId('best-ask')
    .filter({ hasText: money(PRICE) })
    .waitFor();
  expect(fee).toBeGreaterThanOrEqual(0);

  await page.goto('/dashboard/market');
  const open_ = page.getByRole('table', { name: 'Open market orders' });
  const row = open_.getByRole('row').filter({ hasText: NAME });
  await row
    .getByTestId('remaining')
    .filter({ hasText: String(LISTED) })
    .waitFor();
  expect(sessionA.errors).toEqual([]);
});

test('B buys 3 from the property page; both see the fill without reloading', async () => {
  sessionB = await open(browser);
  await signInAs(sessionB, B.email, B.password);
  const { page } = sessionB;
  await page.goto(`/properties/${propertyId}`);
  const market = page.getByRole('region', { name: 'Market' });
  await market
    .getByTestId('best-ask')
    .filter({ hasText: money(PRICE) })
    .waitFor();
  const asks = market.getByRole('table', { name: 'Asks (sell orders)' });
  await unitsAt(asks, PRICE)
    .filter({ hasText: new RegExp(`^${LISTED}$`) })
    .waitFor();
  const form = market.getByRole('form', { name: 'Market order' });
  await form.getByRole('textbox', { name: 'Units' }).fill(String(BOUGHT));
  await form.getByRole('textbox', { name: 'Limit price per unit ($)' }).fill(String(PRICE));
  await form.getByRole('button', { name: 'Review buy order' }).click();
  const review = page.getByRole('dialog', { name: 'Review your buy order' });
  await review.getByText(`${money(BOUGHT * PRICE)} from your wallet`).waitFor();
  await review.getByRole('button', { name: 'Place order' }).click();
  await toast(page, `Traded ${BOUGHT} units`).waitFor();
  await market.getByText(`You bought ${BOUGHT} units at ${money(PRICE)} on average.`).waitFor();
  // The book follows: 2 units left at the price; B holds 3.
  await unitsAt(asks, PRICE)
    .filter({ hasText: new RegExp(`^${LISTED - BOUGHT}$`) })
    .waitFor();
  await market
    .getByTestId('last-price')
    .filter({ hasText: money(PRICE) })
    .waitFor();
  await form.getByRole('radio', { name: 'Sell' }).check();
  await form
    .getByTestId('position')
    .filter({ hasText: `You hold ${BOUGHT} units; ${BOUGHT} available to sell.` })
    .waitFor();
  await screenshot(page, 'market-buyer');

  // A never reloaded the Market orders page: the order shows 2 remaining, and the trade.
  const a = sessionA.page;
  const row = a.getByRole('table', { name: 'Open market orders' }).getByRole('row').filter({ hasText: NAME });
  await row
    .getByTestId('remaining')
    .filter({ hasText: String(LISTED - BOUGHT) })
    .waitFor({ timeout: 20_000 });
  await a
    .getByRole('table', { name: 'Your trades' })
    .getByRole('row')
    .filter({ hasText: NAME })
    .filter({ hasText: 'Sold' })
    .waitFor({ timeout: 20_000 });
  await screenshot(a, 'market-seller-orders');
  expect(sessionB.errors).toEqual([]);
  expect(sessionA.errors).toEqual([]);
});

test('A’s holding is 3 units smaller and the wallet holds the proceeds minus the fee', async () => {
  const { page } = sessionA;
  const gross = BOUGHT * PRICE;
  const feeCents = Math.floor((gross * 100 * feeBps + 5000) / 10000);
  const proceeds = (gross * 100 - feeCents) / 100;

  await page.goto('/dashboard/investments');
  const card = page.getByRole('article', { name: NAME });
  const figure = (label: string) => card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await figure('Units held')
    .filter({ hasText: String(UNITS - BOUGHT) })
    .waitFor();

  const a = await token(A);
  const wallet = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, a);
  expect(Math.round(wallet.balance * 100)).toBe(Math.round(walletBeforeA * 100) + gross * 100 - feeCents);

  await page.goto('/dashboard/wallet');
  await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  await page.getByRole('region', { name: 'Balance' }).getByText(money(wallet.balance)).first().waitFor();
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await transactions.getByRole('row').filter({ hasText: 'Units sold' }).first().waitFor();
  await transactions
    .getByText(`+${money(gross)}`)
    .first()
    .waitFor();
  if (feeCents > 0) {
    await transactions.getByRole('row').filter({ hasText: 'Trading fee' }).first().waitFor();
    await transactions
      .getByText(money(-feeCents / 100))
      .first()
      .waitFor();
  }
  await screenshot(page, 'market-seller-wallet');
  expect(proceeds).toBeGreaterThan(0);
  expect(sessionA.errors).toEqual([]);
  await sessionA.context.close();
  await sessionB.context.close();
});
