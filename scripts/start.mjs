#!/usr/bin/env node
// `npm start`: the whole platform on one origin with the embedded defaults
// (PGlite under ./data, mail to an outbox file, a local chain under ./data/chain unless
// CHAIN_ENABLED=false or CHAIN_RPC_URL names a node). Installs and builds first when needed.
//   PORT=8080 by default; pass --rebuild to force a fresh build.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-installed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (/** @type {string[]} */ args) => {
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

ensureInstalled();
const rebuild = process.argv.includes('--rebuild');
const built = fs.existsSync(path.join(root, 'build/web/remotes.json')) && fs.existsSync(path.join(root, 'server/dist/main.js'));
if (rebuild || !built) {
  console.log('Building the server, the shell and the five remotes…');
  run(['run', 'build']);
}

const env = {
  ...process.env,
  WEB_ROOT: process.env.WEB_ROOT ?? path.join(root, 'build/web'),
  PORT: process.env.PORT ?? '8080',
  CHAIN_ENABLED: process.env.CHAIN_ENABLED ?? 'true',
};
// The contracts the API deploys (cached by a hash of their sources, so instant after the first time).
if (/^(1|true|yes|on)$/i.test(env.CHAIN_ENABLED.trim())) {
  const r = spawnSync(npm, ['run', '--silent', 'compile:contracts'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.warn('The contracts did not compile: starting without the chain.');
    env.CHAIN_ENABLED = 'false';
  }
}
const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { cwd: root, env, stdio: 'inherit' });
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
