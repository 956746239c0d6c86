// Passkeys in the browser, with Chromium's virtual authenticator (CDP WebAuthn domain: a
// CTAP2 platform authenticator with resident keys and user verification): each role adds a
// passkey in Profile, signs out, and signs in with the passkey alone; the password then
// asks for the passkey as the second factor. Passkeys belong to a host name, so the pages
// are opened at localhost (the platform listens on 127.0.0.1; PUBLIC_ORIGINS' loopback
// twins allow both), and at 127.0.0.1 the login page says to use the name instead.
// This file runs its own server: enrolling the demo accounts would change other journeys.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, launch } from '../lib/browser';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as {
  startPlatform: (o: {
    env?: Record<string, string>;
    template?: string;
    name?: string;
  }) => Promise<{ baseURL: string; stop: () => Promise<void> }>;
};

let browser: Browser;
let platform: { baseURL: string; stop: () => Promise<void> };
beforeAll(async () => {
  platform = await startPlatform({ template: process.env.TESSERA_E2E_TEMPLATE, name: 'passkeys' });
  browser = await launch();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const byName = () => platform.baseURL.replace('://127.0.0.1:', '://localhost:');

/** A page at `base` with a virtual authenticator of its own (the passkeys live in it). */
async function withAuthenticator(base: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page };
}

async function passwordStep(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel(/^Password/).fill(who.password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

const signedIn = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

for (const role of ['investor', 'owner', 'admin'] as const) {
  test(`${role}: adds a passkey in Profile, signs out, signs in with the passkey alone`, async () => {
    const { context, page } = await withAuthenticator(byName());
    await passwordStep(page, DEMO[role]);
    await page.waitForURL(/\/dashboard/);
    await page.goto('/dashboard/profile');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('You have no passkeys yet.').waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await card.getByRole('textbox', { name: /Name of the passkey/ }).fill('Virtual key');
    await card.getByRole('button', { name: 'Create passkey' }).click();
    await card.getByRole('list', { name: 'Your passkeys' }).getByText('Virtual key').waitFor();

    // Sign out, then in with the passkey: no e-mail, no password.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    expect(await signedIn(page)).toBeNull();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(/\/dashboard/);
    expect(await signedIn(page)).toBeTruthy();

    // The password alone is no longer enough: the passkey finishes it.
    await page.evaluate(() => localStorage.clear());
    await passwordStep(page, DEMO[role]);
    const step = page.getByRole('form', { name: 'Two-factor sign-in' });
    await step.waitFor();
    expect(await signedIn(page)).toBeNull();
    await step.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(/\/dashboard/);
    expect(await signedIn(page)).toBeTruthy();
    await context.close();
  });
}

test('at 127.0.0.1 the login page says passkeys need the site name', async () => {
  const { context, page } = await withAuthenticator(platform.baseURL);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByRole('alert').filter({ hasText: 'not at an IP address' }).waitFor();
  await context.close();
});
