// Single-origin mode (WEB_ROOT, no nginx): every response, the HTML pages first, carries the
// security headers of nginx/nginx.conf.template, value for value (through @fastify/helmet,
// plugins/security-headers.ts); HSTS only over HTTPS.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from './helper';

const NGINX = readFileSync(path.join(__dirname, '..', '..', 'nginx', 'nginx.conf.template'), 'utf8');
/** The headers nginx adds on every response (`add_header Name "value" always;`). */
const nginxHeaders = Object.fromEntries(
  [...NGINX.matchAll(/^\s*add_header\s+([A-Za-z-]+)\s+"([^"]*)"\s+always;/gm)].map((m) => [m[1].toLowerCase(), m[2]]),
);
/** A CSP as a set of directives (helmet writes "a;b", nginx "a; b"). */
const csp = (v: string) =>
  Object.fromEntries(
    v
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values.sort()];
      }),
  );

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'tessera-web-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Tessera</title>');
  // Behind a proxy that says https (X-Forwarded-Proto), or plain http.
  t = await buildTestApp({ webRoot: root, trustProxy: true });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

it('reads the headers nginx sets', () => {
  expect(Object.keys(nginxHeaders).sort()).toEqual(
    [
      'content-security-policy',
      'permissions-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ].sort(),
  );
  expect(csp(nginxHeaders['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
});

it.each([
  ['the shell at /', '/'],
  ['a page route (the shell, SPA fallback)', '/dashboard/wallet'],
])('%s carries every nginx security header, value for value (HSTS only over HTTPS)', async (_name, url) => {
  for (const https of [false, true]) {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...(https ? { 'x-forwarded-proto': 'https' } : {}) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    for (const [name, value] of Object.entries(nginxHeaders)) {
      if (name === 'strict-transport-security') continue;
      if (name === 'content-security-policy') expect(csp(String(res.headers[name]))).toEqual(csp(value));
      else expect({ name, value: res.headers[name] }).toEqual({ name, value });
    }
    expect(res.headers['strict-transport-security']).toBe(https ? nginxHeaders['strict-transport-security'] : undefined);
  }
});
