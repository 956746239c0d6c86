// Year-end tax documents: the demo investor downloads this year's tax document as PDF from the
// wallet's Statements section; its text names the forms it mirrors and says it is
// informational, and its total income is the income by property of the year's annual
// statement (both from the ledger). Screenshot: e2e/artifacts/tax-document-wallet.png.
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { DEMO, keepSession, launch, open, platform, screenshot } from '../lib/browser';
import { api } from '../lib/api';
import { parseCsv, pdfText } from '../lib/files';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const year = String(new Date().getUTCFullYear());
const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function csv(url: string, token: string): Promise<string[][]> {
  const res = await fetch(`${platform().baseURL}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return parseCsv(await res.text());
}

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

test("the investor downloads this year's tax document: the forms it mirrors, and the year's income as the statement gives it", async () => {
  const s = await open(browser);
  const auth = await api<{ accessToken: string }>('POST', '/v1/auth/signin', DEMO.investor);
  await keepSession(s, await api<unknown>('GET', '/v1/users/me', undefined, auth.accessToken), auth.accessToken);
  const { page } = s;
  await page.goto('/dashboard/wallet');
  await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Statements' }).scrollIntoViewIfNeeded();
  const years = page.getByRole('table', { name: 'Annual tax summaries' });
  const button = years.getByRole('button', { name: `Download tax document ${year} as PDF` });
  await button.waitFor();
  await screenshot(page, 'tax-document-wallet');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`tessera-tax-document-${year}.pdf`);
  const file = (await download.path())!;
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(file);
  for (const part of [`Year-end tax document ${year}`, DEMO.investor.email, '1099-DIV', '1099-B', 'not a tax form', 'Page 1 of']) {
    expect([part, text.includes(part)]).toEqual([part, true]);
  }

  const tax = await csv(`/v1/statements/tax/${year}.csv`, auth.accessToken);
  const statement = await csv(`/v1/statements/${year}.csv`, auth.accessToken);
  const totalIncome = cents(tax.find((r) => r[0] === 'Income by property' && r[1] === 'Total income')![12]);
  const statementIncome = statement.filter((r) => r[0] === 'Income by property').reduce((a, r) => a + cents(r[7]), 0);
  expect(totalIncome).toBe(statementIncome);
  if (totalIncome > 0) expect(text).toMatch(new RegExp(`Total income\\s+\\d+\\s+${money(totalIncome).replace(/[$.]/g, '\\$&')}`));
  expect(s.errors).toEqual([]);
  await s.context.close();
});
