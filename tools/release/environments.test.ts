// Named environments over one releases root: each its own registry, shell page, rollouts and
// history over the same published versions; a version promoted from staging to production
// as it is (nothing rebuilt), refused when it is not staging's stable; prune keeping what
// another environment uses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main } from './cli';
import { fakeBuild, fakeShell, HOST, REQUIRED } from './fixtures';
import * as release from './index';

let tmp: string;
let out: string[];
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-envs-'));
  out = [];
  jest.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  jest.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
});
afterEach(() => {
  jest.restoreAllMocks();
  fs.rmSync(tmp, { recursive: true, force: true });
});
const root = () => path.join(tmp, 'releases');
const env = (name: string) => path.join(root(), 'envs', name);
const opts = { required: REQUIRED, hostShared: HOST, user: 'ana' };
const cli = (...argv: string[]) => main([...argv, '--root', root(), '--user', 'ana']);
/** main() as the CLI runs it: refusals are exit 1 with the message. */
async function cliExit(...argv: string[]): Promise<number> {
  try {
    return await cli(...argv);
  } catch (err) {
    if (err instanceof release.ReleaseError) {
      out.push(`release: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

function publishAll() {
  release.publish(root(), 'shell', { ...opts, from: fakeShell(tmp, '1.0.0') });
  for (const v of ['1.0.0', '1.1.0', '1.2.0'])
    release.publish(root(), 'mf_public', { ...opts, from: fakeBuild(tmp, { name: 'mf_public', version: v, exposes: ['Landing'] }) });
}
/** A new environment with the shell in it (what the remotes are checked against). */
async function newEnv(name: string) {
  await cli('env', 'create', name);
  await cli('promote', 'shell', '1.0.0', '--env', name);
}
const stableIn = (dir: string) => release.readRegistry(dir).mf_public?.stable.version;

test('environments: created by name, each its own registry; a misspelt --env is refused', async () => {
  publishAll();
  expect(await cli('env', 'create', 'staging')).toBe(0);
  expect(await cli('env', 'create', 'production')).toBe(0);
  expect(await cliExit('env', 'create', 'staging')).toBe(1);
  expect(await cliExit('env', 'create', 'Bad_Name')).toBe(1);
  expect(release.listEnvs(root())).toEqual(['production', 'staging']);
  // An environment starts empty; its remotes and shell link to the one set of published versions.
  expect(fs.readlinkSync(path.join(env('staging'), 'mf_public'))).toBe(path.join('..', '..', 'mf_public'));
  expect(release.published(env('staging'), 'mf_public')).toEqual(['1.0.0', '1.1.0', '1.2.0']);
  expect(release.readRegistry(env('staging'))).toEqual({});

  out = [];
  expect(await cliExit('status', '--env', 'prodution')).toBe(1);
  expect(out.join('\n')).toMatch(/no environment "prodution" .*environments: production, staging.*env create prodution/);

  // Each environment takes its first versions by promote (the shell too): nothing is rebuilt.
  for (const e of ['staging', 'production']) {
    expect(await cli('promote', 'shell', '1.0.0', '--env', e)).toBe(0);
    expect(await cli('promote', 'mf_public', '1.0.0', '--env', e)).toBe(0);
  }
  expect(await cli('promote', 'mf_public', '1.1.0', '--env', 'staging')).toBe(0);
  expect(stableIn(env('staging'))).toBe('1.1.0');
  expect(stableIn(env('production'))).toBe('1.0.0');
  expect(stableIn(root())).toBe('1.0.0');
  expect(release.readHistory(root()).map((e) => e.verb)).toEqual(['publish', 'publish', 'publish', 'publish']);
  // An environment's folder is served as a releases root: its page and its registry.
  expect(fs.readFileSync(path.join(env('production'), 'index.html'), 'utf8')).toContain('/shell/1.0.0/main.js');
});

test('promote from staging to production: the same published build, only when it is staging’s stable', async () => {
  publishAll();
  await newEnv('staging');
  await newEnv('production');
  for (const e of ['staging', 'production']) await cli('promote', 'mf_public', '1.0.0', '--env', e);
  await cli('promote', 'mf_public', '1.1.0', '--env', 'staging');

  // 1.2.0 never went through staging: refused, nothing changed.
  const before = fs.readFileSync(path.join(env('production'), 'remotes.json'), 'utf8');
  out = [];
  expect(await cliExit('promote', 'mf_public', '1.2.0', '--env', 'production', '--from', 'staging')).toBe(1);
  expect(out.join('\n')).toMatch(/mf_public 1\.2\.0 is not the stable version in staging \(stable there: 1\.1\.0\)/);
  expect(fs.readFileSync(path.join(env('production'), 'remotes.json'), 'utf8')).toBe(before);
  expect(await cliExit('promote', 'mf_public', '--env', 'staging', '--from', 'staging')).toBe(1);

  out = [];
  expect(await cli('promote', 'mf_public', '1.1.0', '--env', 'production', '--from', 'staging')).toBe(0);
  expect(out.join('\n')).toMatch(/mf_public: 1\.1\.0 is stable in production \(from staging\) \(was 1\.0\.0/);
  const prod = release.readRegistry(env('production')).mf_public!;
  expect(prod).toMatchObject({ stable: { version: '1.1.0', entry: '/remotes/mf_public/1.1.0/mf-manifest.json' }, previous: ['1.0.0'] });
  // The very files staging runs: one published folder.
  expect(fs.realpathSync(path.join(env('production'), 'mf_public', '1.1.0'))).toBe(
    fs.realpathSync(path.join(env('staging'), 'mf_public', '1.1.0')),
  );
  expect(release.readHistory(env('production')).at(-1)).toMatchObject({ verb: 'promote', from: '1.0.0', to: '1.1.0', fromEnv: 'staging' });
  expect(release.readHistory(env('staging')).some((e) => e.fromEnv)).toBe(false);
  // Without a version: staging's stable.
  await cli('promote', 'mf_public', '1.2.0', '--env', 'staging');
  expect(await cli('promote', 'mf_public', '--env', 'production', '--from', 'staging')).toBe(0);
  expect(stableIn(env('production'))).toBe('1.2.0');
  // A rollback in production leaves staging alone.
  await cli('rollback', 'mf_public', '--env', 'production');
  expect([stableIn(env('production')), stableIn(env('staging')), stableIn(root())]).toEqual(['1.1.0', '1.2.0', '1.0.0']);
});

test('a rollout in one environment leaves the others’ canaries and rollouts alone', async () => {
  publishAll();
  await newEnv('staging');
  await cli('promote', 'mf_public', '1.0.0', '--env', 'staging');
  expect(await cli('rollout', 'mf_public', '1.1.0', '--env', 'staging', '--skip-smoke', '--steps', '10,100')).toBe(0);
  expect(release.readRegistry(env('staging')).mf_public!.canary).toMatchObject({ version: '1.1.0', percent: 10 });
  expect(release.readRegistry(root()).mf_public!.canary).toBeUndefined();
  expect(release.readRollouts(root())).toEqual({});
  expect(release.readRollouts(env('staging')).mf_public).toMatchObject({ status: 'running', version: '1.1.0' });
  // The default environment's own canary is its business.
  release.canary(root(), 'mf_public', '1.2.0', 5, opts);
  expect(release.readRollouts(env('staging')).mf_public.status).toBe('running');
});

test('prune keeps the versions another environment uses', async () => {
  publishAll();
  await newEnv('production');
  await cli('promote', 'mf_public', '1.1.0', '--env', 'production');
  // In the default environment 1.1.0 was never live: only production needs it.
  const later = new Date(Date.now() + 48 * 3_600_000);
  const res = release.prune(root(), 1, { ...opts, now: later, dryRun: true }).find((r) => r.remote === 'mf_public')!;
  expect(res.deleted).toEqual([]);
  expect(res.kept).toContainEqual({ version: '1.1.0', why: 'stable in environment production' });
});
