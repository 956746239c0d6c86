import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from './helper';

const INDEX = '<!doctype html><title>Tessera shell</title>';
let t: TestApp;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'tessera-web-'));
  const remote = path.join(root, 'remotes', 'mf_public', '1.2.0');
  mkdirSync(remote, { recursive: true });
  writeFileSync(path.join(root, 'index.html'), INDEX);
  writeFileSync(
    path.join(root, 'remotes.json'),
    '{"mf_public":{"stable":{"version":"1.2.0","entry":"/remotes/mf_public/1.2.0/mf-manifest.json"}}}',
  );
  writeFileSync(path.join(root, 'main.js'), 'console.log("shell")');
  writeFileSync(path.join(root, '512.0a1b2c3d.js'), 'console.log("chunk")');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(remote, 'mf-manifest.json'), '{}');
  writeFileSync(path.join(remote, 'remoteEntry.js'), 'var mf_public;');
  writeFileSync(path.join(remote, '77.deadbeef.js'), 'console.log(77)');
  t = await buildTestApp({ webRoot: root });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, accept = 'text/html,application/xhtml+xml') => t.app.inject({ method: 'GET', url, headers: { accept } });

describe('embedded single-origin mode (WEB_ROOT)', () => {
  it('serves the shell at / and health under /v1', async () => {
    const root = await get('/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toBe(INDEX);
    expect(root.headers['content-type']).toMatch(/text\/html/);
    expect(root.headers['cache-control']).toBe('no-cache');
    const health = await get('/v1/health', 'application/json');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', service: 'tessera-api' });
  });

  it.each([
    ['/remotes.json', 'no-cache'],
    ['/main.js', 'public, max-age=0, must-revalidate'],
    ['/512.0a1b2c3d.js', 'public, max-age=31536000, immutable'],
    ['/remotes/mf_public/1.2.0/mf-manifest.json', 'no-cache'],
    ['/remotes/mf_public/1.2.0/remoteEntry.js', 'no-cache'],
    ['/remotes/mf_public/1.2.0/77.deadbeef.js', 'public, max-age=31536000, immutable'],
  ])('%s is served with Cache-Control %s', async (url, cache) => {
    const res = await get(url, '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(cache);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('falls back to index.html for page routes that accept HTML', async () => {
    for (const url of ['/dashboard', '/dashboard/listings/create', '/properties/123?x=1', '/login']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never answers index.html for a missing asset, a remote path, the API or a non-HTML request', async () => {
    for (const url of [
      '/remotes/mf_public/1.2.0/missing.js',
      '/remotes/mf_public/9.9.9/',
      '/remotes/anything',
      '/missing.js',
      '/logo.png',
      '/v1/nothing',
      '/v1',
      '/download/nothing',
      '/support/x',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Tessera shell');
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    const api = await get('/dashboard', 'application/json');
    expect(api.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });

  it('does not leave its folder', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/remotes/..%2f..%2fpackage.json']) {
      const res = await get(url, '*/*');
      expect(res.statusCode).toBe(404);
    }
  });

  it('keeps the API docs reachable', async () => {
    const res = await get('/v1/docs/json', 'application/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
  });
});

describe('API-only mode (no WEB_ROOT)', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await buildTestApp();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers health at / and /v1/health, and 404 for pages', async () => {
    const root = await api.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.json()).toMatchObject({ status: 'ok', service: 'tessera-api', database: expect.stringMatching(/^(pglite|postgres)$/) });
    expect((await api.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    const page = await api.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
  });
});
