// Issue 18's journey: an owner's funded rental property earns rent. The owner submits an
// income report with a receipt (browser) -> an admin sees it in the review queue, opens the
// receipt and approves it, declaring a distribution (browser) -> the admin pays it with
// "Pay now" (the same payment the scheduled job makes on the pay date) -> the investor sees
// the income, the realized yield and the distribution's P&L on the dashboard and the
// investments page. Set-up by API: a fresh rental-ready listing, approved, fully bought by
// the demo investor (so it is FUNDED and they hold every unit of record). Last, the investor
// downloads this month's statement PDF and reads the distribution back from its text.
// Screenshots land in e2e/artifacts/returns-*.png.
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open, screenshot, signInAs, type Session } from '../lib/browser';
import { api, payOnSandbox, uploadFiles } from '../lib/api';
import fs from 'node:fs';
import { pdfText, png } from '../lib/files';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

jest.setTimeout(180_000);

const token = async (who: { email: string; password: string }) =>
  (await api<{ accessToken: string }>('POST', '/v1/auth/signin', who)).accessToken;
const toast = (page: Page, text: string | RegExp) => page.locator('.notistack-MuiContent').filter({ hasText: text }).first();
const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const percent = (n: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n)}%`;

async function session(who: { email: string; password: string }): Promise<Session> {
  const s = await open(browser);
  await signInAs(s, who.email, who.password);
  return s;
}

/** What the console says of an action held for a second admin (SENT_FOR_APPROVAL). */
const SENT_FOR_APPROVAL = /^Sent for approval/;

/** The demo seed's finance admin: the second pair of eyes on money (four eyes is on by default). */
const FINANCE = { email: 'finance@tessera.local', password: 'Staff123!' };

/** Signs in as `who` and approves the one waiting request for `action` in the console. */
async function approveAs(who: { email: string; password: string }, action: string): Promise<void> {
  const s = await session(who);
  await s.page.goto('/dashboard/approvals');
  const queue = s.page.getByRole('table', { name: 'Requests waiting for approval' });
  await queue
    .getByRole('row', { name: new RegExp(action) })
    .getByRole('button', { name: /^Approve: / })
    .click();
  const dialog = s.page.getByRole('dialog', { name: 'Approve this request?' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await toast(s.page, `${action}: approved and done`).waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();
}

interface Dist {
  _id: string;
  propertyName: string;
  status: string;
  distributable: number;
  managementFee: number;
  netIncome: number;
  grossRent: number;
  totalExpenses: number;
}
interface Totals {
  incomeReceived: number;
  realizedAnnualYield: number | null;
}
interface Returns {
  total: Totals;
  holdings: { propertyId: string; incomeReceived: number; distributions: (Dist & { myAmount: number })[] }[];
}

const NAME = `Returns Court ${Date.now().toString(36)}`;
const UNITS = 20;
const PRICE = 50;
// Last month, which has ended.
const now = new Date();
const START = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
const END = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
let propertyId = '';
let before: Returns;

test('set-up: a rental-ready listing, approved and fully bought by the investor, so it is funded', async () => {
  const [owner, admin, investor] = await Promise.all([token(DEMO.owner), token(DEMO.admin), token(DEMO.investor)]);
  const listing = await api<{ _id: string }>(
    'POST',
    '/v1/properties/owned/rental-ready',
    {
      name: NAME,
      address: '18 Income St, Austin',
      state: 'TX',
      description: 'Four flats, fully let.',
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
    [{ name: 'front.png', type: 'image/png', data: png(800, 600, [120, 90, 40]) }],
    owner,
  );
  expect((await api<{ status: string }>('PATCH', `/v1/properties/${propertyId}/review`, { decision: 'APPROVE' }, admin)).status).toBe(
    'ACTIVE',
  );

  const wallet = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, investor);
  if (wallet.balance < UNITS * PRICE) {
    const checkout = await api<{ checkoutUrl: string }>(
      'POST',
      '/v1/wallets/deposit',
      { amount: UNITS * PRICE, returnPath: '/dashboard/wallet' },
      investor,
    );
    const pay = await open(browser);
    await payOnSandbox(pay.page, checkout.checkoutUrl, '/dashboard/wallet');
    await pay.context.close();
  }
  const order = await api<{ _id: string }>('POST', '/v1/orders', { propertyId, quantity: UNITS }, investor);
  expect((await api<{ status: string }>('PATCH', `/v1/orders/${order._id}/review`, { decision: 'APPROVE' }, admin)).status).toBe(
    'COMPLETED',
  );
  expect((await api<{ status: string }>('GET', `/v1/properties/${propertyId}`, undefined, admin)).status).toBe('FUNDED');
  before = await api<Returns>('GET', '/v1/holdings/returns', undefined, investor);
});

test('the owner submits an income report with a receipt, after a review step', async () => {
  expect(propertyId).not.toBe('');
  const s = await session(DEMO.owner);
  const { page } = s;
  await page.goto('/dashboard/active_listings');
  const card = page.getByRole('article', { name: NAME });
  await card.getByRole('button', { name: 'Submit an income report' }).click();
  const dialog = page.getByRole('dialog', { name: `Income report: ${NAME}` });
  // Nothing typed: the rules speak first.
  await dialog.getByRole('button', { name: 'Review report' }).click();
  await dialog.getByText('Enter an amount in dollars with at most two decimals, e.g. 1250.50').first().waitFor();

  await dialog.getByLabel('Period start').fill(START);
  await dialog.getByLabel('Period end').fill(END);
  await dialog.getByRole('textbox', { name: /Gross rent collected/ }).fill('2,000');
  await dialog.getByRole('textbox', { name: 'Property management' }).fill('150');
  await dialog.getByRole('textbox', { name: 'Maintenance and repairs' }).fill('99.99');
  await dialog
    .getByLabel('Receipts', { exact: true })
    .setInputFiles({ name: 'plumber-invoice.png', mimeType: 'image/png', buffer: png(400, 300, [30, 120, 200]) });
  await dialog.getByRole('textbox', { name: /Note for the reviewer/ }).fill('Leak fixed in flat 2.');
  await dialog.getByRole('button', { name: 'Review report' }).click();

  const review = page.getByRole('dialog', { name: 'Review your income report' });
  const summary = review.getByRole('region', { name: 'Report summary' });
  await summary.getByText('$2,000.00').waitFor();
  await summary.getByText('$249.99').waitFor();
  await summary.getByText('Receipts: plumber-invoice.png').waitFor();
  await screenshot(page, 'returns-owner-review');
  await review.getByRole('button', { name: 'Submit report' }).click();
  await toast(page, /submitted for review$/).waitFor();
  await review.waitFor({ state: 'detached' });
  const reports = card.getByRole('table', { name: `Income reports of ${NAME}` });
  await reports.getByText('Awaiting review').waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an admin opens the receipt, approves the report and pays the distribution now; the revenue account gets the fee', async () => {
  const s = await session(DEMO.admin);
  const { page } = s;
  const revenueBefore = (await api<{ revenueBalance: number }>('GET', '/v1/distributions/admin', undefined, await token(DEMO.admin)))
    .revenueBalance;
  await page.goto('/dashboard/distributions');
  await page.getByRole('heading', { level: 1, name: 'Distributions' }).waitFor();
  const queue = page.getByRole('table', { name: 'Income reports to review' });
  await queue.getByRole('button', { name: new RegExp(`^Approve: ${NAME}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this report?' });
  const receipt = dialog.getByRole('link', { name: /plumber-invoice\.png/ });
  const res = await fetch((await receipt.getAttribute('href')) ?? '');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  await dialog.getByText('Leak fixed in flat 2.', { exact: false }).waitFor();
  await dialog.getByRole('button', { name: 'Approve and declare' }).click();
  // Four eyes (on by default): declaring waits for a second admin, and nothing is declared yet.
  await toast(page, SENT_FOR_APPROVAL).waitFor();
  await dialog.waitFor({ state: 'detached' });
  const admin = await token(DEMO.admin);
  expect((await api<{ items: Dist[] }>('GET', `/v1/distributions/admin?propertyId=${propertyId}`, undefined, admin)).items).toHaveLength(0);
  // The admin who asked cannot approve it; the finance admin does.
  await page.goto('/dashboard/approvals');
  const mine = page.getByRole('table', { name: 'Requests waiting for approval' }).getByRole('button', { name: /^Approve: / });
  await expect(mine.first().isDisabled()).resolves.toBe(true);
  await approveAs(FINANCE, 'Declare a distribution');

  const declared = (await api<{ items: Dist[] }>('GET', `/v1/distributions/admin?propertyId=${propertyId}`, undefined, admin)).items;
  expect(declared).toHaveLength(1);
  const d = declared[0];
  expect(d.grossRent).toBe(2000);
  expect(d.totalExpenses).toBe(249.99);
  // Net income = rent - expenses - fee, to the cent.
  expect(Math.round(d.netIncome * 100)).toBe(200_000 - 24_999 - Math.round(d.managementFee * 100));

  // The finance admin asks to pay it now; the super admin approves, and it is paid.
  const finance = await session(FINANCE);
  await finance.page.goto('/dashboard/distributions');
  const upcoming = finance.page.getByRole('table', { name: 'Upcoming distributions' });
  await upcoming.getByRole('button', { name: new RegExp(`^Pay now: ${NAME}`) }).click();
  const confirm = finance.page.getByRole('dialog', { name: 'Pay this distribution now?' });
  await confirm.getByRole('button', { name: 'Pay now' }).click();
  await toast(finance.page, SENT_FOR_APPROVAL).waitFor();
  expect(finance.errors).toEqual([]);
  await finance.context.close();
  await page.goto('/dashboard/approvals');
  const queue2 = page.getByRole('table', { name: 'Requests waiting for approval' });
  await queue2.getByRole('button', { name: new RegExp(`^Approve: Pay`) }).click();
  const sure = page.getByRole('dialog', { name: 'Approve this request?' });
  await sure.getByRole('button', { name: 'Approve' }).click();
  await toast(page, 'Pay a distribution: approved and done').waitFor();
  await screenshot(page, 'returns-admin-paid');
  await page.goto('/dashboard/distributions');
  await page.getByRole('heading', { level: 1, name: 'Distributions' }).waitFor();

  await page.getByRole('tab', { name: 'Paid' }).click();
  await page
    .getByRole('table', { name: 'Paid distributions' })
    .getByRole('row', { name: new RegExp(NAME) })
    .waitFor();
  const after = await api<{ items: Dist[]; revenueBalance: number }>(
    'GET',
    `/v1/distributions/admin?propertyId=${propertyId}`,
    undefined,
    admin,
  );
  expect(after.items[0].status).toBe('PAID');
  expect(Math.round(after.revenueBalance * 100) - Math.round(revenueBefore * 100)).toBe(Math.round(d.managementFee * 100));
  await page.getByRole('group', { name: 'Platform revenue account' }).getByText(money(after.revenueBalance)).waitFor();
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('the investor sees the income, the realized yield and the P&L of the distribution', async () => {
  const investor = await token(DEMO.investor);
  const r = await api<Returns>('GET', '/v1/holdings/returns', undefined, investor);
  const h = r.holdings.find((x) => x.propertyId === propertyId);
  expect(h).toBeDefined();
  const dist = h!.distributions[0];
  // The investor holds every unit of record: they receive all of it.
  expect(dist.myAmount).toBe(dist.distributable);
  expect(Math.round(r.total.incomeReceived * 100) - Math.round(before.total.incomeReceived * 100)).toBe(
    Math.round(dist.distributable * 100),
  );
  expect(r.total.realizedAnnualYield).not.toBeNull();

  const s = await session(DEMO.investor);
  const { page } = s;
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 2, name: 'Income and value' }).waitFor();
  await page.getByRole('group', { name: 'Total income received' }).getByText(money(r.total.incomeReceived), { exact: true }).waitFor();
  await page
    .getByRole('group', { name: 'Realized annual yield' })
    .getByText(`${percent(r.total.realizedAnnualYield!)} a year`)
    .waitFor();
  // The seed's six months of income draw the chart (its data table is for screen readers).
  await page.getByRole('figure', { name: 'Income over time' }).getByRole('table').waitFor({ state: 'attached' });
  await page.getByRole('figure', { name: 'Value over time' }).waitFor();
  await screenshot(page, 'returns-investor-dashboard');

  await page.goto('/dashboard/investments');
  const panel = page.getByRole('region', { name: `Returns of ${NAME}` });
  await panel.getByRole('button', { name: /Show distributions/ }).click();
  const row = panel
    .getByRole('table', { name: `Distributions of ${NAME}` })
    .getByRole('row')
    .nth(1);
  await row.getByText('$2,000.00').waitFor();
  await row.getByText('$249.99').waitFor();
  expect(await row.textContent()).toContain(money(dist.netIncome));
  expect(await row.textContent()).toContain(money(dist.myAmount));
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test("the investor's statement of this month (PDF) shows the distribution received, read back as text", async () => {
  const investor = await token(DEMO.investor);
  const r = await api<Returns>('GET', '/v1/holdings/returns', undefined, investor);
  const dist = r.holdings.find((x) => x.propertyId === propertyId)!.distributions[0];
  const label = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  const s = await session(DEMO.investor);
  const { page } = s;
  await page.goto('/dashboard/wallet');
  const button = page
    .getByRole('table', { name: 'Monthly statements' })
    .getByRole('button', { name: `Download statement ${label} as PDF` });
  await button.scrollIntoViewIfNeeded();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = (await download.path())!;
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(file);
  expect(text).toContain(`Monthly statement ${label}`);
  expect(text).toContain('Rental income');
  expect(text).toContain(money(dist.myAmount));
  expect(s.errors).toEqual([]);
  await s.context.close();
});
