// Errors after the first render, in Chromium through real nginx: a canary BUILT to throw
// (a real webpack build of mf_public at a new version whose About page throws in a click
// handler, in a timer and in a rejected promise) loses only its own area to a panel (what
// happened, Retry, Reload) while the shell's chrome keeps working, and the error is counted
// against the canary's version when the visitor leaves. And an old tab whose version was
// pruned offers to reload into the live version instead of "This area is unavailable".
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, platform } from '../lib/browser';

import { cleanup, deriveVersion, publishAll, startSite } from '../lib/nginx.cjs';
import {
  buildAboutThatThrows,
  editRegistry as edit,
  GLOBAL_ERROR,
  HEADING,
  health as healthOf,
  later,
  readRegistry,
  signIn,
  stableOf,
  until,
  visitor,
  type Registry,
} from '../lib/release';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as {
  startPlatform: (o: object) => Promise<{ baseURL: string; stop: () => Promise<void> }>;
};

let browser: Browser;
let releases: string;
let site: Awaited<ReturnType<typeof startSite>>;
let api: Awaited<ReturnType<typeof startPlatform>>;
let stable: string;
let broken: string;
let adminToken: string;

const editRegistry = (change: (r: Registry) => void) => edit(releases, change);

beforeAll(async () => {
  releases = publishAll();
  stable = stableOf(releases);
  broken = later(stable, 9);

  // The broken canary: its About page renders and imports fine, then throws when a button
  // is clicked, in a timer, or in a promise nobody catches.
  const dist = buildAboutThatThrows(broken, ['click', 'timer', 'reject']);
  fs.cpSync(dist, path.join(releases, 'mf_public', broken), { recursive: true });
  editRegistry((r) => {
    r.mf_public.published = [stable, broken];
  });

  api = await startPlatform({
    template: process.env.TESSERA_E2E_TEMPLATE,
    name: 'release-after-render-api',
    env: { RELEASES_DIR: releases },
  });
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

const visit = () => visitor(browser, site.url);
const health = (version: string) => healthOf(platform().baseURL, adminToken, version);

const canaryOn = () =>
  editRegistry((r) => {
    r.mf_public.canary = { version: broken, entry: `/remotes/mf_public/${broken}/mf-manifest.json`, percent: 100 };
  });

test("a canary that throws on a click loses only its area; the chrome works, and the error is the canary's", async () => {
  canaryOn();
  const [canaryBefore, stableBefore] = [await health(broken), await health(stable)];
  const v = await visit();
  await v.page.goto('/about');
  // The app has taken over the server's page: the canary's button works (its handler runs).
  await v.page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
  const main = v.page.getByRole('main');
  await main.getByRole('button', { name: 'Break on click' }).click();

  // The area shows what happened, Retry and Reload; the shell's chrome stays.
  const panel = v.page.getByRole('alert');
  await panel.getByRole('heading', { name: 'Something went wrong in this area' }).waitFor();
  await panel.getByRole('button', { name: 'Retry' }).waitFor();
  await panel.getByRole('button', { name: 'Reload' }).waitFor();
  expect(await v.page.getByText(GLOBAL_ERROR).count()).toBe(0);
  const nav = v.page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();

  // Retry renders the area again (same version); a timer and a rejected promise of the
  // remote are contained the same way.
  await panel.getByRole('button', { name: 'Retry' }).click();
  await main.getByRole('button', { name: 'Break later' }).click();
  await v.page.getByRole('heading', { name: 'Something went wrong in this area' }).waitFor();
  await v.page.getByRole('button', { name: 'Retry' }).click();
  await main.getByRole('button', { name: 'Reject' }).click();
  await v.page.getByRole('heading', { name: 'Something went wrong in this area' }).waitFor();
  expect(await v.page.getByText(GLOBAL_ERROR).count()).toBe(0);

  // The shell's navigation still works, and the page it leads to renders.
  await nav.getByRole('link', { name: 'Properties' }).click();
  await v.page.waitForURL('**/properties');
  await v.page.getByRole('heading', { level: 1 }).first().waitFor();
  await v.page.getByRole('heading', { name: 'Something went wrong in this area' }).waitFor({ state: 'detached' });
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await v.page.getByRole('heading', { name: HEADING, exact: true }).waitFor();
  expect(await v.page.getByText(GLOBAL_ERROR).count()).toBe(0);
  // The page errors were the canary's own, and nothing else.
  expect(v.errors.length).toBeGreaterThanOrEqual(3);
  expect(v.errors.every((e) => e.includes(`canary ${broken}`))).toBe(true);

  // Leaving the page reports the error against the canary's version (once per page), not the stable's.
  await v.page.goto('about:blank');
  const canary = await until(
    () => health(broken),
    (h) => h.errors >= canaryBefore.errors + 1,
    'the canary error',
  );
  expect(canary).toMatchObject({ errors: canaryBefore.errors + 1, loads: canaryBefore.loads + 1, failures: canaryBefore.failures });
  expect(canary.lastDetail).toContain(`canary ${broken} throws on click`);
  const stableAfter = await health(stable);
  expect(stableAfter).toMatchObject({ errors: stableBefore.errors, failures: stableBefore.failures });
  await v.context.close();
});

test('Reload on the panel reloads the page', async () => {
  canaryOn();
  const v = await visit();
  await v.page.goto('/about');
  await v.page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
  await v.page.getByRole('main').getByRole('button', { name: 'Break on click' }).click();
  await Promise.all([v.page.waitForEvent('load'), v.page.getByRole('alert').getByRole('button', { name: 'Reload' }).click()]);
  await v.page.getByRole('main').getByRole('button', { name: 'Break on click' }).waitFor();
  expect(await v.page.getByRole('alert').count()).toBe(0);
  await v.context.close();
});

test('an old tab whose version was pruned offers to reload into the live version', async () => {
  editRegistry((r) => {
    delete r.mf_public.canary;
  });
  // The tab opened on an earlier release `old`, since replaced by the stable and pruned.
  const old = later(stable, 10);
  const derived = deriveVersion(releases, 'mf_public', stable, old, { text: HEADING, replacement: `${HEADING} (v${old})` });
  const oldDir = path.join(releases, 'mf_public', old);
  fs.cpSync(derived.dir, oldDir, { recursive: true });
  const oldStable = readRegistry(releases).mf_public.stable;
  editRegistry((r) => {
    r.mf_public.stable = { version: old, entry: `/remotes/mf_public/${old}/mf-manifest.json` };
  });
  const v = await visit();
  try {
    await v.page.goto('/');
    await v.page.getByRole('heading', { name: `${HEADING} (v${old})`, exact: true }).waitFor();
    await v.page.waitForFunction(() => !document.querySelector('#root[data-ssr]'));
    // The release moves on and the old version is pruned while the tab stays open.
    editRegistry((r) => {
      r.mf_public.stable = oldStable;
    });
    fs.rmSync(oldDir, { recursive: true, force: true });

    await v.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await v.page.waitForURL('**/about');
    const panel = v.page.getByRole('alert');
    await panel.getByRole('heading', { name: 'A newer version is available' }).waitFor();
    expect(await v.page.getByText('This area is unavailable').count()).toBe(0);
    await Promise.all([v.page.waitForEvent('load'), panel.getByRole('button', { name: 'Reload' }).click()]);
    await v.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await v.page.getByRole('alert').count()).toBe(0);
    await v.page.waitForFunction(
      (dir) => performance.getEntriesByType('resource').some((e) => e.name.includes(dir)),
      `/remotes/mf_public/${stable}/`,
    );
  } finally {
    editRegistry((r) => {
      r.mf_public.stable = oldStable;
    });
    await v.context.close();
  }
});
