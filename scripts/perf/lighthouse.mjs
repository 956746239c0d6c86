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
// --assert (CI): exit 1 when a score is under 90 or a vital is past the Core Web Vitals
// "good" line (LCP 2.5 s, TBT 200 ms, CLS 0.1), and (issue 21: these three public pages are
// server-rendered) under Performance 98 or SEO 100 or past LCP 1.5 s. Goals: scores ≥ 95,
// LCP ≤ 2.0 s, CLS ≤ 0.05.
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

/**
 * @param {string} url
 * @param {number} port
 */
async function audit(url, port) {
  const result = /** @type {import('lighthouse').RunnerResult} */ (
    await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
  );
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
      const r = await audit(`${nginx.url}${p.path}`, chrome.port);
      runs.push(r);
      process.stdout.write(`  ${p.name} run ${i + 1}/${RUNS}: performance ${r.performance}, LCP ${(r.lcpMs / 1000).toFixed(2)} s\n`);
    }
    // The run with the median performance score stands for the page (its vitals with it).
    const med = median(runs.map((r) => r.performance));
    const chosen = /** @type {(typeof runs)[number]} */ (runs.find((r) => r.performance === med));
    fs.writeFileSync(
      path.join(out, `${p.name.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.json`),
      JSON.stringify(chosen.lhr),
    );
    results.push({ ...p, ...chosen, lhr: undefined, runs: runs.map(({ lhr: _lhr, ...r }) => r) });
  }
} finally {
  await chrome.kill();
  await nginx.stop();
  await platform.stop();
  fs.rmSync(releases, { recursive: true, force: true });
  fs.rmSync(tlsDir, { recursive: true, force: true });
}

const sec = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
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
]);
const head = ['page', 'Performance', 'Accessibility', 'Best Practices', 'SEO', 'LCP', 'TBT', 'CLS', 'FCP'];
console.log(
  `\nLighthouse ${require('lighthouse/package.json').version}, mobile preset, through nginx (median of ${RUNS} run${RUNS > 1 ? 's' : ''}):\n`,
);
console.log(`  ${head.map((h, i) => (i ? h.padStart(14) : h.padEnd(18))).join('')}`);
for (const r of rows) console.log(`  ${r.map((c, i) => (i ? String(c).padStart(14) : String(c).replace(/`/g, '').padEnd(18))).join('')}`);

const failures = [];
const misses = [];
for (const r of results) {
  for (const [k, label] of /** @type {const} */ ([
    ['performance', 'Performance'],
    ['accessibility', 'Accessibility'],
    ['bestPractices', 'Best Practices'],
  ])) {
    if (r[k] < THRESHOLDS.score) failures.push(`${r.name}: ${label} ${r[k]} < ${THRESHOLDS.score}`);
  }
  if (r.lcpMs > THRESHOLDS.lcpMs) failures.push(`${r.name}: LCP ${sec(r.lcpMs)} > 2.5 s`);
  if (r.tbtMs > THRESHOLDS.tbtMs) failures.push(`${r.name}: TBT ${Math.round(r.tbtMs)} ms > 200 ms`);
  if (r.cls > THRESHOLDS.cls) failures.push(`${r.name}: CLS ${r.cls.toFixed(3)} > 0.1`);
  if (r.performance < GOALS.score || r.accessibility < GOALS.score) misses.push(`${r.name}: scores under the ${GOALS.score} goal`);
  if (r.lcpMs > GOALS.lcpMs) misses.push(`${r.name}: LCP over the 2.0 s goal`);
  if (r.cls > GOALS.cls) misses.push(`${r.name}: CLS over the 0.05 goal`);
  const pub = PUBLIC_PAGE_THRESHOLDS;
  if (r.performance < pub.performance) failures.push(`${r.name}: Performance ${r.performance} < ${pub.performance} (issue 21)`);
  if (r.lcpMs > pub.lcpMs) failures.push(`${r.name}: LCP ${sec(r.lcpMs)} > ${sec(pub.lcpMs)} (issue 21)`);
  if (r.seo < pub.seo) failures.push(`${r.name}: SEO ${r.seo} < ${pub.seo} (issue 21)`);
}
updateSection(
  'lighthouse',
  `${measuredOn()} \`npm run perf:lighthouse\` (Lighthouse ${require('lighthouse/package.json').version}, mobile preset with simulated slow 4G and 4× CPU slowdown, system Chromium, production nginx over HTTPS and HTTP/2 with ${nginx.brotli ? 'brotli and gzip' : 'gzip'}; median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page):\n\n${table(head, rows)}\n\nCI (\`--assert\`) fails under ${THRESHOLDS.score} or past LCP 2.5 s, TBT 200 ms, CLS 0.1, and (issue 21, these public pages) under Performance ${PUBLIC_PAGE_THRESHOLDS.performance} or SEO ${PUBLIC_PAGE_THRESHOLDS.seo} or past LCP ${sec(PUBLIC_PAGE_THRESHOLDS.lcpMs)}. Goals missed: ${misses.length ? misses.join('; ') : 'none'}.`,
);
if (failures.length) {
  console.error(`\nLighthouse thresholds missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  if (ASSERT) process.exit(1);
} else {
  console.log(
    `\nEvery page at ≥ ${THRESHOLDS.score} and within the Core Web Vitals "good" lines.${misses.length ? ` Goals missed: ${misses.join('; ')}.` : ' Every goal met.'}`,
  );
}
