// Telemetry and the event stream through the production nginx config: nginx limits them per
// client address, and the API (TRUST_PROXY=1: one hop) takes the address nginx saw, not the
// one a client writes into X-Forwarded-For. Skipped where nginx is not installed.
import { existsSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helper';
import { releasesRoot } from './telemetry-fixtures';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startNginx } = require('../../nginx/nginx.cjs') as {
  startNginx: (o: { root: string; api: string[]; workers?: number }) => Promise<{ url: string; stop: () => Promise<void> }>;
};

const hasNginx = existsSync('/usr/sbin/nginx') || existsSync('/usr/bin/nginx');
const itWithNginx: jest.It = hasNginx ? it : it.skip;

let t: TestApp;
let root: string;
let nginx: { url: string; stop: () => Promise<void> } | undefined;
beforeAll(async () => {
  // The API's own limits off: every 429 below is nginx's. Pages are the API's (its shell
  // page with a view id), from this releases root.
  root = releasesRoot();
  t = await buildTestApp({ trustProxy: 1, rateLimit: false, releasesDir: root });
  if (hasNginx) nginx = await startNginx({ root, api: [await t.app.listen({ port: 0, host: '127.0.0.1' })], workers: 1 });
}, 180_000);
afterAll(async () => {
  await nginx?.stop();
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

itWithNginx('the address a client writes into X-Forwarded-For is not its address', async () => {
  await t.app.db.execute(sql`delete from telemetry_views`);
  const res = await fetch(`${nginx!.url}/v1/telemetry/view?preview=mf_public@1.2.0`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
  expect(res.status).toBe(200);
  const rows = (await t.app.db.execute(sql`select ip from telemetry_views`)) as unknown as { rows: { ip: string }[] };
  expect(rows.rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
});

itWithNginx("every page of the shell's routes comes from the API with its view id", async () => {
  for (const url of ['/dashboard/portfolio', '/login', '/']) {
    const res = await fetch(`${nginx!.url}${url}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toMatch(/<meta name="tessera-view" content="[^"]+\.[^"]+"/);
  }
  // A file-like path is no page.
  expect((await fetch(`${nginx!.url}/nothing.txt`)).status).toBe(404);
});

itWithNginx('nginx limits the telemetry and stream endpoints per address', async () => {
  const codes = async (url: string, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await fetch(`${nginx!.url}${url}`, { headers: { 'x-forwarded-for': `10.0.0.${i}` } });
      await res.arrayBuffer();
      out.push(res.status);
    }
    return out;
  };
  const telemetry = await codes('/v1/telemetry/view?preview=mf_public@1.2.0', 80);
  expect(telemetry.slice(0, 50).every((c) => c === 200)).toBe(true);
  expect(telemetry.filter((c) => c === 429).length).toBeGreaterThan(0);
  // The stream (no ticket: the API answers 401 until nginx stops it).
  const stream = await codes('/v1/events', 20);
  expect(stream.filter((c) => c === 429).length).toBeGreaterThan(0);
  expect(stream[0]).not.toBe(429);
});
