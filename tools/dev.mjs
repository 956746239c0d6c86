#!/usr/bin/env node
// @ts-check
// `npm run dev -- <remote>`: one remote with hot updates inside the whole platform, on one origin.
//
//   npm run dev -- mf-public                   (or mf_public, or public)
//   npm run dev -- mf-investor --port 3001
//   npm run dev -- mf-admin --from https://releases.example.com     other remotes from a registry
//   npm run dev -- mf-owner --api http://127.0.0.1:8080              an API already running (npm start)
//
// What runs:
//   - the remote on webpack-dev-server (development build, webpack HMR: each exposed page sits
//     behind a hot boundary, tools/webpack/hot-expose-loader.cjs, so an edit re-renders the page
//     without reloading the tab);
//   - the API server as `npm start` runs it (embedded PGlite under ./data, demo seed, mail to
//     the outbox file), serving the shell and the other remotes from their local production
//     builds (built once when missing, laid out in build/dev-web) — unless --api names a running one;
//   - a proxy on http://localhost:<port> (default 3000): the shell's page and every API path go
//     to the API server; /remotes.json is the server's registry (or --from's) with the developed
//     remote pointed at /__dev/<name>/mf-manifest.json, which (with the hot-update socket /ws)
//     goes to webpack-dev-server.
// The override lives in this proxy only: the shell has no development switch, and a production
// site never serves a registry that names a development server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from '../scripts/ensure-installed.mjs';
import { assemble } from '../scripts/assemble-web.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('./platform/index.cjs')} */
const manifest = require('./platform/index.cjs');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @param {string} name */
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const wanted = process.argv.slice(2).find((a, i, all) => !a.startsWith('--') && !['--port', '--api', '--from'].includes(all[i - 1] ?? ''));
const found = wanted ? manifest.findRemote(wanted) : undefined;
if (!found) {
  console.error(
    `usage: npm run dev -- <remote> [--port 3000] [--from <registry URL>] [--api <API URL>]\n  remotes: ${manifest.remotes.map((r) => r.folder).join(', ')}`,
  );
  process.exit(2);
}
const remote = found;
const port = Number(arg('--port') ?? process.env.PORT ?? 3000);
const from = arg('--from')?.replace(/\/+$/, '');
let api = arg('--api')?.replace(/\/+$/, '');

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(sig, () => {
    stopAll();
    process.exit(0);
  });
}
process.on('exit', stopAll);

/** @param {string[]} args */
function npmRun(args) {
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** @param {string} url @param {number} ms @param {import('node:child_process').ChildProcess} child */
async function waitFor(url, ms, child) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${url}: the process serving it exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** @param {string} folder */
const versionOf = (folder) => JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8')).version;
/** @param {string} folder @param {string} file */
const built = (folder, file) => fs.existsSync(path.join(root, folder, 'dist', versionOf(folder), file));

ensureInstalled();

// 1. The API server with the shell and the other remotes, unless one runs already.
if (!api) {
  const others = from ? [] : manifest.remotes.filter((r) => r !== remote && !built(r.folder, 'mf-manifest.json'));
  const missing = [
    ...(fs.existsSync(path.join(root, 'server/dist/main.js')) ? [] : ['server']),
    ...(built('shell', 'index.html') ? [] : ['shell']),
    ...others.map((r) => r.folder),
  ];
  if (missing.length) {
    console.log(`Building once what has no local build yet: ${missing.join(', ')}…`);
    npmRun(['run', 'build', ...missing.flatMap((w) => ['-w', w])]);
  }
  const webRoot = path.join(root, 'build/dev-web');
  // Other remotes from --from: the web root holds the shell only.
  assemble(webRoot, { except: from ? manifest.remotes.map((r) => r.name) : [remote.name] });
  const apiPort = await freePort();
  const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      LOG_LEVEL: 'warn',
      ...process.env,
      WEB_ROOT: webRoot,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: 'inherit',
  });
  children.push(server);
  api = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${api}/v1/health`, 180_000, server);
}

// 2. The remote on webpack-dev-server.
const devPort = await freePort();
const dev = spawn(
  process.execPath,
  [path.join(root, 'node_modules/webpack/bin/webpack.js'), 'serve', '--mode', 'development', '--config', 'webpack.config.cjs'],
  { cwd: path.join(root, remote.folder), env: { ...process.env, PORT: String(devPort) }, stdio: 'inherit' },
);
children.push(dev);
const devOrigin = `http://127.0.0.1:${devPort}`;
await waitFor(`${devOrigin}/mf-manifest.json`, 300_000, dev);

// 3. One origin.
const devPrefix = `/__dev/${remote.name}/`;
/** The registry the shell reads, the developed remote pointed at webpack-dev-server. */
async function registry() {
  const base = from ?? api;
  const res = await fetch(`${base}/remotes.json`);
  if (!res.ok) throw new Error(`${base}/remotes.json: ${res.status}`);
  /** @type {Record<string, { stable: { version: string, entry: string } }>} */
  const reg = /** @type {Record<string, { stable: { version: string, entry: string } }>} */ (await res.json());
  if (from) for (const rec of Object.values(reg)) rec.stable.entry = new URL(rec.stable.entry, `${from}/`).href;
  reg[remote.name] = { stable: { version: versionOf(remote.folder), entry: `${devPrefix}mf-manifest.json` } };
  return reg;
}

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {string} target origin
 * @param {string} url path and query on the target
 */
function forward(req, res, target, url) {
  const t = new URL(target);
  const up = http.request(
    { host: t.hostname, port: t.port, method: req.method, path: url, headers: { ...req.headers, host: t.host } },
    (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    },
  );
  up.on('error', (e) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`dev proxy: ${target} ${e.message}`);
  });
  req.pipe(up);
}

const proxy = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (url === '/remotes.json' || url.startsWith('/remotes.json?')) {
    registry().then(
      (reg) => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(reg));
      },
      (/** @type {Error} */ e) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(e.message);
      },
    );
  } else if (url.startsWith(devPrefix)) forward(req, res, devOrigin, `/${url.slice(devPrefix.length)}`);
  else forward(req, res, /** @type {string} */ (api), url);
});
// webpack-dev-server's hot-update socket.
proxy.on('upgrade', (req, socket, head) => {
  const target = req.url?.startsWith('/ws') ? devOrigin : /** @type {string} */ (api);
  const t = new URL(target);
  const up = net.connect(Number(t.port), t.hostname, () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const [k, v] = [req.rawHeaders[i], req.rawHeaders[i + 1]];
      lines.push(`${k}: ${k.toLowerCase() === 'host' ? t.host : v}`);
    }
    up.write(`${lines.join('\r\n')}\r\n\r\n`);
    up.write(head);
    up.pipe(socket).pipe(up);
  });
  up.on('error', () => socket.destroy());
  socket.on('error', () => up.destroy());
});
proxy.listen(port, () => {
  console.log(
    `\nTessera dev loop ready: http://localhost:${port}  (${remote.name} hot from ${remote.folder}/src; API ${api}${from ? `; other remotes from ${from}` : ''})`,
  );
});
