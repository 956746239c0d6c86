#!/usr/bin/env node
// @ts-check
// `npm run lint` (after ESLint): every workspace of platform.json declares what its code
// imports, and the apps (shell, remotes) list no library they never import. Reads `import …
// from`, `export … from`, `import()` and `require()` of bare specifiers in each workspace's
// src/ (and test/, scripts/); a package counts as used by its name ('@mui/material/Button' →
// '@mui/material'). Node's built-ins and the workspace's own name are skipped. And every
// locked package runs on the Node versions the root's `engines` allows.
//   node tools/check-deps.mjs
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules, createRequire } from 'node:module';
import semver from 'semver';

/** @type {typeof import('./platform/index.cjs')} */
const manifest = createRequire(import.meta.url)('./platform/index.cjs');
const root = manifest.root;
const SKIP = /(^|\/)(node_modules|dist|build|\.tsbuild|coverage|\.tmp|artifacts)(\/|$)/;
const EXT = ['.ts', '.tsx', '.mjs', '.cjs', '.js'];
/**
 * Used outside the import graph: by configuration (webpack's ModuleFederationPlugin from the
 * shell's config; jsx: 'automatic' imports react/jsx-runtime), by type declarations only.
 * @type {Record<string, string[]>}
 */
const IMPLICIT = { shell: ['@module-federation/enhanced'] };
/**
 * Webpack aliases (tools/webpack/create-config.cjs), and the remotes' federation names (the
 * shell imports their modules' types as 'mf_public/Landing': shell/tsconfig.json "paths"), not packages.
 */
const ALIASES = new Set(['tessera-ky-original', ...manifest.remotes.map((r) => r.name)]);
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const rootDev = new Set(Object.keys(rootPkg.devDependencies ?? {}));

/** @param {string} dir @returns {string[]} */
function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (SKIP.test(path.relative(root, p))) return [];
    if (d.isDirectory()) return files(p);
    return EXT.includes(path.extname(d.name)) ? [p] : [];
  });
}

const SPEC = /(?:^\s*(?:import|export)\s+(?:[^'"`;]*?\sfrom\s+)?|import\(\s*(?:\/\*.*?\*\/\s*)?|require\(\s*)['"]([^'"./][^'"]*)['"]/gm;
/** Tests, test helpers, build and jest configs: the root's devDependencies (jest, Testing Library, esbuild) serve them. */
const TOOLING = /(\.test\.|\/testing\/|^test\/|^scripts\/|^reliability\/|\.config\.cjs$|^build\.mjs$)/;
/** @param {string} spec */
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

const problems = [];
for (const ws of [...manifest.platform.libraries, manifest.platform.server, ...manifest.apps]) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
  const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
  const used = new Set(IMPLICIT[ws] ?? []);
  /** @type {Set<string>} */
  const tooling = new Set();
  for (const f of files(path.join(root, ws))) {
    const rel = path.relative(path.join(root, ws), f).split(path.sep).join('/');
    for (const m of fs.readFileSync(f, 'utf8').matchAll(SPEC)) {
      const name = packageOf(m[1]);
      if (builtins.has(m[1]) || builtins.has(name) || name === pkg.name || ALIASES.has(name)) continue;
      (TOOLING.test(rel) ? tooling : used).add(name);
    }
  }
  for (const name of used)
    if (!declared.has(name)) problems.push(`${ws}: imports ${name} but does not declare it (npm install ${name} -w ${ws})`);
  for (const name of tooling)
    if (!declared.has(name) && !rootDev.has(name))
      problems.push(`${ws}: its tests or tooling import ${name}, declared neither here nor at the root`);
  if (manifest.apps.includes(ws)) {
    for (const name of declared) if (!used.has(name)) problems.push(`${ws}: declares ${name} but never imports it`);
  }
}
// `engines` tells the truth: on the first release of every Node line the root's `engines`
// allows, no locked package may declare that it needs another Node, except the ones README's
// "Node" paragraph names for Node 20 (each with the reason it still works there). Packages
// for another platform (`os`/`cpu`, never installed here) are skipped.
/** Locked packages known to declare Node 22 yet to run on 20 (README, "Node"). */
const NODE20_EXCEPTIONS = new Set(['rechoir', 'content-disposition', 'cookie']);
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const allowed = String(rootPkg.engines?.node ?? '');
const lines = [...allowed.matchAll(/(?:\^|>=)\s*(\d+(?:\.\d+){0,2})/g)].map((m) => semver.coerce(m[1])?.version ?? m[1]);
if (lines.length === 0) problems.push(`package.json: engines.node (${allowed || 'missing'}) names no Node line`);
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  const needs = entry.engines?.node;
  if (!where || !needs || entry.os || entry.cpu) continue;
  const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  for (const node of lines) {
    if (semver.satisfies(node, needs)) continue;
    if (semver.major(node) === 20 && NODE20_EXCEPTIONS.has(name)) continue;
    problems.push(`${where}: needs Node ${needs}, but engines allows ${node} (pin another version, or change engines and README's "Node")`);
  }
}

if (problems.length) {
  console.error(`Dependencies (tools/check-deps.mjs):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Dependencies: every workspace declares what it imports; the apps list nothing unused; every locked package runs on Node ${lines.join(', ')}.`,
);
