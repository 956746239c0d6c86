// Immutable, versioned releases of the shell and the remotes, and the live registry
// (remotes.json) that chooses, per remote, the stable build and an optional canary.
//
// A releases root (default <repo>/releases, or --root / RELEASES_DIR):
//   <remote>/<version>/   one published build, never overwritten nor deleted
//   shell/<version>/      the shell's builds, the same way
//   remotes.json          the live registry the shell reads at boot (nginx: no-cache)
//   index.html            the live shell page (copy of shell/<stable>/index.html)
//   shell.json            the shell's stable version and the ones before it (not served)
//   history.jsonl         one JSON line per change (not served)
// Every change is validated first, then written to a temporary file and renamed over
// the live one, so a reader sees the old file or the new one, never half of either.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');

/** Federation name → package folder. */
const PACKAGES = {
  shell: 'shell',
  mf_public: 'mf-public',
  mf_investor: 'mf-investor',
  mf_owner: 'mf-owner',
  mf_admin: 'mf-admin',
  mf_onboarding: 'mf-onboarding',
};
const REMOTE_NAMES = Object.keys(PACKAGES).filter((n) => n !== 'shell');
/** How many earlier stable versions `rollback` can go back through. */
const KEEP_PREVIOUS = 20;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** A refusal: the CLI prints the message and exits non-zero. */
class ReleaseError extends Error {
  constructor(message, problems = []) {
    super(problems.length ? `${message}\n  - ${problems.join('\n  - ')}` : message);
    this.name = 'ReleaseError';
    this.problems = problems;
  }
}

function defaultRoot() {
  return path.resolve(process.env.RELEASES_DIR || path.join(repoRoot, 'releases'));
}

function files(root) {
  return {
    registry: path.join(root, 'remotes.json'),
    index: path.join(root, 'index.html'),
    shell: path.join(root, 'shell.json'),
    history: path.join(root, 'history.jsonl'),
    lock: path.join(root, '.release.lock'),
  };
}

// ---------------------------------------------------------------------------
// Files

/** Writes `data` to a temporary file beside `file`, flushes it, then renames it over `file`. */
function writeFileAtomic(file, data) {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const fd = fs.openSync(tmp, 'wx', 0o644);
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  // The rename itself survives a crash once the folder is flushed too.
  try {
    const dfd = fs.openSync(dir, 'r');
    try { fs.fsyncSync(dfd); } finally { fs.closeSync(dfd); }
  } catch { /* some filesystems cannot fsync a folder */ }
}

function readJson(file, what) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ReleaseError(`${what} (${file}) is not valid JSON: ${err.message}`);
  }
}

/** Serialises changes: one release command at a time per releases root. */
function withLock(root, fn, { timeoutMs = 15_000 } = {}) {
  const { lock } = files(root);
  fs.mkdirSync(root, { recursive: true });
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      const fd = fs.openSync(lock, 'wx');
      fs.writeFileSync(fd, String(process.pid));
      fs.closeSync(fd);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lock, 'utf8').trim() || 0);
      if (holder && !alive(holder)) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > end) throw new ReleaseError(`another release command (pid ${holder || '?'}) holds ${lock}; try again`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

// ---------------------------------------------------------------------------
// Versions

let semver = null;
try { semver = require('semver'); } catch { /* the caret check below is enough for the ranges we emit */ }

/** Does `version` satisfy `range`? Ranges emitted by shared.cjs are carets (^x.y.z). */
function satisfies(version, range) {
  if (!range || range === '*' || range === false) return true;
  if (semver) return semver.satisfies(version, range, { includePrerelease: true });
  const v = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  const r = /^\^?(\d+)\.(\d+)\.(\d+)/.exec(range);
  if (!v || !r) return false;
  const [a, b] = [v.slice(1).map(Number), r.slice(1).map(Number)];
  if (!range.startsWith('^')) return a.join('.') === b.join('.');
  const cmp = (x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  if (cmp(a, b) < 0) return false;
  if (b[0] > 0) return a[0] === b[0];
  if (b[1] > 0) return a[0] === 0 && a[1] === b[1];
  return a[0] === 0 && a[1] === 0 && a[2] === b[2];
}

// ---------------------------------------------------------------------------
// What the shell needs

/** The (remote → exposed modules) the shell's route table names, from its source. */
function requiredModulesFromSource() {
  const { require: tsxRequire } = require('tsx/cjs/api');
  const { requiredModules } = tsxRequire(path.join(repoRoot, 'shell/src/routes/route-table.ts'), __filename);
  const out = {};
  for (const [remote, mods] of requiredModules()) out[remote] = [...mods].sort();
  return out;
}

/** The shell's shared singletons as `{ name: { version, requiredVersion } }`. */
function sharedOf(manifest) {
  const out = {};
  for (const s of manifest?.shared ?? []) {
    if (s && typeof s.name === 'string') out[s.name] = { version: s.version, requiredVersion: s.requiredVersion, singleton: s.singleton !== false };
  }
  return out;
}

/** The live shell's shared singletons (its release manifest), else the build config's. */
function shellShared(root) {
  const live = liveShellVersion(root);
  if (live) {
    const m = readJson(path.join(root, 'shell', live, 'mf-manifest.json'), 'the live shell manifest');
    if (m) return { source: `shell ${live} (live)`, shared: sharedOf(m) };
  }
  const { sharedConfig } = require(path.join(repoRoot, 'tools/webpack/shared.cjs'));
  const shared = {};
  for (const [name, c] of Object.entries(sharedConfig())) {
    shared[name] = { version: c.version ?? String(c.requiredVersion).replace(/^\^/, ''), requiredVersion: c.requiredVersion, singleton: Boolean(c.singleton) };
  }
  return { source: 'tools/webpack/shared.cjs', shared };
}

// ---------------------------------------------------------------------------
// Validation

function manifestAssets(manifest) {
  const out = new Set();
  const add = (assets) => {
    for (const kind of ['js', 'css']) {
      for (const when of ['sync', 'async']) for (const f of assets?.[kind]?.[when] ?? []) out.add(f);
    }
  };
  for (const e of manifest.exposes ?? []) add(e.assets);
  for (const s of manifest.shared ?? []) add(s.assets);
  return [...out];
}

/**
 * Problems with the build in `dir` as a release of `remote` (empty: fine).
 * @param {object} o
 * @param {string} o.dir the build folder (dist/<version> or releases/<remote>/<version>)
 * @param {string} o.remote federation name, or 'shell'
 * @param {string} [o.version] expected version (the folder name)
 * @param {Record<string,string[]>} o.required remote → modules the shell's route table needs
 * @param {Record<string,{version:string,requiredVersion:string}>} o.hostShared the shell's singletons
 */
function validateBuild({ dir, remote, version, required, hostShared }) {
  const problems = [];
  const manifestFile = path.join(dir, 'mf-manifest.json');
  if (!fs.existsSync(dir)) return [`${dir} does not exist`];
  if (!fs.existsSync(manifestFile)) return [`no mf-manifest.json in ${dir}`];
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch (err) {
    return [`mf-manifest.json is not valid JSON: ${err.message}`];
  }
  if (manifest.name !== remote) problems.push(`mf-manifest.json is for "${manifest.name}", not "${remote}"`);
  const built = manifest.metaData?.buildInfo?.buildVersion;
  if (version && built && built !== version) problems.push(`mf-manifest.json says version ${built}, the release is ${version}`);

  if (remote === 'shell') {
    const index = path.join(dir, 'index.html');
    if (!fs.existsSync(index)) problems.push('no index.html');
    else if (version && !fs.readFileSync(index, 'utf8').includes(`/shell/${version}/main.js`)) {
      problems.push(`index.html does not load /shell/${version}/main.js (the build's publicPath must be /shell/<version>/)`);
    }
    if (!fs.existsSync(path.join(dir, 'main.js'))) problems.push('no main.js');
  } else {
    const entryName = manifest.metaData?.remoteEntry?.name || 'remoteEntry.js';
    if (!fs.existsSync(path.join(dir, manifest.metaData?.remoteEntry?.path || '', entryName))) problems.push(`no ${entryName}`);
    const exposed = new Set((manifest.exposes ?? []).map((e) => String(e.name ?? e.path ?? '').replace(/^\.\//, '')));
    const missing = (required?.[remote] ?? []).filter((m) => !exposed.has(m));
    if (missing.length) problems.push(`does not expose ${missing.map((m) => `./${m}`).join(', ')} (the shell's route table needs them)`);
  }

  const missingFiles = manifestAssets(manifest).filter((f) => !fs.existsSync(path.join(dir, f)));
  if (missingFiles.length) problems.push(`files the manifest lists are missing: ${missingFiles.slice(0, 5).join(', ')}${missingFiles.length > 5 ? ` (+${missingFiles.length - 5})` : ''}`);

  if (remote !== 'shell' && hostShared) {
    for (const s of manifest.shared ?? []) {
      const host = hostShared[s.name];
      if (!host || s.singleton === false) continue;
      if (host.requiredVersion && !satisfies(s.version, host.requiredVersion)) {
        problems.push(`shares ${s.name}@${s.version}, the shell requires ${host.requiredVersion}`);
      }
      if (s.requiredVersion && host.version && !satisfies(host.version, s.requiredVersion)) {
        problems.push(`requires ${s.name} ${s.requiredVersion}, the shell provides ${host.version} (a singleton: the shell's copy is the one used)`);
      }
    }
  }
  return problems;
}

/** Structural check of a whole registry, and that every entry points at a published release. */
function validateRegistryShape(registry, root) {
  const problems = [];
  if (!registry || typeof registry !== 'object' || Array.isArray(registry)) return ['the registry must be an object'];
  for (const [name, rec] of Object.entries(registry)) {
    if (!REMOTE_NAMES.includes(name)) { problems.push(`${name}: not a remote`); continue; }
    const check = (v, label) => {
      if (!v || typeof v.version !== 'string' || !VERSION.test(v.version)) { problems.push(`${name}.${label}: bad version`); return; }
      if (v.entry !== entryOf(name, v.version)) problems.push(`${name}.${label}: entry must be ${entryOf(name, v.version)}`);
      if (!fs.existsSync(path.join(root, name, v.version, 'mf-manifest.json'))) problems.push(`${name}.${label}: ${name} ${v.version} is not published`);
    };
    check(rec?.stable, 'stable');
    if (rec?.canary) {
      check(rec.canary, 'canary');
      if (!Number.isInteger(rec.canary.percent) || rec.canary.percent < 0 || rec.canary.percent > 100) problems.push(`${name}.canary: percent must be an integer from 0 to 100`);
      if (rec.canary.version === rec.stable?.version) problems.push(`${name}.canary: the canary is the stable version`);
    }
  }
  return problems;
}

const entryOf = (remote, version) => `/remotes/${remote}/${version}/mf-manifest.json`;

// ---------------------------------------------------------------------------
// State

function readRegistry(root) {
  return readJson(files(root).registry, 'remotes.json') ?? {};
}

function readShellState(root) {
  return readJson(files(root).shell, 'shell.json') ?? null;
}

/** The shell version index.html loads (what visitors get), or null. */
function liveShellVersion(root) {
  let html;
  try { html = fs.readFileSync(files(root).index, 'utf8'); } catch { return null; }
  const m = /\/shell\/([^/"']+)\/main\.js/.exec(html);
  return m ? m[1] : null;
}

function published(root, remote) {
  const dir = path.join(root, remote);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((v) => VERSION.test(v) && fs.existsSync(path.join(dir, v, 'mf-manifest.json'))).sort(compareVersions);
}

function compareVersions(a, b) {
  if (semver && semver.valid(a) && semver.valid(b)) return semver.compare(a, b);
  return a.localeCompare(b, undefined, { numeric: true });
}

function readHistory(root) {
  let text;
  try { text = fs.readFileSync(files(root).history, 'utf8'); } catch { return []; }
  return text.split('\n').filter(Boolean).flatMap((l) => {
    try { return [JSON.parse(l)]; } catch { return []; }
  });
}

function appendHistory(root, entry) {
  const line = `${JSON.stringify(entry)}\n`;
  // One write call per line with O_APPEND: lines never interleave.
  fs.appendFileSync(files(root).history, line);
}

function whoAmI(user) {
  if (user) return user;
  if (process.env.RELEASE_USER) return process.env.RELEASE_USER;
  try { return os.userInfo().username; } catch { return 'unknown'; }
}

// ---------------------------------------------------------------------------
// Verbs

function assertName(remote, { shell = true } = {}) {
  if (remote === 'shell' && shell) return;
  if (!REMOTE_NAMES.includes(remote)) {
    throw new ReleaseError(`unknown remote "${remote}": one of ${(shell ? ['shell', ...REMOTE_NAMES] : REMOTE_NAMES).join(', ')}`);
  }
}

function assertVersion(version) {
  if (typeof version !== 'string' || !VERSION.test(version)) throw new ReleaseError(`"${version}" is not a version (x.y.z)`);
}

function context(root, opts) {
  return {
    required: opts.required ?? requiredModulesFromSource(),
    host: opts.hostShared ? { source: 'given', shared: opts.hostShared } : shellShared(root),
  };
}

function refuseIfInvalid(what, problems) {
  if (problems.length) throw new ReleaseError(`refused: ${what}`, problems);
}

/** The build to publish: --from, else <pkg>/dist/<package.json version>. */
function sourceOf(remote, from) {
  if (from) return path.resolve(from);
  const pkgDir = path.join(repoRoot, PACKAGES[remote]);
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  return path.join(pkgDir, 'dist', version);
}

function versionOf(dir) {
  const m = readJson(path.join(dir, 'mf-manifest.json'), 'mf-manifest.json');
  if (!m) throw new ReleaseError(`no mf-manifest.json in ${dir} (build it first: npm run build -w <package>)`);
  const v = m.metaData?.buildInfo?.buildVersion;
  if (!v) throw new ReleaseError(`${dir}/mf-manifest.json has no metaData.buildInfo.buildVersion`);
  return v;
}

/**
 * Copies a build into <root>/<remote>/<version>/ (refusing an existing version). The first
 * release of a remote (or of the shell) also becomes its stable version.
 */
function publish(root, remote, opts = {}) {
  assertName(remote);
  const from = sourceOf(remote, opts.from);
  if (!fs.existsSync(from)) throw new ReleaseError(`nothing to publish: ${from} does not exist (build it first: npm run build -w ${PACKAGES[remote]})`);
  const version = versionOf(from);
  assertVersion(version);
  return withLock(root, () => {
    const target = path.join(root, remote, version);
    if (fs.existsSync(target)) {
      throw new ReleaseError(`refused: ${remote} ${version} is already published (${target}); releases are immutable: bump the version in ${PACKAGES[remote]}/package.json and rebuild`);
    }
    const ctx = context(root, opts);
    refuseIfInvalid(`${remote} ${version} from ${from}`, validateBuild({ dir: from, remote, version, required: ctx.required, hostShared: ctx.host.shared }));
    const first = remote === 'shell' ? !readShellState(root) : !readRegistry(root)[remote];
    if (remote === 'shell' && first) refuseIfInvalid(`shell ${version}`, liveRemotesAgainstShell(root, from, ctx.required));

    // Copy beside the target, then rename: a half-copied release is never visible.
    const partial = path.join(root, remote, `.${version}.partial-${process.pid}`);
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    // mf-stats.json is build metadata (local paths included), not needed at run time.
    fs.cpSync(from, partial, { recursive: true, filter: (src) => !/\/mf-stats\.json$/.test(src) });
    fs.renameSync(partial, target);

    const user = whoAmI(opts.user);
    const time = new Date().toISOString();
    if (first) {
      if (remote === 'shell') setShellStable(root, version, null);
      else commitRegistry(root, remote, (rec) => ({ ...rec, stable: { version, entry: entryOf(remote, version) } }));
    }
    appendHistory(root, { time, verb: 'publish', remote, from: null, to: version, percent: null, user, stable: first });
    return { remote, version, dir: target, stable: first };
  });
}

/** Every live remote build (stable and canary) checked against a shell build's singletons. */
function liveRemotesAgainstShell(root, shellDir, required) {
  const hostShared = sharedOf(readJson(path.join(shellDir, 'mf-manifest.json'), 'mf-manifest.json'));
  const problems = [];
  for (const [name, rec] of Object.entries(readRegistry(root))) {
    for (const v of [rec.stable, rec.canary].filter(Boolean)) {
      for (const p of validateBuild({ dir: path.join(root, name, v.version), remote: name, version: v.version, required, hostShared })) problems.push(`${name} ${v.version} (live): ${p}`);
    }
  }
  return problems;
}

/** Validates the registry with one record changed, then swaps it in. */
function commitRegistry(root, remote, change) {
  const registry = readRegistry(root);
  const next = { ...registry, [remote]: change(registry[remote] ? { ...registry[remote] } : {}) };
  if (next[remote].canary === undefined) delete next[remote].canary;
  if (next[remote].previous && next[remote].previous.length === 0) delete next[remote].previous;
  refuseIfInvalid('the registry would be invalid', validateRegistryShape(next, root));
  writeFileAtomic(files(root).registry, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}

function validatePublished(root, remote, version, opts) {
  const dir = path.join(root, remote, version);
  if (!fs.existsSync(dir)) {
    const have = published(root, remote);
    throw new ReleaseError(`${remote} ${version} is not published${have.length ? ` (published: ${have.join(', ')})` : ''}; publish it first: npm run release -- publish ${remote}`);
  }
  const ctx = context(root, opts);
  refuseIfInvalid(`${remote} ${version}`, validateBuild({ dir, remote, version, required: ctx.required, hostShared: ctx.host.shared }));
}

function canary(root, remote, version, percent, opts = {}) {
  if (remote === 'shell') throw new ReleaseError('the shell has no canary: index.html picks the shell before any script runs; publish it and `promote shell <version>`');
  assertName(remote, { shell: false });
  assertVersion(version);
  const p = typeof percent === 'number' ? percent : Number(String(percent ?? '').replace(/%$/, ''));
  if (!Number.isInteger(p) || p < 0 || p > 100) throw new ReleaseError(`percent must be a whole number from 0 to 100, not "${percent}"`);
  return withLock(root, () => {
    const rec = readRegistry(root)[remote];
    if (!rec?.stable) throw new ReleaseError(`${remote} has no stable version yet: publish it first`);
    if (rec.stable.version === version) throw new ReleaseError(`${remote} ${version} is already the stable version`);
    validatePublished(root, remote, version, opts);
    const before = rec.canary ?? null;
    commitRegistry(root, remote, (r) => ({ ...r, canary: { version, entry: entryOf(remote, version), percent: p } }));
    appendHistory(root, { time: new Date().toISOString(), verb: 'canary', remote, from: before ? before.version : rec.stable.version, to: version, percent: p, user: whoAmI(opts.user) });
    return { remote, version, percent: p, stable: rec.stable.version };
  });
}

/** The canary (or `version`) becomes stable; the old stable is kept for rollback. */
function promote(root, remote, version, opts = {}) {
  assertName(remote);
  if (version !== undefined) assertVersion(version);
  return withLock(root, () => {
    const user = whoAmI(opts.user);
    if (remote === 'shell') {
      if (!version) throw new ReleaseError('say which shell version: promote shell <version>');
      const state = readShellState(root);
      if (state?.stable?.version === version) throw new ReleaseError(`shell ${version} is already the stable version`);
      validatePublished(root, 'shell', version, opts);
      refuseIfInvalid(`shell ${version}`, liveRemotesAgainstShell(root, path.join(root, 'shell', version), context(root, opts).required));
      setShellStable(root, version, state);
      appendHistory(root, { time: new Date().toISOString(), verb: 'promote', remote, from: state?.stable?.version ?? null, to: version, percent: null, user });
      return { remote, version, from: state?.stable?.version ?? null };
    }
    const rec = readRegistry(root)[remote];
    if (!rec?.stable) throw new ReleaseError(`${remote} has no stable version yet: publish it first`);
    const target = version ?? rec.canary?.version;
    if (!target) throw new ReleaseError(`${remote} has no canary to promote (stable is ${rec.stable.version}); start one: npm run release -- canary ${remote} <version> <percent>`);
    if (target === rec.stable.version) throw new ReleaseError(`${remote} ${target} is already the stable version`);
    validatePublished(root, remote, target, opts);
    commitRegistry(root, remote, (r) => ({
      ...r,
      stable: { version: target, entry: entryOf(remote, target) },
      canary: r.canary && r.canary.version !== target ? r.canary : undefined,
      previous: [...(r.previous ?? []), r.stable.version].slice(-KEEP_PREVIOUS),
    }));
    appendHistory(root, { time: new Date().toISOString(), verb: 'promote', remote, from: rec.stable.version, to: target, percent: rec.canary?.version === target ? rec.canary.percent : null, user });
    return { remote, version: target, from: rec.stable.version };
  });
}

/** Ends a running canary; without one, goes back to the stable version before this one. */
function rollback(root, remote, opts = {}) {
  assertName(remote);
  return withLock(root, () => {
    const user = whoAmI(opts.user);
    const time = new Date().toISOString();
    if (remote === 'shell') {
      const state = readShellState(root);
      const prev = state?.previous?.at(-1);
      if (!prev) throw new ReleaseError(`the shell has no earlier stable version to roll back to${state ? ` (stable is ${state.stable.version})` : ''}`);
      validatePublished(root, 'shell', prev, opts);
      setShellStable(root, prev, state, { rollback: true });
      appendHistory(root, { time, verb: 'rollback', remote, from: state.stable.version, to: prev, percent: null, user });
      return { remote, from: state.stable.version, to: prev, channel: 'stable' };
    }
    const rec = readRegistry(root)[remote];
    if (!rec?.stable) throw new ReleaseError(`${remote} has no stable version yet: nothing to roll back`);
    if (rec.canary) {
      commitRegistry(root, remote, (r) => ({ ...r, canary: undefined }));
      appendHistory(root, { time, verb: 'rollback', remote, from: rec.canary.version, to: rec.stable.version, percent: 0, user, channel: 'canary' });
      return { remote, from: rec.canary.version, to: rec.stable.version, channel: 'canary' };
    }
    const prev = rec.previous?.at(-1);
    if (!prev) throw new ReleaseError(`${remote} has no earlier stable version to roll back to (stable is ${rec.stable.version})`);
    validatePublished(root, remote, prev, opts);
    commitRegistry(root, remote, (r) => ({ ...r, stable: { version: prev, entry: entryOf(remote, prev) }, previous: r.previous.slice(0, -1) }));
    appendHistory(root, { time, verb: 'rollback', remote, from: rec.stable.version, to: prev, percent: null, user, channel: 'stable' });
    return { remote, from: rec.stable.version, to: prev, channel: 'stable' };
  });
}

/** shell.json first (it keeps the rollback list), then index.html: both swapped whole. */
function setShellStable(root, version, state, { rollback: back = false } = {}) {
  const html = fs.readFileSync(path.join(root, 'shell', version, 'index.html'));
  const previous = back ? (state?.previous ?? []).slice(0, -1) : [...(state?.previous ?? []), ...(state?.stable ? [state.stable.version] : [])].slice(-KEEP_PREVIOUS);
  const next = { stable: { version, entry: `/shell/${version}/` }, ...(previous.length ? { previous } : {}) };
  writeFileAtomic(files(root).shell, `${JSON.stringify(next, null, 2)}\n`);
  writeFileAtomic(files(root).index, html);
}

/** Everything `status` prints, as data. */
function status(root) {
  const registry = readRegistry(root);
  const shell = readShellState(root);
  const rows = REMOTE_NAMES.map((name) => {
    const rec = registry[name];
    return {
      remote: name,
      stable: rec?.stable?.version ?? null,
      canary: rec?.canary ? { version: rec.canary.version, percent: rec.canary.percent } : null,
      previous: rec?.previous ?? [],
      published: published(root, name),
    };
  });
  return {
    root,
    shell: { stable: shell?.stable?.version ?? null, live: liveShellVersion(root), previous: shell?.previous ?? [], published: published(root, 'shell') },
    remotes: rows,
    history: readHistory(root).slice(-10),
  };
}

module.exports = {
  PACKAGES,
  REMOTE_NAMES,
  ReleaseError,
  defaultRoot,
  files,
  writeFileAtomic,
  withLock,
  satisfies,
  requiredModulesFromSource,
  shellShared,
  sharedOf,
  validateBuild,
  validateRegistryShape,
  readRegistry,
  readShellState,
  readHistory,
  liveShellVersion,
  published,
  publish,
  canary,
  promote,
  rollback,
  status,
};
