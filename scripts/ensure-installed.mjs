#!/usr/bin/env node
// Installs the dependencies on a fresh clone (npm start and npm test both begin here), so
// either README command works first. npm install, not npm ci: see .ci/run (npm/cli#4828).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function ensureInstalled() {
  if (fs.existsSync(path.join(root, 'node_modules/.package-lock.json'))) return;
  console.log('Installing dependencies…');
  const r = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureInstalled();
