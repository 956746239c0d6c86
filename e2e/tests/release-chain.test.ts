// The whole chain, as the README's release section runs it, in Chromium through real nginx:
// a canary of mf_public whose About page throws in a click handler (a real webpack build)
// is published and rolled out at 20 %; real visitors open /about and click; those the
// canary was assigned to see only its area replaced by a panel (the chrome keeps working),
// the error is counted against the canary's version from the signed page views, and
// `release tick` rolls the canary back on its own. No more visitors are hurt than the
// step's share, and none after the rollback.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launch } from '../lib/browser';
import { cleanup, publishAll, release, startSite } from '../lib/nginx.cjs';
import {
  AREA_ERROR,
  buildAboutThatThrows,
  cohortFor,
  GLOBAL_ERROR,
  health,
  hydrated,
  later,
  leave,
  readRegistry,
  signIn,
  stableOf,
  until,
  visitor,
} from '../lib/release';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as {
  startPlatform: (o: object) => Promise<{ baseURL: string; stop: () => Promise<void> }>;
};

const STEP = 20;
// 10 visitors at 20 %: 2 on the canary. Both hurt against 8 healthy stable views is a
// breach (one-sided Fisher p = 1/45 < 0.05) once the stable has its 8 loads.
const VISITORS = 10;
const PLAN = ['--steps', `${STEP},100`, '--min-loads', '8', '--min-minutes', '0'];
let browser: Browser;
let releases: string;
let site: Awaited<ReturnType<typeof startSite>>;
let api: Awaited<ReturnType<typeof startPlatform>>;
let stable: string;
let broken: string;
let adminToken: string;
let releaseToken: string;

beforeAll(async () => {
  releases = publishAll();
  stable = stableOf(releases);
  broken = later(stable, 11);
  // About renders and imports fine, then throws when its button is clicked.
  const dist = buildAboutThatThrows(broken, ['click']);
  // Published without its smoke test: the interactive smoke refuses this build
  // (release-interactive-smoke); the rollout's own signal is what this test is about.
  release(releases, ['publish', 'mf_public', '--from', dist, '--skip-smoke']);

  api = await startPlatform({ template: process.env.TESSERA_E2E_TEMPLATE, name: 'release-chain-api', env: { RELEASES_DIR: releases } });
  site = await startSite(releases, api.baseURL);
  browser = await launch();
  adminToken = await signIn(api.baseURL);
  const made = release(releases, ['token', 'create', 'e2e chain', '--api', site.url], {
    env: { TESSERA_ADMIN_EMAIL: 'admin@tessera.local', TESSERA_ADMIN_PASSWORD: 'Admin123!', TESSERA_TOKEN: '' },
  });
  releaseToken = /TESSERA_RELEASE_TOKEN=(tsr_[A-Za-z0-9_-]+)/.exec(made.stdout)![1];
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await api?.stop();
  cleanup();
});

const tick = () => release(releases, ['tick', '--api', site.url], { env: { TESSERA_RELEASE_TOKEN: releaseToken, TESSERA_TOKEN: '' } });

/**
 * One visitor of the given cohort opens /about and clicks the canary's button when its page
 * has it (the stable's About has none), checks that whatever broke stayed in its area, and
 * leaves. Whether it was hurt (its area lost to the error panel).
 */
async function visitAbout(cohort: string): Promise<boolean> {
  const v = await visitor(browser, site.url, { cohort });
  // Closed once the figures are in (closing at once may cancel the beacon).
  profiles.push(v.context);
  await v.page.goto('/about');
  await hydrated(v.page);
  // The About module of the version this visitor got has run.
  const version = await v.page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => /\/remotes\/mf_public\/([^/]+)\/__federation_expose_About/.exec(e.name)?.[1])
      .find(Boolean),
  );
  const onCanary = (await version.jsonValue()) === broken;
  const button = v.page.getByRole('main').getByRole('button', { name: 'Break on click' });
  if (onCanary) await button.click();
  else expect(await button.count()).toBe(0);
  const hurt = await v.page
    .getByRole('alert')
    .getByRole('heading', { name: AREA_ERROR })
    .waitFor({ timeout: onCanary ? 10_000 : 500 })
    .then(() => true)
    .catch(() => false);
  if (hurt) {
    // Only the area: the chrome's navigation still leads somewhere that renders.
    const nav = v.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Properties' }).click();
    await v.page.waitForURL('**/properties');
    await v.page.getByRole('heading', { name: AREA_ERROR }).waitFor({ state: 'detached' });
    expect(v.errors).toEqual([expect.stringContaining(`canary ${broken} throws on click`)]);
  } else {
    expect(v.errors).toEqual([]);
  }
  expect(await v.page.getByText(GLOBAL_ERROR).count()).toBe(0);
  await leave(v);
  return hurt;
}
const profiles: BrowserContext[] = [];
const closeProfiles = () => Promise.all(profiles.splice(0).map((c) => c.close()));

/** Visits in pairs (two cores): the order of the cohorts is kept. */
async function visitAll(cohorts: string[]): Promise<boolean[]> {
  const hurt: boolean[] = [];
  for (let i = 0; i < cohorts.length; i += 2) hurt.push(...(await Promise.all(cohorts.slice(i, i + 2).map(visitAbout))));
  return hurt;
}

test('a canary that throws on click is contained, counted against its version, and rolled back by tick alone', async () => {
  const start = release(releases, ['rollout', 'mf_public', broken, ...PLAN, '--skip-smoke']);
  expect(start.stdout).toMatch(new RegExp(`rollout of ${broken.replace(/\./g, '\\.')} started at ${STEP}%`));
  expect(readRegistry(releases).mf_public.canary).toMatchObject({ version: broken, percent: STEP });

  // The step's share of the visitors is on the canary (their sticky cohorts), the rest on the stable.
  const onCanary = Math.round((VISITORS * STEP) / 100);
  const cohorts = Array.from({ length: VISITORS }, (_, i) => cohortFor(i < onCanary, STEP));
  const [canaryBefore, stableBefore] = [await health(api.baseURL, adminToken, broken), await health(api.baseURL, adminToken, stable)];
  const hurt = await visitAll(cohorts);
  expect(hurt.filter(Boolean).length).toBe(onCanary);
  expect(hurt.slice(0, onCanary).every(Boolean)).toBe(true);

  // Every view settled: the canary's as errors, the stable's as loads.
  const canary = await until(
    () => health(api.baseURL, adminToken, broken),
    (h) => h.errors >= canaryBefore.errors + onCanary,
    'the canary errors',
    30_000,
  );
  expect(canary).toMatchObject({ errors: canaryBefore.errors + onCanary, failures: canaryBefore.failures });
  expect(canary.lastDetail).toContain(`canary ${broken} throws on click`);
  const stableNow = await until(
    () => health(api.baseURL, adminToken, stable),
    (h) => h.loads >= stableBefore.loads + VISITORS - onCanary,
    'the stable loads',
    30_000,
  );
  expect(stableNow).toMatchObject({ errors: stableBefore.errors, failures: stableBefore.failures });
  await closeProfiles();

  // The rollout decides on its own.
  const out = tick().stdout;
  expect(out).toMatch(new RegExp(`rollback — breach at ${STEP}%: canary error rate 100\\.0%`));
  expect(readRegistry(releases).mf_public.canary).toBeUndefined();
  expect(readRegistry(releases).mf_public.stable).toMatchObject({ version: stable });
  expect((await (await fetch(`${site.url}/remotes.json`)).json()).mf_public.canary).toBeUndefined();
  const history = fs.readFileSync(path.join(releases, 'history.jsonl'), 'utf8').trim().split('\n');
  expect(JSON.parse(history.at(-1)!)).toMatchObject({ verb: 'rollback', from: broken, to: stable, user: 'rollout' });

  // From now on the canary's cohorts get the stable: nobody else is hurt.
  expect(await visitAll(cohorts.slice(0, onCanary))).toEqual(Array(onCanary).fill(false));
  await closeProfiles();
});
