// In Chromium through real nginx: a visitor who leaves while a page's remote is still loading
// (the browser then aborts the manifest request: "Failed to get manifest") is an abandoned
// view, not a failure of that version; a visitor who stays is a load. Both page views carry
// the signed view id the API put in the server-rendered page.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch } from '../lib/browser';

import { cleanup, publishAll, startSite } from '../lib/nginx.cjs';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as {
  startPlatform: (o: object) => Promise<{ baseURL: string; stop: () => Promise<void> }>;
};

let browser: Browser;
let releases: string;
let site: Awaited<ReturnType<typeof startSite>>;
let api: Awaited<ReturnType<typeof startPlatform>>;
let stable: string;
let adminToken: string;

beforeAll(async () => {
  releases = publishAll();
  stable = JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')).mf_public.stable.version;
  // An API that issues views and counts reports for this releases root, behind nginx.
  api = await startPlatform({ template: process.env.TESSERA_E2E_TEMPLATE, name: 'release-leave-api', env: { RELEASES_DIR: releases } });
  site = await startSite(releases, api.baseURL);
  browser = await launch();
  const res = await fetch(`${api.baseURL}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@tessera.local', password: 'Admin123!' }),
  });
  adminToken = ((await res.json()) as { accessToken: string }).accessToken;
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await api?.stop();
  cleanup();
});

interface Figures {
  loads: number;
  failures: number;
  errors: number;
  abandoned: number;
  pending: number;
}
async function figures(): Promise<Figures> {
  const res = await fetch(`${api.baseURL}/v1/telemetry/remote-load/summary`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(res.status).toBe(200);
  const item = ((await res.json()) as { items: (Figures & { remote: string; version: string })[] }).items.find(
    (i) => i.remote === 'mf_public' && i.version === stable,
  );
  return item ?? { loads: 0, failures: 0, errors: 0, abandoned: 0, pending: 0 };
}
async function until(what: string, ok: (f: Figures) => boolean, ms = 20_000): Promise<Figures> {
  const end = Date.now() + ms;
  for (;;) {
    const f = await figures();
    if (ok(f)) return f;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(f)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('a visitor who leaves during load is abandoned, not a failure; one who stays is a load', async () => {
  const before = await figures();

  // The remote's manifest is slow: the visitor leaves before it arrives.
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/remotes\/mf_public\/[^/]+\/mf-manifest\.json$/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  const manifestAsked = page.waitForRequest(/\/remotes\/mf_public\/[^/]+\/mf-manifest\.json$/, { timeout: 30_000 });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  expect(await page.locator('meta[name="tessera-view"]').count()).toBe(1);
  await manifestAsked;
  await page.goto('about:blank');
  release();
  const left = await until('the abandoned view', (f) => f.abandoned >= before.abandoned + 1);
  expect(left).toMatchObject({ failures: before.failures, errors: before.errors, loads: before.loads });
  expect(errors).toEqual([]);
  await context.close();

  // The same page, the visitor stays until it has loaded: a load.
  const context2 = await browser.newContext({ baseURL: site.url });
  const page2 = await context2.newPage();
  await page2.goto('/');
  await page2.waitForFunction(() => !document.querySelector('#root[data-ssr]') && document.querySelector('#root h1'));
  await page2.goto('about:blank');
  const stayed = await until('the load', (f) => f.loads >= before.loads + 1);
  expect(stayed).toMatchObject({ failures: before.failures, abandoned: left.abandoned });
  await context2.close();
});
