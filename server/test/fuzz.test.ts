// Hostile input on every route the app registers (app.routeList, so a new route is fuzzed
// without touching this file): generated from each route's own schemas, as anonymous, as
// each role and with a revoked token. Every answer must be < 500 and free of internals
// (stack frames, source paths, SQL errors), and a refused call (4xx) must leave every
// table and the upload folder exactly as they were.
// Deterministic: FUZZ_SEED=<n> reproduces a run, FUZZ_CASES=<n> cases per route and caller.
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { writeReport } from './fuzz/report';
import {
  bodyCases,
  Gen,
  HOSTILE_URL_TEXT,
  IMPOSSIBLE_DATES,
  isDateField,
  leak,
  MALFORMED_BODIES,
  multipartCases,
  plausible,
  rng,
  type JsonSchema,
} from './fuzz/generate';
import {
  buildTestApp,
  call,
  fund,
  login,
  makeProperty,
  makeUser,
  multipart,
  onPostgres,
  placeOrder,
  pngImage,
  queryRows,
  uploadedFiles,
  type TestApp,
  type TestUser,
  requestWithdrawal,
} from './helper';

const SEED = Number(process.env.FUZZ_SEED ?? 12_2025);
const CASES = Number(process.env.FUZZ_CASES ?? 8);

type Actor = 'anon' | 'revoked' | 'investor' | 'owner' | 'admin';
const ACTORS: Actor[] = ['anon', 'revoked', 'investor', 'owner', 'admin'];

/** Refusals that write on purpose. */
const WRITES_WHEN_REFUSED: Record<string, { tables: string[]; why: string }> = {
  'POST /v1/auth/signin': { tables: ['signin_throttle'], why: 'a wrong password counts towards the account lock (brute-force limit)' },
  'POST /v1/auth/otp/verify': { tables: ['otp_codes'], why: 'a wrong code uses up one of its attempts (brute-force limit)' },
  'POST /v1/auth/reset-password': { tables: ['otp_codes'], why: 'a wrong code uses up one of its attempts (brute-force limit)' },
  'POST /v1/auth/step-up': {
    tables: ['signin_throttle', 'audit_log'],
    why: "a wrong password or code counts towards the account's lock (brute-force limit), and a lock is audited",
  },
};

let t: TestApp;
const who = {} as Record<Exclude<Actor, 'anon' | 'revoked'>, TestUser>;
let revokedToken = '';
let idPool: string[] = [];
const g = new Gen(rng(SEED));

interface Failure {
  request: string;
  actor: Actor;
  label: string;
  status: number;
  problem: string;
  body: string;
}
const failures: Failure[] = [];
const stats = { requests: 0, routes: 0, refused: 0, accepted: 0, byStatus: {} as Record<number, number> };

async function tableNames(): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    t.app,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

let tables: string[] = [];
/** Per table: row count and a digest of every row. */
async function fingerprint(): Promise<Record<string, string>> {
  const parts = tables.map(
    (name) =>
      `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))), '') AS digest FROM "${name}" x`,
  );
  const rows = await queryRows<{ name: string; digest: string }>(t.app, sql.raw(parts.join(' UNION ALL ')));
  const out: Record<string, string> = Object.fromEntries(rows.map((r) => [r.name, r.digest]));
  out['(upload folder)'] = uploadedFiles(t.config).join(',');
  return out;
}

function changed(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);
}

function tokenOf(actor: Actor): string | null {
  if (actor === 'anon') return null;
  if (actor === 'revoked') return revokedToken;
  return who[actor].token;
}

/** Signs the actor in again when a call ended its session (logout, refresh, password change). */
async function keepSignedIn(actor: Actor): Promise<void> {
  if (actor === 'anon' || actor === 'revoked') return;
  const u = who[actor];
  const me = await call(t.app, { method: 'GET', url: '/v1/users/me', as: u });
  if (me.statusCode === 200) return;
  // Hostile step-ups lock the account as wrong passwords do (as they should); the person
  // signing back in here is the account's own, with the right password.
  await t.app.db.execute(sql`DELETE FROM signin_throttle WHERE email = ${u.email.toLowerCase()}`);
  u.token = await login(t.app, u.email, u.password);
  u.headers = { authorization: `Bearer ${u.token}` };
}

interface Shot {
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  label: string;
}

let baseline: Record<string, string> = {};

async function fire(routeKey: string, actor: Actor, shot: Shot): Promise<number> {
  const token = tokenOf(actor);
  const headers = { ...shot.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  let status = 0;
  let body = '';
  try {
    const res = await t.app.inject({ method: shot.method as 'GET', url: shot.url, payload: shot.payload, headers });
    status = res.statusCode;
    body = res.body;
  } catch (err) {
    failures.push({
      request: `${shot.method} ${shot.url}`,
      actor,
      label: shot.label,
      status: 0,
      problem: `inject threw: ${String(err)}`,
      body: '',
    });
    return 0;
  }
  stats.requests += 1;
  stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
  const fail = (problem: string) =>
    failures.push({
      request: `${shot.method} ${shot.url.slice(0, 200)}`,
      actor,
      label: shot.label,
      status,
      problem,
      body: body.slice(0, 300),
    });
  if (status >= 500) fail('5xx');
  const leaked = leak(body);
  if (leaked) fail(`answer shows internals (${leaked})`);
  // What an accepted request started in the background (an export) belongs to it, not to the next one.
  await t.app.background.idle();
  const after = await fingerprint();
  if (status >= 400) {
    stats.refused += 1;
    const allowed = WRITES_WHEN_REFUSED[routeKey]?.tables ?? [];
    const diff = changed(baseline, after).filter((k) => !allowed.includes(k));
    if (diff.length > 0) fail(`refused but wrote: ${diff.join(', ')}`);
  } else {
    stats.accepted += 1;
    if (shot.method !== 'GET') await keepSignedIn(actor);
  }
  baseline = await (status < 400 && shot.method !== 'GET' ? fingerprint() : Promise.resolve(after));
  return status;
}

// ---- Building requests from a route's schemas ----

interface RouteSchema {
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  headers?: JsonSchema;
  consumes?: string[];
}

function fillPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, () => {
    const r = g.random();
    if (r < 0.45 && idPool.length > 0) return g.pick(idPool);
    if (r < 0.6) return g.uuid();
    return g.pick(HOSTILE_URL_TEXT);
  });
}

function queryString(schema: JsonSchema | undefined): string {
  const props = Object.entries(schema?.properties ?? {});
  const pairs: string[] = [];
  for (const [k, s] of props) {
    const r = g.random();
    if (r < 0.35) continue;
    const value =
      r < 0.6 ? String(plausible(g, s)) : isDateField(s) && g.random() < 0.6 ? g.pick(IMPOSSIBLE_DATES) : g.pick(HOSTILE_URL_TEXT);
    pairs.push(`${encodeURIComponent(k)}=${/%|^[\w.-]*$/.test(value) ? value : encodeURIComponent(value)}`);
    if (g.random() < 0.1) pairs.push(`${encodeURIComponent(k)}=${encodeURIComponent(g.pick(HOSTILE_URL_TEXT))}`);
  }
  if (g.random() < 0.25) pairs.push(`${g.pick(['unknown', '__proto__[x]', 'a[b][c]', 'constructor'])}=${g.pick(['1', '%00', 'x'])}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function idempotencyHeader(): Record<string, string> {
  const r = g.random();
  if (r < 0.7) return {};
  return { 'idempotency-key': g.pick(['fuzz-key-1', 'a'.repeat(300), 'with spaces', '', '\u007f', g.uuid()]) };
}

function shotsFor(route: RouteOptions, n: number): Shot[] {
  const schema = (route.schema ?? {}) as RouteSchema;
  const method = String(route.method);
  const shots: Shot[] = [];
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const isMultipart = (schema.consumes ?? []).includes('multipart/form-data');
  const bodies = hasBody && !isMultipart ? bodyCases(g, schema.body, n) : [];
  const parts = isMultipart
    ? g.sample(multipartCases(route.url.endsWith('/images') || route.url.endsWith('/documents') ? 'files' : 'file'), n)
    : [];
  for (let i = 0; i < n; i++) {
    const url = fillPath(route.url) + (schema.querystring || g.random() < 0.2 ? queryString(schema.querystring) : '');
    const headers: Record<string, string> = { ...idempotencyHeader() };
    let payload: string | Buffer | undefined;
    let label = 'no body';
    if (bodies[i]) {
      payload = bodies[i].payload;
      headers['content-type'] = bodies[i].contentType;
      label = bodies[i].label;
    } else if (parts[i]) {
      payload = parts[i].payload;
      headers['content-type'] = parts[i].contentType;
      label = `multipart: ${parts[i].label}`;
    } else if (method === 'DELETE' && g.random() < 0.3) {
      payload = '{"unexpected":true}';
      headers['content-type'] = 'application/json';
      label = 'body on a DELETE';
    }
    shots.push({ method, url, payload, headers, label });
  }
  return shots;
}

// ---- Fixtures ----

beforeAll(async () => {
  t = await buildTestApp();
  tables = await tableNames();
  who.admin = await makeUser(t.app, 'ADMIN');
  who.investor = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED', subscribed: true });
  who.owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const leaving = await makeUser(t.app, 'INVESTOR');
  revokedToken = leaving.token;
  await call(t.app, { method: 'POST', url: '/v1/auth/logout', as: leaving });
  // Objects for the generated ids to find: listings in each state, files, an order, a ticket, a checkout, a payout.
  const victim = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED', subscribed: true });
  const victimOwner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const pending = await makeProperty(t.app, who.owner);
  const active = await makeProperty(t.app, who.owner, { approveAs: who.admin });
  await makeProperty(t.app, victimOwner, { type: 'OFF_PLAN', approveAs: who.admin });
  const up = multipart([{ field: 'files', filename: 'p.png', contentType: 'image/png', data: await pngImage() }]);
  await call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${pending._id}/images`, as: who.owner, ...up });
  await call(t.app, {
    method: 'PATCH',
    url: '/v1/users/kyc',
    as: victim,
    ...multipart([{ field: 'file', filename: 'id.png', contentType: 'image/png', data: await pngImage() }]),
  });
  await call(t.app, { method: 'POST', url: '/support', as: who.investor, payload: { subject: 'Help', message: 'Please' } });
  await fund(t, who.investor, 10_000);
  await fund(t, victim, 10_000);
  await placeOrder(t.app, who.investor, active._id, 2);
  await placeOrder(t.app, victim, active._id, 3);
  await requestWithdrawal(t.app, victim, 10);
  await call(t.app, { method: 'POST', url: '/v1/wallets/deposit', as: victim, payload: { amount: 5, returnPath: '/' } });
  // The market (issue 20): a FUNDED property the victim bought out, an ask of theirs and a bid of the investor's.
  const funded = await makeProperty(t.app, victimOwner, { approveAs: who.admin, body: { totalQuantity: 3, unitPrice: 10 } });
  await placeOrder(t.app, victim, funded._id, 3);
  for (const o of await queryRows<{ id: string }>(t.app, sql`SELECT id FROM orders WHERE property_id = ${funded._id}`))
    await call(t.app, { method: 'PATCH', url: `/v1/orders/${o.id}/review`, as: who.admin, payload: { decision: 'APPROVE' } });
  const market = (as: TestUser, side: 'BUY' | 'SELL', price: number) =>
    call(t.app, { method: 'POST', url: '/v1/market/orders', as, payload: { propertyId: funded._id, side, units: 1, price } });
  if ((await market(victim, 'SELL', 11)).statusCode !== 201 || (await market(who.investor, 'BUY', 9)).statusCode !== 201)
    throw new Error('market fixtures failed');
  const actorIds = new Set(Object.values(who).map((u) => u.id));
  const ids = await queryRows<{ id: string }>(
    t.app,
    sql`SELECT id::text AS id FROM users UNION ALL SELECT id::text FROM properties UNION ALL SELECT id::text FROM orders
        UNION ALL SELECT id::text FROM files UNION ALL SELECT id::text FROM support_tickets UNION ALL SELECT id::text FROM checkouts
        UNION ALL SELECT id::text FROM payouts UNION ALL SELECT id::text FROM ledger_entries
        UNION ALL SELECT id::text FROM market_orders UNION ALL SELECT id::text FROM notifications
        UNION ALL SELECT id::text FROM payout_destinations UNION ALL SELECT id::text FROM support_messages`,
  );
  idPool = ids.map((r) => r.id).filter((id) => !actorIds.has(id));
  g.ids = idPool;
  baseline = await fingerprint();
});

afterAll(async () => {
  writeReport({ seed: SEED, casesPerCaller: CASES, database: onPostgres ? 'PostgreSQL' : 'PGlite', failures: failures.length, ...stats });
  await t?.close();
});

function routesToFuzz(): RouteOptions[] {
  const seen = new Set<string>();
  return t.app.routeList
    .flatMap((r) => (Array.isArray(r.method) ? r.method.map((m) => ({ ...r, method: m })) : [r]))
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .filter((r) => !r.url.startsWith('/v1/docs'))
    .filter((r) => {
      const k = `${String(r.method)} ${r.url}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

it('covers every registered route (none hidden from the fuzzer)', () => {
  const routes = routesToFuzz();
  expect(routes.length).toBeGreaterThanOrEqual(85);
  for (const must of [
    'POST /v1/orders',
    'POST /v1/wallets/deposit',
    'PATCH /v1/properties/owned/:id/images',
    'POST /support',
    'GET /download/:filename',
    'POST /v1/market/orders',
    'POST /v1/market/orders/:id/cancel',
    'GET /v1/admin/market/trades',
    'POST /v1/wallets/destinations',
    'POST /v1/notifications/:id/read',
    'POST /v1/support/:id/messages',
    'GET /v1/events',
  ]) {
    expect(routes.map((r) => `${String(r.method)} ${r.url}`)).toContain(must);
  }
});

it('generated hostile requests: never a 5xx, never internals, and a refusal writes nothing', async () => {
  const routes = routesToFuzz();
  stats.routes = routes.length;
  for (const route of routes) {
    const key = `${String(route.method)} ${route.url}`;
    for (const actor of ACTORS) {
      // Callers refused at the door get fewer cases; the roles that pass get the full set.
      const n = actor === 'anon' || actor === 'revoked' ? 2 : CASES;
      for (const shot of shotsFor(route, n)) await fire(key, actor, shot);
    }
  }
  expect(failures.slice(0, 20)).toEqual([]);
}, 900_000);

it('malformed bodies and uploads reach the parser of every write route (as a caller the route accepts)', async () => {
  const routes = routesToFuzz().filter((r) => ['POST', 'PUT', 'PATCH'].includes(String(r.method)));
  for (const route of routes) {
    const key = `${String(route.method)} ${route.url}`;
    const schema = (route.schema ?? {}) as RouteSchema;
    // The caller that gets past authentication and the role check for this route.
    let actor: Actor = 'anon';
    for (const a of ['anon', 'investor', 'owner', 'admin'] as Actor[]) {
      const probe = await t.app.inject({
        method: String(route.method) as 'POST',
        url: route.url.replace(/:[A-Za-z0-9_]+/g, g.uuid()),
        headers: tokenOf(a) ? { authorization: `Bearer ${tokenOf(a)}` } : {},
      });
      if (probe.statusCode !== 401 && probe.statusCode !== 403) {
        actor = a;
        break;
      }
    }
    // The probes may have ended a session (logout) or written: start again from here.
    for (const a of ['investor', 'owner', 'admin'] as Actor[]) await keepSignedIn(a);
    baseline = await fingerprint();
    const url = () => route.url.replace(/:[A-Za-z0-9_]+/g, () => (idPool.length > 0 && g.random() < 0.5 ? g.pick(idPool) : g.uuid()));
    const isMultipart = (schema.consumes ?? []).includes('multipart/form-data');
    const cases = isMultipart
      ? multipartCases(route.url.endsWith('/images') || route.url.endsWith('/documents') ? 'files' : 'file')
      : MALFORMED_BODIES;
    for (const c of cases) {
      await fire(key, actor, {
        method: String(route.method),
        url: url(),
        payload: c.payload,
        headers: { 'content-type': c.contentType },
        label: c.label,
      });
    }
  }
  expect(failures.slice(0, 20)).toEqual([]);
}, 900_000);

it('the NUL character in any path, query or body field is refused (PostgreSQL text cannot hold it)', async () => {
  for (const route of routesToFuzz()) {
    const key = `${String(route.method)} ${route.url}`;
    const schema = (route.schema ?? {}) as RouteSchema;
    const base = route.url.replace(/:[A-Za-z0-9_]+/g, () => (idPool.length > 0 ? g.pick(idPool) : g.uuid()));
    const shots: Shot[] = [];
    for (const name of route.url.match(/:[A-Za-z0-9_]+/g) ?? [])
      shots.push({ method: String(route.method), url: route.url.replace(name, 'a%00b'), headers: {}, label: `NUL in ${name}` });
    for (const prop of Object.keys(schema.querystring?.properties ?? {}))
      shots.push({ method: String(route.method), url: `${base}?${prop}=a%00b`, headers: {}, label: `NUL in ?${prop}` });
    if (schema.body?.properties) {
      const body = plausible(g, schema.body) as Record<string, unknown>;
      for (const [prop, ps] of Object.entries(schema.body.properties)) {
        if (ps.type === 'string' || (Array.isArray(ps.type) && ps.type.includes('string'))) {
          shots.push({
            method: String(route.method),
            url: base,
            payload: JSON.stringify({ ...body, [prop]: 'a\u0000b' }),
            headers: { 'content-type': 'application/json' },
            label: `NUL in body.${prop}`,
          });
        }
      }
    }
    for (const shot of shots) for (const actor of ['investor', 'owner', 'admin'] as Actor[]) await fire(key, actor, shot);
  }
  expect(failures.slice(0, 20)).toEqual([]);
}, 900_000);

it('a date field given a day that does not exist (2024-02-30, month 13, year 0000) is a 4xx, in every query and body', async () => {
  let fields = 0;
  for (const route of routesToFuzz()) {
    const key = `${String(route.method)} ${route.url}`;
    const schema = (route.schema ?? {}) as RouteSchema;
    const base = route.url.replace(/:[A-Za-z0-9_]+/g, () => (idPool.length > 0 ? g.pick(idPool) : g.uuid()));
    const shots: Shot[] = [];
    for (const [prop, ps] of Object.entries(schema.querystring?.properties ?? {})) {
      if (!isDateField(ps)) continue;
      fields += 1;
      for (const day of IMPOSSIBLE_DATES)
        shots.push({ method: String(route.method), url: `${base}?${prop}=${day}`, headers: {}, label: `?${prop}=${day}` });
    }
    for (const [prop, ps] of Object.entries(schema.body?.properties ?? {})) {
      if (!isDateField(ps)) continue;
      fields += 1;
      const body = plausible(g, schema.body) as Record<string, unknown>;
      for (const day of IMPOSSIBLE_DATES)
        shots.push({
          method: String(route.method),
          url: base,
          payload: JSON.stringify({ ...body, [prop]: day }),
          headers: { 'content-type': 'application/json' },
          label: `body.${prop}=${day}`,
        });
    }
    for (const shot of shots) {
      for (const actor of ['investor', 'owner', 'admin'] as Actor[]) {
        const status = await fire(key, actor, shot);
        if (status < 400 && status !== 0)
          failures.push({
            request: `${shot.method} ${shot.url}`,
            actor,
            label: shot.label,
            status,
            problem: 'accepted an impossible date',
            body: '',
          });
      }
    }
  }
  // The market's good-until and trade-list filters, the returns' periods and dates, the transactions' filters.
  expect(fields).toBeGreaterThanOrEqual(5);
  expect(failures.slice(0, 20)).toEqual([]);
}, 900_000);

it('paths that try to leave their folder are refused', async () => {
  const tries = [
    '/download/..%2f..%2fjwt-secret',
    '/download/..%2F..%2Fpackage.json',
    '/download/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/download/....//....//etc/passwd',
    '/download/%00.webp',
    '/v1/docs/static/..%2f..%2f..%2fpackage.json',
    '/v1/docs/static/%2e%2e/%2e%2e/package.json',
    '/v1/docs/..%2f..%2fpackage.json',
  ];
  for (const url of tries) {
    const status = await fire(`GET ${url}`, 'admin', { method: 'GET', url, headers: {}, label: 'path traversal' });
    expect(status).toBeGreaterThanOrEqual(400);
  }
  expect(failures.slice(0, 20)).toEqual([]);
});
