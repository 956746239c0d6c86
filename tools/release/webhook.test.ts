// The rollout webhook against a local HTTP server: signed over the exact body, retried with
// backoff on failures (same delivery id), not retried on a refusal, bounded in time; and a
// tick that advances a rollout POSTs the decision.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { main } from './cli';
import { fakeBuild, fakeShell, HOST, REQUIRED } from './fixtures';
import * as release from './index';

interface Hit {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

let server: http.Server;
let hits: Hit[];
/** How the server answers the n-th webhook request (0-based): a status, or 'hang'. */
let answer: (n: number) => number | 'hang';
/** The telemetry summary the server answers. */
let summary: unknown;
let url: string;

beforeEach(async () => {
  hits = [];
  answer = () => 200;
  summary = { since: '', until: '', items: [] };
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/v1/telemetry/remote-load/summary')) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(summary));
        return;
      }
      const n = hits.length;
      hits.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const a = answer(n);
      if (a === 'hang') return; // never answers
      res.statusCode = a;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const SECRET = 'test-secret';
const cfg = (o: Partial<release.WebhookConfig> = {}): release.WebhookConfig => ({
  url: `${url}/hook`,
  secret: SECRET,
  attempts: 4,
  timeoutMs: 1_000,
  backoffMs: 40,
  deadlineMs: 5_000,
  ...o,
});
const hmac = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

test('a JSON POST signed with HMAC-SHA256 over its body', async () => {
  const d = await release.deliver(cfg(), 'rollout.advance', { remote: 'mf_public', percent: 50 }, new Date('2026-01-01T00:00:00Z'));
  expect(d).toMatchObject({ ok: true, attempts: 1, status: 200 });
  expect(hits).toHaveLength(1);
  const [h] = hits;
  expect(h).toMatchObject({ method: 'POST', url: '/hook' });
  expect(h.headers['content-type']).toBe('application/json');
  expect(h.headers['x-tessera-event']).toBe('rollout.advance');
  expect(h.headers['x-tessera-signature']).toBe(hmac(h.body));
  expect(JSON.parse(h.body)).toEqual({
    id: d.id,
    event: 'rollout.advance',
    time: '2026-01-01T00:00:00.000Z',
    remote: 'mf_public',
    percent: 50,
  });
  expect(h.headers['x-tessera-delivery']).toBe(d.id);
  // A receiver with another secret, or a changed body, does not match.
  expect(h.headers['x-tessera-signature']).not.toBe(release.sign('other', h.body));
  expect(h.headers['x-tessera-signature']).not.toBe(hmac(h.body.replace('50', '100')));
});

test('failures are retried with exponential backoff, the same delivery each time', async () => {
  answer = (n) => (n < 2 ? 503 : n === 2 ? 429 : 200);
  const d = await release.deliver(cfg(), 'rollout.rollback', { remote: 'mf_public' });
  expect(d).toMatchObject({ ok: true, attempts: 4 });
  expect(hits).toHaveLength(4);
  expect(new Set(hits.map((h) => h.headers['x-tessera-delivery'])).size).toBe(1);
  expect(new Set(hits.map((h) => h.body)).size).toBe(1);
  for (const h of hits) expect(h.headers['x-tessera-signature']).toBe(hmac(h.body));
  const gaps = hits.slice(1).map((h, i) => h.at - hits[i].at);
  // 40, 80, 160 ms (timers are late, never early).
  expect(gaps[0]).toBeGreaterThanOrEqual(35);
  expect(gaps[1]).toBeGreaterThanOrEqual(75);
  expect(gaps[2]).toBeGreaterThanOrEqual(155);
  expect(gaps[2]).toBeGreaterThan(gaps[0]);
});

test('bounded: a number of attempts, a refusal is not retried, a silent server is given up on in time', async () => {
  answer = () => 500;
  expect(await release.deliver(cfg({ attempts: 3, backoffMs: 10 }), 'rollout.promote', {})).toMatchObject({
    ok: false,
    attempts: 3,
    status: 500,
  });
  hits = [];
  answer = () => 401;
  expect(await release.deliver(cfg(), 'rollout.promote', {})).toMatchObject({ ok: false, attempts: 1, status: 401 });
  hits = [];
  answer = () => 'hang';
  const t0 = Date.now();
  const d = await release.deliver(cfg({ attempts: 10, timeoutMs: 200, backoffMs: 50, deadlineMs: 700 }), 'rollout.promote', {});
  const took = Date.now() - t0;
  expect(d).toMatchObject({ ok: false, error: 'no answer within 200 ms' });
  expect(d.attempts).toBeGreaterThanOrEqual(2);
  expect(took).toBeLessThan(1_500);
  // Nobody listening at all.
  const closed = await release.deliver(cfg({ url: 'http://127.0.0.1:9/hook', attempts: 2, backoffMs: 10 }), 'rollout.promote', {});
  expect(closed).toMatchObject({ ok: false, attempts: 2 });
});

test('configuration: URL from the flag or RELEASE_WEBHOOK_URL, a secret required, bounds from the environment', () => {
  expect(release.webhookFrom(undefined, {})).toBeNull();
  expect(() => release.webhookFrom('http://127.0.0.1:1/x', {})).toThrow(/RELEASE_WEBHOOK_SECRET/);
  expect(() => release.webhookFrom('ftp://x', { RELEASE_WEBHOOK_SECRET: 's' })).toThrow(/http\(s\)/);
  expect(() => release.webhookFrom('http://x', { RELEASE_WEBHOOK_SECRET: 's', RELEASE_WEBHOOK_ATTEMPTS: '0' })).toThrow(/at least 1/);
  expect(
    release.webhookFrom(undefined, {
      RELEASE_WEBHOOK_URL: 'https://hooks.example/r',
      RELEASE_WEBHOOK_SECRET: 's',
      RELEASE_WEBHOOK_DEADLINE_MS: '9000',
    }),
  ).toEqual({ ...release.WEBHOOK_DEFAULTS, url: 'https://hooks.example/r', secret: 's', deadlineMs: 9000 });
});

describe('tick', () => {
  let tmp: string;
  const saved = { ...process.env };
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-webhook-'));
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    process.env = { ...saved };
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('a decision of a tick is POSTed, signed, with its environment; a failed webhook changes no decision', async () => {
    const root = path.join(tmp, 'releases');
    const opts = { required: REQUIRED, hostShared: HOST, user: 'ana' };
    release.publish(root, 'shell', { ...opts, from: fakeShell(tmp, '1.0.0') });
    for (const v of ['1.0.0', '1.1.0'])
      release.publish(root, 'mf_public', { ...opts, from: fakeBuild(tmp, { name: 'mf_public', version: v, exposes: ['Landing'] }) });
    const plan = { ...release.DEFAULT_PLAN, steps: [10, 100], minLoads: 20, minMinutes: 0 };
    release.startRollout(root, 'mf_public', '1.1.0', plan, opts);
    summary = {
      since: '',
      until: '',
      items: [
        { remote: 'mf_public', version: '1.1.0', loads: 100, failures: 0, errors: 0 },
        { remote: 'mf_public', version: '1.0.0', loads: 2000, failures: 1, errors: 0 },
      ],
    };
    process.env.RELEASE_WEBHOOK_SECRET = SECRET;
    process.env.RELEASE_WEBHOOK_BACKOFF_MS = '20';
    process.env.RELEASE_WEBHOOK_ATTEMPTS = '3';
    answer = (n) => (n === 0 ? 502 : 200);
    const argv = ['tick', '--api', url, '--token', 't', '--root', root, '--webhook', `${url}/hook`];
    expect(await main(argv)).toBe(0);
    expect(release.readRegistry(root).mf_public!.canary!.percent).toBe(100);
    expect(hits).toHaveLength(2);
    const body = JSON.parse(hits[1].body);
    expect(hits[1].headers['x-tessera-signature']).toBe(hmac(hits[1].body));
    expect(body).toMatchObject({
      event: 'rollout.advance',
      env: 'default',
      remote: 'mf_public',
      version: '1.1.0',
      stable: '1.0.0',
      action: 'advance',
      percent: 100,
      step: { index: 0, steps: [10, 100] },
    });
    expect(body.reason).toMatch(/passed 10%/);

    // The next decision (promote) cannot be delivered: it stands, the tick says so (exit 1).
    answer = () => 500;
    hits = [];
    summary = {
      since: '',
      until: '',
      items: [
        { remote: 'mf_public', version: '1.1.0', loads: 300, failures: 0, errors: 0 },
        { remote: 'mf_public', version: '1.0.0', loads: 2000, failures: 1, errors: 0 },
      ],
    };
    expect(await main(argv)).toBe(1);
    expect(hits).toHaveLength(3);
    expect(JSON.parse(hits[0].body)).toMatchObject({ event: 'rollout.promote' });
    expect(release.readRegistry(root).mf_public!.stable.version).toBe('1.1.0');
    // A wait is no decision to notify.
    hits = [];
    expect(await main(argv)).toBe(0);
    expect(hits).toHaveLength(0);
  });
});
