// Issue 17, smoke before users: `publish` loads every exposed module of a build, and
// renders the remote's public pages, in headless Chromium against the live shell. A REAL
// webpack build of mf_public (a patched copy of its sources) whose About module throws
// when imported and whose Landing page renders nothing is refused, and leaves no trace;
// a good build passes and its history says so.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { cleanup, deriveVersion, publishAll, release, root, tempDir } from '../lib/nginx.cjs';

const HEADING = 'Real Estate Investment For Everyone';
let releases: string;
let stable: string;

/** A real build of mf_public at `version` from a copy of its sources edited by `patch`. */
function buildPublic(version: string, patch: (exposes: string) => void): string {
  const from = path.join(root, 'mf-public');
  const dir = path.join(tempDir(`mf-public-${version}-src`), 'mf-public');
  fs.cpSync(from, dir, { recursive: true, filter: (src) => !/^[\\/](node_modules|dist|\.tsbuild)([\\/]|$)/.test(src.slice(from.length)) });
  const pkgFile = path.join(dir, 'package.json');
  fs.writeFileSync(pkgFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(pkgFile, 'utf8')), version }, null, 2));
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: path.join(root, 'tsconfig.base.json'), include: ['src'] }));
  fs.writeFileSync(
    path.join(dir, 'webpack.config.cjs'),
    `const { createConfig } = require(${JSON.stringify(path.join(root, 'tools/webpack/create-config.cjs'))});\nmodule.exports = createConfig({ dir: __dirname, name: 'mf_public' });\n`,
  );
  patch(path.join(dir, 'src/exposes'));
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production', '--config', path.join(dir, 'webpack.config.cjs')],
    { cwd: dir, encoding: 'utf8', timeout: 600_000 },
  );
  if (r.status !== 0) throw new Error(`building mf_public ${version} failed (${r.status}):\n${r.stderr}${r.stdout}`);
  return path.join(dir, 'dist', version);
}

beforeAll(() => {
  releases = publishAll();
  stable = JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')).mf_public.stable.version;
}, 600_000);
afterAll(() => cleanup());

test('a build that throws on import, or renders an empty page, is refused at publish; nothing changes', () => {
  const [maj, min] = stable.split('.').map(Number);
  const version = `${maj}.${min + 40}.0`;
  const dist = buildPublic(version, (exposes) => {
    fs.writeFileSync(
      path.join(exposes, 'About.tsx'),
      `throw new Error('About ${version} throws at import');\nexport default function About() { return null; }\n`,
    );
    fs.writeFileSync(path.join(exposes, 'Landing.tsx'), 'export default function Landing() { return null; }\n');
  });
  const before = {
    history: fs.readFileSync(path.join(releases, 'history.jsonl'), 'utf8'),
    registry: fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8'),
  };

  const r = release(releases, ['publish', 'mf_public', '--from', dist], { expectFail: true });
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(new RegExp(`refused: mf_public ${version.replace(/\./g, '\\.')} fails its smoke test in Chromium`));
  expect(r.stderr).toMatch(/- \.\/About throws on import/);
  expect(r.stderr).toMatch(/- \/ \(\.\/Landing\) renders nothing \(empty page area\)/);
  expect(r.stderr).toMatch(/- \/about \(\.\/About\) shows "This area is unavailable"/);
  // Pages of the build that work are not blamed.
  expect(r.stderr).not.toMatch(/\/properties|\/privacy|\/terms/);
  // Not published, nothing recorded, the registry as it was.
  expect(fs.existsSync(path.join(releases, 'mf_public', version))).toBe(false);
  expect(fs.readFileSync(path.join(releases, 'history.jsonl'), 'utf8')).toBe(before.history);
  expect(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')).toBe(before.registry);

  // --skip-smoke publishes it anyway, and says so in history.
  release(releases, ['publish', 'mf_public', '--from', dist, '--skip-smoke']);
  const last = JSON.parse(fs.readFileSync(path.join(releases, 'history.jsonl'), 'utf8').trim().split('\n').at(-1)!);
  expect(last).toMatchObject({ verb: 'publish', to: version, smoke: 'skipped', smokeDetail: '--skip-smoke' });
  expect(release(releases, ['history', 'mf_public']).stdout).toMatch(
    new RegExp(`published ${version.replace(/\./g, '\\.')}  by e2e \\[smoke skipped\\]`),
  );
}, 900_000);

test('a good build passes: every exposed module imported, every public page rendered', () => {
  const [maj, min] = stable.split('.').map(Number);
  const version = `${maj}.${min + 41}.0`;
  const derived = deriveVersion(releases, 'mf_public', stable, version, { text: HEADING, replacement: `${HEADING} (v${version})` });
  const r = release(releases, ['publish', 'mf_public', '--from', derived.dir]);
  expect(r.stdout).toMatch(
    new RegExp(`mf_public ${version.replace(/\./g, '\\.')}: smoke test passed \\(\\d+ checks in Chromium against shell`),
  );
  const last = JSON.parse(fs.readFileSync(path.join(releases, 'history.jsonl'), 'utf8').trim().split('\n').at(-1)!);
  expect(last).toMatchObject({ verb: 'publish', to: version, smoke: 'passed' });
  // The canary of the same immutable build against the same live shell reuses the result.
  expect(release(releases, ['canary', 'mf_public', version, '10']).stdout).toMatch(
    /smoke test passed against shell .* \(history\); not run again/,
  );
}, 300_000);
