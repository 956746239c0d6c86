// Issue 17 in Chromium through real nginx: a canary BUILT to fail (a real webpack build of
// mf_public at a new version whose landing module throws when imported, and whose About
// page throws while rendering) falls back to the stable build with nothing on screen but the
// page, the failures are counted against the canary only, and no code of the canary runs
// after the fallback; a published version can be previewed in one tab only, and its loads
// are reported apart from the canary's.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, platform } from '../lib/browser';

import { buildVariant, cleanup, deriveVersion, publishAll, release, startSite } from '../lib/nginx.cjs';
import {
  editRegistry as edit,
  HEADING,
  health as healthOf,
  later,
  leave,
  signIn,
  stableOf,
  until,
  visitor,
  type Registry,
  type Visit,
} from '../lib/release';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as {
  startPlatform: (o: object) => Promise<{ baseURL: string; stop: () => Promise<void> }>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { versionedGlobal } = require('../../tools/webpack/create-config.cjs') as { versionedGlobal: (n: string, v: string) => string };

let browser: Browser;
let releases: string;
let site: Awaited<ReturnType<typeof startSite>>;
let api: Awaited<ReturnType<typeof startPlatform>>;
let stable: string;
let broken: string;
let preview: string;
let adminToken: string;

const editRegistry = (change: (r: Registry) => void) => edit(releases, change);

beforeAll(async () => {
  releases = publishAll();
  stable = stableOf(releases);
  broken = later(stable, 7);
  preview = later(stable, 8);

  // The broken canary: Landing throws as its module is evaluated; About renders a component
  // that throws; Properties marks the page if it is ever evaluated (it must not be, after
  // the fallback).
  const dist = buildVariant('mf_public', broken, (dir: string) => {
    const exposes = path.join(dir, 'src/exposes');
    const prepend = (file: string, code: string) =>
      fs.writeFileSync(path.join(exposes, file), `${code}\n${fs.readFileSync(path.join(exposes, file), 'utf8')}`);
    fs.appendFileSync(
      path.join(exposes, 'Landing.tsx'),
      `\n(window as unknown as Record<string, unknown>).__canaryLandingEvaluated = true;\nif (!(globalThis as unknown as Record<string, unknown>).__never) throw new Error('canary ${broken} throws at import');\n`,
    );
    fs.writeFileSync(
      path.join(exposes, 'About.tsx'),
      `export default function About(): never {\n  throw new Error('canary ${broken} throws while rendering');\n}\n`,
    );
    prepend('Properties.tsx', `(window as unknown as Record<string, unknown>).__canaryCodeRan = '${broken}';`);
  });
  // Published as a publish that skipped the smoke check would leave it: the version folder
  // (the release tool's own checks are tools/release's tests).
  fs.cpSync(dist, path.join(releases, 'mf_public', broken), { recursive: true });

  const derived = deriveVersion(releases, 'mf_public', stable, preview, { text: HEADING, replacement: `${HEADING} (v${preview})` });
  release(releases, ['publish', 'mf_public', '--from', derived.dir]);
  // The published list the release tool keeps for previews (remotes.json `published`).
  editRegistry((r) => {
    r.mf_public.published = [stable, broken, preview];
  });

  // The API reads which versions are published from this releases root.
  api = await startPlatform({ template: process.env.TESSERA_E2E_TEMPLATE, name: 'release-isolation-api', env: { RELEASES_DIR: releases } });
  site = await startSite(releases, platform().baseURL);
  browser = await launch();
  adminToken = await signIn(platform().baseURL);
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await api?.stop();
  cleanup();
});

const visit = (context?: BrowserContext) => visitor(browser, site.url, { context });
const health = (version: string) => healthOf(platform().baseURL, adminToken, version);

const canaryRequests = (v: Visit) => v.requests.filter((p) => p.startsWith(`/remotes/mf_public/${broken}/`));
const mfGlobals = (p: Page) =>
  p.evaluate(() =>
    Object.keys(window)
      .filter((k) => /^(webpackChunk)?mf_public_/.test(k))
      .sort(),
  );

/** Moves within the app (no reload: the versions chosen at boot hold). */
async function navigate(p: Page, to: string): Promise<void> {
  await p.evaluate((url) => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

test("a canary built to throw at import: the stable page shows, the failure is the canary's alone, and no canary code runs after", async () => {
  editRegistry((r) => {
    r.mf_public.canary = { version: broken, entry: `/remotes/mf_public/${broken}/mf-manifest.json`, percent: 100 };
  });
  const [canaryBefore, stableBefore] = [await health(broken), await health(stable)];

  const v = await visit();
  await v.page.goto('/');
  await v.page.getByRole('heading', { name: HEADING, exact: true }).waitFor();
  // The canary really was loaded and really threw while its module was evaluated.
  expect(v.requests.some((p) => p.startsWith(`/remotes/mf_public/${broken}/__federation_expose_Landing`))).toBe(true);
  expect(await v.page.evaluate(() => (window as unknown as Record<string, unknown>).__canaryLandingEvaluated)).toBe(true);
  // Nothing on screen but the page.
  expect(await v.page.getByRole('alert').count()).toBe(0);
  expect(await v.page.getByText('This area is unavailable').count()).toBe(0);
  // Each version loaded its chunks into its own array; the stable's container is the one registered.
  expect(await mfGlobals(v.page)).toEqual(
    expect.arrayContaining([`webpackChunk${versionedGlobal('mf_public', broken)}`, `webpackChunk${versionedGlobal('mf_public', stable)}`]),
  );

  // After the fallback, another page of the remote is the stable's: no request to the
  // canary's folder, and the canary's Properties module never evaluates.
  const canaryFiles = canaryRequests(v).length;
  await navigate(v.page, '/properties');
  await v.page.getByRole('heading', { level: 1 }).first().waitFor();
  await v.page.waitForFunction(
    (stableDir) =>
      performance.getEntriesByType('resource').some((e) => e.name.includes(stableDir) && e.name.includes('__federation_expose_Properties')),
    `/remotes/mf_public/${stable}/`,
  );
  expect(canaryRequests(v).length).toBe(canaryFiles);
  expect(await v.page.evaluate(() => (window as unknown as Record<string, unknown>).__canaryCodeRan)).toBeUndefined();
  expect(await v.page.getByText('This area is unavailable').count()).toBe(0);
  expect(v.errors).toEqual([]);
  await leave(v);

  // Counted against the canary only: the view was assigned the canary, so its one outcome
  // for mf_public is the canary's failure; the stable it fell back to gains nothing.
  const canary = await until(
    () => health(broken),
    (h) => h.failures >= canaryBefore.failures + 1,
    'the canary failure',
  );
  expect(canary).toMatchObject({ failures: canaryBefore.failures + 1, loads: canaryBefore.loads });
  expect(await health(stable)).toMatchObject({ loads: stableBefore.loads, failures: stableBefore.failures, errors: stableBefore.errors });
  await v.context.close();
});

test("a canary whose first page throws while rendering falls back to stable, counted as the canary's error", async () => {
  editRegistry((r) => {
    r.mf_public.canary = { version: broken, entry: `/remotes/mf_public/${broken}/mf-manifest.json`, percent: 100 };
  });
  const [canaryBefore, stableBefore] = [await health(broken), await health(stable)];
  const v = await visit();
  await v.page.goto('/about');
  await v.page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(v.requests.some((p) => p.startsWith(`/remotes/mf_public/${broken}/__federation_expose_About`))).toBe(true);
  expect(v.requests.some((p) => p.startsWith(`/remotes/mf_public/${stable}/__federation_expose_About`))).toBe(true);
  expect(await v.page.getByText('This area is unavailable').count()).toBe(0);
  expect(await v.page.getByRole('alert').count()).toBe(0);
  expect(v.errors).toEqual([]);
  await leave(v);
  const canary = await until(
    () => health(broken),
    (h) => h.errors >= canaryBefore.errors + 1,
    'the canary error',
  );
  expect(canary).toMatchObject({ loads: canaryBefore.loads + 1, errors: canaryBefore.errors + 1, failures: canaryBefore.failures });
  // One outcome per view and remote: the canary's error; the stable it fell back to gains nothing.
  expect(await health(stable)).toMatchObject({ loads: stableBefore.loads, errors: stableBefore.errors, failures: stableBefore.failures });
  await v.context.close();
  editRegistry((r) => {
    delete r.mf_public.canary;
  });
});

test('?preview= pins a published version for one tab only, with a badge and a way out; preview loads are reported apart', async () => {
  editRegistry((r) => {
    delete r.mf_public.canary;
  });
  const previewHeading = `${HEADING} (v${preview})`;
  const before = await health(preview);
  const a = await visit();
  await a.page.goto(`/?preview=mf_public@${preview}`);
  await a.page.getByRole('heading', { name: previewHeading, exact: true }).waitFor();
  const badge = a.page.getByRole('status', { name: 'Preview' });
  await badge.getByText(`Preview: mf_public ${preview}`).waitFor();
  // Kept for the tab's session: a later load without the parameter still previews.
  await a.page.goto('/');
  await a.page.getByRole('heading', { name: previewHeading, exact: true }).waitFor();

  // Another tab of the same browser profile, and another profile: the stable build, no badge.
  const b = await visit(a.context);
  await b.page.goto('/');
  await b.page.getByRole('heading', { name: HEADING, exact: true }).waitFor();
  expect(await b.page.getByRole('status', { name: 'Preview' }).count()).toBe(0);
  const c = await visit();
  await c.page.goto('/');
  await c.page.getByRole('heading', { name: HEADING, exact: true }).waitFor();
  expect(await c.page.getByText(/^Preview:/).count()).toBe(0);

  // An unpublished version cannot be pinned.
  await c.page.goto('/?preview=mf_public@9.9.9');
  await c.page.getByRole('heading', { name: HEADING, exact: true }).waitFor();
  await c.page.getByText('Preview refused: mf_public 9.9.9 is not published').waitFor();
  expect(c.requests.some((p) => p.includes('/remotes/mf_public/9.9.9/'))).toBe(false);

  // The way out: back to what everyone gets, for good.
  await a.page.getByRole('button', { name: 'Exit preview' }).click();
  await a.page.getByRole('heading', { name: HEADING, exact: true }).waitFor();
  expect(new URL(a.page.url()).search).toBe('');
  expect(await a.page.getByRole('status', { name: 'Preview' }).count()).toBe(0);
  await a.page.reload();
  await a.page.getByRole('heading', { name: HEADING, exact: true }).waitFor();
  expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  await leave(b);
  await leave(a);
  await leave(c);

  // The preview loads (two pages of tab a) are reported as preview, not as canary loads.
  const after = await until(
    () => health(preview),
    (h) => h.preview.loads >= before.preview.loads + 2,
    'the preview loads',
  );
  expect(after).toMatchObject({ loads: before.loads, failures: before.failures });
  await a.context.close();
  await c.context.close();
});

test('the first-screen prefetch carries X-Client-Versions like every later API call', async () => {
  editRegistry((r) => {
    delete r.mf_public.canary;
  });
  const v = await visit();
  // The server renders /properties with its first screen's answer in the page (issue 21), so
  // the prefetch has nothing to do there. It still runs where the server sends the plain shell
  // page (server/src/plugins/ssr.ts, when rendering fails): that page is what this tab gets.
  await v.page.route(
    (u) => u.pathname === '/properties',
    async (route) => {
      const res = await route.fetch();
      const html = (await res.text())
        .replace(/<link rel="expect" href="#tessera-ssr"[^>]*>/, '')
        .replace(/<script type="application\/json" id="tessera-ssr">[\s\S]*?<\/script>/, '');
      expect(html).not.toContain('tessera-ssr');
      await route.fulfill({ response: res, body: html });
    },
  );
  const [req] = await Promise.all([
    v.page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/properties' && r.method() === 'GET'),
    v.page.goto('/properties'),
  ]);
  const header = (await req.allHeaders())['x-client-versions'] ?? '';
  expect(header.split(',')).toEqual(expect.arrayContaining([expect.stringMatching(/^shell@/), `mf_public@${stable}`]));
  await v.page.getByRole('heading', { level: 1 }).first().waitFor();
  // The page took the prefetched answer: one call only.
  expect(v.requests.filter((p) => p === '/v1/properties')).toHaveLength(1);
  expect(v.errors).toEqual([]);
  await v.context.close();
});
