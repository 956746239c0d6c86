// Signed page views: what a report must carry to count, and what it cannot change.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildTestApp, makeUser, type TestApp, type TestUser } from '../../../test/helper';
import { releasesRoot, servedView } from '../../../test/telemetry-fixtures';
import { loadConfig } from '../../config';
import { trustProxyOption } from '../../app';
import type { Summary, SummaryItem } from './schemas';
import { MAX_REPORTS_PER_VIEW, MAX_VIEWS_PER_ADDRESS_HOUR } from './service';
import { bucket, signView, verifyView, VIEW_TTL_S } from './views';

let t: TestApp;
let admin: TestUser;
let releases: string;

beforeAll(async () => {
  releases = releasesRoot();
  // Behind one nginx: 1 hop (X-Forwarded-For's rightmost entry is the client).
  t = await buildTestApp({ rateLimit: true, releasesDir: releases, trustProxy: 1 });
  admin = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
  rmSync(releases, { recursive: true, force: true });
});

let n = 0;
const nextIp = () => {
  n += 1;
  return `10.1.${Math.floor(n / 250)}.${n % 250}`;
};
function cohortFor(channel: 'stable' | 'canary'): string {
  for (let i = 0; ; i++) {
    const c = `c-${channel}-${i}`;
    if (bucket(c, 'mf_public') < 10 === (channel === 'canary')) return c;
  }
}

/** A page view as a visitor of that channel gets it: the view id in the HTML of a page served to it. */
async function view(
  channel: 'stable' | 'canary',
  ip = nextIp(),
  query = '',
): Promise<{ view: string; assignment: Record<string, unknown> }> {
  const v = await servedView(t.app, { cohort: cohortFor(channel), ip, url: `/${query}` });
  expect(v).not.toBeNull();
  return v!;
}
const report = (payload: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/telemetry/remote-load',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress: ip,
  });
const item = (o: Record<string, unknown> = {}) => ({
  remote: 'mf_public',
  version: '1.0.0',
  channel: 'stable',
  loads: 0,
  failures: 0,
  errors: 0,
  path: '/',
  ...o,
});
async function figures(version: string): Promise<SummaryItem | undefined> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/telemetry/remote-load/summary', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json<Summary>().items.find((i) => i.remote === 'mf_public' && i.version === version);
}
const settled = async (version: string) => {
  const f = await figures(version);
  return f ? { attempts: f.attempts, bad: f.bad, abandoned: f.abandoned, unknown: f.unknown, pending: f.pending } : null;
};
async function reset() {
  await t.app.db.execute(sql`delete from telemetry_views`);
}
beforeEach(reset);

test("a view is signed and bound to the versions it was assigned; the channel is the assignment's", async () => {
  const stable = await view('stable');
  expect(stable.assignment).toEqual({
    mf_public: { version: '1.0.0', channel: 'stable' },
    mf_admin: { version: '2.0.0', channel: 'stable' },
  });
  const canary = await view('canary');
  expect(canary.assignment).toMatchObject({ mf_public: { version: '1.1.0', channel: 'canary' } });
  const preview = await view('stable', nextIp(), '?preview=mf_public@1.2.0');
  expect(preview.assignment).toMatchObject({ mf_public: { version: '1.2.0', channel: 'preview' } });
  // A preview of an unpublished version is no preview.
  expect((await view('stable', nextIp(), '?preview=mf_public@9.9.9')).assignment).toMatchObject({
    mf_public: { version: '1.0.0', channel: 'stable' },
  });

  const v = verifyView(t.config.jwtSecret, canary.view);
  expect(v).toMatchObject({ ok: true, view: { assignment: { mf_public: { version: '1.1.0', channel: 'canary' } } } });
  if (v.ok) expect(v.view.expiresAt.getTime() - Date.now()).toBeGreaterThan((VIEW_TTL_S - 60) * 1000);
  // Signed with another key, or tampered with: not a view.
  expect(verifyView('another secret of at least thirty-two chars', canary.view)).toEqual({ ok: false, reason: 'signature' });
  const [payload, mac] = canary.view.split('.');
  const forged = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('"canary"', '"stable"')).toString('base64url');
  expect(verifyView(t.config.jwtSecret, `${forged}.${mac}`)).toEqual({ ok: false, reason: 'signature' });
});

test('a forged channel is not believed: the report counts under the assigned channel, another version not at all', async () => {
  const stable = await view('stable');
  // Claims the canary channel for the stable version: counted as the stable's.
  expect((await report({ view: stable.view, items: [item({ channel: 'canary', failures: 1 })] })).headers['telemetry-counted']).toBe('1');
  const f = await figures('1.0.0');
  expect(f).toMatchObject({ failures: 1, channels: { stable: expect.objectContaining({ failures: 1 }) } });
  expect(f!.channels.canary).toBeUndefined();
  // Claims a failure of the canary on a view assigned the stable: mismatched, not counted.
  const res = await report({ view: stable.view, items: [item({ version: '1.1.0', channel: 'canary', failures: 1 })] });
  expect(res.statusCode).toBe(204);
  expect(res.headers['telemetry-counted']).toBe('0');
  expect(await figures('1.1.0')).toBeUndefined();
});

test('a replayed report adds nothing: one outcome per view and remote', async () => {
  const v = await view('canary');
  const body = { view: v.view, items: [item({ version: '1.1.0', channel: 'canary', failures: 1, detail: 'failed at onLoad: boom' })] };
  for (let i = 0; i < 5; i++) expect((await report(body)).statusCode).toBe(204);
  // 20 items of one remote in one request are still one view's outcome.
  expect((await report({ view: v.view, items: Array.from({ length: 20 }, () => body.items[0]) })).statusCode).toBe(204);
  expect(await settled('1.1.0')).toEqual({ attempts: 1, bad: 1, abandoned: 0, unknown: 0, pending: 0 });
  // A view that loaded and later caught an error is one view: loaded, with an error.
  const w = await view('stable');
  await report({ view: w.view, items: [item({ loads: 1 })] });
  await report({ view: w.view, items: [item({ errors: 1, detail: 'error while rendering' })] });
  await report({ view: w.view, items: [item({ loads: 1 })] });
  expect(await figures('1.0.0')).toMatchObject({ loads: 1, errors: 1, failures: 0, attempts: 1, bad: 1 });
});

test('a report without a view this server issued counts for nothing', async () => {
  const cases: [unknown, string][] = [
    [{ items: [item({ failures: 1 })] }, 'unsigned'],
    [{ remote: 'mf_public', version: '1.0.0', detail: 'x' }, 'unsigned'],
    [{ view: 'not-a-view', items: [item({ failures: 1 })] }, 'malformed'],
    [{ view: 'e30.AAAA', items: [item({ failures: 1 })] }, 'signature'],
    // Signed with a key of another server.
    [
      {
        view: signView('another secret of at least thirty-two chars', {
          id: 'x',
          expiresAt: new Date(Date.now() + 60_000),
          assignment: { mf_public: { version: '1.0.0', channel: 'stable' } },
        }),
        items: [item({ failures: 1 })],
      },
      'signature',
    ],
    // Signed with this server's key but never issued (no such view stored).
    [
      {
        view: signView(t.config.jwtSecret, {
          id: 'never-issued',
          expiresAt: new Date(Date.now() + 60_000),
          assignment: { mf_public: { version: '1.0.0', channel: 'stable' } },
        }),
        items: [item({ failures: 1 })],
      },
      'not-issued',
    ],
  ];
  for (const [body, reason] of cases) {
    const res = await report(body);
    expect({ reason, status: res.statusCode, ignored: res.headers['telemetry-ignored'] }).toEqual({ reason, status: 204, ignored: reason });
  }
  // An issued view past its lifetime.
  const v = await view('stable');
  const id = (verifyView(t.config.jwtSecret, v.view) as { view: { id: string } }).view.id;
  const expired = signView(t.config.jwtSecret, {
    id,
    expiresAt: new Date(Date.now() - 1000),
    assignment: { mf_public: { version: '1.0.0', channel: 'stable' } },
  });
  expect((await report({ view: expired, items: [item({ failures: 1 })] })).headers['telemetry-ignored']).toBe('expired');
  await t.app.db.execute(sql`update telemetry_views set expires_at = now() - interval '1 second' where id = ${id}`);
  expect((await report({ view: v.view, items: [item({ failures: 1 })] })).headers['telemetry-ignored']).toBe('expired');
  expect(await settled('1.0.0')).toMatchObject({ attempts: 0, bad: 0 });
});

test('caps: reports per view, views per address', async () => {
  const v = await view('stable');
  for (let i = 0; i < MAX_REPORTS_PER_VIEW; i++)
    expect((await report({ view: v.view, items: [item({ abandoned: 1 })] })).headers['telemetry-counted']).toBe('1');
  const over = await report({ view: v.view, items: [item({ failures: 1 })] });
  expect(over.headers).toMatchObject({ 'telemetry-counted': '0', 'telemetry-ignored': 'over-cap' });
  expect(await settled('1.0.0')).toMatchObject({ attempts: 0, bad: 0, abandoned: 1 });

  const ip = '10.77.0.1';
  for (let i = 0; i < MAX_VIEWS_PER_ADDRESS_HOUR; i++)
    await t.app.db.execute(sql`insert into telemetry_views (id, ip, expires_at) values (${`cap-${i}`}, ${ip}, now() + interval '1 hour')`);
  // The page still goes out, without a view id; a previewing tab's ask is refused.
  expect(await servedView(t.app, { cohort: cohortFor('stable'), ip })).toBeNull();
  const res = await t.app.inject({ method: 'GET', url: '/v1/telemetry/view?preview=mf_public@1.2.0', remoteAddress: ip });
  expect(res.statusCode).toBe(429);
  // Another address is not affected.
  expect(await servedView(t.app, { cohort: cohortFor('stable'), ip: '10.77.0.2' })).not.toBeNull();
});

test('X-Forwarded-For written by the client does not choose its address (TRUST_PROXY: 1 hop)', async () => {
  const nginx = '127.0.0.1';
  const client = '203.0.113.9';
  expect(
    await servedView(t.app, { cohort: cohortFor('stable'), ip: nginx, headers: { 'x-forwarded-for': `1.2.3.4, ${client}` } }),
  ).not.toBeNull();
  const [{ ip: stored }] = (
    (await t.app.db.execute(sql`select ip from telemetry_views order by issued_at desc limit 1`)) as unknown as { rows: { ip: string }[] }
  ).rows;
  expect(stored).toBe(client);

  // Rotating the leftmost entry: still one address, so the per-address limit limits.
  const v = await view('stable');
  const codes: number[] = [];
  for (let i = 0; i < 32; i++)
    codes.push(
      (await report({ view: v.view, items: [item({ loads: 1 })] }, nginx, { 'x-forwarded-for': `198.51.100.${i}, ${client}` })).statusCode,
    );
  expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
  // And views: rotating X-Forwarded-For does not get past the per-address cap either.
  await t.app.db.execute(sql`delete from telemetry_views`);
  for (let i = 0; i < MAX_VIEWS_PER_ADDRESS_HOUR; i++)
    await t.app.db.execute(
      sql`insert into telemetry_views (id, ip, expires_at) values (${`x-${i}`}, ${client}, now() + interval '1 hour')`,
    );
  expect(
    await servedView(t.app, { cohort: cohortFor('stable'), ip: nginx, headers: { 'x-forwarded-for': `192.0.2.77, ${client}` } }),
  ).toBeNull();
});

test("TRUST_PROXY: a number of hops, true (1 hop), false, or the proxies' addresses", () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tessera-cfg-')), JWT_SECRET: 'x'.repeat(32) };
  expect(loadConfig(base).trustProxy).toBe(false);
  expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
  expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  expect(() => loadConfig({ ...base, TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY/);
  expect(() => loadConfig({ ...base, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  rmSync(base.DATA_DIR, { recursive: true, force: true });
  // What Fastify gets: never "trust every hop".
  const oneHop = trustProxyOption(true) as (a: string, hop: number) => boolean;
  expect([oneHop('127.0.0.1', 0), oneHop('1.2.3.4', 1)]).toEqual([true, false]);
  expect(trustProxyOption(false)).toBe(false);
  expect(trustProxyOption(['127.0.0.1'])).toEqual(['127.0.0.1']);
});

test('abandoned and unknown views are apart, and out of the rate', async () => {
  // Loaded, failed, left during load, and never reported.
  const ok = await view('stable');
  await report({ view: ok.view, items: [item({ loads: 1 })] });
  const bad = await view('stable');
  await report({ view: bad.view, items: [item({ failures: 1 })] });
  const left = await view('stable');
  expect(
    (await report({ view: left.view, items: [item({ abandoned: 1, detail: 'Failed to get manifest' })] })).headers['telemetry-counted'],
  ).toBe('1');
  await view('stable');
  expect(await settled('1.0.0')).toEqual({ attempts: 2, bad: 1, abandoned: 1, unknown: 0, pending: 1 });
  // Once a view expires without a report, it is unknown (never a success).
  await t.app.db.execute(sql`update telemetry_view_remotes set expires_at = now() - interval '1 second' where reported_at is null`);
  expect(await settled('1.0.0')).toEqual({ attempts: 2, bad: 1, abandoned: 1, unknown: 1, pending: 0 });
  // An abandoned view that had loaded after all is a load; a failure is a failure whatever follows.
  await report({ view: left.view, items: [item({ loads: 1 })] });
  await report({ view: bad.view, items: [item({ abandoned: 1 })] });
  expect(await settled('1.0.0')).toEqual({ attempts: 3, bad: 1, abandoned: 0, unknown: 1, pending: 0 });
});

describe('the outside attacks change no decision', () => {
  const verdict = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/telemetry/remote-load/summary', headers: admin.headers });
    const pub = res.json<Summary>().remotes.find((r) => r.remote === 'mf_public')!;
    return {
      canary: { attempts: pub.canary!.attempts, bad: pub.canary!.bad },
      stable: { attempts: pub.stable!.attempts, bad: pub.stable!.bad },
      worse: pub.comparison!.worse,
    };
  };
  /** Real visitors: each its own page view, from its own address. */
  async function visits(channel: 'stable' | 'canary', count: number, bad: number) {
    const version = channel === 'canary' ? '1.1.0' : '1.0.0';
    for (let i = 0; i < count; i++) {
      const v = await view(channel);
      const flags = i < bad ? { failures: 1, detail: 'failed at onLoad: boom' } : { loads: 1 };
      expect((await report({ view: v.view, items: [item({ version, channel, ...flags })] })).headers['telemetry-counted']).toBe('1');
    }
  }

  test('one request claiming 20 failures does not roll back a healthy canary', async () => {
    await visits('stable', 150, 1);
    await visits('canary', 40, 0);
    const before = await verdict();
    expect(before.worse).toBe(false);
    const attacker = '198.51.100.66';
    const claim = Array.from({ length: 20 }, () => item({ version: '1.1.0', channel: 'canary', failures: 1, detail: 'failed at onLoad' }));
    // Without a view: nothing counts.
    expect((await report({ items: claim }, attacker)).headers['telemetry-ignored']).toBe('unsigned');
    expect(await verdict()).toEqual(before);
    // With a stable view of its own: the canary items are not its versions; with a canary
    // view (a cohort chosen for it): one outcome, one failure at most.
    expect((await report({ view: (await view('stable', attacker)).view, items: claim }, attacker)).headers['telemetry-counted']).toBe('0');
    await report({ view: (await view('canary', attacker)).view, items: claim }, attacker);
    const after = await verdict();
    expect(after.canary).toEqual({ attempts: before.canary.attempts + 1, bad: 1 });
    expect(after.worse).toBe(false);
  });

  test('220 fake good loads do not hide a canary failing 60 of 80 real pages', async () => {
    await visits('stable', 200, 2);
    await visits('canary', 80, 60);
    const before = await verdict();
    expect(before).toMatchObject({ canary: { attempts: 80, bad: 60 }, worse: true });
    const attacker = '198.51.100.77';
    const good = Array.from({ length: 20 }, () => item({ version: '1.1.0', channel: 'canary', loads: 1 }));
    // 220 good loads in 11 unsigned requests: none counts.
    for (let i = 0; i < 11; i++) await report({ items: good }, attacker);
    expect(await verdict()).toEqual(before);
    // Views asked of the API, outside any served page: a cohort chosen for the canary gets
    // none, and a preview of the canary's version is a preview view, which no decision reads.
    const minted = await t.app.inject({ method: 'GET', url: `/v1/telemetry/view?cohort=${cohortFor('canary')}`, remoteAddress: attacker });
    expect(minted.statusCode).toBe(400);
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/telemetry/view?preview=mf_public@1.1.0',
        remoteAddress: `198.51.100.${i}`,
      });
      expect(res.json<{ assignment: unknown }>().assignment).toEqual({ mf_public: { version: '1.1.0', channel: 'preview' } });
      await report({ view: res.json<{ view: string }>().view, items: good }, `198.51.100.${i}`);
    }
    expect(await verdict()).toEqual(before);
    // 220 pages opened from one address with a canary cohort: the per-address cap stops it
    // early, and each view it got counts once.
    let got = 0;
    for (let i = 0; i < 220; i++) {
      const v = await servedView(t.app, { cohort: cohortFor('canary'), ip: attacker });
      if (!v) continue;
      got++;
      await report({ view: v.view, items: good }, `198.51.100.${100 + (i % 100)}`);
    }
    expect(got).toBeLessThanOrEqual(MAX_VIEWS_PER_ADDRESS_HOUR);
    const after = await verdict();
    expect(after.canary.bad).toBe(60);
    expect(after.canary.attempts).toBeLessThanOrEqual(80 + got);
    expect(after.worse).toBe(true);
  });
});
