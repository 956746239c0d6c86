// Playwright driving Debian's Chromium (no browser downloads here).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readState } = require('./platform.cjs') as { readState: () => { baseURL: string; webRoot: string; dataDir: string } };

export const platform = () => readState();

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
  requests: string[];
}

/** A fresh context whose page errors and requested URLs are recorded. */
/** bypassCSP: for a test tool injected into the page (axe), which the pages' CSP (no inline script) refuses. */
export async function open(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; bypassCSP?: boolean } = {},
): Promise<Session> {
  const context = await browser.newContext({
    baseURL: platform().baseURL,
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    bypassCSP: opts.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => requests.push(r.url()));
  return { context, page, errors, requests };
}

/** Signs in through the API and stores the session the way the app does. */
export async function signInAs(s: Session, email: string, password: string): Promise<{ accessToken: string; user: { role: string } }> {
  const res = await fetch(`${platform().baseURL}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`signin ${email}: ${res.status} ${await res.text()}`);
  const auth = (await res.json()) as { accessToken: string; user: { role: string } };
  await keepSession(s, auth.user, auth.accessToken);
  return auth;
}

/** Stores a signed-in user and token the way the app keeps a session (before any page loads). */
export async function keepSession(s: Session, user: unknown, accessToken: string): Promise<void> {
  await s.context.addInitScript(
    ([u, token]) => {
      if (!window.localStorage.getItem('accessToken')) {
        window.localStorage.setItem('authUser', u);
        window.localStorage.setItem('accessToken', token);
      }
    },
    [JSON.stringify(user), accessToken] as const,
  );
}

export const DEMO = {
  investor: { email: 'investor@tessera.local', password: 'Investor123!' },
  owner: { email: 'owner@tessera.local', password: 'Owner123!' },
  admin: { email: 'admin@tessera.local', password: 'Admin123!' },
};

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(__dirname, '../artifacts');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
