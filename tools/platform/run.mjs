#!/usr/bin/env node
// @ts-check
// Runs an npm script in a group of the platform manifest's workspaces (platform.json), so
// package.json names no remote:  node tools/platform/run.mjs <script> <apps|remotes|projects>
//   node tools/platform/run.mjs build apps     the shell and every remote (npm run build:web)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

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
const args = ['run', script, ...groups[group].flatMap((w) => ['-w', w])];
const r = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { stdio: 'inherit' });
process.exit(r.status ?? 1);
