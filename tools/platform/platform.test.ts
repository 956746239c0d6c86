// platform.json is the one description of the platform's shape; everything that cannot
// read it (npm's workspaces, tsconfig.json, the shell's literal types, each remote's
// folder) must agree with it, and this test says where it does not.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { REMOTE_NAMES, requiredModules, routeTable } from '../../shell/src/routes/route-table';
import { providedEntries } from '../../shell/src/federation/provided';
import { apps, missingFolders, platform, projects, remotes, root, smokeProblems, tsconfigs, workspaces } from './index.cjs';
import { FILE as REMOTE_MODULES, remoteModulesSource, shellPaths } from './remote-types.cjs';

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
// tsconfig files may have comments.
const readTsconfig = (file: string) => ts.parseConfigFileTextToJson(file, fs.readFileSync(path.join(root, file), 'utf8')).config;
const sorted = (xs: Iterable<string>) => [...xs].sort();

test('npm workspaces are the manifest’s packages', () => {
  expect(readJson('package.json').workspaces).toEqual(workspaces);
});

test('tsconfig.json references every TypeScript project of the manifest, code and tests', () => {
  expect(readTsconfig('tsconfig.json').references.map((r: { path: string }) => r.path)).toEqual(tsconfigs);
});

test('every project has its folder, package.json (by its workspace name), both tsconfigs and jest config', () => {
  for (const p of projects) {
    for (const f of ['tsconfig.json', 'tsconfig.test.json', 'jest.config.cjs'])
      expect(fs.existsSync(path.join(root, p, f)) ? f : `${p}/${f} (missing)`).toBe(f);
    // Test globals stay out of the code: only the test project has jest's types.
    expect(readTsconfig(path.join(p, 'tsconfig.json')).compilerOptions.types).not.toContain('jest');
    expect(readTsconfig(path.join(p, 'tsconfig.test.json')).compilerOptions.types).toContain('jest');
  }
  for (const w of workspaces) expect(readJson(path.join(w, 'package.json')).name).toBe(w);
});

test('remotes: unique names that are JS identifiers, one folder each, with its webpack config', () => {
  expect(new Set(remotes.map((r) => r.name)).size).toBe(remotes.length);
  expect(new Set(remotes.map((r) => r.folder)).size).toBe(remotes.length);
  for (const r of remotes) {
    expect(r.name).toMatch(/^[A-Za-z_$][\w$]*$/);
    expect(readJson(path.join(r.folder, 'package.json')).name).toBe(r.package);
    expect(fs.existsSync(path.join(root, r.folder, 'webpack.config.cjs'))).toBe(true);
  }
});

test('no remote folder is missing from the manifest', () => {
  const folders = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, d.name, 'src/exposes')))
    .map((d) => d.name);
  expect(sorted(folders)).toEqual(sorted(remotes.map((r) => r.folder)));
  expect(apps).toEqual([platform.shell.folder, ...remotes.map((r) => r.folder)]);
});

test.each(remotes.map((r) => [r.name, r] as const))('%s exposes exactly the modules of src/exposes/', (_name, r) => {
  const files = fs
    .readdirSync(path.join(root, r.folder, 'src/exposes'))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
    .map((f) => f.replace(/\.tsx?$/, ''));
  expect(sorted(files)).toEqual(sorted(r.exposes));
});

test('the shell’s RemoteName type lists the manifest’s remotes', () => {
  expect([...REMOTE_NAMES]).toEqual(remotes.map((r) => r.name));
});

test('every module the route table loads is exposed by its remote', () => {
  for (const [remote, modules] of requiredModules()) {
    const exposes = remotes.find((r) => r.name === remote)?.exposes ?? [];
    for (const m of modules) expect(exposes.includes(m) ? `${remote}/${m}` : `${remote}/${m} (not exposed)`).toBe(`${remote}/${m}`);
  }
});

test('shared entries: unique keys; workspace entries are package exports; the shell provides each one', () => {
  const keys = platform.shared.map((e) => e.key);
  expect(new Set(keys).size).toBe(keys.length);
  for (const e of platform.shared) {
    expect(['library', 'workspace']).toContain(e.tier);
    expect(typeof e.eager).toBe('boolean');
    if (e.tier === 'workspace') {
      expect(platform.libraries).toContain(e.package);
      const sub = e.key === e.package ? '.' : `.${e.key.slice(e.package.length)}`;
      expect(Object.keys(readJson(path.join(e.package, 'package.json')).exports ?? { '.': 1 })).toContain(sub);
    } else {
      expect(fs.existsSync(path.join(root, 'node_modules', e.package, 'package.json'))).toBe(true);
    }
  }
  // provided.ts must list static import()s (webpack builds what it sees): one per entry,
  // a subpath for a prefix key ('react/' → 'react/jsx-runtime'), nothing else.
  const provided = Object.keys(providedEntries);
  for (const k of keys)
    expect(provided.some((p) => (k.endsWith('/') ? p.startsWith(k) : p === k)) ? k : `${k} (not in provided.ts)`).toBe(k);
  for (const p of provided) expect(keys.some((k) => (k.endsWith('/') ? p.startsWith(k) : p === k)) ? p : `${p} (not shared)`).toBe(p);
});

test('shared-api’s entries are shared, except the ones that are never federated', () => {
  // './prefetch' is bundled into the shell's entry (it runs before sharing is negotiated);
  // './stats' is the server's; './testing' is for tests; './contract/admin' (constants and words
  // only the admin console and the server read, no state), './contract/votes' (holder votes' words,
  // read by the server and the investor's votes section only), './votes' (its calls), './chain', './contract/chain' and
  // './contract/merkle' (the investor's chain reads, their shapes and the proof check, read by the server and the
  // investor's investments pages only), './contract/token-claims' and
  // './token-claims' (platform-token claims' words and calls, the same way) and './admin', './admin/query' (the
  // console's endpoint functions and queries, which take the HTTP client from the shared root)
  // are bundled by the one remote that uses them, so that no other remote's entry and no shell
  // runtime carries a shared entry for them. Every other entry, the contract's subpaths
  // included, is a singleton a remote takes from the shell.
  const unshared = [
    './prefetch',
    './stats',
    './testing',
    './contract/admin',
    './contract/votes',
    './votes',
    './chain',
    './contract/chain',
    './contract/merkle',
    './contract/token-claims',
    './token-claims',
    './admin',
    './admin/query',
  ];
  const exported = Object.keys(readJson('shared-api/package.json').exports)
    .filter((s) => !unshared.includes(s))
    .map((s) => (s === '.' ? 'shared-api' : `shared-api${s.slice(1)}`));
  expect(sorted(exported)).toEqual(sorted(platform.shared.filter((e) => e.package === 'shared-api').map((e) => e.key)));
});

test('only the admin remote imports the console’s API (shared-api/admin), which it alone bundles', () => {
  const importers: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !e.name.startsWith('.')) walk(p);
      } else if (/\.tsx?$/.test(e.name) && /from 'shared-api\/admin(\/query)?'/.test(fs.readFileSync(p, 'utf8'))) {
        importers.push(path.relative(root, p));
      }
    }
  };
  for (const folder of [...remotes.map((r) => r.folder), 'shell', 'shared-ui']) walk(path.join(root, folder, 'src'));
  expect(importers.length).toBeGreaterThan(0);
  expect(importers.filter((f) => !f.startsWith('mf-admin/'))).toEqual([]);
});

// Not shared: `./testing` (tests only) and `./ssr` (the Node builds' renderer, bundled whole
// into `dist/<version>/ssr/render.js` by tools/webpack/ssr-config.cjs; no browser loads it).
const UNSHARED_UI_ENTRIES = ['./testing', './ssr'];

test('shared-ui’s public entries are shared (except its test helpers and its server renderer)', () => {
  const exported = Object.keys(readJson('shared-ui/package.json').exports)
    .filter((s) => !UNSHARED_UI_ENTRIES.includes(s))
    .map((s) => (s === '.' ? 'shared-ui' : `shared-ui${s.slice(1)}`));
  expect(sorted(exported)).toEqual(sorted(platform.shared.filter((e) => e.package === 'shared-ui').map((e) => e.key)));
});

test('an entry whose folder is missing is named, not a raw jest configuration error', () => {
  expect(missingFolders(platform, root)).toEqual([]);
  const partner = { name: 'mf_nowhere', folder: 'mf-nowhere', package: 'mf-nowhere', owns: 'partners', exposes: ['Overview'] };
  expect(missingFolders({ ...platform, remotes: [...platform.remotes, partner] }, root)).toEqual([
    `platform.json: the remote "mf_nowhere" names folder "mf-nowhere", which does not exist in ${root}`,
  ]);
  // The root jest.config.cjs in a copy of the repository whose manifest names that folder.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-platform-'));
  try {
    fs.mkdirSync(path.join(tmp, 'tools/platform'), { recursive: true });
    fs.copyFileSync(path.join(root, 'tools/platform/index.cjs'), path.join(tmp, 'tools/platform/index.cjs'));
    fs.copyFileSync(path.join(root, 'jest.config.cjs'), path.join(tmp, 'jest.config.cjs'));
    fs.writeFileSync(path.join(tmp, 'platform.json'), JSON.stringify({ ...platform, remotes: [...platform.remotes, partner] }));
    for (const p of projects) fs.mkdirSync(path.join(tmp, p), { recursive: true });
    const r = spawnSync(process.execPath, ['-e', "require('./jest.config.cjs')"], { cwd: tmp, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('the remote "mf_nowhere" names folder "mf-nowhere", which does not exist');
    expect(r.stderr).toContain('npm run new-remote <name>');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('the shell type-checks its route table against each remote’s exposed modules', () => {
  // remote-modules.ts lists every exposed module; the shell's tsconfig finds them in each
  // remote's TypeScript project (paths + references).
  expect(fs.readFileSync(path.join(root, REMOTE_MODULES), 'utf8')).toBe(remoteModulesSource(platform));
  const shell = readTsconfig(path.join(platform.shell.folder, 'tsconfig.json'));
  expect(shell.compilerOptions.paths).toEqual(shellPaths(platform));
  const refs = shell.references.map((r: { path: string }) => r.path);
  for (const r of remotes) expect(refs).toContain(`../${r.folder}`);
});

test('declared smoke actions: plain page paths of the remote, each with a list of labels', () => {
  expect(smokeProblems(platform)).toEqual([]);
  const pub = platform.remotes[0];
  const withSmoke = (smoke: unknown) => ({ ...platform, remotes: [{ ...pub, smoke: smoke as Record<string, string[]> }] });
  expect(smokeProblems(withSmoke({ '/login': ['Log In'], '/': ['Get started', 'Browse properties'] }))).toEqual([]);
  expect(smokeProblems(withSmoke(['Log In']))).toEqual([
    `platform.json: remote "${pub.name}" smoke must map page paths to lists of action labels ({ "/login": ["Log In"] })`,
  ]);
  expect(smokeProblems(withSmoke({ '/properties/:id': ['Invest'], login: ['Log In'] }))).toEqual([
    `platform.json: remote "${pub.name}" smoke: "/properties/:id" is not a page path without parameters (like "/login")`,
    `platform.json: remote "${pub.name}" smoke: "login" is not a page path without parameters (like "/login")`,
  ]);
  expect(smokeProblems(withSmoke({ '/login': [] }))).toEqual([
    `platform.json: remote "${pub.name}" smoke: "/login" needs a list of action labels (the buttons', links' or fields' names), not []`,
  ]);
  expect(smokeProblems(withSmoke({ '/login': ['Log In', 'Log In'] }))).toEqual([
    `platform.json: remote "${pub.name}" smoke: "/login" names an action twice`,
  ]);
  // Every declared page is a page the shell's route table gives that remote.
  for (const r of remotes)
    for (const page of Object.keys(r.smoke ?? {})) {
      const route = routeTable.find((x) => x.path === page);
      const targets = route ? (('remote' in route.target ? [route.target] : Object.values(route.target)) as { remote: string }[]) : [];
      expect(targets.some((t) => t.remote === r.name) ? page : `${page} (not a page of ${r.name})`).toBe(page);
    }
});
