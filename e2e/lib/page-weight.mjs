// What a first visit to a page downloads, measured in Chromium against the built
// platform: every JavaScript file (raw and gzip -9), who serves it (the shell or which
// remote), shared libraries loaded twice, and whether the page actually rendered (a page
// whose remote failed to load would otherwise look light). Used by
// e2e/scripts/bundle-report.mjs and scripts/perf/check-budgets.mjs.
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A page to measure. `path` may have an `:id`, filled with the `_id` of the first item the
 * API collection `idFrom` lists (`/properties/:id` from `/v1/properties`). `waitFor`: a
 * heading of a part the page loads after its first screen (e.g. the invest panel), which
 * must show; what it loads counts.
 * @typedef {{ name: string, path: string, heading?: string, as?: keyof typeof DEMO, idFrom?: string, waitFor?: string }} Page
 */
/** @typedef {{ url: string, owner: string, raw: number, gzip: number }} Script */

/**
 * The pages measured by default (and budgeted in e2e/budgets.json).
 * @type {Page[]}
 */
export const DEFAULT_PAGES = [
  { name: '/', path: '/', heading: 'Real Estate Investment For Everyone' },
  { name: '/properties', path: '/properties', heading: 'Properties' },
  { name: '/dashboard (investor)', path: '/dashboard', as: 'investor', heading: 'Dashboard' },
];

export const DEMO = {
  investor: ['investor@tessera.local', 'Investor123!'],
  owner: ['owner@tessera.local', 'Owner123!'],
  admin: ['admin@tessera.local', 'Admin123!'],
};

export const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * `/remotes/mf_public/1.0.0/x.js` → 'mf_public'; `/shell/…` → 'shell'.
 * @param {string} url
 */
export function ownerOf(url) {
  const { pathname } = new URL(url);
  const m = /^\/remotes\/([^/]+)\//.exec(pathname);
  if (m) return m[1];
  return pathname.startsWith('/shell/') ? 'shell' : 'other';
}

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * @param {string} baseURL
 * @param {keyof typeof DEMO} who
 */
async function signIn(baseURL, who) {
  const [email, password] = DEMO[who] ?? [];
  const res = await fetch(`${baseURL}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`could not sign in as ${who}: ${res.status}`);
  return res.json();
}

/**
 * The page's path, its `:id` filled from the API (see Page).
 * @param {string} baseURL
 * @param {Page} page
 */
async function pathOf(baseURL, page) {
  if (!page.path.includes(':')) return page.path;
  if (!page.idFrom) throw new Error(`${page.name}: ${page.path} has a parameter and no idFrom`);
  const res = await fetch(`${baseURL}${page.idFrom}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${page.name}: GET ${page.idFrom} answered ${res.status}`);
  const body = await res.json();
  const first = (Array.isArray(body) ? body : body.items)?.[0];
  const id = first?._id ?? first?.id;
  if (!id) throw new Error(`${page.name}: GET ${page.idFrom} lists nothing`);
  return page.path.replace(/:[A-Za-z_]\w*/g, encodeURIComponent(String(id)));
}

/**
 * Loads `page` in a fresh browser context (1280×720, the first visit: empty cache) and
 * returns the JavaScript it downloaded until the network went idle.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseURL
 * @param {Page} page
 */
export async function measurePage(browser, baseURL, page) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 720 } });
  if (page.as) {
    const auth = await signIn(baseURL, page.as);
    await context.addInitScript(
      (/** @type {string[]} */ [u, t]) => {
        localStorage.setItem('authUser', u);
        localStorage.setItem('accessToken', t);
      },
      [JSON.stringify(auth.user), auth.accessToken],
    );
  }
  const tab = await context.newPage();
  /** @type {Promise<Script | null>[]} */
  const scripts = [];
  /** @type {string[]} */
  const errors = [];
  tab.on('pageerror', (e) => errors.push(e.message));
  tab.on('response', (res) => {
    const req = res.request();
    if (req.resourceType() !== 'script' && !/\.js(\?|$)/.test(res.url())) return;
    scripts.push(
      res
        .body()
        .then((body) => ({ url: res.url(), owner: ownerOf(res.url()), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  const at = await pathOf(baseURL, page);
  await tab.goto(at, { waitUntil: 'networkidle' });
  await tab.waitForTimeout(500);
  let rendered = true;
  let problem = null;
  if (page.waitFor) {
    try {
      await tab.getByRole('heading', { name: page.waitFor }).first().waitFor({ timeout: 15_000 });
      await tab.waitForLoadState('networkidle');
      await tab.waitForTimeout(500);
    } catch {
      rendered = false;
      problem = `no "${page.waitFor}" heading`;
    }
  }
  if (page.heading) {
    try {
      await tab.getByRole('heading', { level: 1, name: page.heading }).first().waitFor({ timeout: 15_000 });
    } catch {
      rendered = false;
      problem = `no "${page.heading}" heading`;
    }
  }
  if (await tab.getByText('This area is unavailable').count()) {
    rendered = false;
    problem = 'the page shows "This area is unavailable"';
  }
  // The federation share scope: a key with two loaded versions means a library loaded twice.
  const twice = await tab.evaluate(() => {
    /** @type {string[]} */
    const out = [];
    const share = /** @type {any} */ (globalThis).__FEDERATION__?.__SHARE__ ?? {};
    for (const scopes of Object.values(share)) {
      for (const pkgs of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(pkgs)) {
          const loaded = Object.entries(versions)
            .filter(([, v]) => v && (v.loaded || v.lib))
            .map(([ver]) => ver);
          if (loaded.length > 1) out.push(`${pkg} (${loaded.join(', ')})`);
        }
      }
    }
    return [...new Set(out)];
  });
  await context.close();
  const files = /** @type {Script[]} */ ((await Promise.all(scripts)).filter(Boolean)).sort((a, b) => b.gzip - a.gzip);
  const sum = (/** @type {Script[]} */ list, /** @type {'raw' | 'gzip'} */ k) => list.reduce((a, f) => a + f[k], 0);
  /** @type {Record<string, { files: number, raw: number, gzip: number }>} */
  const byOwner = {};
  for (const f of files) {
    byOwner[f.owner] ??= { files: 0, raw: 0, gzip: 0 };
    byOwner[f.owner].files += 1;
    byOwner[f.owner].raw += f.raw;
    byOwner[f.owner].gzip += f.gzip;
  }
  return {
    page: page.name,
    path: at,
    files: files.length,
    raw: sum(files, 'raw'),
    gzip: sum(files, 'gzip'),
    byOwner,
    twice,
    rendered,
    problem,
    errors,
    list: files.map((f) => ({ ...f, url: new URL(f.url).pathname })),
  };
}

/**
 * Measures each page, one after the other (a fresh context each: first visits).
 * @param {string} baseURL
 * @param {Page[]} [pages]
 */
export async function measurePages(baseURL, pages = DEFAULT_PAGES) {
  const browser = await launchChromium();
  try {
    const out = [];
    for (const p of pages) out.push(await measurePage(browser, baseURL, p));
    return out;
  } finally {
    await browser.close();
  }
}
