// ADMIN_2FA_REQUIRED in the browser: a new admin (not one of the seed's printed accounts)
// signs in with the password, finds the console explaining that a second factor is needed,
// follows its link to the profile's two-factor card, turns it on, and the console opens.
import type { Browser } from 'playwright-core';
import * as OTPAuth from 'otpauth';
import { DEMO, launch, open, signInAs } from '../lib/browser';
import { api, verificationCode } from '../lib/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

test('a new admin is sent to set up two-factor sign-in, and the console opens once it is on', async () => {
  // The seed's admin (exempt) creates a colleague, who verifies the address as people do.
  const seedAdmin = await api<{ accessToken: string }>('POST', '/v1/auth/signin', DEMO.admin);
  const email = `admin-enrol-${Date.now()}@example.com`;
  const password = 'Journey123!';
  await api('POST', '/v1/auth/signup/admin', { email, password, firstName: 'Nora', lastName: 'Newadmin' }, seedAdmin.accessToken);
  await api('POST', '/v1/auth/otp/verify', { email, code: await verificationCode(email), purpose: 'VERIFY_EMAIL' });

  const s = await open(browser);
  await signInAs(s, email, password);
  const page = s.page;
  await page.goto('/dashboard/investors');
  const why = page.getByRole('region', { name: 'Two-factor sign-in needed' });
  // TWO_FACTOR_MESSAGES.enrolRequired, the server's 403.
  await why.getByText('Set up two-factor sign-in before you use the admin console.').waitFor();
  await why.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
  await page.waitForURL(/\/dashboard\/profile#two-factor$/);

  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await card.getByRole('img', { name: /QR code/ }).waitFor();
  const secret = (await card.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? '';
  await card.getByRole('textbox', { name: 'Code from the app' }).fill(codeOf(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await card.getByRole('list', { name: 'Recovery codes' }).waitFor();
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await card.getByText(/Two-factor sign-in is on/).waitFor();

  // The same session: the console's pages load now.
  await page.goto('/dashboard/investors');
  await page.getByRole('heading', { name: 'Investors', level: 1 }).waitFor();
  expect(await page.getByRole('region', { name: 'Two-factor sign-in needed' }).count()).toBe(0);
  expect(s.errors).toEqual([]);
  await s.context.close();
});
