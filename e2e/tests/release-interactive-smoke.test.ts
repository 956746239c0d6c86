// The smoke test interacts, and the synthetic canary: a REAL webpack build of mf_public
// (a patched copy of its sources) whose About page renders fine but throws when its button
// is clicked. The render-only smoke test (RELEASE_SMOKE_ACTIONS=0, what it was) passes it;
// the interactive one refuses it at publish, and at canary even though it passed the
// render-only one before, naming the page and the action. A good build passes. Before a
// rollout, `--synthetic N --site URL` visits the live site through nginx with the
// candidate pinned: the broken build's rollout never starts and history says why; the good
// build's starts, with the outcome in its history entry.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { buildVariant, cleanup, deriveVersion, publishAll, root, startSite } from '../lib/nginx.cjs';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../lib/platform.cjs') as {
  startPlatform: (o: object) => Promise<{ baseURL: string; stop: () => Promise<void> }>;
};

const HEADING = 'Real Estate Investment For Everyone';
const CLICK_ERROR = 'throws on click';
let releases: string;
let stable: string;
let broken: string;
let brokenDist: string;

/** The release CLI (as `npm run release --`), with time for interactive smoke tests on a busy machine. */
function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [path.join(root, 'tools/release/cli.mjs'), ...args, '--root', releases], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, RELEASE_USER: 'e2e', ...env },
    timeout: 300_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, out: `${r.stdout}${r.stderr}` };
}
const history = () =>
  fs
    .readFileSync(path.join(releases, 'history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const esc = (v: string) => v.replace(/\./g, '\\.');

beforeAll(() => {
  releases = publishAll();
  stable = JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')).mf_public.stable.version;
  const [maj, min] = stable.split('.').map(Number);
  broken = `${maj}.${min + 50}.0`;
  brokenDist = buildVariant('mf_public', broken, (dir: string) => {
    fs.writeFileSync(
      path.join(dir, 'src/exposes/About.tsx'),
      `export default function About() {
  return (
    <section>
      <h1>About Tessera</h1>
      <p>Fractional real-estate investment.</p>
      <button
        type="button"
        onClick={() => {
          throw new Error('About ${broken} ${CLICK_ERROR}');
        }}
      >
        Meet the team
      </button>
    </section>
  );
}
`,
    );
  });
}, 900_000);
afterAll(() => cleanup());

test('a build whose page throws on click passes the render-only smoke test, and the interactive one refuses it', () => {
  // What the smoke test was: render only. The broken build passes and is published.
  const renderOnly = cli(['publish', 'mf_public', '--from', brokenDist], { RELEASE_SMOKE_ACTIONS: '0' });
  expect(renderOnly.out).toMatch(new RegExp(`mf_public ${esc(broken)}: smoke test passed`));
  expect(renderOnly.code).toBe(0);

  // The same code at a new version, published with the interactive smoke test: refused,
  // naming the page and the action; nothing published, nothing recorded.
  const [maj, min] = stable.split('.').map(Number);
  const again = `${maj}.${min + 51}.0`;
  const derived = deriveVersion(releases, 'mf_public', broken, again, { text: CLICK_ERROR, replacement: `${CLICK_ERROR}!` });
  const before = fs.readFileSync(path.join(releases, 'history.jsonl'), 'utf8');
  const r = cli(['publish', 'mf_public', '--from', derived.dir]);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(new RegExp(`refused: mf_public ${esc(again)} fails its smoke test in Chromium`));
  expect(r.stderr).toMatch(/- \/about \(\.\/About\): clicking "Meet the team" throws: .*throws on click!/);
  // Only the page that throws is blamed.
  expect(r.stderr).not.toMatch(/- \/(properties|privacy|login|signup)? \(/);
  expect(fs.existsSync(path.join(releases, 'mf_public', again))).toBe(false);
  expect(fs.readFileSync(path.join(releases, 'history.jsonl'), 'utf8')).toBe(before);

  // A canary of the version that passed the render-only smoke test is smoke-tested again
  // (a render-only pass is not reused) and refused.
  const canary = cli(['canary', 'mf_public', broken, '10']);
  expect(canary.code).toBe(1);
  expect(canary.stderr).toMatch(/- \/about \(\.\/About\): clicking "Meet the team" throws: .*throws on click/);
  expect(JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')).mf_public.canary).toBeUndefined();
}, 900_000);

test('a good build passes the interactive smoke test; history records it as exercised', () => {
  const [maj, min] = stable.split('.').map(Number);
  const good = `${maj}.${min + 52}.0`;
  const derived = deriveVersion(releases, 'mf_public', stable, good, { text: HEADING, replacement: `${HEADING} (v${good})` });
  const r = cli(['publish', 'mf_public', '--from', derived.dir]);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(new RegExp(`mf_public ${esc(good)}: smoke test passed \\(\\d+ checks in Chromium against shell`));
  expect(history().at(-1)).toMatchObject({ verb: 'publish', to: good, smoke: 'passed', smokeInteractive: true });
}, 600_000);

test('signed-in pages are exercised signed in, against a throwaway API; a declared primary action must be there', () => {
  const investorStable = JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')).mf_investor.stable.version as string;
  const [maj, min] = investorStable.split('.').map(Number);
  // The seeded template of this run: a copy starts in seconds (a fresh seed takes a minute).
  const env = { RELEASE_SMOKE_DATA: process.env.TESSERA_E2E_TEMPLATE ?? '' };

  // mf_investor declares "Send ticket" on /dashboard/support (platform.json "smoke"): a build
  // where that button is gone (renamed) is refused, naming the page and the action.
  const renamed = `${maj}.${min + 1}.0`;
  const without = deriveVersion(releases, 'mf_investor', investorStable, renamed, { text: 'Send ticket', replacement: 'Send the ticket' });
  const refused = cli(['publish', 'mf_investor', '--from', without.dir], env);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    /- \/dashboard\/support \(\.\/Support\) signed in as INVESTOR: its declared action "Send ticket" \(platform\.json "smoke"\) is not on the page/,
  );

  const next = `${maj}.${min + 2}.0`;
  const derived = deriveVersion(releases, 'mf_investor', investorStable, next, {
    text: 'See your investments',
    replacement: 'See all your investments',
  });
  const r = cli(['publish', 'mf_investor', '--from', derived.dir], env);
  expect(r.out).toMatch(
    new RegExp(
      `mf_investor ${esc(next)}: smoke test passed \\(\\d+ checks in Chromium against shell \\S+, (\\d+) pages exercised \\(\\1 signed in\\)(?:; [^\\n]*)?\\)`,
    ),
  );
  // A page with a parameter whose collection the API does not serve at its path is named, not guessed.
  expect(r.out).toMatch(/\/dashboard\/support\/:id not opened: GET \/v1\/dashboard\/support answered 404/);
  expect(r.code).toBe(0);
  expect(history().at(-1)).toMatchObject({ verb: 'publish', remote: 'mf_investor', to: next, smoke: 'passed', smokeInteractive: true });
}, 600_000);

test('rollout --synthetic: visits through the live site refuse the broken build and let the good one start', async () => {
  const api = await startPlatform({ template: process.env.TESSERA_E2E_TEMPLATE, name: 'synthetic-api', env: { RELEASES_DIR: releases } });
  const site = await startSite(releases, api.baseURL);
  try {
    const good = history().find((e) => e.verb === 'publish' && e.remote === 'mf_public' && e.smokeInteractive === true)?.to as string;
    expect(good).toBeTruthy();
    // Two visits: the landing page, then /about, where the click throws.
    const bad = cli(['rollout', 'mf_public', broken, '--skip-smoke', '--synthetic', '2', '--site', site.url]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(new RegExp(`refused: mf_public ${esc(broken)} fails its synthetic canary`));
    expect(bad.stderr).toMatch(/- visit 2\/2: \/about \(\.\/About\): clicking "Meet the team" throws: .*throws on click/);
    expect(JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')).mf_public.canary).toBeUndefined();
    expect(
      fs.existsSync(path.join(releases, 'rollouts.json'))
        ? JSON.parse(fs.readFileSync(path.join(releases, 'rollouts.json'), 'utf8')).mf_public
        : undefined,
    ).toBeUndefined();
    expect(history().at(-1)).toMatchObject({ verb: 'synthetic', to: broken, synthetic: 'failed' });
    expect(cli(['history', 'mf_public']).stdout).toMatch(new RegExp(`synthetic canary of ${esc(broken)} failed`));

    const ok = cli(['rollout', 'mf_public', good, '--synthetic', '2', '--site', site.url]);
    expect(ok.out).toMatch(new RegExp(`mf_public ${esc(good)}: synthetic canary passed \\(2 synthetic visits`));
    expect(ok.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')).mf_public.canary).toMatchObject({ version: good });
    expect(history().at(-1)).toMatchObject({ verb: 'rollout', to: good, synthetic: 'passed' });
  } finally {
    await site.stop();
    await api.stop();
  }
}, 600_000);
