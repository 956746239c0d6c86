// Two-factor sign-in in the browser: an investor turns on TOTP in Profile (the code is
// computed here from the setup key the page shows), signs out, signs in with password and
// code; later, a withdrawal asks "Confirm it's you" and goes through after a recovery code.
// This file runs its own server with a 20-second step-up window (STEP_UP_SECONDS=20), so
// the session gets old enough without waiting five minutes.
import type { Browser, Page } from 'playwright-core';
import * as OTPAuth from 'otpauth';
import { DEMO, launch, open } from '../lib/browser';
import { api } from '../lib/api';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as {
  startPlatform: (o: {
    env?: Record<string, string>;
    template?: string;
    name?: string;
  }) => Promise<{ baseURL: string; stop: () => Promise<void> }>;
};

const STEP_UP_SECONDS = 20;
let browser: Browser;
let platform: { baseURL: string; stop: () => Promise<void> };
beforeAll(async () => {
  platform = await startPlatform({
    env: { STEP_UP_SECONDS: String(STEP_UP_SECONDS) },
    template: process.env.TESSERA_E2E_TEMPLATE,
    name: 'two-factor',
  });
  browser = await launch();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const toast = (page: Page, text: string | RegExp) => page.locator('.notistack-MuiContent').filter({ hasText: text }).first();
/** The app's code `steps` periods from now (the server accepts one either side). */
const codeOf = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

async function passwordStep(page: Page): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(DEMO.investor.email);
  await form.getByLabel(/^Password/).fill(DEMO.investor.password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

test('enrol in Profile, sign out, sign in with the code; a withdrawal asks to confirm it is you', async () => {
  // A bank account to withdraw to, added while the API session is fresh.
  const auth = await api<{ accessToken: string }>('POST', '/v1/auth/signin', DEMO.investor);
  const destination = await api<{ _id: string }>(
    'POST',
    '/v1/wallets/destinations',
    { kind: 'US_ACH', holderName: 'Ivan Investor', routingNumber: '011000015', accountNumber: '5550001234' },
    auth.accessToken,
  );
  expect(destination._id).toBeTruthy();

  const first = await open(browser);
  await passwordStep(first.page);
  await first.page.waitForURL(/\/dashboard/);
  await first.page.goto('/dashboard/profile');
  const card = first.page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await card.getByRole('img', { name: /QR code/ }).waitFor();
  const secret = (await card.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await card.getByRole('textbox', { name: 'Code from the app' }).fill(codeOf(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const list = card.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const recovery = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(recovery).toHaveLength(10);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await card.getByText(/Two-factor sign-in is on/).waitFor();
  await first.context.close();

  // Signed out (a new browser): the password alone is not enough.
  const second = await open(browser);
  const page = second.page;
  await passwordStep(page);
  const step = page.getByRole('form', { name: 'Two-factor sign-in' });
  await step.waitFor();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  // The next time step: the one used to turn it on is spent.
  await step.getByRole('textbox', { name: 'Authentication code' }).fill(codeOf(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/dashboard/);
  const signedInAt = Date.now();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

  // Later than the step-up window: the withdrawal asks first, then goes through.
  await page.goto('/dashboard/wallet');
  const form = page.getByRole('form', { name: 'Withdraw' });
  await form.waitFor();
  await page.waitForTimeout(Math.max(0, signedInAt + (STEP_UP_SECONDS + 1) * 1000 - Date.now()));
  await form.getByRole('combobox', { name: /Pay to/ }).selectOption({ label: 'US bank account •••• 1234 · Ivan Investor' });
  await form.getByRole('textbox', { name: /Withdrawal amount/ }).fill('12.34');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await page.getByRole('dialog', { name: 'Request this withdrawal?' }).getByRole('button', { name: 'Request withdrawal' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await confirm.getByRole('textbox', { name: 'Authentication code' }).fill(recovery[0]);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'Withdrawal of $12.34 requested.').waitFor();
  await second.context.close();
});
