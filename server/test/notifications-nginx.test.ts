// Server-sent events through the production nginx config (nginx/nginx.conf.template's
// `location = /v1/events`): each event arrives as it is written, not when a buffer fills.
// Skipped where nginx is not installed.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { notify } from '../src/modules/notifications/outbox';
import { buildTestApp, call, makeUser, type TestApp } from './helper';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startNginx } = require('../../nginx/nginx.cjs') as {
  startNginx: (o: { root: string; api: string[]; workers?: number }) => Promise<{ url: string; stop: () => Promise<void> }>;
};

const hasNginx = existsSync('/usr/sbin/nginx') || existsSync('/usr/bin/nginx');
const itWithNginx: jest.It = hasNginx ? it : it.skip;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

itWithNginx(
  'a notice reaches an EventSource-like client through nginx at once',
  async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tessera-sse-nginx-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(path.join(root, 'remotes.json'), '{}');
    const api = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const nginx = await startNginx({ root, api: [api], workers: 1 });
    const ctl = new AbortController();
    try {
      const u = await makeUser(t.app, 'INVESTOR');
      const ticket = (await call(t.app, { method: 'POST', url: '/v1/events/ticket', as: u })).json().ticket as string;
      const res = await fetch(`${nginx.url}/v1/events?ticket=${encodeURIComponent(ticket)}`, {
        signal: ctl.signal,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const dec = new TextDecoder();
      let buf = '';
      const readUntil = async (s: string) => {
        const end = Date.now() + 10_000;
        while (!buf.includes(s)) {
          if (Date.now() > end) throw new Error(`not received: ${s}`);
          const { value, done } = await reader.read();
          if (done) throw new Error('stream ended');
          buf += dec.decode(value, { stream: true });
        }
      };
      await readUntil('retry: 3000');
      const id = await t.app.db.transaction((tx) => notify(tx, { userId: u.id, kind: 'DEPOSIT_RECEIVED', title: 'Via nginx', body: 'x' }));
      const sent = Date.now();
      await readUntil(id);
      expect(Date.now() - sent).toBeLessThan(5000);
    } finally {
      ctl.abort();
      await nginx.stop();
      rmSync(root, { recursive: true, force: true });
    }
  },
  60_000,
);
