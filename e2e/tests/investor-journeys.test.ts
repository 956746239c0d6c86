// Issue 7's journeys: a verified investor deposits through the sandbox checkout, buys units,
// sees the pending order, cancels it and sees the refund; buys again, an admin approves it
// (API), and the holding and the overview's figures follow the server's ledger; a
// withdrawal is held until an admin pays it and the history exports as CSV; a pending
// investor learns why they cannot invest; an owner opens Wallet and Support from the
// owner sidebar. Every figure on screen is compared with the API's answer at that moment.
// Screenshots land in e2e/artifacts/investor-*.png.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { DEMO, keepSession, launch, open, screenshot, type Session } from '../lib/browser';
import { api } from '../lib/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PENDING = { email: 'pending@tessera.local', password: 'Pending123!' };
const MOBILE = { width: 360, height: 780 };

// ---- API ----

// Sign-in is rate limited per address (10 a minute): one sign-in per account for the file.
const auths = new Map<string, { accessToken: string; user: unknown }>();
async function authOf(who: { email: string; password: string }): Promise<{ accessToken: string; user: unknown }> {
  if (!auths.has(who.email)) auths.set(who.email, await api<{ accessToken: string; user: unknown }>('POST', '/v1/auth/signin', who));
  return auths.get(who.email)!;
}
const tokenOf = async (who: { email: string; password: string }) => (await authOf(who)).accessToken;

interface Wallet {
  balance: number;
  held: number;
}
interface Metrics {
  portfolioValue: number;
  accountValue: number;
  totalInvested: number;
  holdingsCount: number;
  walletBalance: number;
  pendingOrders: number;
  claimableTokens: number;
  allocationByProperty: { propertyId: string; name: string; amount: number }[];
}
interface Holding {
  propertyId: string;
  quantity: number;
  amountInvested: number;
  property: { name: string; totalQuantity: number };
}
interface ApiProperty {
  _id: string;
  name: string;
  unitPrice: number;
  totalQuantity: number;
}

const wallet = async (token: string) => api<Wallet>('GET', '/v1/wallets/balance', undefined, token);

async function propertyNamed(name: string): Promise<ApiProperty> {
  const list = await api<{ items: ApiProperty[] }>('GET', `/v1/properties?searchName=${encodeURIComponent(name)}`);
  const p = list.items.find((i) => i.name === name);
  if (!p) throw new Error(`no property ${name}`);
  return p;
}

// ---- Page helpers ----

/** Like shared-ui's formatMoney: "$1,234.50". */
const money = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const moneyAuto = (n: number) =>
  Number.isInteger(n) ? n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }) : money(n);
const toast = (page: Page, text: string | RegExp) => page.locator('.notistack-MuiContent').filter({ hasText: text }).first();
const stat = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });

async function expectStat(page: Page, title: string, value: string): Promise<void> {
  await stat(page, title).getByText(value, { exact: true }).waitFor();
}

async function session(who: { email: string; password: string }, viewport?: { width: number; height: number }): Promise<Session> {
  const s = await open(browser, viewport ? { viewport } : {});
  const auth = await authOf(who);
  // The stored session the app reads (as lib/browser's signInAs does), with the current user.
  const user = await api<unknown>('GET', '/v1/users/me', undefined, auth.accessToken);
  await keepSession(s, user, auth.accessToken);
  return s;
}

/** Buys units on the property page (mf-public's invest panel). */
async function buyOnPropertyPage(page: Page, p: ApiProperty, units: number): Promise<void> {
  await page.goto(`/properties/${p._id}`);
  await page.getByRole('heading', { level: 1, name: p.name }).waitFor();
  const panel = page.getByRole('region', { name: 'Invest in this property' });
  await panel.getByRole('textbox', { name: 'Number of units' }).fill(String(units));
  await panel.getByRole('button', { name: 'Buy units' }).click();
  await page.getByRole('dialog', { name: 'Review your order' }).getByRole('button', { name: 'Confirm order' }).click();
  await toast(page, `Order placed: ${units} units of ${p.name}`).waitFor();
}

// ---- The journey (tests run in order and share these) ----

const DEPOSIT = 750;

test('a verified investor deposits through the sandbox checkout and comes back to the new balance', async () => {
  const token = await tokenOf(DEMO.investor);
  const before = await wallet(token);
  const s = await session(DEMO.investor);
  const { page } = s;
  await page.goto('/dashboard/wallet');
  await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  await expectStat(page, 'Available balance', money(before.balance));
  await expectStat(page, 'Held', money(before.held));

  // The rules speak before anything is sent.
  const form = page.getByRole('form', { name: 'Add money' });
  const amount = form.getByRole('textbox', { name: /Deposit amount/ });
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await form.getByText('Please enter an amount').waitFor();
  await amount.fill('12.345');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await form.getByText('Amount can have at most two decimals').waitFor();
  await amount.fill('-5');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await form.getByText('Amount must be greater than zero').waitFor();

  await amount.fill(String(DEPOSIT));
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/v1\/payments\/sandbox\//);
  await page.getByText('Sandbox — no real money').first().waitFor();
  // The checkout in flight is remembered (spec 3: checkoutStatus).
  const remembered = await page.evaluate(() => JSON.parse(localStorage.getItem('checkoutStatus') ?? 'null'));
  expect(Object.values(remembered as Record<string, { status: string; purpose: string; amount: number }>)).toContainEqual(
    expect.objectContaining({ status: 'OPEN', purpose: 'DEPOSIT', amount: DEPOSIT }),
  );
  await page.getByRole('button', { name: /^Pay / }).click();

  await page.waitForURL((u) => u.pathname === '/dashboard/wallet');
  await toast(page, `Your deposit of ${money(DEPOSIT)} was received.`).waitFor();
  // The query parameter goes once the outcome is read.
  await page.waitForURL((u) => u.pathname === '/dashboard/wallet' && !u.searchParams.has('checkout'));
  const after = await wallet(token);
  expect(after.balance).toBeCloseTo(before.balance + DEPOSIT, 2);
  await expectStat(page, 'Available balance', money(after.balance));

  const first = page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1);
  await first.getByText(`+${money(DEPOSIT)}`).waitFor();
  await first.getByText('Deposit', { exact: true }).waitFor();
  await first.getByText('Completed', { exact: true }).waitFor();
  await first.getByText(money(after.balance)).waitFor();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('checkoutStatus') ?? 'null'));
  expect(Object.values(stored as Record<string, { status: string; amount: number }>)).toContainEqual(
    expect.objectContaining({ status: 'PAID', amount: DEPOSIT }),
  );
  await screenshot(page, 'investor-wallet-deposited');
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('a declined payment says nothing was taken, and the balance stays', async () => {
  const token = await tokenOf(DEMO.investor);
  const before = await wallet(token);
  const s = await session(DEMO.investor);
  const { page } = s;
  await page.goto('/dashboard/wallet');
  const form = page.getByRole('form', { name: 'Add money' });
  await form.getByRole('textbox', { name: /Deposit amount/ }).fill('40');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Decline' }).click();
  await toast(page, `Your deposit of ${money(40)} was declined. No money was taken`).waitFor();
  await page.waitForURL((u) => u.pathname === '/dashboard/wallet' && !u.searchParams.has('checkout'));
  expect((await wallet(token)).balance).toBe(before.balance);
  await expectStat(page, 'Available balance', money(before.balance));
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('the investor buys units, sees the pending order, cancels it and sees the refund in the wallet', async () => {
  const token = await tokenOf(DEMO.investor);
  const harbor = await propertyNamed('Harborview Residences');
  const units = 3;
  const cost = units * harbor.unitPrice;
  const before = await wallet(token);

  const s = await session(DEMO.investor);
  const { page } = s;
  await buyOnPropertyPage(page, harbor, units);
  const held = await wallet(token);
  expect(held.balance).toBeCloseTo(before.balance - cost, 2);

  await page.goto('/dashboard/orders');
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await page.getByTestId('wallet-balance').getByText(money(held.balance)).waitFor();
  await page.getByRole('tab', { name: 'Pending' }).click();
  await page.waitForURL(/status=PENDING/);
  const table = page.getByRole('table', { name: 'Orders' });
  const cancelName = `Cancel order of ${units} units of ${harbor.name}`;
  const cancel = table.getByRole('button', { name: cancelName });
  const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: cancelName }) });
  await row.getByText('Pending', { exact: true }).waitFor();
  await row.getByText(money(cost)).waitFor();
  expect(await row.getByRole('link', { name: harbor.name }).getAttribute('href')).toBe(`/properties/${harbor._id}`);
  await screenshot(page, 'investor-orders-pending');

  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByText(`Your order of ${units} units of ${harbor.name} for ${money(cost)} will be cancelled.`).waitFor();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await toast(page, `Order cancelled: ${money(cost)} was refunded to your wallet.`).waitFor();
  await cancel.waitFor({ state: 'detached' });
  const refunded = await wallet(token);
  expect(refunded.balance).toBeCloseTo(before.balance, 2);
  await page.getByTestId('wallet-balance').getByText(money(refunded.balance)).waitFor();

  // The Cancelled filter lists it.
  await page.getByRole('tab', { name: 'Cancelled' }).click();
  await table
    .getByRole('row', { name: new RegExp(`${harbor.name}.*${units}.*Cancelled`) })
    .first()
    .waitFor();

  await page.getByRole('link', { name: 'Go to wallet' }).click();
  await page.waitForURL('**/dashboard/wallet');
  await expectStat(page, 'Available balance', money(refunded.balance));
  const history = page.getByRole('table', { name: 'Transactions' });
  const refund = history.getByRole('row').nth(1);
  await refund.getByText('Order refund', { exact: true }).waitFor();
  await refund.getByText(`+${money(cost)}`).waitFor();
  // The hold it refunds says so.
  await history.getByRole('row').nth(2).getByText('Refunded', { exact: true }).waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('buying again: an admin approves, the holding appears in Investments and the overview follows', async () => {
  const token = await tokenOf(DEMO.investor);
  const admin = await tokenOf(DEMO.admin);
  const cottages = await propertyNamed('Bluebonnet Cottages');
  const units = 5;
  const metricsBefore = await api<Metrics>('GET', '/v1/users/me/metrics', undefined, token);
  const heldBefore = (await api<Holding | null>('GET', `/v1/holdings/${cottages._id}`, undefined, token))?.quantity ?? 0;

  const s = await session(DEMO.investor);
  const { page } = s;
  await buyOnPropertyPage(page, cottages, units);
  const pending = await api<{ items: { _id: string; propertyId: string; quantity: number }[] }>(
    'GET',
    '/v1/orders?status=PENDING',
    undefined,
    token,
  );
  const order = pending.items.find((o) => o.propertyId === cottages._id && o.quantity === units);
  expect(order).toBeDefined();

  // Before approval the overview counts it as pending.
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await expectStat(page, 'Pending orders', String(metricsBefore.pendingOrders + 1));

  expect((await api<{ status: string }>('PATCH', `/v1/orders/${order!._id}/review`, { decision: 'APPROVE' }, admin)).status).toBe(
    'COMPLETED',
  );
  const holding = await api<Holding>('GET', `/v1/holdings/${cottages._id}`, undefined, token);
  expect(holding.quantity).toBe(heldBefore + units);

  await page.goto('/dashboard/investments');
  await page.getByRole('heading', { level: 1, name: 'Investments' }).waitFor();
  const card = page.getByRole('list', { name: 'Holdings' }).getByRole('article', { name: cottages.name });
  await card.getByRole('img', { name: `Photo of ${cottages.name}` }).waitFor();
  const figure = (label: string) => card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  expect(await figure('Units held').textContent()).toBe(String(holding.quantity));
  expect(await figure('Amount invested').textContent()).toBe(money(holding.amountInvested));
  expect(await figure('Share of property').textContent()).toBe(`${Math.round((holding.quantity / cottages.totalQuantity) * 10000) / 100}%`);
  expect(await figure('Annual return').textContent()).toBe('8%');
  await card.getByText('Rental Ready', { exact: false }).waitFor();
  expect(await card.getByRole('link', { name: cottages.name, exact: true }).getAttribute('href')).toBe(`/properties/${cottages._id}`);
  await screenshot(page, 'investor-investments');

  // The overview shows the server's new figures.
  const m = await api<Metrics>('GET', '/v1/users/me/metrics', undefined, token);
  expect(m.holdingsCount).toBe(metricsBefore.holdingsCount + (heldBefore === 0 ? 1 : 0));
  expect(m.totalInvested).toBeCloseTo(metricsBefore.totalInvested + units * cottages.unitPrice, 2);
  expect(m.pendingOrders).toBe(metricsBefore.pendingOrders);
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await expectStat(page, 'Account value', money(m.accountValue));
  await expectStat(page, 'Total invested', money(m.totalInvested));
  await expectStat(page, 'Holdings', m.holdingsCount.toLocaleString('en-US'));
  await expectStat(page, 'Wallet balance', money(m.walletBalance));
  await expectStat(page, 'Pending orders', m.pendingOrders.toLocaleString('en-US'));
  await expectStat(page, 'Claimable platform tokens', m.claimableTokens.toLocaleString('en-US'));
  expect(m.walletBalance).toBe((await wallet(token)).balance);
  const allocation = page.getByRole('figure', { name: 'Allocation by property' });
  const share = m.allocationByProperty.find((a) => a.propertyId === cottages._id)!;
  await allocation.getByRole('row', { name: `${cottages.name} ${moneyAuto(share.amount)}` }).waitFor({ state: 'attached' });
  await page.getByRole('figure', { name: 'Allocation by type' }).locator('svg').waitFor();
  await page.getByRole('figure', { name: 'Money invested over time' }).locator('svg').waitFor();
  await page.waitForTimeout(500); // the charts finish drawing
  await screenshot(page, 'investor-overview');
  expect(s.errors).toEqual([]);
  await s.context.close();

  // The same page at 360px.
  const phone = await session(DEMO.investor, MOBILE);
  await phone.page.goto('/dashboard');
  await expectStat(phone.page, 'Total invested', money(m.totalInvested));
  await phone.page.getByRole('figure', { name: 'Money invested over time' }).locator('svg').waitFor();
  await phone.page.waitForTimeout(500);
  await screenshot(phone.page, 'investor-overview-mobile');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await phone.page.goto('/dashboard/investments');
  await phone.page.getByRole('article', { name: cottages.name }).waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await screenshot(phone.page, 'investor-investments-mobile');
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});

test('a withdrawal is held until an admin pays it, and the history exports as CSV', async () => {
  const token = await tokenOf(DEMO.investor);
  const admin = await tokenOf(DEMO.admin);
  const before = await wallet(token);
  const s = await session(DEMO.investor);
  const { page } = s;
  await page.goto('/dashboard/wallet');
  await expectStat(page, 'Available balance', money(before.balance));

  const form = page.getByRole('form', { name: 'Withdraw' });
  const amount = form.getByRole('textbox', { name: /Withdrawal amount/ });
  await amount.fill(String(before.balance + 0.01));
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await form.getByText('Amount exceeds your available balance').waitFor();

  await amount.fill('125.50');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request this withdrawal?' });
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await toast(page, `Withdrawal of ${money(125.5)} requested.`).waitFor();
  const after = await wallet(token);
  expect(after.balance).toBeCloseTo(before.balance - 125.5, 2);
  expect(after.held).toBeCloseTo(before.held + 125.5, 2);
  await expectStat(page, 'Available balance', money(after.balance));
  await expectStat(page, 'Held', money(after.held));
  const requests = page.getByRole('table', { name: 'Withdrawal requests' });
  const request = requests.getByRole('row').nth(1);
  await request.getByText(money(125.5)).waitFor();
  await request.getByText('Requested', { exact: true }).waitFor();
  const hold = page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1);
  await hold.getByText(`-${money(125.5)}`).waitFor();
  await hold.getByText('Held', { exact: true }).waitFor();

  // An admin pays it: the request and its hold say so.
  const payouts = await api<{ _id: string; amount: number; status: string }[]>('GET', '/v1/wallets/payouts', undefined, token);
  const mine = payouts.find((p) => p.amount === 125.5 && p.status === 'REQUESTED')!;
  await api('PATCH', `/v1/payouts/${mine._id}`, { status: 'PAID', bankReference: 'TRF-E2E-1' }, admin);
  await page.reload();
  await requests.getByRole('row').nth(1).getByText('Paid', { exact: true }).waitFor();
  await page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).getByText('Paid out', { exact: true }).waitFor();
  const paid = await wallet(token);
  await expectStat(page, 'Held', money(paid.held));

  // The history pages and exports.
  const ledger = await api<{ total: number }>('GET', '/v1/transactions/owned?pageSize=1', undefined, token);
  await page.getByText(`1–10 of ${ledger.total.toLocaleString('en-US')}`).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^tessera-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  expect(csv[0]).toBe('Date (UTC),Type,Amount (USD),Balance after (USD),Description,Order,Property,Payout,Checkout,Entry,Name');
  expect(csv).toHaveLength(ledger.total + 1);
  expect(csv[1]).toContain('WITHDRAWAL_HOLD,-125.50');
  await screenshot(page, 'investor-wallet-withdrawal');
  expect(s.errors).toEqual([]);
  await s.context.close();

  const phone = await session(DEMO.investor, MOBILE);
  await phone.page.goto('/dashboard/wallet');
  await expectStat(phone.page, 'Available balance', money(paid.balance));
  await phone.page.getByRole('table', { name: 'Transactions' }).waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await screenshot(phone.page, 'investor-wallet-mobile');
  await phone.page.goto('/dashboard/orders');
  await phone.page.getByRole('table', { name: 'Orders' }).getByRole('columnheader', { name: 'Order' }).waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await screenshot(phone.page, 'investor-orders-mobile');
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});

test('an investor who is not verified sees why they cannot invest yet and what to do', async () => {
  const me = await api<{ isSubscribed: boolean; onboardingCompleted: boolean }>('GET', '/v1/users/me', undefined, await tokenOf(PENDING));
  const s = await session(PENDING);
  const { page } = s;
  await page.goto('/dashboard');
  const notice = page.getByRole('region', { name: 'Account status' });
  if (!me.isSubscribed) {
    await notice.getByRole('heading', { name: 'Subscribe to start investing' }).waitFor();
    expect(await notice.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/#subscribe');
  } else if (!me.onboardingCompleted) {
    await notice.getByRole('heading', { name: 'Complete onboarding to invest' }).waitFor();
    expect(await notice.getByRole('link', { name: 'Complete onboarding' }).getAttribute('href')).toBe('/onboarding');
  } else {
    await notice.getByRole('heading', { name: 'Your account is being verified' }).waitFor();
  }
  // Nothing held yet: the empty state leads to the properties.
  await page.getByText('You have no investments yet').waitFor();
  expect(await page.getByRole('link', { name: 'Browse properties' }).last().getAttribute('href')).toBe('/properties');
  await screenshot(page, 'investor-pending-overview');
  await page.goto('/dashboard/orders');
  await notice.waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an owner opens Wallet and Support from the owner sidebar', async () => {
  const token = await tokenOf(DEMO.owner);
  const w = await wallet(token);
  const s = await session(DEMO.owner);
  const { page } = s;
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await sidebar.getByRole('link', { name: 'Wallet' }).click();
  await page.waitForURL('**/dashboard/wallet');
  await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  await expectStat(page, 'Available balance', money(w.balance));
  await expectStat(page, 'Held', money(w.held));
  // The owner's sale proceeds and the seeded withdrawal are in the history.
  const history = page.getByRole('table', { name: 'Transactions' });
  await history.getByText('Sale proceeds').first().waitFor();
  await page.getByRole('table', { name: 'Withdrawal requests' }).getByText('Paid', { exact: true }).first().waitFor();
  expect(await sidebar.getByRole('link', { name: 'Wallet' }).getAttribute('aria-current')).toBe('page');
  // No investor notice for an owner.
  expect(await page.getByRole('region', { name: 'Account status' }).count()).toBe(0);
  await screenshot(page, 'investor-owner-wallet');

  await sidebar.getByRole('link', { name: 'Support' }).click();
  await page.waitForURL('**/dashboard/support');
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
  const subject = `Payout timing ${Date.now().toString(36)}`;
  const form = page.getByRole('form', { name: 'Open a ticket' });
  await form.getByRole('button', { name: 'Send ticket' }).click();
  await form.getByText('Please fill the required fields').first().waitFor();
  await form.getByRole('textbox', { name: /Subject/ }).fill(subject);
  await form.getByRole('textbox', { name: /Message/ }).fill('When are withdrawals usually paid out?');
  await form.getByRole('button', { name: 'Send ticket' }).click();
  await toast(page, 'Your ticket was opened.').waitFor();
  const ticket = page.getByRole('list', { name: 'Your tickets' }).getByRole('article', { name: subject });
  await ticket.getByText('Open', { exact: true }).waitFor();
  await ticket.getByText('When are withdrawals usually paid out?').waitFor();

  // An admin closes it; the owner follows the status.
  const admin = await tokenOf(DEMO.admin);
  const mine = await api<{ items: { _id: string; subject: string }[] }>('GET', '/v1/support/mine', undefined, token);
  await api('PATCH', `/v1/support/${mine.items.find((t) => t.subject === subject)!._id}/close`, undefined, admin);
  await page.reload();
  await ticket.getByText('Closed', { exact: true }).waitFor();
  await screenshot(page, 'investor-owner-support');
  expect(s.errors).toEqual([]);
  await s.context.close();

  const phone = await session(DEMO.owner, MOBILE);
  await phone.page.goto('/dashboard/support');
  await phone.page.getByRole('article', { name: subject }).waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await screenshot(phone.page, 'investor-owner-support-mobile');
  await phone.context.close();
});
