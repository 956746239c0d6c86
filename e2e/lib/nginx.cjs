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
/** @type {string[]} */
const created = [];

/**
 * A fresh folder of our own under e2e/.tmp (world-readable, so nginx's workers can serve it).
 * @param {string} label
 */
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

/**
 * Runs `npm run release -- …` (the CLI itself) against `releasesRoot`.
 * @param {string} releasesRoot
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, expectFail?: boolean }} [o]
 */
function release(releasesRoot, args, { env = {}, expectFail = false } = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args, '--root', releasesRoot], {
    cwd: root,
    encoding: 'utf8',
    // The smoke test's throwaway API (signed-in pages, pages with parameters) starts from
    // the run's seeded template rather than seeding one of its own.
    env: { ...process.env, RELEASE_USER: 'e2e', RELEASE_SMOKE_DATA: process.env.TESSERA_E2E_TEMPLATE ?? '', ...env },
    // The smoke test exercises every page of the remote in Chromium: time for a busy machine.
    timeout: 240_000,
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

/** The build's globals carry its version (tools/webpack/create-config.cjs). */
const { versionedGlobal } = require('../../tools/webpack/create-config.cjs');

/**
 * A second, visibly different version of a remote, derived from a published one: the
 * build is copied, its manifest says `version`, its versioned globals (chunk-loading array,
 * container) are renamed as a build at `version` names them, and `text` is replaced by
 * `replacement` in the one file that contains it. Chunk names keep the original content
 * hashes; every version lives under its own URL (/remotes/<name>/<version>/), so caching
 * stays correct. This stands in for "the team rebuilt with a new version" without editing
 * the package (buildVariant below does rebuild, for builds that must differ in code).
 * @param {string} releasesRoot
 * @param {string} remote
 * @param {string} fromVersion
 * @param {string} version
 * @param {{ text: string, replacement: string }} change
 */
function deriveVersion(releasesRoot, remote, fromVersion, version, { text, replacement }) {
  const src = path.join(releasesRoot, remote, fromVersion);
  const out = path.join(tempDir(`${remote}-${version}`), version);
  fs.cpSync(src, out, { recursive: true });
  const manifestFile = path.join(out, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.metaData.buildInfo.buildVersion = version;
  const [from, to] = [versionedGlobal(remote, fromVersion), versionedGlobal(remote, version)];
  if (manifest.metaData.globalName !== from) throw new Error(`${src}: globalName ${manifest.metaData.globalName}, expected ${from}`);
  manifest.metaData.globalName = to;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const globalName = new RegExp(`\\b(webpackChunk)?${from}\\b`, 'g');
  for (const f of fs.readdirSync(out).filter((n) => n.endsWith('.js'))) {
    const file = path.join(out, f);
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace(globalName, (_m, chunk) => `${chunk ?? ''}${to}`),
    );
  }
  const hits = fs.readdirSync(out).filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(out, f), 'utf8').includes(text));
  if (hits.length !== 1) throw new Error(`"${text}" is in ${hits.length} files of ${src} (${hits.join(', ')}); expected exactly one`);
  const file = path.join(out, hits[0]);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').split(text).join(replacement));
  // The version's server renderer (ssr/render.js, issue 21) renders the same page: same change.
  const ssr = path.join(out, 'ssr', 'render.js');
  if (fs.existsSync(ssr)) fs.writeFileSync(ssr, fs.readFileSync(ssr, 'utf8').split(text).join(replacement));
  return { dir: out, file: hits[0] };
}

/**
 * Federation name → package folder (platform.json).
 * @type {Record<string, string>}
 */
const PACKAGES = Object.fromEntries(require('../../tools/platform/index.cjs').remotes.map((r) => [r.name, r.folder]));

/**
 * A real webpack build of a remote at `version` from a patched copy of its sources (the
 * package's own files, under e2e/.tmp, resolving modules from the repository's
 * node_modules), built with the shared config (tools/webpack/create-config.cjs) like the
 * package itself. `patch(dir)` edits the copy (dir is the copied package folder). Returns
 * the build folder (dist/<version>), ready to publish.
 * @param {string} remote
 * @param {string} version
 * @param {(dir: string) => void} patch
 */
function buildVariant(remote, version, patch) {
  const pkg = PACKAGES[remote];
  if (!pkg) throw new Error(`unknown remote ${remote}`);
  const from = path.join(root, pkg);
  const dir = path.join(tempDir(`${pkg}-${version}-src`), pkg);
  fs.cpSync(from, dir, { recursive: true, filter: (src) => !/^[\\/](node_modules|dist|\.tsbuild)([\\/]|$)/.test(src.slice(from.length)) });
  const pkgFile = path.join(dir, 'package.json');
  fs.writeFileSync(pkgFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(pkgFile, 'utf8')), version }, null, 2));
  // The copy's tsconfig and webpack config name the repository's files by absolute path.
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: path.join(root, 'tsconfig.base.json'), include: ['src'] }));
  fs.writeFileSync(
    path.join(dir, 'webpack.config.cjs'),
    `const { createConfig } = require(${JSON.stringify(path.join(root, 'tools/webpack/create-config.cjs'))});\nmodule.exports = createConfig({ dir: __dirname, name: ${JSON.stringify(remote)} });\n`,
  );
  patch(dir);
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/webpack/bin/webpack.js'), '--mode', 'production', '--config', path.join(dir, 'webpack.config.cjs')],
    { cwd: dir, encoding: 'utf8', timeout: 300_000 },
  );
  if (r.status !== 0) throw new Error(`building ${remote} ${version} failed (${r.status}):\n${r.stderr}${r.stdout}`);
  const out = path.join(dir, 'dist', version);
  if (!fs.existsSync(path.join(out, 'mf-manifest.json'))) throw new Error(`building ${remote} ${version}: no manifest in ${out}`);
  return out;
}

/**
 * nginx serving `releasesRoot`, proxying the API to `api`.
 * @param {string} releasesRoot
 * @param {string | string[]} api
 * @param {Partial<import('../../nginx/nginx.cjs').StartOptions>} [opts]
 */
async function startSite(releasesRoot, api, opts = {}) {
  return startNginx({ root: releasesRoot, api, prefix: tempDir('nginx'), ...opts });
}

module.exports = { tempDir, cleanup, release, publishAll, deriveVersion, buildVariant, startSite, root };
