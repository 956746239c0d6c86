// The reliability report (docs/reliability.md): each check records its latest result in
// docs/reliability/<check>.json, and the table between the markers in the report is
// rendered again from those files. Tests record only when RELIABILITY_REPORT=1 (the npm
// scripts and .ci/run set it), so an ordinary local test run leaves the report alone.
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const DIR = path.join(ROOT, 'docs/reliability');
const REPORT = path.join(ROOT, 'docs/reliability.md');
const START = '<!-- results:start (rendered by server/reliability/report.cjs from docs/reliability/*.json; do not edit by hand) -->';
const END = '<!-- results:end -->';

/** Row order and the item each check belongs to. */
const CHECKS = [
  ['fuzz-pglite', '1 Hostile input'],
  ['fuzz-postgres', '1 Hostile input'],
  ['stored-text', '1 Stored text renders as text'],
  ['sessions-pglite', '2 Sessions'],
  ['sessions-postgres', '2 Sessions'],
  ['sessions-client', '2 Sessions (browser)'],
  ['crash-pglite', '3 Crash safety'],
  ['crash-postgres', '3 Crash safety'],
  ['scale-out', '4 Scale-out'],
  ['soak', '5 Soak'],
  ['a11y', '6 Accessibility'],
  ['audit', '6 Dependencies'],
];

function enabled() {
  return /^(1|true|yes)$/i.test(process.env.RELIABILITY_REPORT ?? '');
}

function commit() {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

// Suites record from several jest workers at once: a file is written beside its place and
// renamed over it, so a reader never sees half of one.
function writeWhole(/** @type {string} */ file, /** @type {string} */ text) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/**
 * @param {string} check one of CHECKS
 * @param {{ tried: string, amount: string, result: string, ok: boolean, skipped?: boolean, details?: unknown }} r
 * @param {{ force?: boolean }} [o] force: record even without RELIABILITY_REPORT (scripts run by hand)
 */
function record(check, r, o = {}) {
  if (!o.force && !enabled()) return false;
  if (!CHECKS.some(([c]) => c === check)) throw new Error(`unknown reliability check ${check}`);
  fs.mkdirSync(DIR, { recursive: true });
  const entry = {
    check,
    ...r,
    at: new Date().toISOString(),
    commit: commit(),
    machine: `${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
  };
  writeWhole(path.join(DIR, `${check}.json`), `${JSON.stringify(entry, null, 2)}\n`);
  render();
  return true;
}

// Pipes escaped (also inside code spans, as GFM tables want); markup outside code spans
// shown as text, never as HTML.
const cell = (/** @type {unknown} */ s) =>
  String(s ?? '')
    .replace(/\n/g, ' ')
    .split('`')
    .map((part, i) => (i % 2 === 0 ? part.replace(/</g, '&lt;').replace(/>/g, '&gt;') : part))
    .join('`')
    .replace(/\|/g, '\\|');

function render() {
  const rows = CHECKS.map(([check, item]) => {
    const file = path.join(DIR, `${check}.json`);
    if (!fs.existsSync(file)) return `| ${item} | \`${check}\` | — | — | not run yet | |`;
    const e = JSON.parse(fs.readFileSync(file, 'utf8'));
    const verdict = e.skipped ? '**not run**' : e.ok ? '**pass**' : '**FAIL**';
    return `| ${item} | \`${check}\` | ${cell(e.tried)} | ${cell(e.amount)} | ${verdict}: ${cell(e.result)} | ${cell(e.at.slice(0, 16).replace('T', ' '))}${e.commit ? ` (${e.commit})` : ''} |`;
  });
  let table = ['| item | check | what was tried | how much | result | when (UTC) |', '|---|---|---|---|---|---|', ...rows].join('\n');
  const soakFile = path.join(DIR, 'soak.json');
  if (fs.existsSync(soakFile)) {
    const soak = JSON.parse(fs.readFileSync(soakFile, 'utf8'));
    const windows = soak.details?.windows ?? [];
    if (windows.length > 0) {
      const d = soak.details;
      table += `\n\nLatest soak (${d.minutes} min on ${d.database}, ${soak.at.slice(0, 16).replace('T', ' ')} UTC, ${soak.machine}), per window:\n\n`;
      table += [
        '| time | req/s | errors | business refusals | p50 ms | p99 ms | RSS MB | heap MB (after GC) |',
        '|---:|---:|---:|---:|---:|---:|---:|---:|',
      ]
        .concat(
          windows.map(
            (/** @type {Record<string, number>} */ w) =>
              `| ${w.t} s | ${w.rps} | ${w.errorRate}% | ${w.refusedRate}% | ${w.p50} | ${w.p99} | ${w.rssMb} | ${w.heapMb} |`,
          ),
        )
        .join('\n');
      table += `\n\nMemory verdict: heap slope over the second half ${d.heapSlopeMbPerMin} MB/min, RSS ${d.rssSlopeMbPerMin} MB/min: **${d.memoryBounded ? 'bounded' : 'growing'}**.`;
    }
  }
  const text = fs.existsSync(REPORT) ? fs.readFileSync(REPORT, 'utf8') : `# Reliability\n\n${START}\n${END}\n`;
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${REPORT}: result markers missing`);
  const next = `${text.slice(0, a + START.length)}\n${table}\n${text.slice(b)}`;
  if (next !== text) writeWhole(REPORT, next);
}

module.exports = { record, render, enabled, CHECKS, ROOT };

if (require.main === module) render();
