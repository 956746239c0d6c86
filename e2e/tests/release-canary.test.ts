// Issue 10 in Chromium through real nginx: a release engineer canaries mf_public, the
// shell picks versions per sticky cohort, a broken canary falls back to stable without
// the user noticing, rollbacks take effect on the next load, all under the CSP.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, platform } from '../lib/browser';
import { bucket, COHORT_KEY } from '../../shell/src/federation/registry';

import { cleanup, deriveVersion, publishAll, release, startSite } from '../lib/nginx.cjs';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as { startPlatform: (o: object) => Promise<{ stop: () => Promise<void> }> };

const HEADING = 'Real Estate Investment For Everyone';
let browser: Browser;
let releases: string;
let site: Awaited<ReturnType<typeof startSite>>;
let stable: string;
let canary: string;
let broken: string;
let adminToken: string;
let api: Awaited<ReturnType<typeof startPlatform>>;
const canaryHeading = () => `${HEADING} (v${canary})`;

beforeAll(async () => {
  releases = publishAll();
  stable = JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')).mf_public.stable.version;
  const [maj, min] = stable.split('.').map(Number);
  canary = `${maj}.${min + 1}.0`;
  broken = `${maj}.${min + 2}.0`;
  for (const v of [canary, broken]) {
    const derived = deriveVersion(releases, 'mf_public', stable, v, { text: HEADING, replacement: `${HEADING} (v${v})` });
    release(releases, ['publish', 'mf_public', '--from', derived.dir]);
  }
  // The API accepts health reports for the versions published in this releases root.
  api = await startPlatform({ template: process.env.TESSERA_E2E_TEMPLATE, name: 'release-canary-api', env: { RELEASES_DIR: releases } });
  site = await startSite(releases, platform().baseURL);
  browser = await launch();
  const res = await fetch(`${platform().baseURL}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@tessera.local', password: 'Admin123!' }),
  });
  adminToken = ((await res.json()) as { accessToken: string }).accessToken;
  // Two publishes, each smoke-tested in Chromium (up to 240 s each), as the other release suites allow.
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await api?.stop();
  cleanup();
});

interface Visit {
  context: BrowserContext;
  page: Page;
  errors: string[];
  requests: string[];
  failed: string[];
}

/** A browser profile on the nginx site, recording errors, requests and CSP violations. */
async function profile(): Promise<Visit> {
  const context = await browser.newContext({ baseURL: site.url });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const v: Visit = { context, page, errors: [], requests: [], failed: [] };
  page.on('pageerror', (e) => v.errors.push(String(e)));
  page.on('request', (r) => v.requests.push(new URL(r.url()).pathname));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) v.errors.push(m.text());
  });
  return v;
}

/** Loads `url` and says which mf_public version rendered the landing heading. */
async function landingVersion(v: Visit, url = '/'): Promise<string> {
  v.requests.length = 0;
  if (url === 'reload') await v.page.reload();
  else await v.page.goto(url);
  // The app's heading: a server-rendered page (issue 21) shows the cohort's version until the
  // app takes over (#root loses data-ssr), and a canary that fails in the browser falls back then.
  const handle = await v.page.waitForFunction(
    (h) =>
      !document.querySelector('#root[data-ssr]') &&
      [...document.querySelectorAll('#root h1')].find((e) => e.textContent?.trim().startsWith(h))?.textContent?.trim(),
    HEADING,
  );
  const text = (await handle.jsonValue()) as string;
  const csp = await v.page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect(csp).toEqual([]);
  if (text === HEADING) return stable;
  const m = /\(v([^)]+)\)$/.exec(text ?? '');
  if (!m) throw new Error(`unexpected heading: ${text}`);
  return m[1];
}

/**
 * Leaves the page: the shell sends its health report on pagehide. The profile stays open
 * until the report has arrived (the caller closes it): closing it at once may cancel it.
 */
async function leave(v: Visit): Promise<void> {
  await v.page.goto('about:blank');
}

const manifestsLoaded = (v: Visit) =>
  v.requests.filter((p) => /^\/remotes\/mf_public\/[^/]+\/mf-manifest\.json$/.test(p)).map((p) => p.split('/')[3]);

/**
 * X-Client-Versions of an API call made in this page life: a client-side move to /login
 * (no reload, so the versions chosen at boot still hold), then the login form's call
 * (a wrong password: no session).
 */
async function clientVersionsOfApiCall(v: Visit): Promise<string> {
  await v.page.evaluate(() => {
    window.history.pushState({}, '', '/login');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const form = v.page.locator('form:has(input[type="password"])');
  await form.locator('input[type="email"]').fill('nobody@example.com');
  await form.locator('input[type="password"]').fill('Wrong-password1!');
  const [req] = await Promise.all([
    v.page.waitForRequest((r) => r.url().includes('/v1/auth/signin') && r.method() === 'POST', { timeout: 10_000 }),
    form.locator('input[type="password"]').press('Enter'),
  ]);
  return (await req.allHeaders())['x-client-versions'] ?? '';
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function failuresOf(version: string): Promise<number> {
  const r = release(releases, ['status', '--json', '--api', site.url, '--token', adminToken]);
  const s = JSON.parse(r.stdout) as { failures: { items: { remote: string; version: string; failures: number }[] } };
  return s.failures.items.find((i) => i.remote === 'mf_public' && i.version === version)?.failures ?? 0;
}

test('at 100% the canary shows, and every API call carries its version; at 0% the stable one', async () => {
  release(releases, ['canary', 'mf_public', canary, '100']);
  const v = await profile();
  expect(await landingVersion(v)).toBe(canary);
  await v.page.getByRole('heading', { name: canaryHeading(), exact: true }).waitFor();
  expect(manifestsLoaded(v)).toEqual([canary]);
  const header = await clientVersionsOfApiCall(v);
  expect(header.split(',')).toEqual(expect.arrayContaining([expect.stringMatching(/^shell@/), `mf_public@${canary}`]));

  release(releases, ['canary', 'mf_public', canary, '0']);
  expect(await landingVersion(v, '/')).toBe(stable);
  await v.page.getByRole('heading', { name: HEADING, exact: true }).waitFor();
  expect(manifestsLoaded(v)).toEqual([stable]);
  expect(v.errors).toEqual([]);
  await v.context.close();
});

test('at 50% each cohort stays on its version across reloads, and both versions are served', async () => {
  release(releases, ['canary', 'mf_public', canary, '50']);
  const seen = new Map<string, number>();
  // Fresh profiles until both sides were seen (the chance of 12 on one side is 1 in 2048).
  for (let i = 0; i < 12 && seen.size < 2; i++) {
    const v = await profile();
    const first = await landingVersion(v);
    const id = await v.page.evaluate((k) => localStorage.getItem(k), COHORT_KEY);
    expect(id).toBeTruthy();
    // The bucket rule the shell uses decides, and it holds on every reload.
    expect(first).toBe(bucket(id!, 'mf_public') < 50 ? canary : stable);
    for (let r = 0; r < 2; r++) {
      expect(await landingVersion(v, 'reload')).toBe(first);
      expect(manifestsLoaded(v)).toEqual([first]);
    }
    expect(await v.page.evaluate((k) => localStorage.getItem(k), COHORT_KEY)).toBe(id);
    expect(v.errors).toEqual([]);
    seen.set(first, (seen.get(first) ?? 0) + 1);
    await v.context.close();
  }
  expect([...seen.keys()].sort()).toEqual([stable, canary].sort());
});

test('a canary whose files are missing falls back to stable with no visible error, and is reported', async () => {
  // Published and validated, then a file goes missing (a partial sync, a lost disk).
  release(releases, ['canary', 'mf_public', broken, '100']);
  const dir = path.join(releases, 'mf_public', broken);
  const chunk = fs.readdirSync(dir).find((f) => f.startsWith('__federation_expose_Landing'))!;
  fs.rmSync(path.join(dir, chunk));
  const before = await failuresOf(broken);

  const v = await profile();
  expect(await landingVersion(v)).toBe(stable);
  await v.page.getByRole('heading', { name: HEADING, exact: true }).waitFor();
  expect(v.requests).toContain(`/remotes/mf_public/${broken}/${chunk}`);
  expect(await v.page.getByRole('alert').count()).toBe(0);
  expect(await v.page.getByText('This area is unavailable').count()).toBe(0);
  expect(v.errors).toEqual([]);
  // From then on the page reports the version it really uses.
  const header = await clientVersionsOfApiCall(v);
  expect(header.split(',')).toContain(`mf_public@${stable}`);
  await leave(v);
  await until(async () => (await failuresOf(broken)) >= before + 1, 'the first failure report');
  await v.context.close();

  // The whole version folder gone: its manifest is a 404.
  const aside = `${dir}.aside`;
  fs.renameSync(dir, aside);
  try {
    const w = await profile();
    expect(await landingVersion(w)).toBe(stable);
    expect(await w.page.getByText('This area is unavailable').count()).toBe(0);
    expect(w.errors).toEqual([]);
    await leave(w);
    await until(async () => (await failuresOf(broken)) >= before + 2, 'the second failure report');
    await w.context.close();
  } finally {
    fs.renameSync(aside, dir);
  }

  // Both failures reach the server under the canary's version: `status` shows them.
  await until(async () => (await failuresOf(broken)) >= before + 2, 'two failure reports');
  const text = release(releases, ['status', '--api', site.url, '--token', adminToken]).stdout;
  expect(text).toMatch(new RegExp(`mf_public\\s+${stable.replace(/\./g, '\\.')}\\s+${broken.replace(/\./g, '\\.')} @ 100%`));
  expect(text).toMatch(new RegExp(`canary ${broken.replace(/\./g, '\\.')}: (?:\\d+ loads, )?[1-9]\\d* failures`));
  release(releases, ['rollback', 'mf_public']);
});

test('promote, then roll back: each takes effect on the next load; an open tab keeps its version', async () => {
  release(releases, ['canary', 'mf_public', canary, '100']);
  const v = await profile();
  expect(await landingVersion(v)).toBe(canary);

  // Ending the canary: the next load is stable.
  release(releases, ['rollback', 'mf_public']);
  expect(await landingVersion(v, 'reload')).toBe(stable);

  // A tab opened on the old stable stays open across the promotion.
  const open = await profile();
  expect(await landingVersion(open)).toBe(stable);

  release(releases, ['canary', 'mf_public', canary, '10']);
  release(releases, ['promote', 'mf_public']);
  expect(await landingVersion(v, 'reload')).toBe(canary);

  // The open tab navigates to another mf_public page: its old version's chunks still load.
  open.requests.length = 0;
  const responses: number[] = [];
  open.page.on('response', (r) => {
    if (r.url().includes(`/remotes/mf_public/${stable}/`)) responses.push(r.status());
  });
  await open.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Properties' }).click();
  await open.page.waitForURL('**/properties');
  await until(
    () => open.requests.some((p) => p.startsWith(`/remotes/mf_public/${stable}/__federation_expose_Properties`)),
    "the old version's Properties chunk",
  );
  await open.page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await open.page.getByText('This area is unavailable').count()).toBe(0);
  expect(responses.length).toBeGreaterThan(0);
  expect(responses.every((s) => s === 200 || s === 304)).toBe(true);
  expect(open.errors).toEqual([]);
  await open.context.close();

  // Back to the previous stable.
  release(releases, ['rollback', 'mf_public']);
  expect(await landingVersion(v, 'reload')).toBe(stable);
  expect(manifestsLoaded(v)).toEqual([stable]);
  expect(v.errors).toEqual([]);
  await v.context.close();
});

test('the shell and its remotes work under the CSP (script-src self, no inline, no eval)', async () => {
  const v = await profile();
  const res = await v.page.goto('/');
  const csp = res!.headers()['content-security-policy'];
  expect(csp).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
  expect(csp).not.toMatch(/unsafe-eval/);
  await landingVersion(v, '/');
  for (const route of ['/about', '/properties', '/login', '/signup']) {
    await v.page.goto(route);
    await v.page.getByRole('heading').first().waitFor();
    expect(await v.page.getByText('This area is unavailable').count()).toBe(0);
  }
  expect(await v.page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
  expect(v.errors).toEqual([]);
  await v.context.close();
});
