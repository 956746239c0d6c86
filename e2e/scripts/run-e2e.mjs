#!/usr/bin/env node
// Builds the platform the way `npm start` does, then runs the browser journeys.
// E2E_SKIP_BUILD=1 reuses the current build (for quick local reruns).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = (/** @type {string} */ cmd, /** @type {string[]} */ args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (process.env.E2E_SKIP_BUILD !== '1') run('npm', ['run', 'build']);
// The contracts the chain journey's server deploys (server/chain/build). Cached by a hash of
// the sources, so this is instant when they have not changed, even with E2E_SKIP_BUILD.
run('npm', ['run', '--silent', 'compile:contracts']);
run(process.execPath, [path.join(root, 'node_modules/jest/bin/jest.js'), '-c', 'e2e/jest.config.cjs', ...process.argv.slice(2)]);
