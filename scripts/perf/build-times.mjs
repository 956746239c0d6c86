#!/usr/bin/env node
// `npm run bench:build`: how long production builds take on this machine (issue 11: one
// remote must build in under 20 s so a team ships its area quickly). Times, one after the
// other, a full production build of every package (`npm run build`: server, shell, five
// remotes, assembled web) and then each remote alone (`npm run build -w <remote>`), each
// from a warm npm cache but without webpack's persistent cache (there is none). Prints the
// figures and writes the "build" section of docs/performance.md. Asserts nothing: timings
// depend on the machine; the figures are for people.
//   node scripts/perf/build-times.mjs [--only mf-investor] [--skip-full] [--no-docs]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { measuredOn, root, table, updateSection } from './docs.mjs';

const REMOTES = createRequire(import.meta.url)('../../tools/platform/index.cjs').remotes.map(
  (/** @type {{ folder: string }} */ r) => r.folder,
);
const GOAL_S = 20;
const arg = (/** @type {string} */ name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs `npm <args>` in the repo and resolves with its wall-clock seconds; rejects on failure.
 * @param {string[]} args
 * @returns {Promise<number>}
 */
function timed(args) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(npm, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code === 0) resolve(seconds);
      else reject(new Error(`npm ${args.join(' ')} failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}

/** @type {string[][]} */
const rows = [];
const s = (/** @type {number} */ x) => `${x.toFixed(1)} s`;
if (!process.argv.includes('--skip-full')) {
  process.stdout.write('Full production build (npm run build)… ');
  const full = await timed(['run', 'build']);
  console.log(s(full));
  rows.push(['every package (`npm run build`)', s(full), '']);
}
const only = arg('--only');
const remotes = only ? [only] : REMOTES;
const alone = [];
for (const remote of remotes) {
  process.stdout.write(`${remote} alone (npm run build -w ${remote})… `);
  const t = await timed(['run', 'build', '-w', remote]);
  console.log(s(t));
  alone.push(t);
  rows.push([`${remote} alone`, s(t), t < GOAL_S ? `under ${GOAL_S} s` : `**over ${GOAL_S} s**`]);
}

const slowest = Math.max(...alone);
console.log(`\nSlowest remote alone: ${s(slowest)} (goal: under ${GOAL_S} s) — ${slowest < GOAL_S ? 'met' : 'MISSED'}.`);
updateSection(
  'build',
  `${measuredOn()} \`npm run bench:build\` (wall clock, one build at a time, webpack 5 with the SWC minifier, no persistent cache):\n\n${table(['build', 'time', 'goal'], rows)}\n\nSlowest remote alone: ${s(slowest)} (goal: under ${GOAL_S} s).`,
);
