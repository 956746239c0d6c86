// Starts the built platform the way `npm start` does (server/dist + WEB_ROOT) on a
// free port, with a fresh data folder and a private copy of the web root.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
// One folder per run, so several runs (or engineers) never share data or ports.
const tmp = path.join(root, 'e2e/.tmp', String(process.pid));

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @param {string} url
 * @param {number} ms
 * @param {import('node:child_process').ChildProcess} child
 */
async function waitFor(url, ms, child) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

let counter = 0;

/**
 * Starts the built server on a free port with its own data folder and its own copy
 * of the web root. `template`: a data folder to start from (copied, so nothing the
 * run writes leaks into another run); without it the server seeds a fresh database.
 * @param {{ env?: Record<string, string>, template?: string, name?: string }} [o]
 */
async function startPlatform({ env = {}, template, name } = {}) {
  const webSrc = path.join(root, 'build/web');
  if (!fs.existsSync(path.join(webSrc, 'remotes.json'))) throw new Error('build/web missing: run npm run build');
  const dir = path.join(tmp, `${name ?? 'platform'}-${++counter}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const webRoot = path.join(dir, 'web');
  const dataDir = path.join(dir, 'data');
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  else fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(webSrc, webRoot, { recursive: true });
  const port = await freePort();
  const logFile = path.join(dir, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_ROOT: webRoot,
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // One client address makes every request; the API suite tests the limits.
      RATE_LIMIT: 'false',
      ...env,
    },
    stdio: ['ignore', out, out],
    detached: false,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // E2E_START_TIMEOUT_MS: more time on a loaded machine (a first start seeds the database).
  await waitFor(`${baseURL}/v1/health`, Number(process.env.E2E_START_TIMEOUT_MS) || 120_000, child);
  const state = { baseURL, webRoot, dataDir, pid: child.pid, logFile };
  current = state;
  return { ...state, child, stop: () => stopChild(child) };
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
function stopChild(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 15_000);
    child.on('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Seeds one database for the whole run and stops its server cleanly; every test
 * file then starts from a copy (seeding takes far longer than copying).
 */
async function seedTemplate() {
  fs.rmSync(tmp, { recursive: true, force: true });
  const p = await startPlatform({ name: 'template' });
  await p.stop();
  return p.dataDir;
}

/**
 * The platform of the current test file (set by startPlatform).
 * @type {{ baseURL: string, webRoot: string, dataDir: string, pid: number | undefined, logFile: string } | null}
 */
let current = null;
function readState() {
  if (!current) throw new Error('no platform started for this test file');
  return current;
}

module.exports = { startPlatform, seedTemplate, readState, root, tmp };
