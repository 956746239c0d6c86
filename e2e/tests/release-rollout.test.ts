// Issue 17, self-watching rollouts through real nginx: `release tick` reads the API's
// telemetry through nginx with a release token (made by `release token create`), and
// decides. The telemetry is synthetic — page views and their health reports as the shell
// sends them, each with the signed view id the API serves in the page — so the test controls the error
// rates: a rollout whose canary is
// as healthy as the stable walks every step and promotes itself; one whose canary fails
// above the stable's rate is rolled back on the next tick, the reason in history.
// Tiny steps (--steps 50,100 --min-loads 20 --min-minutes 0) keep it quick.
import fs from 'node:fs';
import path from 'node:path';

import { cleanup, deriveVersion, publishAll, release, startSite } from '../lib/nginx.cjs';
import { cohortFor, HEADING, later, readRegistry } from '../lib/release';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as {
  startPlatform: (o: object) => Promise<{ baseURL: string; stop: () => Promise<void> }>;
};

const PLAN = ['--steps', '50,100', '--min-loads', '20', '--min-minutes', '0'];
let releases: string;
let site: Awaited<ReturnType<typeof startSite>>;
let api: Awaited<ReturnType<typeof startPlatform>>;
let stable: string;
let good: string;
let bad: string;
let token: string;

const registry = () =>
  readRegistry(releases).mf_public as {
    stable: { version: string };
    canary?: { version: string; percent: number };
  };
const rollout = () =>
  JSON.parse(fs.readFileSync(path.join(releases, 'rollouts.json'), 'utf8')).mf_public as {
    status: string;
    step: number;
    last: { action: string; reason: string };
  };
const history = () =>
  fs
    .readFileSync(path.join(releases, 'history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const env = () => ({ TESSERA_RELEASE_TOKEN: token, TESSERA_TOKEN: '' });
const tick = () => release(releases, ['tick', '--api', site.url], { env: env() });

/** A cohort id the registry puts on `channel` (the canary's percentage as it is now). */
const cohortOn = (channel: 'stable' | 'canary') => cohortFor(channel === 'canary', registry().canary?.percent ?? 0);

/** The view id a page served to a visitor of `cohort` carries, and the versions it was assigned. */
async function servedView(cohort: string): Promise<{ view: string; assigned: Record<string, [string, string]> }> {
  const res = await fetch(`${api.baseURL}/`, { headers: { accept: 'text/html', cookie: `tesseraCohort=${cohort}` } });
  const view = /<meta name="tessera-view" content="([^"]+)"/.exec(await res.text())?.[1];
  if (!view) throw new Error(`GET / (${res.status}) has no view id`);
  const payload = JSON.parse(Buffer.from(view.split('.')[0], 'base64url').toString('utf8')) as { a: Record<string, [string, string]> };
  return { view, assigned: payload.a };
}

/**
 * Reports `n` page views of `version` as the shell does: each view's signed id comes with
 * the page the API serves to a visitor of a cohort on that channel, and its report carries
 * it. Straight to the API: nginx limits telemetry per address, and this test is one address.
 */
async function report(
  version: string,
  channel: 'stable' | 'canary',
  n: number,
  kind: 'load' | 'failure' | 'error' = 'load',
): Promise<number> {
  const item = {
    remote: 'mf_public',
    version,
    channel,
    loads: kind === 'failure' ? 0 : 1,
    failures: kind === 'failure' ? 1 : 0,
    errors: kind === 'error' ? 1 : 0,
    path: '/',
  };
  let status = 0;
  for (let i = 0; i < n; i++) {
    const { view, assigned } = await servedView(cohortOn(channel));
    expect(assigned.mf_public).toEqual([version, channel]);
    const res = await fetch(`${api.baseURL}/v1/telemetry/remote-load`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ view, items: [item] }),
    });
    status = res.status;
    if (status !== 204 || res.headers.get('telemetry-counted') !== '1') return status || -1;
  }
  return status;
}

/** A report without a view, as anyone outside could send: accepted, and counted for nothing. */
async function forged(version: string, channel: 'stable' | 'canary', kind: 'load' | 'failure'): Promise<string | null> {
  const item = {
    remote: 'mf_public',
    version,
    channel,
    loads: kind === 'load' ? 1 : 0,
    failures: kind === 'failure' ? 1 : 0,
    errors: 0,
    path: '/',
  };
  const res = await fetch(`${site.url}/v1/telemetry/remote-load`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: Array(20).fill(item) }),
  });
  expect(res.status).toBe(204);
  return res.headers.get('telemetry-ignored');
}

beforeAll(async () => {
  releases = publishAll();
  stable = registry().stable.version;
  good = later(stable, 30);
  bad = later(stable, 31);
  for (const v of [good, bad]) {
    const derived = deriveVersion(releases, 'mf_public', stable, v, { text: HEADING, replacement: `${HEADING} (v${v})` });
    // The smoke test has its own e2e test (release-smoke): not the subject here.
    release(releases, ['publish', 'mf_public', '--from', derived.dir, '--skip-smoke']);
  }
  // An API that reads which versions are published from this releases root, behind nginx.
  api = await startPlatform({ template: process.env.TESSERA_E2E_TEMPLATE, name: 'release-rollout-api', env: { RELEASES_DIR: releases } });
  site = await startSite(releases, api.baseURL);

  // The admin makes a release token once (signing in for this command only).
  const made = release(releases, ['token', 'create', 'e2e rollouts', '--api', site.url], {
    env: { TESSERA_ADMIN_EMAIL: 'admin@tessera.local', TESSERA_ADMIN_PASSWORD: 'Admin123!', TESSERA_TOKEN: '' },
  });
  token = /TESSERA_RELEASE_TOKEN=(tsr_[A-Za-z0-9_-]+)/.exec(made.stdout)![1];

  // The stable's baseline: healthy pages.
  expect(await report(stable, 'stable', 40)).toBe(204);
}, 600_000);
afterAll(async () => {
  await site?.stop();
  await api?.stop();
  cleanup();
});

test('a rollout whose canary is as healthy as the stable walks every step and promotes itself', async () => {
  const start = release(releases, ['rollout', 'mf_public', good, ...PLAN, '--skip-smoke']);
  expect(start.stdout).toMatch(new RegExp(`rollout of ${good.replace(/\./g, '\\.')} started at 50%`));
  expect(registry().canary).toMatchObject({ version: good, percent: 50 });
  // Served through nginx as it is on disk.
  expect((await (await fetch(`${site.url}/remotes.json`)).json()).mf_public.canary).toMatchObject({ version: good, percent: 50 });

  // No canary loads yet: the step holds.
  expect(tick().stdout).toMatch(/mf_public .*: wait — holding at 50%: 0\/20 loads/);
  const status = release(releases, ['status', '--api', site.url], { env: env() }).stdout;
  expect(status).toMatch(/running at step 1\/2 = 50%/);
  expect(status).toMatch(/next decision: at the first tick after .* and 20 more canary loads/);
  expect(status).toMatch(/last decision \(.*, wait\): holding at 50%/);
  expect(status).toMatch(new RegExp(`stable ${stable.replace(/\./g, '\\.')}: 40 loads, 0 failures, 0 errors, 0\\.00% \\[0\\.00%–`));

  // Reports without a view (anyone outside) change nothing: 20 claimed failures of the canary.
  expect(await forged(good, 'canary', 'failure')).toBe('unsigned');
  expect(tick().stdout).toMatch(/mf_public .*: wait — holding at 50%: 0\/20 loads/);

  expect(await report(good, 'canary', 20)).toBe(204);
  expect(tick().stdout).toMatch(/advance — passed 50%/);
  expect(registry().canary).toMatchObject({ version: good, percent: 100 });

  expect(await report(good, 'canary', 20)).toBe(204);
  expect(tick().stdout).toMatch(/promote — passed every step \(50 → 100 %\)/);
  expect(registry().stable.version).toBe(good);
  expect(registry().canary).toBeUndefined();
  expect(rollout()).toMatchObject({ status: 'promoted', last: { action: 'promote' } });
  expect(history().at(-1)).toMatchObject({
    verb: 'promote',
    from: stable,
    to: good,
    user: 'rollout',
    reason: expect.stringMatching(/passed every step/),
  });
  expect((await (await fetch(`${site.url}/remotes.json`)).json()).mf_public.stable.version).toBe(good);
  expect(tick().stdout).toMatch(/no rollout running/);
});

test('a rollout whose canary fails above the stable’s rate rolls back by itself, the reason in history', async () => {
  const stableNow = registry().stable.version;
  release(releases, ['rollout', 'mf_public', bad, ...PLAN, '--skip-smoke']);
  expect(registry().canary).toMatchObject({ version: bad, percent: 50 });
  // 12 of 20 pages fail to load the canary, 3 more hit its error boundary; 220 good loads
  // claimed without views (anyone outside) hide nothing.
  for (let i = 0; i < 11; i++) expect(await forged(bad, 'canary', 'load')).toBe('unsigned');
  expect(await report(bad, 'canary', 12, 'failure')).toBe(204);
  expect(await report(bad, 'canary', 3, 'error')).toBe(204);
  expect(await report(bad, 'canary', 5)).toBe(204);

  const out = tick().stdout;
  expect(out).toMatch(/rollback — breach at 50%: canary error rate/);
  expect(registry().canary).toBeUndefined();
  expect(registry().stable.version).toBe(stableNow);
  expect((await (await fetch(`${site.url}/remotes.json`)).json()).mf_public.canary).toBeUndefined();
  expect(rollout()).toMatchObject({ status: 'rolled-back', last: { action: 'rollback' } });
  const last = history().at(-1)!;
  expect(last).toMatchObject({ verb: 'rollback', channel: 'canary', from: bad, to: stableNow, user: 'rollout' });
  expect(String(last.reason)).toMatch(/breach at 50%: canary error rate 75\.0% .* above the stable's 0\.0% .*Fisher exact p=.* < 0\.05/);
  // history and status say why, for the release engineer.
  expect(release(releases, ['history', 'mf_public']).stdout).toMatch(/ended canary .* by rollout\n\s+why: breach at 50%/);
  expect(release(releases, ['status']).stdout).toMatch(/rolled-back[\s\S]*last decision \(.*, rollback\): breach at 50%/);
});
