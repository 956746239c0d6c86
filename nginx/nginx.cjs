// Renders nginx.conf.template and runs nginx on it (the JS API of nginx/run.mjs, also
// used by the e2e tests). Everything nginx writes (pid, logs, temp files) stays in a
// private prefix folder; nothing touches /etc/nginx or /var.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');

const TEMPLATE = path.join(__dirname, 'nginx.conf.template');
const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
const MODULES_DIR = '/usr/lib/nginx/modules';
const BROTLI_MODULES = ['ngx_http_brotli_filter_module.so', 'ngx_http_brotli_static_module.so'];
/** The remotes nginx serves (federation names), from the release tool. */
const { REMOTE_NAMES } = require('../tools/release/release.cjs');

/**
 * `http://127.0.0.1:8080` or `127.0.0.1:8080` → `127.0.0.1:8080` (an upstream server).
 * @param {string} api
 */
function upstreamOf(api) {
  const u = new URL(/^[a-z]+:\/\//i.test(api) ? api : `http://${api}`);
  if (u.protocol !== 'http:') throw new Error(`--api must be an http:// address (nginx speaks plain HTTP to the API), not ${api}`);
  if (u.pathname !== '/' && u.pathname !== '') throw new Error(`--api is an origin (http://host:port), without a path: ${api}`);
  return `${u.hostname}:${u.port || 80}`;
}

/**
 * The upstream block's server lines: one API instance, or several (an array, or a
 * comma-separated list). An instance that fails is left alone for a few seconds.
 * @param {string | string[]} api
 */
function upstreamServers(api) {
  const list = (Array.isArray(api) ? api : String(api).split(',')).map((a) => a.trim()).filter(Boolean);
  if (list.length === 0) throw new Error('the API address is required (--api http://host:port[,http://host2:port2])');
  return list.map((a) => `    server ${upstreamOf(a)} max_fails=1 fail_timeout=5s;`).join('\n');
}

function brotliAvailable(dir = MODULES_DIR) {
  return BROTLI_MODULES.every((m) => fs.existsSync(path.join(dir, m)));
}

const CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9a-f:]+(?:\/\d{1,3})?|unix:)$/i;

/**
 * @param {object} o
 * @param {string} o.root releases root (index.html, remotes.json, shell/, <remote>/)
 * @param {string|string[]} o.api the API origin, http://host:port, or several (array or comma-separated)
 * @param {string} [o.listen] `127.0.0.1:8080`, `80`, …
 * @param {string} o.prefix folder for pid, logs, temp files and the rendered conf
 * @param {string[]} [o.adminAllow] addresses/CIDRs allowed to fetch mf_admin's files
 * @param {boolean} [o.brotli] default: when the modules are installed
 * @param {number|'auto'} [o.workers]
 * @param {string} [o.user] a `user` directive (only when nginx runs as root and must read root-only files)
 * @param {{ cert: string, key: string }} [o.tls] PEM certificate (chain) and key: HTTPS with HTTP/2 on `listen`
 */
function renderConfig(o) {
  if (!o.root) throw new Error('a releases root is required (--root)');
  if (!o.api) throw new Error('the API address is required (--api http://host:port)');
  const root = path.resolve(o.root);
  const prefix = path.resolve(o.prefix);
  for (const a of o.adminAllow ?? []) if (!CIDR.test(a)) throw new Error(`--admin-allow: "${a}" is not an address or CIDR`);
  const brotli = o.brotli ?? brotliAvailable();
  const main = [
    ...(o.user ? [`user ${o.user};`] : []),
    ...(brotli ? BROTLI_MODULES.map((m) => `load_module ${path.join(MODULES_DIR, m)};`) : []),
  ].join('\n');
  const brotliConf = brotli
    ? [
        '  brotli on;',
        '  brotli_comp_level 5;',
        '  brotli_min_length 512;',
        '  brotli_types text/css text/plain application/javascript application/json image/svg+xml application/manifest+json;',
        '  brotli_static on;',
      ].join('\n')
    : '  # brotli: modules not installed (libnginx-mod-http-brotli-filter/-static); gzip only.';
  const remotes = REMOTE_NAMES.map((name) => {
    const allow =
      name === 'mf_admin' && o.adminAllow?.length
        ? `      # Admin console code only for these addresses (the API enforces roles regardless).\n${o.adminAllow.map((a) => `      allow ${a};`).join('\n')}\n      deny all;\n`
        : '';
    return `    location ^~ /remotes/${name}/ {\n      alias ${root}/${name}/;\n${allow}      location ~ /\\. { return 404; }\n      location ~ /ssr/ { return 404; }\n      try_files $uri =404;\n    }`;
  }).join('\n');
  if (o.tls)
    for (const f of [o.tls.cert, o.tls.key])
      if (!f || !fs.existsSync(f)) throw new Error(`TLS: ${f || 'a certificate and a key are required'} does not exist`);
  const tls = o.tls
    ? [
        `    ssl_certificate ${path.resolve(o.tls.cert)};`,
        `    ssl_certificate_key ${path.resolve(o.tls.key)};`,
        '    ssl_protocols TLSv1.2 TLSv1.3;',
        '    ssl_session_cache shared:tessera_tls:10m;',
        '    ssl_session_timeout 1d;',
      ].join('\n')
    : '    # Plain HTTP: TLS terminates in front of nginx (or pass --tls-cert/--tls-key).';
  const values = {
    MAIN: main,
    WORKERS: String(o.workers ?? 'auto'),
    PREFIX: prefix,
    MIME_TYPES: fs.existsSync('/etc/nginx/mime.types') ? '/etc/nginx/mime.types' : path.join(prefix, 'conf/mime.types'),
    BROTLI: brotliConf,
    API_SERVERS: upstreamServers(o.api),
    // nginx 1.22 (Debian 12) takes HTTP/2 as a listen parameter.
    LISTEN: `${o.listen ?? '127.0.0.1:8080'}${o.tls ? ' ssl http2' : ''}`,
    TLS: tls,
    RELEASES: root,
    REMOTES: remotes,
  };
  const text = fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (m, /** @type {keyof typeof values} */ k) => {
    if (!(k in values)) throw new Error(`nginx.conf.template: unknown placeholder ${m}`);
    return values[k];
  });
  return { conf: text, proxy: PROXY_CONF, proxyEvents: EVENTS_PROXY_CONF, brotli };
}

const PROXY_CONF = `# Included by every API location (rendered by nginx/nginx.cjs).
proxy_pass http://tessera_api;
proxy_http_version 1.1;
proxy_set_header Connection "";
proxy_set_header Host $host;
proxy_set_header X-Real-IP $remote_addr;
proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
proxy_set_header X-Forwarded-Proto $scheme;
# nginx adds these on every response; the API's own copies (it sends them too when it also
# serves the web app, single-origin mode) would be duplicates.
proxy_hide_header Content-Security-Policy;
proxy_hide_header Strict-Transport-Security;
proxy_hide_header X-Content-Type-Options;
proxy_hide_header X-Frame-Options;
proxy_hide_header Referrer-Policy;
proxy_hide_header Permissions-Policy;
proxy_hide_header X-Powered-By;
proxy_read_timeout 60s;
proxy_connect_timeout 5s;
# With several API instances, a request an instance could not take (refused or cut
# connection, timeout, 502/503/504) goes to the next one: only for methods nginx may
# repeat. nginx never hands a POST or PATCH that reached an instance to another (no
# non_idempotent); clients retry those themselves, with their Idempotency-Key.
proxy_next_upstream error timeout http_502 http_503 http_504;
proxy_next_upstream_tries 3;
`;

// GET /v1/events (server-sent events): the same proxying, but streamed as written (no
// buffering, no cache) and kept open up to an hour. Its own file: nginx refuses a
// directive repeated in one block, so proxy.conf cannot be included and overridden.
const EVENTS_PROXY_CONF = `${PROXY_CONF.replace('# Included by every API location', '# Included by the /v1/events location').replace(
  'proxy_read_timeout 60s;',
  'proxy_read_timeout 1h;',
)}proxy_buffering off;
proxy_cache off;
`;

const MIME_FALLBACK = `types {
  text/html html;
  text/css css;
  application/javascript js mjs;
  application/json json;
  image/svg+xml svg;
  image/png png;
  image/jpeg jpg jpeg;
  image/webp webp;
  font/woff2 woff2;
}
`;

/** @typedef {Parameters<typeof renderConfig>[0]} RenderOptions */
/**
 * `renderConfig`'s options; the prefix is a temporary folder unless given, and `listen` is
 * `host:port` (a free port unless given).
 * @typedef {Omit<RenderOptions, 'prefix' | 'listen'> & { prefix?: string, host?: string, port?: number }} StartOptions
 */

/**
 * Writes the rendered config into `<prefix>/conf/` and creates logs/ and tmp/.
 * @param {RenderOptions} o
 */
function writeConfig(o) {
  const prefix = path.resolve(o.prefix);
  const { conf, proxy, proxyEvents, brotli } = renderConfig(o);
  for (const d of ['conf', 'logs', 'tmp']) fs.mkdirSync(path.join(prefix, d), { recursive: true });
  fs.writeFileSync(path.join(prefix, 'conf/proxy.conf'), proxy);
  fs.writeFileSync(path.join(prefix, 'conf/proxy-events.conf'), proxyEvents);
  if (!fs.existsSync('/etc/nginx/mime.types')) fs.writeFileSync(path.join(prefix, 'conf/mime.types'), MIME_FALLBACK);
  const confFile = path.join(prefix, 'conf/nginx.conf');
  fs.writeFileSync(confFile, conf);
  return { confFile, brotli };
}

/**
 * @param {string} [host]
 * @returns {Promise<number>}
 */
function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * When nginx runs as root its workers run as `nobody`: can they read the releases?
 * @param {string} dir
 */
function workersCanRead(dir) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return true;
  let d = path.resolve(dir);
  for (;;) {
    const mode = fs.statSync(d).mode;
    if (!(mode & 0o001)) return false;
    const parent = path.dirname(d);
    if (parent === d) break;
    d = parent;
  }
  return Boolean(fs.statSync(dir).mode & 0o004);
}

/**
 * @param {string} confFile
 * @param {string} prefix
 */
function checkConfig(confFile, prefix) {
  const r = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', confFile, '-e', path.join(prefix, 'logs/error.log')], { encoding: 'utf8' });
  if (r.error) throw new Error(`cannot run ${NGINX}: ${r.error.message} (apt-get install -y nginx)`);
  if (r.status !== 0) throw new Error(`nginx -t failed for ${confFile}:\n${r.stderr}`);
}

/**
 * Any answer from `url` (HTTPS: the certificate may be self-signed).
 * @param {string} url
 * @returns {Promise<boolean>}
 */
function answers(url) {
  if (url.startsWith('http:')) return fetch(url, { signal: AbortSignal.timeout(1000) }).then(() => true);
  return new Promise((resolve, reject) => {
    const req = https.get(url, { rejectUnauthorized: false, timeout: 1000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} ms
 */
async function waitUntilServing(url, child, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) return false;
    try {
      await answers(url);
      return true;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
process.on('exit', () => {
  for (const c of running)
    try {
      c.kill('SIGKILL');
    } catch {
      /* gone */
    }
});

/**
 * Starts nginx in the foreground as a child process.
 * @param {StartOptions} o
 * @returns {Promise<{ url: string, port: number, prefix: string, confFile: string, brotli: boolean, pid: number | undefined, errorLog: () => string, accessLog: () => string, stop: (o?: { keepPrefix?: boolean }) => Promise<void> }>}
 */
async function startNginx(o) {
  const ownPrefix = !o.prefix;
  const prefix = path.resolve(o.prefix ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-nginx-')));
  try {
    return await start(o, prefix, ownPrefix);
  } catch (err) {
    if (ownPrefix) fs.rmSync(prefix, { recursive: true, force: true });
    throw err;
  }
}

/**
 * @param {StartOptions} o
 * @param {string} prefix
 * @param {boolean} ownPrefix
 * @returns {ReturnType<typeof startNginx>}
 */
async function start(o, prefix, ownPrefix) {
  const host = o.host ?? '127.0.0.1';
  // Workers (nobody, when started as root) create files under tmp/.
  fs.chmodSync(prefix, 0o755);
  const user = workersCanRead(o.root) ? undefined : 'root';
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = o.port ?? (await freePort(host));
    const { confFile, brotli } = writeConfig({ ...o, prefix, listen: `${host}:${port}`, workers: o.workers ?? 1, user: o.user ?? user });
    checkConfig(confFile, prefix);
    const errorLogFile = path.join(prefix, 'logs/error.log');
    const child = spawn(NGINX, ['-p', prefix, '-c', confFile, '-e', errorLogFile, '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    running.add(child);
    child.on('exit', () => running.delete(child));
    const url = `${o.tls ? 'https' : 'http'}://${host}:${port}`;
    if (await waitUntilServing(`${url}/remotes.json`, child, 10_000)) {
      const read = (/** @type {string} */ f) => () => {
        try {
          return fs.readFileSync(path.join(prefix, 'logs', f), 'utf8');
        } catch {
          return '';
        }
      };
      return {
        url,
        port,
        prefix,
        confFile,
        brotli,
        pid: child.pid,
        errorLog: read('error.log'),
        accessLog: read('access.log'),
        async stop({ keepPrefix = false } = {}) {
          if (child.exitCode === null) {
            const exited = new Promise((r) => child.once('exit', r));
            child.kill('SIGQUIT');
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            await exited;
            clearTimeout(timer);
          }
          if (ownPrefix && !keepPrefix) fs.rmSync(prefix, { recursive: true, force: true });
        },
      };
    }
    if (child.exitCode === null) child.kill('SIGKILL');
    lastError = `${stderr}${fs.existsSync(errorLogFile) ? fs.readFileSync(errorLogFile, 'utf8') : ''}`;
    if (o.port || !/Address already in use/.test(lastError)) break;
  }
  throw new Error(`nginx did not start:\n${lastError.trim().split('\n').slice(-10).join('\n')}`);
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, for local runs and measurements
 * over HTTPS (browsers must be told to accept it). Needs openssl.
 * @param {string} dir
 * @returns {{ cert: string, key: string }}
 */
function selfSignedCertificate(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const cert = path.join(dir, 'tls-cert.pem');
  const key = path.join(dir, 'tls-key.pem');
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (r.error || r.status !== 0) throw new Error(`openssl could not make a certificate: ${r.error?.message ?? r.stderr}`);
  return { cert, key };
}

module.exports = { renderConfig, writeConfig, startNginx, brotliAvailable, upstreamOf, upstreamServers, freePort, selfSignedCertificate };
