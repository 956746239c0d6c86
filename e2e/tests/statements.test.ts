// Issue 18 (statements): the demo investor opens the wallet, finds Statements, downloads the
// current month's PDF; its text, read back with pdf-parse, shows a closing balance equal to
// the wallet balance on screen (and to the API's). An admin downloads the same month as CSV
// from the person's wallet tab: the same closing balance. Screenshots: e2e/artifacts/statements-*.png.
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { DEMO, keepSession, launch, open, screenshot, type Session } from '../lib/browser';
import { api } from '../lib/api';
import { pdfText } from '../lib/files';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const now = new Date();
const period = now.toISOString().slice(0, 7);
const label = `${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
const money = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function session(who: { email: string; password: string }): Promise<{ s: Session; token: string }> {
  const s = await open(browser);
  const auth = await api<{ accessToken: string }>('POST', '/v1/auth/signin', who);
  const user = await api<unknown>('GET', '/v1/users/me', undefined, auth.accessToken);
  await keepSession(s, user, auth.accessToken);
  return { s, token: auth.accessToken };
}

test("the investor downloads this month's statement PDF: its closing balance is the wallet balance shown", async () => {
  const { s, token } = await session(DEMO.investor);
  const { page } = s;
  await page.goto('/dashboard/wallet');
  await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  const wallet = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, token);
  const balanceCard = page.getByRole('group', { name: 'Available balance', exact: true });
  await balanceCard.getByText(money(wallet.balance), { exact: true }).waitFor();
  const shown = (/\$[\d,]+\.\d{2}/.exec((await balanceCard.textContent()) ?? '') ?? [''])[0];
  expect(shown).toBe(money(wallet.balance));

  await page.getByRole('heading', { level: 2, name: 'Statements' }).scrollIntoViewIfNeeded();
  const months = page.getByRole('table', { name: 'Monthly statements' });
  const button = months.getByRole('button', { name: `Download statement ${label} as PDF` });
  await button.waitFor();
  await screenshot(page, 'statements-wallet');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`tessera-statement-${period}.pdf`);
  const file = (await download.path())!;
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(file);
  expect(text).toContain('Tessera');
  expect(text).toContain(`Monthly statement ${label}`);
  expect(text).toContain(DEMO.investor.email);
  const closing = /Closing balance\s+(-?\$[\d,]+\.\d{2})/.exec(text);
  expect(closing?.[1]).toBe(shown);
  expect(text).toMatch(/Page 1 of \d+/);
  expect(s.errors).toEqual([]);
  await s.context.close();
});

test("an admin downloads the investor's statement of the month as CSV from the person's wallet tab", async () => {
  const investorToken = (await api<{ accessToken: string }>('POST', '/v1/auth/signin', DEMO.investor)).accessToken;
  const me = await api<{ _id: string }>('GET', '/v1/users/me', undefined, investorToken);
  const wallet = await api<{ balance: number }>('GET', '/v1/wallets/balance', undefined, investorToken);
  const { s } = await session(DEMO.admin);
  const { page } = s;
  await page.goto(`/dashboard/investors/${me._id}?tab=wallet`);
  const months = page.getByRole('table', { name: 'Monthly statements of this person' });
  const button = months.getByRole('button', { name: new RegExp(`^Download statement ${label} of .+ as CSV$`) });
  await button.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`tessera-statement-${period}.csv`);
  const rows = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  expect(rows[0]).toBe('Section,Item,Date (UTC),Type,Category,Property,Description,Amount (USD),Balance after (USD),Entry,Status');
  const closing = rows.find((r) => r.startsWith('Summary,Closing balance,'))!.split(',');
  expect(Number(closing[7])).toBeCloseTo(wallet.balance, 2);
  await screenshot(page, 'statements-admin');
  expect(s.errors).toEqual([]);
  await s.context.close();
});
