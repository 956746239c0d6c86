// A property's end of life in the browser: its owner asks the holders to vote on selling it
// ("Ask holders to vote", SELL) -> both holders vote For on their Investments page -> the vote
// closes PASSED -> an admin records the sale in the console (a second admin approves it when
// four eyes holds it) -> each holder's wallet shows the proceeds and their tax document (the
// wallet's Statements) lists the units the sale retired; the owner's lists what the sale took
// from theirs. Set-up by API: a fresh listing of 10 units at $10, approved and bought out by
// the two demo investors (5 units each), so it is FUNDED.
//
// A vote stays open two days at least and closes by its timer, which no journey can wait for:
// the one step no person takes is done by a fixture. The platform is stopped, the fixture
// (server/scripts/close-votes-now.ts) brings the vote's close time to now in this file's own
// database, and the platform restarts on that data; its next read closes the vote by its rule.
// This file therefore runs its own platform (restarting the per-file one is not possible).
// Screenshots land in e2e/artifacts/exit-*.png.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open, screenshot, signInAs, type Session } from '../lib/browser';
import { api, payOnSandbox, uploadFiles } from '../lib/api';
import { parseCsv, png } from '../lib/files';

interface Platform {
  baseURL: string;
  dataDir: string;
  stop: () => Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform, root } = require('../lib/platform.cjs') as {
  startPlatform: (o: { env?: Record<string, string>; template?: string; name?: string }) => Promise<Platform>;
  root: string;
};

const GRACE = { email: 'grace@tessera.local', password: 'Investor123!' };
const FINANCE = { email: 'finance@tessera.local', password: 'Staff123!' };
const HOLDERS = [
  { who: DEMO.investor, name: 'investor' },
  { who: GRACE, name: 'grace' },
];

const NAME = `Exit Row ${Date.now().toString(36)}`;
const TITLE = `Sell ${NAME}`;
const UNITS = 10;
const PRICE = 10;
// The sale: $120 price, $10 costs, the 1% fee $1.20: $108.80 over 10 units, $54.40 to each holder of 5.
const SALE = { price: 120, costs: 10, fee: 1.2, net: 108.8, each: 54.4 };
const c = (dollars: number) => Math.round(dollars * 100);
const YEAR = String(new Date().getUTCFullYear());
const ACTION = "Record a property's sale and pay its holders";

let browser: Browser;
let platform: Platform;
beforeAll(async () => {
  browser = await launch();
  platform = await startPlatform({ template: process.env.TESSERA_E2E_TEMPLATE, name: 'property-exit' });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

jest.setTimeout(120_000);

const token = async (who: { email: string; password: string }) =>
  (await api<{ accessToken: string }>('POST', '/v1/auth/signin', who)).accessToken;
const balance = async (who: { email: string; password: string }) =>
  (await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, await token(who))).balance;
const toast = (page: Page, text: string | RegExp) => page.locator('.notistack-MuiContent').filter({ hasText: text }).first();
const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

async function session(who: { email: string; password: string }): Promise<Session> {
  const s = await open(browser);
  await signInAs(s, who.email, who.password);
  return s;
}

/** Pays into `who`'s wallet on the sandbox until it holds `amount`. */
async function ensureBalance(who: { email: string; password: string }, amount: number): Promise<void> {
  const tok = await token(who);
  const wallet = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, tok);
  if (wallet.balance >= amount) return;
  const checkout = await api<{ checkoutUrl: string }>('POST', '/v1/wallets/deposit', { amount, returnPath: '/dashboard/wallet' }, tok);
  const pay = await open(browser);
  await payOnSandbox(pay.page, checkout.checkoutUrl, '/dashboard/wallet');
  await pay.context.close();
}

let propertyId = '';
const before: Record<string, number> = {};

test('set-up: a listing of 10 units, approved and bought out by two investors, so it is funded', async () => {
  const [owner, admin] = await Promise.all([token(DEMO.owner), token(DEMO.admin)]);
  const listing = await api<{ _id: string }>(
    'POST',
    '/v1/properties/owned/rental-ready',
    {
      name: NAME,
      address: '7 Exit Row, Portland',
      state: 'OR',
      description: 'Two flats.',
      totalQuantity: UNITS,
      unitPrice: PRICE,
      roiInFiveYears: 30,
    },
    owner,
  );
  propertyId = listing._id;
  await uploadFiles(
    `/v1/properties/owned/${propertyId}/images`,
    'files',
    [{ name: 'front.png', type: 'image/png', data: png(800, 600, [60, 90, 120]) }],
    owner,
  );
  expect((await api<{ status: string }>('PATCH', `/v1/properties/${propertyId}/review`, { decision: 'APPROVE' }, admin)).status).toBe(
    'ACTIVE',
  );
  for (const h of HOLDERS) {
    await ensureBalance(h.who, (UNITS / 2) * PRICE);
    const order = await api<{ _id: string }>('POST', '/v1/orders', { propertyId, quantity: UNITS / 2 }, await token(h.who));
    expect((await api<{ status: string }>('PATCH', `/v1/orders/${order._id}/review`, { decision: 'APPROVE' }, admin)).status).toBe(
      'COMPLETED',
    );
  }
  expect((await api<{ status: string }>('GET', `/v1/properties/${propertyId}`, undefined, admin)).status).toBe('FUNDED');
  // The owner's wallet funds the holders' proceeds and the fee.
  await ensureBalance(DEMO.owner, SALE.net + SALE.fee);
});

test('the owner asks the holders to vote on selling it, at $100 or more', async () => {
  expect(propertyId).not.toBe('');
  const s = await session(DEMO.owner);
  const { page } = s;
  await page.goto('/dashboard/active_listings');
  const card = page.getByRole('article', { name: NAME });
  await card.getByRole('button', { name: 'Ask holders to vote' }).click();
  const dialog = page.getByRole('dialog', { name: `Ask the holders of ${NAME} to vote` });
  await dialog.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Sell the property' }).click();
  // The kind's rule is shown before anything is sent.
  await dialog.getByText(/^Rule: .*60%/).waitFor();
  await dialog.getByLabel(/^Title/).fill(TITLE);
  await dialog.getByLabel(/^Price \(dollars\)/).fill('100');
  // Three days: at least the two the API asks for, counted from the server's clock.
  await dialog.getByLabel(/^Days the vote stays open/).fill('3');
  await dialog.getByRole('button', { name: 'Open the vote' }).click();
  await Promise.race([
    toast(page, `The vote on “${TITLE}” is open`).waitFor(),
    dialog
      .getByRole('alert')
      .waitFor()
      .then(async () => {
        throw new Error(`the vote was refused: ${await dialog.getByRole('alert').textContent()}`);
      }),
  ]);
  await dialog.waitFor({ state: 'detached' });
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('both holders vote For on their Investments page, after a confirmation', async () => {
  for (const h of HOLDERS) {
    const s = await session(h.who);
    const { page } = s;
    await page.goto('/dashboard/investments');
    const votes = page.getByRole('region', { name: 'Votes' });
    const vote = votes.getByRole('article', { name: TITLE });
    await vote.getByText(`${NAME} · Sell the property at or above ${money(100)}`).waitFor();
    await vote
      .getByRole('group', { name: `Vote on ${TITLE}` })
      .getByRole('button', { name: 'Vote For' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Vote For?' });
    await confirm.getByRole('button', { name: 'Confirm vote' }).click();
    await toast(page, `Your vote on “${TITLE}” is For`).waitFor();
    await vote.getByText(/^Your vote: For/).waitFor();
    if (h.name === 'grace') await screenshot(page, 'exit-votes');
    expect(s.errors).toEqual([]);
    await s.context.close();
  }
});

test('the vote closes (its close time brought to now by the fixture) and has passed', async () => {
  // PGlite is one process: the server lets go of the folder before the fixture opens it.
  await platform.stop();
  const out = execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['server/scripts/close-votes-now.ts', propertyId], {
    cwd: root,
    env: { ...process.env, DATA_DIR: platform.dataDir, LOG_LEVEL: 'warn' },
  }).toString();
  expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ propertyId, moved: 1 });
  platform = await startPlatform({ template: platform.dataDir, name: 'property-exit-closed' });

  const s = await session(DEMO.investor);
  const { page } = s;
  await page.goto('/dashboard/investments');
  const vote = page.getByRole('region', { name: 'Votes' }).getByRole('article', { name: TITLE });
  await vote.getByText('Result: Passed').waitFor();
  await expect(vote.getByRole('group', { name: `Vote on ${TITLE}` }).count()).resolves.toBe(0);
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test('an admin records the sale in the console; the holders are paid', async () => {
  for (const h of HOLDERS) before[h.name] = await balance(h.who);
  const s = await session(DEMO.admin);
  const { page } = s;
  await page.goto(`/dashboard/listings?view=${propertyId}`);
  await page.getByRole('button', { name: 'Record sale…' }).click();
  const dialog = page.getByRole('dialog', { name: `Record sale: ${NAME}` });
  await dialog.getByLabel('Sale price ($)').fill(String(SALE.price));
  await dialog.getByLabel('Sale costs ($)').fill(String(SALE.costs));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // The confirmation shows what moves before it moves.
  await dialog.getByText(`Sale fee: ${money(SALE.fee)}`).waitFor();
  await dialog.getByText(`Paid over the ${UNITS} units: ${money(SALE.net)}`).waitFor();
  await dialog.getByRole('button', { name: 'Record sale and pay holders' }).click();
  const done = dialog.getByRole('status');
  await done.waitFor();
  const heldForApproval = /^Sent for approval/.test((await done.textContent()) ?? '');
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(s.errors).toEqual([]);
  await s.context.close();

  if (heldForApproval) {
    // Four eyes: the finance admin approves it in the console's queue.
    const f = await session(FINANCE);
    await f.page.goto('/dashboard/approvals');
    const queue = f.page.getByRole('table', { name: 'Requests waiting for approval' });
    await queue
      .getByRole('row', { name: new RegExp(ACTION.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .getByRole('button', { name: /^Approve: / })
      .click();
    await f.page.getByRole('dialog', { name: 'Approve this request?' }).getByRole('button', { name: 'Approve' }).click();
    await toast(f.page, `${ACTION}: approved and done`).waitFor();
    expect(f.errors).toEqual([]);
    await f.context.close();
  }

  // The public listing now carries the sale's figures.
  const detail = await api<{ status: string; sale: Record<string, unknown> | null }>('GET', `/v1/properties/${propertyId}`);
  expect(detail.status).toBe('SOLD');
  expect(detail.sale).toMatchObject({ salePrice: SALE.price, costs: SALE.costs, fee: SALE.fee, netProceeds: SALE.net });
});

test("the proceeds show in both holders' wallets, and the disposal on their tax documents", async () => {
  for (const h of HOLDERS) {
    expect(c(await balance(h.who))).toBe(c(before[h.name]) + c(SALE.each));
    const s = await session(h.who);
    const { page } = s;
    await page.goto('/dashboard/wallet');
    await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
    const transactions = page.getByRole('table', { name: 'Transactions' });
    const row = transactions.getByRole('row').filter({ hasText: 'Property sale proceeds' }).first();
    await row.getByText(`+${money(SALE.each)}`).waitFor();
    if (h.name === 'investor') await screenshot(page, 'exit-wallet');

    await page.getByRole('heading', { level: 2, name: 'Statements' }).scrollIntoViewIfNeeded();
    const years = page.getByRole('table', { name: 'Annual tax summaries' });
    const button = years.getByRole('button', { name: `Download tax document ${YEAR} as CSV` });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const [header, ...rows] = parseCsv(fs.readFileSync((await download.path())!, 'utf8'));
    const col = (title: string) => header.indexOf(title);
    const retired = rows.filter((r) => r[0] === 'Disposals' && r[col('Property')] === NAME);
    expect(retired.map((r) => [r[1], Number(r[col('Units')]), cents(r[col('Proceeds (USD)')]), cents(r[col('Cost basis (USD)')])])).toEqual(
      [["Units retired by the property's sale", UNITS / 2, c(SALE.each), c((UNITS / 2) * PRICE)]],
    );
    expect(s.errors).toEqual([]);
    await s.context.close();
  }
  // The owner's tax document lists what the sale took from the owner's wallet.
  const res = await fetch(`${platform.baseURL}/v1/statements/tax/${YEAR}.csv`, {
    headers: { authorization: `Bearer ${await token(DEMO.owner)}` },
  });
  expect(res.status).toBe(200);
  const owner = parseCsv(await res.text()).filter((r) => r[0] === 'Owner summary' && r[2] === NAME);
  expect(owner.filter((r) => / sale (proceeds paid to holders|fee)$/.test(r[1])).map((r) => [r[1], cents(r[12])])).toEqual([
    ['Property: sale proceeds paid to holders', -c(SALE.net)],
    ['Property: sale fee', -c(SALE.fee)],
  ]);
});
