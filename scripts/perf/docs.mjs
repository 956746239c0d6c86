// Keeps docs/performance.md current: each perf script rewrites its own section, between
// <!-- perf:NAME --> and <!-- /perf:NAME --> markers, with the figures it just measured.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOC = path.join(root, 'docs/performance.md');

/** A line saying when and where the figures were taken. */
export function measuredOn() {
  const cpus = os.cpus();
  return `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} × ${cpus[0]?.model?.trim() ?? 'CPU'}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}.`;
}

/**
 * @param {string} name
 * @param {string} markdown
 */
export function updateSection(name, markdown) {
  if (process.env.PERF_NO_DOCS === '1' || process.argv.includes('--no-docs')) return;
  const start = `<!-- perf:${name} -->`;
  const end = `<!-- /perf:${name} -->`;
  const text = fs.readFileSync(DOC, 'utf8');
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`docs/performance.md has no ${start} … ${end} section`);
  fs.writeFileSync(DOC, `${text.slice(0, a + start.length)}\n${markdown.trim()}\n${text.slice(b)}`);
}

/**
 * A markdown table.
 * @param {string[]} head
 * @param {(string | number)[][]} rows
 */
export function table(head, rows) {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map((h, i) => (i ? '---:' : '---')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
