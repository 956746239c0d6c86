#!/usr/bin/env node
// `npm run audit:prod`: `npm audit --omit=dev` with a verdict. Every high or critical
// advisory must be fixed or explained in audit-explained.json (advisory URL → why it does
// not apply, and until when); anything else fails. Records the result in docs/reliability.md.
// When the registry has no audit endpoint (some mirrors answer 405), it says so and records
// "not run" instead of pretending; --strict makes that a failure too.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { record, ROOT } = require('./report.cjs');
const here = path.dirname(fileURLToPath(import.meta.url));
const explained = JSON.parse(readFileSync(path.join(here, 'audit-explained.json'), 'utf8'));
const strict = process.argv.includes('--strict');

const r = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: ROOT,
  encoding: 'utf8',
  timeout: 180_000,
  maxBuffer: 64 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(r.stdout || '{}');
} catch {
  report = { error: { summary: (r.stderr || 'no output').trim().split('\n').pop() } };
}

if (report.error || report.statusCode || !report.vulnerabilities) {
  const why = report.error?.summary || report.message || `npm audit exited ${r.status}`;
  console.error(`audit: could not run npm audit --omit=dev here: ${why}`);
  record(
    'audit',
    { tried: 'npm audit --omit=dev', amount: '—', result: `could not run on this machine: ${why}`, ok: false, skipped: true },
    { force: true },
  );
  process.exit(strict ? 1 : 0);
}

const counts = report.metadata?.vulnerabilities ?? {};
const serious = [];
for (const v of Object.values(report.vulnerabilities)) {
  for (const via of v.via ?? []) {
    if (typeof via !== 'object') continue;
    if (via.severity !== 'high' && via.severity !== 'critical') continue;
    serious.push({
      package: v.name,
      range: via.range,
      severity: via.severity,
      title: via.title,
      url: via.url,
      explanation: explained[via.url] ?? null,
    });
  }
}
const unexplained = serious.filter((s) => !s.explanation);
for (const s of serious)
  console.log(
    `${s.severity.padEnd(8)} ${s.package} ${s.range}  ${s.title}  ${s.url}\n         ${s.explanation ? `explained: ${s.explanation}` : 'NOT EXPLAINED'}`,
  );
const summary =
  Object.entries(counts)
    .filter(([k, n]) => k !== 'total' && n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';
console.log(`audit: ${summary}; high/critical: ${serious.length} (${unexplained.length} unexplained)`);
record(
  'audit',
  {
    tried: `npm audit --omit=dev (${report.metadata?.dependencies?.prod ?? '?'} production packages)`,
    amount: `advisories: ${summary}`,
    result:
      serious.length === 0
        ? 'no high or critical advisory'
        : `${serious.length} high/critical, ${unexplained.length} unexplained: ${serious.map((s) => `${s.package} (${s.url}${s.explanation ? `: ${s.explanation}` : ''})`).join('; ')}`,
    ok: unexplained.length === 0,
    details: serious,
  },
  { force: true },
);
process.exit(unexplained.length === 0 ? 0 : 1);
