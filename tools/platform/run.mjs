#!/usr/bin/env node
// @ts-check
// Runs an npm script in a group of the platform manifest's workspaces (platform.json), so
// package.json names no remote:  node tools/platform/run.mjs <script> <apps|remotes|projects>
//   node tools/platform/run.mjs build apps     the shell and every remote (npm run build:web)
// The workspaces build independently of each other, and a webpack build keeps about one core
// busy (its minifier runs on cores − 1 workers: one on a 2-core host), so they run as many at a
// time as there are cores. Each one's output is printed whole when it ends, not interleaved.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';

const manifest = createRequire(import.meta.url)('./index.cjs');
const [script, group = 'apps'] = process.argv.slice(2);
/** @type {Record<string, string[]>} */
const groups = {
  apps: manifest.apps,
  remotes: manifest.remotes.map((/** @type {{ folder: string }} */ r) => r.folder),
  workspaces: manifest.workspaces,
};
if (!script || !groups[group]) {
  console.error(`usage: node tools/platform/run.mjs <script> <${Object.keys(groups).join('|')}>`);
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const width = Math.max(1, Number(process.env.PLATFORM_JOBS) || os.availableParallelism());

/** @param {string} workspace @returns {Promise<number>} */
function runOne(workspace) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', script, '-w', workspace], { stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(out));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`── ${workspace}: ${script} ${code === 0 ? 'done' : `failed (exit ${code})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

const queue = [...groups[group]];
/** @type {string[]} */
const failed = [];
await Promise.all(
  Array.from({ length: Math.min(width, queue.length) }, async () => {
    for (let w = queue.shift(); w; w = queue.shift()) if ((await runOne(w)) !== 0) failed.push(w);
  }),
);
if (failed.length) {
  console.error(`${script} failed in: ${failed.join(', ')}`);
  process.exit(1);
}
