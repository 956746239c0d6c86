// The production nginx config, rendered and run by nginx/run.mjs, in front of a releases
// root and the test platform's API: cache and security headers, 404s for missing assets,
// the SPA fallback, the API proxy, the auth rate limit, compression, the admin allowlist.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { platform } from '../lib/browser';

import { cleanup, deriveVersion, publishAll, release, startSite, tempDir, root } from '../lib/nginx.cjs';
import { renderConfig, freePort, selfSignedCertificate } from '../../nginx/nginx.cjs';

let releases: string;
let site: Awaited<ReturnType<typeof startSite>>;
let version: string;
let manifest: { exposes: { assets: { js: { sync: string[] } } }[] };
let shellVersion: string;

beforeAll(async () => {
  releases = publishAll();
  version = JSON.parse(fs.readFileSync(path.join(releases, 'remotes.json'), 'utf8')).mf_public.stable.version;
  shellVersion = JSON.parse(fs.readFileSync(path.join(releases, 'shell.json'), 'utf8')).stable.version;
  manifest = JSON.parse(fs.readFileSync(path.join(releases, 'mf_public', version, 'mf-manifest.json'), 'utf8'));
  site = await startSite(releases, platform().baseURL);
});
afterAll(async () => {
  await site?.stop();
  cleanup();
});

interface Res {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
/**
 * A raw request (no automatic decompression), so content-encoding can be checked. A new
 * connection each time: one kept alive across a long release command may have been closed
 * by nginx (keepalive_timeout) by the time it is reused.
 */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${site.url}${url}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const hashedChunk = () => manifest.exposes[0].assets.js.sync[0];
const shellChunk = () => fs.readdirSync(path.join(releases, 'shell', shellVersion)).find((f) => /\.[0-9a-f]{8}\.js$/.test(f))!;
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function expectSecurityHeaders(r: Res, label: string) {
  const h = r.headers;
  const csp = String(h['content-security-policy'] ?? '');
  expect({ label, csp: /(^|;)\s*script-src 'self'(;|$)/.test(csp) }).toEqual({ label, csp: true });
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/object-src 'none'/);
  expect(csp).not.toMatch(/unsafe-eval/);
  expect(csp.match(/script-src[^;]*/)![0]).not.toMatch(/unsafe-inline|data:|\*/);
  expect(h['strict-transport-security']).toMatch(/max-age=31536000/);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('no-referrer');
  expect(h['x-frame-options']).toBe('DENY');
}

test('cache headers: entry points are revalidated, hashed files are immutable for a year', async () => {
  const cases: [string, string][] = [
    ['/', NO_CACHE],
    ['/index.html', NO_CACHE],
    ['/remotes.json', NO_CACHE],
    [`/remotes/mf_public/${version}/mf-manifest.json`, NO_CACHE],
    [`/remotes/mf_public/${version}/remoteEntry.js`, NO_CACHE],
    [`/shell/${shellVersion}/main.js`, NO_CACHE],
    ['/dashboard/wallet', NO_CACHE],
    [`/remotes/mf_public/${version}/${hashedChunk()}`, IMMUTABLE],
    [`/shell/${shellVersion}/${shellChunk()}`, IMMUTABLE],
  ];
  for (const [url, cc] of cases) {
    const r = await get(url);
    expect({ url, status: r.status, cc: r.headers['cache-control'] }).toEqual({ url, status: 200, cc });
    expectSecurityHeaders(r, url);
  }
  expect((await get(`/remotes/mf_public/${version}/remoteEntry.js`)).headers['content-type']).toMatch(/javascript/);
  expect((await get('/remotes.json')).headers['content-type']).toMatch(/application\/json/);
});

test('a missing asset is a 404 (never index.html, never cached); app routes get the shell page', async () => {
  for (const url of [
    `/remotes/mf_public/${version}/404.deadbeef.js`,
    `/remotes/mf_public/0.0.0-none/mf-manifest.json`,
    `/shell/${shellVersion}/nope.js`,
    '/remotes/mf_nobody/1.0.0/remoteEntry.js',
    '/favicon.ico',
  ]) {
    const r = await get(url);
    expect({ url, status: r.status }).toEqual({ url, status: 404 });
    expect(r.body.toString()).not.toContain('id="root"');
    expect(r.headers['cache-control']).toBeUndefined();
    expectSecurityHeaders(r, url);
  }
  // The releases root's own files and half-published folders are not served.
  fs.mkdirSync(path.join(releases, 'mf_public', `.9.9.9.partial-1`), { recursive: true });
  fs.writeFileSync(path.join(releases, 'mf_public', `.9.9.9.partial-1`, 'remoteEntry.js'), '//');
  for (const url of [
    '/history.jsonl',
    '/shell.json',
    '/remotes/shell/index.html',
    `/remotes/mf_public/.9.9.9.partial-1/remoteEntry.js`,
    '/remotes/remotes.json',
  ]) {
    expect({ url, status: (await get(url)).status }).toEqual({ url, status: 404 });
  }
  for (const url of [
    '/',
    '/properties',
    '/properties/0b9f5bb4-8e8e-4c41-9f0e-0c3b7f0f3a11',
    '/dashboard/listings/new',
    '/login?next=%2Fdashboard',
  ]) {
    const r = await get(url, { accept: 'text/html' });
    expect({ url, status: r.status }).toEqual({ url, status: 200 });
    expect(r.body.toString()).toContain(`/shell/${shellVersion}/main.js`);
  }
});

test('/v1, /support and /download reach the API', async () => {
  const health = await get('/v1/health');
  expect(health.status).toBe(200);
  expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'ok', service: 'tessera-api' });
  expectSecurityHeaders(health, '/v1/health');
  // nginx's copies only, not the API's as well.
  const raw = await new Promise<string[]>((resolve, reject) => {
    http
      .get(`${site.url}/v1/health`, (res) => {
        res.resume();
        resolve(res.rawHeaders);
      })
      .on('error', reject);
  });
  expect(raw.filter((h) => h.toLowerCase() === 'x-content-type-options')).toHaveLength(1);
  expect(raw.filter((h) => h.toLowerCase() === 'referrer-policy')).toHaveLength(1);

  for (const url of ['/download/00000000-0000-0000-0000-000000000000', '/v1/no-such-route']) {
    const r = await get(url);
    expect({ url, status: r.status, type: r.headers['content-type'] }).toEqual({
      url,
      status: expect.any(Number),
      type: expect.stringMatching(/application\/json/),
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(r.body.toString())).toMatchObject({ statusCode: r.status });
  }
  const support = await get('/support', { 'content-type': 'application/json' }, 'GET');
  expect(support.body.toString()).not.toContain('id="root"');
  expect(support.headers['content-type']).toMatch(/application\/json/);
});

test('the auth routes are rate limited by nginx with 429', async () => {
  // GET on the sign-in path: counted by nginx's limit, while the API (which limits only
  // POST /v1/auth/signin itself) just answers 404; so every 429 here is nginx's.
  const codes: number[] = [];
  let limited: Res | undefined;
  for (let i = 0; i < 15; i++) {
    const r = await get('/v1/auth/signin');
    codes.push(r.status);
    if (r.status === 429) limited ??= r;
  }
  expect(codes.slice(0, 5).every((c) => c !== 429)).toBe(true);
  expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(5);
  expect(JSON.parse(limited!.body.toString())).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'Too many requests, please try again later.',
  });
  expectSecurityHeaders(limited!, '429');
  // Other API routes are not limited.
  expect((await get('/v1/health')).status).toBe(200);
});

test('responses are compressed: gzip, and brotli where the module is installed', async () => {
  const url = `/shell/${shellVersion}/main.js`;
  const gz = await get(url, { 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
  const plain = await get(url);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(gz.body.length).toBeLessThan(plain.body.length);
  const brotliInstalled = fs.existsSync('/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so');
  expect(site.brotli).toBe(brotliInstalled);
  const br = await get(url, { 'accept-encoding': 'br, gzip' });
  expect(br.headers['content-encoding']).toBe(brotliInstalled ? 'br' : 'gzip');
});

test('old hashed chunks stay available after a promotion; remotes.json changes at once', async () => {
  const old = `/remotes/mf_public/${version}/${hashedChunk()}`;
  const [maj, min] = version.split('.').map(Number);
  const next = `${maj}.${min + 1}.0`;
  const derived = deriveVersion(releases, 'mf_public', version, next, {
    text: 'Real Estate Investment For Everyone',
    replacement: 'Real Estate Investment For Everyone (next)',
  });
  release(releases, ['publish', 'mf_public', '--from', derived.dir]);
  release(releases, ['canary', 'mf_public', next, '25']);
  release(releases, ['promote', 'mf_public']);
  const reg = JSON.parse((await get('/remotes.json')).body.toString());
  expect(reg.mf_public.stable).toEqual({ version: next, entry: `/remotes/mf_public/${next}/mf-manifest.json` });
  expect((await get(old)).status).toBe(200);
  expect((await get(`/remotes/mf_public/${version}/mf-manifest.json`)).status).toBe(200);
  release(releases, ['rollback', 'mf_public']);
  expect(JSON.parse((await get('/remotes.json')).body.toString()).mf_public.stable.version).toBe(version);
  // publish and canary each smoke-test every page in Chromium: minutes on a busy host.
}, 600_000);

test('the admin allowlist hides mf_admin from other addresses only', async () => {
  const adminManifest = () => fs.readdirSync(path.join(releases, 'mf_admin'))[0];
  const denied = await startSite(releases, platform().baseURL, { adminAllow: ['10.0.0.0/8'] });
  const allowed = await startSite(releases, platform().baseURL, { adminAllow: ['127.0.0.1', '10.0.0.0/8'] });
  try {
    const at = async (base: string, p: string) => (await fetch(`${base}${p}`)).status;
    expect(await at(denied.url, `/remotes/mf_admin/${adminManifest()}/mf-manifest.json`)).toBe(403);
    expect(await at(denied.url, `/remotes/mf_public/${version}/mf-manifest.json`)).toBe(200);
    expect(await at(allowed.url, `/remotes/mf_admin/${adminManifest()}/mf-manifest.json`)).toBe(200);
    expect(await at(site.url, `/remotes/mf_admin/${adminManifest()}/mf-manifest.json`)).toBe(200);
  } finally {
    await denied.stop();
    await allowed.stop();
  }
  expect(() => renderConfig({ root: releases, api: 'http://127.0.0.1:1', prefix: '/tmp/x', adminAllow: ['everyone'] })).toThrow(
    /not an address or CIDR/,
  );
});

test('with a certificate it serves HTTPS over HTTP/2, with the same headers and routes', async () => {
  const tls = selfSignedCertificate(tempDir('tls'));
  const secure = await startSite(releases, platform().baseURL, { tls });
  try {
    expect(secure.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    // curl reports the protocol it spoke (-k: the certificate is self-signed).
    const curl = (p: string) =>
      spawnSync('curl', ['-sk', '--http2', '-o', '/dev/null', '-D', '-', '-w', '%{http_version} %{http_code}', `${secure.url}${p}`], {
        encoding: 'utf8',
      }).stdout;
    const page = curl('/properties');
    expect(page).toMatch(/2 200$/);
    expect(page).toMatch(/strict-transport-security: max-age=31536000/i);
    expect(page).toMatch(/content-security-policy: default-src 'self'/i);
    expect(curl('/v1/health')).toMatch(/2 200$/);
    expect(curl(`/remotes/mf_public/${version}/${hashedChunk()}`)).toMatch(
      /cache-control: public, max-age=31536000, immutable[\s\S]*2 200$/i,
    );
    expect(curl('/shell/missing.js')).toMatch(/2 404$/);
  } finally {
    await secure.stop();
  }
  expect(() =>
    renderConfig({ root: releases, api: 'http://127.0.0.1:1', prefix: '/tmp/x', tls: { cert: '/nonexistent.pem', key: tls.key } }),
  ).toThrow(/nonexistent\.pem does not exist/);
});

test('node nginx/run.mjs: runs in the foreground, and --render-only gives a config nginx accepts', async () => {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(root, 'nginx/run.mjs'), '--root', releases, '--api', platform().baseURL, '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  try {
    const end = Date.now() + 15_000;
    while (!out.includes('serving') && Date.now() < end && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
    expect(out).toContain(`http://127.0.0.1:${port}`);
    expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  expect(child.exitCode).toBe(0);

  const dir = tempDir('render');
  const conf = path.join(dir, 'tessera.conf');
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'nginx/run.mjs'),
      '--render-only',
      '--root',
      releases,
      '--api',
      'http://127.0.0.1:3000',
      '--listen',
      String(await freePort()),
      '--prefix',
      dir,
      '--out',
      conf,
    ],
    { encoding: 'utf8' },
  );
  expect(r.status).toBe(0);
  const text = fs.readFileSync(conf, 'utf8');
  expect(text).toMatch(/keepalive 32;/);
  expect(text).not.toMatch(/\{\{/);
  expect(fs.readFileSync(path.join(dir, 'conf/proxy.conf'), 'utf8')).toMatch(/proxy_http_version 1\.1;\s*proxy_set_header Connection "";/);
  for (const d of ['logs', 'tmp']) fs.mkdirSync(path.join(dir, d), { recursive: true });
  const t = spawnSync('/usr/sbin/nginx', ['-t', '-p', dir, '-c', conf, '-e', path.join(dir, 'logs/error.log')], { encoding: 'utf8' });
  expect({ status: t.status, stderr: t.stderr }).toEqual({ status: 0, stderr: expect.stringMatching(/test is successful/) });
  fs.rmSync(dir, { recursive: true, force: true });
});
