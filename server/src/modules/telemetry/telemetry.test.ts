import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildTestApp, makeUser, type TestApp, type TestUser } from '../../../test/helper';
import { releasesRoot, servedView } from '../../../test/telemetry-fixtures';
import { REMOTE_LOAD_LIMIT } from './routes';
import type { Summary } from './schemas';
import { bucket } from './views';

let t: TestApp;
let admin: TestUser;
let investor: TestUser;
let releases: string;

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  releases = releasesRoot([['mf_owner', '0.9.0']]);
  t = await buildTestApp({ rateLimit: true, releasesDir: releases });
  admin = await makeUser(t.app, 'ADMIN');
  investor = await makeUser(t.app, 'INVESTOR');
});
afterAll(async () => {
  await t?.close();
  rmSync(releases, { recursive: true, force: true });
});

let ipCounter = 0;
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
/** Each report from its own address unless told (the limit is per IP). */
const report = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/telemetry/remote-load',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'user-agent': CHROME, ...headers },
    remoteAddress,
  });

/** A cohort id whose mf_public bucket is under (canary) or at least (stable) the canary's 10 %. */
function cohortFor(channel: 'stable' | 'canary'): string {
  for (let i = 0; ; i++) {
    const c = `cohort-${channel}-${i}-${ipCounter}`;
    if (bucket(c, 'mf_public') < 10 === (channel === 'canary')) return c;
  }
}

/** A page view as a visitor of that channel gets it: the view id in the HTML of a page served to it. */
async function view(channel: 'stable' | 'canary' = 'stable', query = '', remoteAddress = nextIp()): Promise<string> {
  const v = await servedView(t.app, { cohort: cohortFor(channel), ip: remoteAddress, url: `/${query}` });
  expect(v).not.toBeNull();
  return v!.view;
}

const summary = (as: TestUser | null, query = '') =>
  t.app.inject({ method: 'GET', url: `/v1/telemetry/remote-load/summary${query}`, headers: as ? as.headers : {} });

const item = (
  o: Partial<{
    remote: string;
    version: string;
    channel: string;
    loads: number;
    failures: number;
    errors: number;
    abandoned: number;
    path: string;
    detail: string;
  }>,
) => ({ remote: 'mf_public', version: '1.0.0', channel: 'stable', loads: 0, failures: 0, errors: 0, path: '/', ...o });

const count = async (where = sql`true`) =>
  Number(
    (
      (await t.app.db.execute(
        sql`select count(*)::int as n from telemetry_view_remotes where reported_at is not null and ${where}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n,
  );

async function summaryBody(query = ''): Promise<Summary> {
  const res = await summary(admin, query);
  expect(res.statusCode).toBe(200);
  return res.json<Summary>();
}

test('one outcome per view, per remote: loads, failures and errors are counted, preview apart, with rates and intervals', async () => {
  // 20 stable views, one with an error; 4 canary views: 1 failed to load (its page then
  // loaded the stable: not the version the view was assigned, not counted), 1 error.
  for (let i = 0; i < 20; i++) {
    const v = await view('stable');
    const res = await report({
      view: v,
      items: [
        item({ loads: 1, errors: i === 0 ? 1 : 0, path: '/properties', detail: i === 0 ? 'error while rendering: boom' : undefined }),
      ],
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['telemetry-counted']).toBe('1');
  }
  const failed = await report(
    {
      view: await view('canary'),
      items: [
        item({ version: '1.1.0', channel: 'canary', failures: 1, path: '/', detail: 'failed at onLoad: Landing threw' }),
        item({ loads: 1, path: '/' }),
      ],
    },
    { 'x-client-versions': 'shell@1.0.0,mf_public@1.0.0', 'user-agent': IPHONE },
  );
  expect(failed.statusCode).toBe(204);
  expect(failed.headers['telemetry-counted']).toBe('1');
  for (let i = 0; i < 3; i++)
    expect(
      (
        await report({
          view: await view('canary'),
          items: [item({ version: '1.1.0', channel: 'canary', loads: 1, errors: i === 0 ? 1 : 0, path: '/about' })],
        })
      ).statusCode,
    ).toBe(204);
  // A previewed version: kept apart from the canary's figures.
  const previewed = await view('stable', '?preview=mf_public@1.1.0');
  expect(
    (await report({ view: previewed, items: [item({ version: '1.1.0', channel: 'preview', loads: 1, errors: 1, path: '/about' })] }))
      .statusCode,
  ).toBe(204);

  const body = await summaryBody();
  const stable = body.items.find((i) => i.remote === 'mf_public' && i.version === '1.0.0')!;
  expect(stable).toMatchObject({ loads: 20, failures: 0, errors: 1, abandoned: 0, unknown: 0, pending: 0, attempts: 20, bad: 1 });
  expect(stable.errorRate).toBeCloseTo(1 / 20, 9);
  expect(stable.interval.low).toBeGreaterThan(0);
  expect(stable.interval.high).toBeLessThan(0.3);
  expect(stable.paths).toEqual([{ path: '/properties', bad: 1 }]);
  expect(stable.uaClasses).toEqual([{ uaClass: 'desktop-blink', attempts: 20, bad: 1 }]);

  const canary = body.items.find((i) => i.remote === 'mf_public' && i.version === '1.1.0')!;
  const none = { abandoned: 0, unknown: 0, pending: 0 };
  expect(canary).toMatchObject({
    loads: 3,
    failures: 1,
    errors: 1,
    attempts: 4,
    bad: 2,
    errorRate: 0.5,
    preview: { loads: 1, failures: 0, errors: 1, ...none },
  });
  expect(canary.channels).toEqual({
    canary: { loads: 3, failures: 1, errors: 1, ...none },
    preview: { loads: 1, failures: 0, errors: 1, ...none },
  });
  expect(canary.lastDetail).toBe('failed at onLoad: Landing threw');
  expect(canary.uaClasses).toEqual(
    expect.arrayContaining([
      { uaClass: 'desktop-blink', attempts: 3, bad: 1 },
      { uaClass: 'mobile-webkit', attempts: 1, bad: 1 },
    ]),
  );

  // The live registry's stable beside its canary, and the test's verdict.
  const pub = body.remotes.find((r) => r.remote === 'mf_public')!;
  expect(pub.stable).toMatchObject({ version: '1.0.0', attempts: 20, bad: 1 });
  expect(pub.canary).toMatchObject({ version: '1.1.0', percent: 10, attempts: 4, bad: 2, errorRate: 0.5 });
  expect(pub.comparison).toMatchObject({ test: 'two-proportion z-test (pooled), one-sided', worse: true, alpha: 0.05 });
  expect(pub.comparison!.pValue).toBeLessThan(0.05);
  expect(body.remotes.find((r) => r.remote === 'mf_admin')).toEqual({
    remote: 'mf_admin',
    stable: expect.objectContaining({ version: '2.0.0', attempts: 0, errorRate: null, interval: { low: 0, high: 1 } }),
    canary: null,
    comparison: null,
  });

  // The raw user agent is never stored, only its class; X-Client-Versions is kept.
  const rows = (await t.app.db.execute(sql`select ua_class, client_versions from telemetry_view_remotes`)) as unknown as {
    rows: { ua_class: string; client_versions: string | null }[];
  };
  expect(JSON.stringify(rows.rows)).not.toContain('Mozilla');
  expect(rows.rows.some((r) => r.ua_class === 'mobile-webkit' && r.client_versions === 'shell@1.0.0,mf_public@1.0.0')).toBe(true);
});

test('reports are accepted for published versions only', async () => {
  const before = await count();
  const v = await view('canary');
  const refused = await report({ view: v, items: [item({ version: '9.9.9', channel: 'canary', failures: 1 })] });
  expect(refused.statusCode).toBe(422);
  expect(refused.json<{ message: string }>().message).toBe('Not a published version: mf_public 9.9.9');
  expect((await report({ remote: 'mf_nobody', version: '1.0.0' })).statusCode).toBe(422);
  expect(await count()).toBe(before);
  // In a batch, the published items are kept and the others dropped.
  expect(
    (await report({ view: v, items: [item({ version: '9.9.9', failures: 1 }), item({ version: '1.1.0', loads: 1 })] })).statusCode,
  ).toBe(204);
  expect(await count()).toBe(before + 1);
  expect(await count(sql`version = '9.9.9'`)).toBe(0);
});

test('unsigned reports, of either format, count for nothing', async () => {
  const before = JSON.stringify((await summaryBody()).items);
  const legacy = await report({ remote: 'mf_admin', version: '2.0.0', detail: 'failed at onLoad' });
  expect(legacy.statusCode).toBe(204);
  expect(legacy.headers['telemetry-ignored']).toBe('unsigned');
  const unsigned = await report({ items: [item({ version: '1.1.0', channel: 'canary', failures: 1 })] });
  expect(unsigned.statusCode).toBe(204);
  expect(unsigned.headers).toMatchObject({ 'telemetry-counted': '0', 'telemetry-ignored': 'unsigned' });
  expect(JSON.stringify((await summaryBody()).items)).toBe(before);
});

test('views older than the window are not counted', async () => {
  const v = await view('stable');
  expect((await report({ view: v, items: [item({ failures: 1 })] })).statusCode).toBe(204);
  await t.app.db.execute(
    sql`update telemetry_view_remotes set issued_at = now() - interval '30 hours' where failed and version = '1.0.0' and remote = 'mf_public'`,
  );
  expect((await summaryBody()).items.find((i) => i.version === '1.0.0')!.failures).toBe(0);
  expect((await summaryBody('?hours=48')).items.find((i) => i.version === '1.0.0')!.failures).toBe(1);
  await t.app.db.execute(sql`update telemetry_view_remotes set failed = false where failed and version = '1.0.0' and remote = 'mf_public'`);
});

test('bad bodies are refused, and nothing is stored', async () => {
  const before = await count();
  const v = await view('stable');
  const bad: unknown[] = [
    { remote: 'mf_public' },
    { remote: 'MF PUBLIC', version: '1.0.0' },
    { remote: 'mf_public', version: '1.0.0', extra: 1 },
    { remote: 'mf_public', version: '1.0.0', detail: 'x'.repeat(501) },
    { view: v, items: [] },
    { view: v, items: [item({ loads: 2 })] },
    { view: v, items: [item({ abandoned: 2 })] },
    { view: v, items: [item({ channel: 'beta', loads: 1 })] },
    { view: v, items: [item({ loads: 1, path: 'no-slash' })] },
    { view: v, items: [item({ loads: 1, extra: true } as never)] },
    { view: v, items: Array.from({ length: 21 }, () => item({ loads: 1 })) },
    { view: 'x'.repeat(2049), items: [item({ loads: 1 })] },
  ];
  for (const b of bad) expect({ b, status: (await report(b)).statusCode }).toEqual({ b, status: 400 });
  expect((await report('{"remote":', {})).statusCode).toBe(400);
  // JSON only (the shell's beacon is a Blob of type application/json): no cross-site simple posts.
  expect([400, 415]).toContain(
    (await report(JSON.stringify({ view: v, items: [item({ loads: 1 })] }), { 'content-type': 'text/plain' })).statusCode,
  );
  // All flags 0: nothing to count (accepted, not stored).
  expect((await report({ view: v, items: [item({})] })).statusCode).toBe(204);
  expect(await count()).toBe(before);
});

test('the summary is for admins only, and its query is checked', async () => {
  expect((await summary(null)).statusCode).toBe(401);
  expect((await summary(investor)).statusCode).toBe(403);
  expect((await summary(admin, '?hours=0')).statusCode).toBe(400);
  expect((await summary(admin, '?alpha=2')).statusCode).toBe(400);
});

test('reports are rate limited per IP', async () => {
  const ip = '10.9.9.9';
  const v = await view('stable');
  const codes: number[] = [];
  for (let i = 0; i <= REMOTE_LOAD_LIMIT.max; i++) codes.push((await report({ view: v, items: [item({ loads: 1 })] }, {}, ip)).statusCode);
  expect(codes.slice(0, REMOTE_LOAD_LIMIT.max).every((c) => c === 204)).toBe(true);
  expect(codes.at(-1)).toBe(429);
  // Another client is not affected.
  expect((await report({ view: v, items: [item({ loads: 1 })] }, {}, '10.9.9.10')).statusCode).toBe(204);
});
