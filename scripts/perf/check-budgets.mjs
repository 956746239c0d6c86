#!/usr/bin/env node
// `npm run check:budgets`: the JavaScript budgets (e2e/budgets.json) against the built
// platform. Builds nothing: run `npm run build` (or `npm run build:web`) first. Loads each
// budgeted page in Chromium as a first visit (e2e/lib/page-weight.mjs) and fails (exit 1)
// when a page exceeds its budget, a remote serves more than its own-code budget on a page,
// a shared library is loaded twice (federation share scope, or a remote build that bundles
// a shared library), or a page does not render. Prints the figures, writes
// build/budgets-report.json and the "bundle" section of docs/performance.md.
//   node scripts/perf/check-budgets.mjs [--base-url http://host:port] [--no-docs]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { kb, measurePages } from '../../e2e/lib/page-weight.mjs';
import { measuredOn, root, table, updateSection } from './docs.mjs';

const require = createRequire(import.meta.url);
/** @type {{ pages: (import('../../e2e/lib/page-weight.mjs').Page & { budgetKiB: number })[], remoteOwnCodePerPageKiB: number }} */
const budgets = JSON.parse(fs.readFileSync(path.join(root, 'e2e/budgets.json'), 'utf8'));
const KiB = 1024;
const arg = (/** @type {string} */ name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/**
 * A remote build that ships files for a shared module carries its own copy of a library.
 * @param {string} web
 */
function remotesBundlingSharedLibraries(web) {
  /** @type {string[]} */
  const problems = [];
  const remotesDir = path.join(web, 'remotes');
  if (!fs.existsSync(remotesDir)) return problems;
  for (const name of fs.readdirSync(remotesDir)) {
    for (const version of fs.readdirSync(path.join(remotesDir, name))) {
      const file = path.join(remotesDir, name, version, 'mf-manifest.json');
      if (!fs.existsSync(file)) continue;
      for (const s of JSON.parse(fs.readFileSync(file, 'utf8')).shared ?? []) {
        const files = [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])];
        if (files.length)
          problems.push(
            `${name} ${version} bundles its own ${s.name} (${files.length} files): remotes take shared modules from the shell only`,
          );
      }
    }
  }
  return problems;
}

let platform = null;
let baseURL = arg('--base-url');
if (!baseURL) {
  const { startPlatform } = require('../../e2e/lib/platform.cjs');
  platform = await startPlatform({ name: 'budgets' });
  baseURL = platform.baseURL;
}
let results;
try {
  results = await measurePages(baseURL, budgets.pages);
} finally {
  await platform?.stop();
}

const failures = [];
const rows = [];
console.log(`\nJavaScript of a first visit against e2e/budgets.json (KiB = 1024 bytes, gzip -9 per file):\n`);
console.log(
  `  ${'page'.padEnd(24)} ${'files'.padStart(5)} ${'gzip'.padStart(10)} ${'budget'.padStart(10)}  remotes' own code (budget ${budgets.remoteOwnCodePerPageKiB} KiB each)`,
);
for (const r of results) {
  // Every result is of a budgeted page.
  const b = /** @type {(typeof budgets.pages)[number]} */ (budgets.pages.find((p) => p.name === r.page));
  const over = r.gzip > b.budgetKiB * KiB;
  const remotes = Object.entries(r.byOwner).filter(([o]) => o !== 'shell' && o !== 'other');
  const remoteText =
    remotes.map(([o, v]) => `${o} ${kb(v.gzip)}${v.gzip > budgets.remoteOwnCodePerPageKiB * KiB ? ' OVER' : ''}`).join(', ') || '-';
  console.log(
    `  ${r.page.padEnd(24)} ${String(r.files).padStart(5)} ${kb(r.gzip).padStart(10)} ${`${b.budgetKiB} KB`.padStart(10)}  ${remoteText}${over ? '   OVER BUDGET' : ''}`,
  );
  if (over) failures.push(`${r.page}: ${kb(r.gzip)} of JavaScript, budget ${b.budgetKiB} KB`);
  for (const [o, v] of remotes)
    if (v.gzip > budgets.remoteOwnCodePerPageKiB * KiB)
      failures.push(`${r.page}: ${o} serves ${kb(v.gzip)} of its own code, budget ${budgets.remoteOwnCodePerPageKiB} KB`);
  if (r.twice.length) failures.push(`${r.page}: loaded twice: ${r.twice.join('; ')}`);
  if (!r.rendered) failures.push(`${r.page}: did not render (${r.problem}); its figures mean nothing`);
  rows.push([
    `\`${r.page}\``,
    r.files,
    kb(r.gzip),
    `${b.budgetKiB} KB`,
    kb(r.byOwner.shell?.gzip ?? 0),
    remoteText,
    r.twice.length ? r.twice.join('; ') : 'none',
  ]);
}
const bundled = remotesBundlingSharedLibraries(path.join(root, 'build/web'));
failures.push(...bundled);

fs.mkdirSync(path.join(root, 'build'), { recursive: true });
fs.writeFileSync(path.join(root, 'build/budgets-report.json'), JSON.stringify({ budgets, results, failures }, null, 2));
updateSection(
  'bundle',
  `${measuredOn()} \`npm run check:budgets\`:\n\n${table(['page', 'files', 'JS gzip', 'budget', 'from the shell', "remotes' own code (≤ 50 KB)", 'loaded twice'], rows)}\n\nRemote builds bundling a shared library: ${bundled.length ? bundled.join('; ') : 'none'}.`,
);

if (failures.length) {
  console.error(`\nBudget check FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nBudget check passed: every page within budget, no library loaded twice, every page rendered.`);
