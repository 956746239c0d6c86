// Payout destinations (issue 19): an investor adds a bank account in the wallet and
// withdraws to it; the admin sees it masked on the payouts screen, reveals it in full
// (audited) in the mark-paid dialog, and marks the withdrawal paid.
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

const toast = (page: Page, text: string | RegExp) => page.locator('.notistack-MuiContent').filter({ hasText: text }).first();

async function session(who: { email: string; password: string }): Promise<{ s: Session; token: string }> {
  const s = await open(browser);
  const auth = await api<{ accessToken: string }>('POST', '/v1/auth/signin', who);
  const user = await api<unknown>('GET', '/v1/users/me', undefined, auth.accessToken);
  await keepSession(s, user, auth.accessToken);
  return { s, token: auth.accessToken };
}

test('an investor adds a bank account and withdraws to it; the admin reveals it in full and marks it paid', async () => {
  const investor = await session(DEMO.investor);
  const page = investor.s.page;
  await page.goto('/dashboard/wallet');
  const accounts = page.getByRole('region', { name: 'Payout accounts' });
  await accounts.getByRole('button', { name: 'Add bank account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bank account' });
  await dialog.getByRole('textbox', { name: /Account holder name/ }).fill('Ivan Investor');
  await dialog.getByRole('textbox', { name: /Routing number/ }).fill('011000016');
  await dialog.getByRole('textbox', { name: /Account number/ }).fill('9876543210');
  await dialog.getByRole('button', { name: 'Add bank account' }).click();
  await dialog.getByText('Routing number is not valid: check the digits').waitFor();
  await dialog.getByRole('textbox', { name: /Routing number/ }).fill('011000015');
  await dialog.getByRole('button', { name: 'Add bank account' }).click();
  await toast(page, 'Bank account •••• 3210 added.').waitFor();
  await accounts.getByText('US bank account •••• 3210').waitFor();
  // The full number never reaches the person's browser.
  expect(await page.content()).not.toContain('9876543210');

  const form = page.getByRole('form', { name: 'Withdraw' });
  await form.getByRole('combobox', { name: /Pay to/ }).selectOption({ label: 'US bank account •••• 3210 · Ivan Investor' });
  await form.getByRole('textbox', { name: /Withdrawal amount/ }).fill('77.77');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Request this withdrawal?' });
  await confirm.getByText(/US bank account •••• 3210/).waitFor();
  await confirm.getByRole('button', { name: 'Request withdrawal' }).click();
  await toast(page, 'Withdrawal of $77.77 requested.').waitFor();
  await screenshot(page, 'wallet-payout-accounts');
  await investor.s.context.close();

  const admin = await session(DEMO.admin);
  const a = admin.s.page;
  await a.goto('/dashboard/payouts');
  const table = a.getByRole('table', { name: 'Withdrawals to decide' });
  const row = table.getByRole('row').filter({ hasText: '$77.77' });
  await row.getByText('US bank account •••• 3210 · Ivan Investor').waitFor();
  await row.getByText('Verified').first().waitFor();
  await row.getByRole('button', { name: /^Mark paid: \$77\.77 to Ivan Investor/ }).click();
  const pay = a.getByRole('dialog', { name: 'Mark this withdrawal paid?' });
  await pay.getByRole('button', { name: 'Show full details' }).click();
  await pay.getByText('9876543210').waitFor();
  await pay.getByText('011000015').waitFor();
  await screenshot(a, 'admin-payout-destination-revealed');
  await pay.getByRole('textbox', { name: /Bank reference of the transfer/ }).fill('TRF-E2E-7777');
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await toast(a, 'Withdrawal of $77.77 marked paid').waitFor();

  const audit = await api<{ items: { action: string }[] }>('GET', '/v1/admin/audit?pageSize=20', undefined, admin.token).catch(() => null);
  if (audit) expect(audit.items.map((i) => i.action)).toContain('payout.destination.view');
  await admin.s.context.close();
});
