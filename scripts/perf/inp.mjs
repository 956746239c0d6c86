#!/usr/bin/env node
// `npm run perf:inp`: Interaction to Next Paint of the property filter and the invest dialog,
// in Chromium with the CPU slowed 4× (DevTools' "mid-tier mobile"), against the built
// platform. Per interaction: the longest Event Timing entry of that interaction (input delay,
// processing and the next paint), as web-vitals counts INP; the page's INP is its worst
// interaction here. Prints the figures against the goal (≤ 200 ms, Core Web Vitals "good")
// and writes the "inp" section of docs/performance.md. Builds nothing: `npm run build` first.
// Measures, never fails: a slow shared host only adds time, so read the figures, not a gate.
//   node scripts/perf/inp.mjs [--base-url http://host:port] [--runs 3] [--no-docs]
import { createRequire } from 'node:module';
import { launchChromium } from '../../e2e/lib/page-weight.mjs';
import { measuredOn, table, updateSection } from './docs.mjs';

const require = createRequire(import.meta.url);
const GOAL_MS = 200;
const SLOWDOWN = 4;
const arg = (/** @type {string} */ name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(arg('--runs') ?? 3));

/** Records every Event Timing entry of an interaction, before any page script runs. */
function observeInteractions() {
  /** @type {{ id: number, name: string, duration: number }[]} */
  const seen = [];
  Object.assign(window, { __interactions: seen });
  new PerformanceObserver((list) => {
    // interactionId: newer than TypeScript's DOM types.
    for (const e of /** @type {(PerformanceEventTiming & { interactionId?: number })[]} */ (list.getEntries())) {
      if (e.interactionId) seen.push({ id: e.interactionId, name: e.name, duration: e.duration });
    }
    // durationThreshold: 16 is the smallest the browser allows; buffered keeps the early ones.
  }).observe(/** @type {PerformanceObserverInit} */ ({ type: 'event', buffered: true, durationThreshold: 16 }));
}

/**
 * Runs `act` and returns the longest interaction it caused (ms; 0 when none took 16 ms).
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<void>} act
 */
async function interaction(page, act) {
  const before = await page.evaluate(() => /** @type {any} */ (window).__interactions.length);
  await act();
  // Event Timing entries are reported after the next paint: give them a moment.
  await page.waitForTimeout(600);
  return page.evaluate(
    (from) =>
      Math.max(0, .../** @type {{ duration: number }[]} */ (/** @type {any} */ (window).__interactions.slice(from)).map((e) => e.duration)),
    before,
  );
}

/**
 * A fresh first visit with the CPU slowed down; signed in as the demo investor when asked.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseURL
 * @param {string} path
 * @param {{ accessToken: string, user: unknown } | null} auth
 */
async function open(browser, baseURL, path, auth) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  if (auth)
    await context.addInitScript(
      (/** @type {string[]} */ [u, t]) => {
        localStorage.setItem('authUser', u);
        localStorage.setItem('accessToken', t);
      },
      [JSON.stringify(auth.user), auth.accessToken],
    );
  await context.addInitScript(observeInteractions);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await page.goto(path, { waitUntil: 'networkidle' });
  return { context, page };
}

let platform = null;
let baseURL = arg('--base-url');
if (!baseURL) {
  const { startPlatform } = require('../../e2e/lib/platform.cjs');
  platform = await startPlatform({ name: 'inp' });
  baseURL = platform.baseURL;
}
/** @type {Record<string, number[]>} */
const figures = {};
const add = (/** @type {string} */ what, /** @type {number} */ ms) => (figures[what] ??= []).push(ms);
const browser = await launchChromium();
try {
  const signin = await fetch(`${baseURL}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'investor@tessera.local', password: 'Investor123!' }),
  });
  if (!signin.ok) throw new Error(`signing in the demo investor: ${signin.status}`);
  const auth = await signin.json();
  const list = await (await fetch(`${baseURL}/v1/properties`)).json();
  const id = list.items?.[0]?._id;
  if (!id) throw new Error('GET /v1/properties lists nothing: no property page to measure');

  for (let run = 0; run < RUNS; run++) {
    // The property filter: typing a search, then choosing a property type.
    {
      const { context, page } = await open(browser, baseURL, '/properties', null);
      const filters = page.getByRole('search', { name: 'Filter properties' });
      const search = filters.getByLabel('Search');
      await search.waitFor();
      add('/properties: type in Search', await interaction(page, () => search.press('a')));
      await page.waitForLoadState('networkidle');
      // A native select: the keyboard changes it as a visitor's would (trusted input).
      const type = filters.getByRole('combobox', { name: 'Property type' });
      await type.focus();
      add('/properties: choose a property type', await interaction(page, () => page.keyboard.press('ArrowDown')));
      await context.close();
    }
    // The invest dialog: Buy units opens the review of the order.
    {
      const { context, page } = await open(browser, baseURL, `/properties/${encodeURIComponent(id)}`, auth);
      const buy = page.getByRole('button', { name: 'Buy units' });
      await buy.waitFor({ timeout: 30_000 });
      add('/properties/:id: Buy units opens the dialog', await interaction(page, () => buy.click()));
      await page.getByRole('dialog', { name: 'Review your order' }).waitFor();
      await context.close();
    }
  }
} finally {
  await browser.close();
  await platform?.stop();
}

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nInteraction to Next Paint, CPU ${SLOWDOWN}× slower, ${RUNS} runs (goal ≤ ${GOAL_MS} ms; 0: under 16 ms):\n`);
const rows = [];
for (const [what, xs] of Object.entries(figures)) {
  const m = median(xs);
  const verdict = m <= GOAL_MS ? 'good' : 'OVER the goal';
  console.log(`  ${what.padEnd(46)} median ${String(Math.round(m)).padStart(4)} ms  (runs: ${xs.map(Math.round).join(', ')})  ${verdict}`);
  rows.push([what, `${Math.round(m)} ms`, xs.map(Math.round).join(', '), verdict]);
}
updateSection(
  'inp',
  `${measuredOn()} \`npm run perf:inp\` (Chromium, CPU ${SLOWDOWN}× slower, ${RUNS} runs; goal ≤ ${GOAL_MS} ms):\n\n${table(['interaction', 'INP (median)', 'runs (ms)', 'verdict'], rows)}`,
);
