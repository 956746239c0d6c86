// Issue 12 §2 in the browser: logging out clears the stored session (authUser,
// accessToken, checkoutStatus) and the server refuses the token at once; a token past half
// its life is swapped for a fresh one while the person works, and the old one stops working.
// This file runs its own server with one-minute tokens (TOKEN_TTL_MINUTES=1).
import type { Browser, Page } from 'playwright-core';
import { DEMO, launch, open } from '../lib/browser';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as {
  startPlatform: (o: {
    env?: Record<string, string>;
    template?: string;
    name?: string;
  }) => Promise<{ baseURL: string; stop: () => Promise<void> }>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { record } = require('../../server/reliability/report.cjs') as { record: (check: string, r: object) => boolean };

let browser: Browser;
let platform: { baseURL: string; stop: () => Promise<void> };
const passed: string[] = [];
beforeAll(async () => {
  // Started after the file's own server, so the browser helpers use this one.
  platform = await startPlatform({
    env: { TOKEN_TTL_MINUTES: '1' },
    template: process.env.TESSERA_E2E_TEMPLATE,
    name: 'sessions-short-tokens',
  });
  browser = await launch();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  record('sessions-client', {
    tried:
      'Chromium: sign in through the login page, log out from the dashboard; one-minute tokens (TOKEN_TTL_MINUTES=1) used past half their life while working',
    amount: `${passed.length} of 2 journeys`,
    result:
      passed.length === 2
        ? 'logout removes authUser, accessToken and checkoutStatus from localStorage and the old token answers 401; a token past half its life is swapped on the next call, the old one answers 401, the person stays signed in'
        : `failed: ${['logout', 'refresh'].filter((p) => !passed.includes(p)).join(', ')}`,
    ok: passed.length === 2,
  });
});

const stored = (page: Page) =>
  page.evaluate(() => ({
    authUser: localStorage.getItem('authUser'),
    accessToken: localStorage.getItem('accessToken'),
    checkoutStatus: localStorage.getItem('checkoutStatus'),
  }));
const status = async (token: string) =>
  (await fetch(`${platform.baseURL}/v1/users/me`, { headers: { authorization: `Bearer ${token}` } })).status;

async function logIn(page: Page): Promise<string> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(DEMO.investor.email);
  await form.getByLabel(/^Password/).fill(DEMO.investor.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
  const token = (await stored(page)).accessToken;
  if (!token) throw new Error('no token stored after logging in');
  return token;
}

test('logout clears the stored session and the server refuses the token', async () => {
  const s = await open(browser);
  const token = await logIn(s.page);
  expect(await status(token)).toBe(200);
  await s.page.evaluate(() => localStorage.setItem('checkoutStatus', JSON.stringify({ c1: { status: 'OPEN' } })));
  await s.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Logout' }).click();
  await s.page.waitForURL((u) => u.pathname === '/login');
  await s.page.waitForLoadState('networkidle');
  expect(await stored(s.page)).toEqual({ authUser: null, accessToken: null, checkoutStatus: null });
  // Revoked on the server, not only forgotten by the browser.
  let code = 0;
  for (let i = 0; i < 20 && code !== 401; i++) {
    code = await status(token);
    if (code !== 401) await new Promise((r) => setTimeout(r, 250));
  }
  expect(code).toBe(401);
  // Back to a protected page: the login page, not the dashboard.
  await s.page.goto('/dashboard');
  await s.page.waitForURL((u) => u.pathname === '/login');
  expect(s.errors).toEqual([]);
  await s.context.close();
  passed.push('logout');
});

test('a token past half its life is swapped while the person works; the old one stops working', async () => {
  const s = await open(browser);
  const first = await logIn(s.page);
  // One-minute tokens: after 35 s the next call swaps it first.
  await s.page.waitForTimeout(35_000);
  const balance = s.page.waitForResponse((r) => r.url().includes('/v1/wallets/balance'));
  await s.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Wallet' }).click();
  expect((await balance).status()).toBe(200);
  await s.page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
  const second = (await stored(s.page)).accessToken;
  expect(s.requests.filter((u) => u.endsWith('/v1/auth/refresh'))).toHaveLength(1);
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);
  expect(await status(first)).toBe(401);
  expect(await status(second as string)).toBe(200);
  expect(new URL(s.page.url()).pathname).toBe('/dashboard/wallet');
  expect(s.errors).toEqual([]);
  await s.context.close();
  passed.push('refresh');
}, 120_000);
