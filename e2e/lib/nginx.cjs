// Release fixtures for the e2e tests: a private releases root published with the real
// release CLI from the built packages, a second version of a remote, and nginx in front
// of them (nginx/nginx.cjs) proxying to the test platform's API.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { startNginx } = require('../../nginx/nginx.cjs');

const root = path.resolve(__dirname, '../..');
const CLI = path.join(root, 'tools/release/cli.mjs');
let counter = 0;
const created = [];

/** A fresh folder of our own under e2e/.tmp (world-readable, so nginx's workers can serve it). */
function tempDir(label) {
  counter += 1;
  const dir = path.join(root, 'e2e/.tmp', `release-${process.pid}-${counter}-${label}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  created.push(dir);
  return dir;
}

/** Removes the folders tempDir made in this process (and nothing else under e2e/.tmp). */
function cleanup() {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Runs `npm run release -- …` (the CLI itself) against `releasesRoot`. */
function release(releasesRoot, args, { env = {}, expectFail = false } = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args, '--root', releasesRoot], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, RELEASE_USER: 'e2e', ...env },
    timeout: 60_000,
  });
  const out = { code: r.status, stdout: r.stdout, stderr: r.stderr };
  if (!expectFail && r.status !== 0) throw new Error(`release ${args.join(' ')} exited ${r.status}:\n${r.stderr}${r.stdout}`);
  return out;
}

/** A releases root with the shell and every remote published from their dist folders. */
function publishAll() {
  const dir = tempDir('releases');
  // The builds of this checkout: their smoke test is e2e/tests/release-smoke.test.ts.
  release(dir, ['publish', 'all', '--skip-smoke']);
  return dir;
}

/**
 * A second, visibly different version of a remote, derived from a published one: the
 * build is copied, its manifest says `version`, and `text` is replaced by `replacement`
 * in the one file that contains it. Chunk names keep the original content hashes; every
 * version lives under its own URL (/remotes/<name>/<version>/), so caching stays correct.
 * This stands in for "the team rebuilt with a new version" without editing the package.
 */
function deriveVersion(releasesRoot, remote, fromVersion, version, { text, replacement }) {
  const src = path.join(releasesRoot, remote, fromVersion);
  const out = path.join(tempDir(`${remote}-${version}`), version);
  fs.cpSync(src, out, { recursive: true });
  const manifestFile = path.join(out, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.metaData.buildInfo.buildVersion = version;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const hits = fs.readdirSync(out).filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(out, f), 'utf8').includes(text));
  if (hits.length !== 1) throw new Error(`"${text}" is in ${hits.length} files of ${src} (${hits.join(', ')}); expected exactly one`);
  const file = path.join(out, hits[0]);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').split(text).join(replacement));
  return { dir: out, file: hits[0] };
}

/** nginx serving `releasesRoot`, proxying the API to `api`. */
async function startSite(releasesRoot, api, opts = {}) {
  return startNginx({ root: releasesRoot, api, prefix: tempDir('nginx'), ...opts });
}

module.exports = { tempDir, cleanup, release, publishAll, deriveVersion, startSite, root };
