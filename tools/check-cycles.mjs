#!/usr/bin/env node
// @ts-check
// `npm run lint` (after ESLint): fails on a cycle of static imports between source files of the
// repository (import/no-cycle's job, at a fraction of its time). What counts: `import … from`,
// `export … from` and `require()` of a relative path or of a workspace package's own files;
// what does not: `import type` / `export type` (erased), and `import()` (a lazy chunk loads after
// both modules ran: shared-ui's lazy dialogs and hosts import their callers' types that way).
// Then, coarser: the server's modules (server/src/modules/<name>/) must not import each other
// in a loop, counting every import between them, types and import() included: a module that
// reaches back into one that depends on it is a layering loop even when no single file
// cycle shows it (admin → users → admin through different files).
//   node tools/check-cycles.mjs [folder…]     default: every workspace and tools/
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/** @type {typeof import('./platform/index.cjs')} */
const manifest = createRequire(import.meta.url)('./platform/index.cjs');
const root = manifest.root;
const folders = process.argv.slice(2).length ? process.argv.slice(2) : [...manifest.workspaces, 'tools', 'scripts'];
const SKIP = /(^|\/)(node_modules|dist|build|\.tsbuild|coverage|\.tmp|artifacts)(\/|$)/;
const EXT = ['.ts', '.tsx', '.mjs', '.cjs', '.js'];

/** @param {string} dir @returns {string[]} */
function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (SKIP.test(path.relative(root, p))) return [];
    if (d.isDirectory()) return files(p);
    return EXT.includes(path.extname(d.name)) && !d.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** @param {string} from @param {string} spec @returns {string | undefined} */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, ...EXT.map((e) => base + e), ...EXT.map((e) => path.join(base, `index${e}`))]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return undefined;
}

// Static, value-carrying imports only (see the header).
const STATIC = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/gm;
// Every import, types and import() included (the server's module graph).
const ANY = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/gm;
const MODULES = path.join(root, 'server', 'src', 'modules');
/** The server module a file belongs to, or undefined. @param {string} f */
function serverModule(f) {
  const rel = path.relative(MODULES, f);
  return rel.startsWith('..') || !rel.includes(path.sep) ? undefined : rel.split(path.sep)[0];
}
/** @type {Map<string, Set<string>>} */
const moduleGraph = new Map();

/** @type {Map<string, string[]>} */
const graph = new Map();
for (const f of folders.flatMap((d) => files(path.join(root, d)))) {
  const src = fs.readFileSync(f, 'utf8');
  const from = serverModule(f);
  if (from) {
    const deps = moduleGraph.get(from) ?? new Set();
    moduleGraph.set(from, deps);
    for (const m of src.matchAll(ANY)) {
      const target = resolve(f, m[1] ?? m[2]);
      const to = target && serverModule(target);
      if (to && to !== from) deps.add(to);
    }
  }
  const deps = [];
  for (const m of src.matchAll(STATIC)) {
    // `import { type A, type B } from` carries no value either.
    if (/^\s*import\s*\{\s*(type\s+[\w$]+\s*(as\s+[\w$]+\s*)?,?\s*)+\}\s*from/.test(m[0])) continue;
    const to = resolve(f, m[1] ?? m[2]);
    if (to) deps.push(to);
  }
  graph.set(f, deps);
}

// Tarjan's strongly connected components: every component of two or more nodes (or a node
// importing itself) is a cycle.
/** @param {Map<string, Iterable<string>>} g @returns {string[][]} */
function cyclesOf(g) {
  let index = 0;
  /** @type {Map<string, number>} */ const idx = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const found = [];
  /** @param {string} v */
  function connect(v) {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (low.get(w))));
      } else if (onStack.has(w)) low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (idx.get(w))));
    }
    if (low.get(v) === idx.get(v)) {
      /** @type {string[]} */ const comp = [];
      let w;
      do {
        w = /** @type {string} */ (stack.pop());
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || [...(g.get(v) ?? [])].includes(v)) found.push(comp);
    }
  }
  for (const v of g.keys()) if (!idx.has(v)) connect(v);
  return found;
}
const cycles = cyclesOf(graph);
const moduleCycles = cyclesOf(moduleGraph);

if (cycles.length) {
  console.error(`Import cycles (${cycles.length}): break each by moving the shared part to a module both import.`);
  for (const c of cycles) console.error(`  ${c.map((f) => path.relative(root, f)).join(' ↔ ')}`);
}
if (moduleCycles.length) {
  console.error(
    `Server modules importing each other in a loop (${moduleCycles.length}): move the shared part down ` +
      '(to server/src/lib, or to the module both depend on), so one of them no longer imports the other.',
  );
  for (const c of moduleCycles) console.error(`  ${c.map((m) => `modules/${m}`).join(' ↔ ')}`);
}
if (cycles.length || moduleCycles.length) process.exit(1);
console.log(`No import cycles in ${graph.size} files, none between the ${moduleGraph.size} server modules.`);
