// `npm run bench:scale`: does a read cost the page or the table?
//
// For two sizes (--small, default 1,000, and --size, default 100,000) it creates a scratch
// PostgreSQL database each (through DATABASE_URL, default the local server's `postgres`
// database; dropped at the end), lets the real app migrate it, then seeds by SQL
// (generate_series): `size` properties, investors, orders and audit entries, 10 × `size`
// ledger entries, three rows sharing each created_at (ties). Then, per public and admin read,
// through the app in this process (fastify inject; public reads anonymous, with the
// catalogue's one-second cache off): the samples of both sizes interleaved, it prints p50 at
// each size and their ratio, the API's CPU per request, and the top nodes of the plans of
// the SQL the read ran (EXPLAIN ANALYZE of the captured statements with their values). It
// exits 1 when, at the large size, a plan scans a big table sequentially (more than a tenth
// of it), a statement has an OFFSET past the lists' cap, or a read fails.
//
//   npm run bench:scale -- --size=100000 --small=1000 --samples=15
//   --web-root=<dir>: a built web root, to include /sitemap.xml and the server-rendered pages
//   --keep: leave the scratch databases (names printed)
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { MAX_OFFSET } from '../src/lib/list-page';

// The public list's one-second cache would answer from memory: the bench measures the read.
process.env.CATALOGUE_CACHE_MS = '0';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const num = (k: string, d: number) => (args[k] !== undefined ? Number(args[k]) : d);
const SIZE = num('size', 100_000);
const SMALL = num('small', 1_000);
const SAMPLES = num('samples', 15);
const WEB_ROOT = args['web-root'] && args['web-root'] !== 'true' ? path.resolve(args['web-root']) : null;
const KEEP = args.keep === 'true';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench-admin@tessera.local', password: 'BenchAdmin123!' };
const BIG_TABLES = ['users', 'properties', 'orders', 'ledger_entries', 'audit_log'];

function urlFor(db: string): string {
  const u = new URL(DATABASE_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// ---- Seeding (by SQL; triggers off, so rows go in as they are) ----

async function seed(url: string, n: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = Date.now();
  const ledger = n * 10;
  const owners = Math.max(10, Math.floor(n / 100));
  try {
    await c.query('SET session_replication_role = replica');
    // Three rows share each created_at: keyset paging must break ties by id.
    await c.query(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, role, status, created_at, updated_at)
       SELECT md5('inv' || g)::uuid, 'investor' || g || '@bench.test', 'x',
              (ARRAY['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','Ken'])[1 + g % 8],
              (ARRAY['Lovelace','Hopper','Turing','Dijkstra','Liskov','Knuth','Allen','Thompson'])[1 + (g / 8) % 8] || g,
              'INVESTOR', (ARRAY['PENDING','VERIFIED','VERIFIED','REJECTED'])[1 + g % 4],
              now() - (g / 3) * interval '1 minute', now()
       FROM generate_series(1, $1::int) g`,
      [n],
    );
    await c.query(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, role, status, created_at, updated_at)
       SELECT md5('own' || g)::uuid, 'owner' || g || '@bench.test', 'x', 'Owner', 'Number' || g,
              'PROPERTY_OWNER', 'VERIFIED', now() - g * interval '1 hour', now()
       FROM generate_series(1, $1::int) g`,
      [owners],
    );
    await c.query(
      `INSERT INTO wallets (user_id, balance_cents, entry_count)
       SELECT md5('inv' || g)::uuid, 1000000, 10 FROM generate_series(1, $1::int) g`,
      [n],
    );
    await c.query(
      `INSERT INTO properties (id, owner_id, name, address, state, type, status, total_quantity, available_quantity,
                               settled_quantity, unit_price_cents, roi_in_five_years, progress, created_at, updated_at)
       SELECT md5('prop' || g)::uuid, md5('own' || (1 + g % $2::int))::uuid,
              (ARRAY['Maple','Cedar','Harbor','Summit','Willow','Granite'])[1 + g % 6] || ' ' ||
              (ARRAY['Court','Lofts','Residences','Towers','Villas'])[1 + (g / 6) % 5] || ' ' || g,
              g || ' Bench Street, Springfield',
              (ARRAY['CA','NY','TX','FL','WA','IL'])[1 + g % 6],
              CASE WHEN g % 3 = 0 THEN 'OFF_PLAN' ELSE 'RENTAL_READY' END,
              st.s, 1000, st.available, 1000 - st.available, 10000 + (g % 500) * 100, 5 + g % 40,
              CASE WHEN g % 3 = 0 THEN g % 100 END,
              now() - (g / 3) * interval '1 minute', now() - (g / 3) * interval '1 minute'
       FROM generate_series(1, $1::int) g,
            LATERAL (SELECT (ARRAY['ACTIVE','ACTIVE','ACTIVE','FUNDED','PENDING_REVIEW'])[1 + g % 5] AS s) st0,
            LATERAL (SELECT st0.s, CASE st0.s WHEN 'FUNDED' THEN 0 WHEN 'ACTIVE' THEN 1000 - g % 900 ELSE 1000 END AS available) st`,
      [n, owners],
    );
    await c.query(
      `INSERT INTO orders (id, investor_id, property_id, quantity, unit_price_cents, amount_cents, status,
                           decided_at, created_at, updated_at)
       SELECT md5('ord' || g)::uuid, md5('inv' || (1 + g % $1::int))::uuid, md5('prop' || (1 + (g * 7) % $1::int))::uuid,
              1 + g % 5, 10000, (1 + g % 5) * 10000,
              s, CASE WHEN s = 'PENDING' THEN NULL ELSE now() END,
              now() - (g / 3) * interval '1 minute', now()
       FROM generate_series(1, $1::int) g,
            LATERAL (SELECT (ARRAY['PENDING','COMPLETED','COMPLETED','REJECTED'])[1 + g % 4] AS s) st`,
      [n],
    );
    // Ten entries per investor: the first one an ORDER_HOLD of an order, the rest deposits.
    await c.query(
      `INSERT INTO ledger_entries (id, seq, user_id, wallet_seq, type, amount_cents, balance_after_cents,
                                   order_id, property_id, checkout_id, description, created_at)
       OVERRIDING SYSTEM VALUE
       SELECT gen_random_uuid(), g, md5('inv' || (1 + (g - 1) % $1::int))::uuid, 1 + (g - 1) / $1::int,
              CASE WHEN g <= $1::int THEN 'ORDER_HOLD' ELSE 'DEPOSIT' END,
              CASE WHEN g <= $1::int THEN -10000 ELSE 10000 END, 1000000,
              CASE WHEN g <= $1::int THEN md5('ord' || g)::uuid END,
              CASE WHEN g <= $1::int THEN md5('prop' || (1 + (g * 7) % $1::int))::uuid END,
              CASE WHEN g > $1::int THEN gen_random_uuid() END,
              'bench', now() - ($2::int - g) * interval '1 second'
       FROM generate_series(1, $2::int) g`,
      [n, ledger],
    );
    await c.query(`SELECT setval('ledger_entries_seq_seq', $1::bigint)`, [ledger]);
    await c.query(
      `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, detail, created_at)
       SELECT (SELECT id FROM users WHERE role = 'ADMIN' LIMIT 1), $2,
              (ARRAY['user.verify','order.review','property.review','user.delete'])[1 + g % 4], 'user',
              md5('inv' || g)::uuid::text, '{}'::jsonb, now() - (g / 3) * interval '1 minute'
       FROM generate_series(1, $1::int) g`,
      [n, ADMIN.email],
    );
    await c.query('SET session_replication_role = origin');
    await c.query('ANALYZE');
    await c.query('VACUUM (ANALYZE) users, properties, orders, ledger_entries, audit_log');
  } finally {
    await c.end();
  }
  console.log(
    `  seeded ${n.toLocaleString('en-US')} rows (${(n * 10).toLocaleString('en-US')} ledger entries) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

// ---- Capturing the SQL a request runs ----

interface Statement {
  text: string;
  values: unknown[];
}
let capturing: Statement[] | null = null;
const originalQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (this: pg.Client, ...a: unknown[]) {
  if (capturing) {
    const [config, values] = a as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === 'string' ? config : config?.text;
    const vals = Array.isArray(values) ? values : typeof config === 'object' ? (config.values ?? []) : [];
    if (typeof text === 'string' && /^\s*(select|with)\b/i.test(text)) capturing.push({ text, values: vals });
  }
  return originalQuery.apply(this, a);
};

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Total Time'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, out: PlanNode[]): void {
  out.push(node);
  for (const child of node.Plans ?? []) walk(child, out);
}

const describe = (n: PlanNode) =>
  `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}`;

// ---- The reads ----

interface Read {
  name: string;
  kind: 'public' | 'admin';
  url: (ctx: Ctx) => Promise<string | null> | string | null;
}

interface Ctx {
  app: FastifyInstance;
  /** The admin's bearer token; public reads go without one, as a visitor's. */
  token: string;
  n: number;
  sql: pg.Client;
}

/**
 * The cursor Next would carry from a far page (its last row's key, as lib/list-page.ts
 * encodes it), found by SQL: walking there through the API would take thousands of pages.
 */
async function farCursor(c: Ctx, table: 'users' | 'ledger_entries', where: string, page: number): Promise<string | null> {
  const ledger = table === 'ledger_entries';
  const key = ledger
    ? 'json_build_array(seq)::text'
    : `json_build_array(to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), id::text)::text`;
  const r = await c.sql.query<{ k: string }>(
    `SELECT ${key} AS k FROM ${table} WHERE ${where} ORDER BY ${ledger ? 'seq DESC' : 'created_at DESC, id DESC'} OFFSET $1 LIMIT 1`,
    [page * 20 - 1],
  );
  return r.rows[0] ? Buffer.from(r.rows[0].k, 'utf8').toString('base64url') : null;
}

/** A deep page by number: halfway down the list, at most the deepest a number may open (MAX_OFFSET rows at 20 a page). */
const deepPage = (rows: number) => Math.max(1, Math.min(Math.floor(MAX_OFFSET / 20) + 1, Math.floor(rows / 40)));
/** A page far down the list, reached by cursor: its number is only a label. */
const farPage = (rows: number) => Math.max(1, Math.floor((rows * 0.9) / 20));

const READS: Read[] = [
  { name: 'GET /v1/properties', kind: 'public', url: () => '/v1/properties' },
  { name: 'GET /v1/properties?searchName=Harbor', kind: 'public', url: () => '/v1/properties?searchName=Harbor' },
  { name: 'GET /v1/properties?sort=price_asc&state=TX', kind: 'public', url: () => '/v1/properties?sort=price_asc&state=TX' },
  { name: 'GET /v1/properties?page=deep', kind: 'public', url: (c) => `/v1/properties?page=${deepPage(c.n / 2)}` },
  { name: 'GET /v1/properties/:id', kind: 'public', url: () => `/v1/properties/${md5uuid('prop1')}` },
  { name: 'GET /sitemap.xml', kind: 'public', url: () => (WEB_ROOT ? '/sitemap.xml' : null) },
  { name: 'GET /properties (HTML)', kind: 'public', url: () => (WEB_ROOT ? '/properties' : null) },
  { name: 'admin investors', kind: 'admin', url: () => '/v1/users?role=INVESTOR' },
  { name: 'admin investors, VERIFIED', kind: 'admin', url: () => '/v1/users?role=INVESTOR&status=VERIFIED' },
  { name: 'admin investors, search "hopper4"', kind: 'admin', url: () => '/v1/users?role=INVESTOR&q=hopper4' },
  { name: 'admin investors, deep page by number', kind: 'admin', url: (c) => `/v1/users?role=INVESTOR&page=${deepPage(c.n)}` },
  {
    name: 'admin investors, deep page by cursor',
    kind: 'admin',
    url: async (c) => {
      const next = await farCursor(c, 'users', `role = 'INVESTOR' AND deleted_at IS NULL`, farPage(c.n));
      return next ? `/v1/users?role=INVESTOR&page=${farPage(c.n) + 1}&after=${next}` : null;
    },
  },
  { name: 'admin owners', kind: 'admin', url: () => '/v1/users?role=PROPERTY_OWNER' },
  { name: 'admin orders', kind: 'admin', url: () => '/v1/orders/admin' },
  { name: 'admin orders, PENDING', kind: 'admin', url: () => '/v1/orders/admin?status=PENDING' },
  { name: 'admin orders, deep page by number', kind: 'admin', url: (c) => `/v1/orders/admin?page=${deepPage(c.n)}` },
  { name: 'admin transactions', kind: 'admin', url: () => '/v1/transactions' },
  { name: 'admin transactions, DEPOSIT', kind: 'admin', url: () => '/v1/transactions?type=DEPOSIT' },
  { name: 'admin transactions, one person', kind: 'admin', url: () => `/v1/transactions?userId=${md5uuid('inv7')}` },
  {
    name: 'admin transactions, deep page by cursor',
    kind: 'admin',
    url: async (c) => {
      const next = await farCursor(c, 'ledger_entries', 'true', farPage(c.n * 10));
      return next ? `/v1/transactions?page=${farPage(c.n * 10) + 1}&after=${next}` : null;
    },
  },
  { name: 'admin audit trail', kind: 'admin', url: () => '/v1/admin/audit' },
  { name: 'admin audit trail, one action', kind: 'admin', url: () => '/v1/admin/audit?action=order.review' },
];

function md5uuid(s: string): string {
  const h = createHash('md5').update(s).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

interface Figure {
  p50: number | null;
  cpu: number | null;
  status: number | string;
  nodes: string[];
  problems: string[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s[Math.floor((s.length - 1) / 2)];
};

/** One timed request: wall time and this process's CPU (the API runs in it). */
const headersFor = (ctx: Ctx, url: string): Record<string, string> =>
  /^\/v1\/(users|orders|transactions|admin)\b/.test(url) ? { authorization: `Bearer ${ctx.token}` } : {};

async function timed(ctx: Ctx, url: string): Promise<{ ms: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const t = process.hrtime.bigint();
  await ctx.app.inject({ method: 'GET', url, headers: headersFor(ctx, url) });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const used = process.cpuUsage(cpu0);
  return { ms, cpu: (used.user + used.system) / 1000 };
}

/** The plans of the statements one request runs, and what the gate finds in them. */
async function explain(ctx: Ctx, url: string, gate: boolean): Promise<Pick<Figure, 'nodes' | 'problems'>> {
  capturing = [];
  await ctx.app.inject({ method: 'GET', url, headers: headersFor(ctx, url) });
  const statements = capturing;
  capturing = null;
  const nodes: PlanNode[] = [];
  const problems: string[] = [];
  for (const s of statements) {
    let doc: { Plan: PlanNode }[];
    try {
      const r = await ctx.sql.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.values);
      doc = r.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[];
    } catch {
      continue;
    }
    const all: PlanNode[] = [];
    walk(doc[0].Plan, all);
    nodes.push(...all.filter((x) => x['Relation Name'] || x['Index Name']));
    if (!gate) continue;
    // A sequential scan that stops early (under a LIMIT) reads a page's worth; one that
    // reads a tenth of the table is the cost this bench exists to catch.
    for (const x of all) {
      const read = ((x['Actual Rows'] ?? 0) + (x['Rows Removed by Filter'] ?? 0)) * (x['Actual Loops'] ?? 1);
      if (x['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(x['Relation Name'] ?? '') && read > ctx.n / 10)
        problems.push(`sequential scan of ${x['Relation Name']} reading ${read} rows`);
    }
    const offset = /\boffset \$(\d+)/i.exec(s.text);
    if (offset && Number(s.values[Number(offset[1]) - 1]) > MAX_OFFSET)
      problems.push(`OFFSET ${String(s.values[Number(offset[1]) - 1])} past the cap of ${MAX_OFFSET}`);
  }
  return {
    nodes: nodes
      .sort((a, b) => (b['Actual Total Time'] ?? 0) - (a['Actual Total Time'] ?? 0))
      .slice(0, 3)
      .map((x) => `${describe(x)} ${(x['Actual Total Time'] ?? 0).toFixed(2)} ms`),
    problems,
  };
}

interface Setup {
  ctx: Ctx;
  close: () => Promise<void>;
}

async function setUp(n: number): Promise<Setup> {
  const db = `bench_scale_${randomBytes(4).toString('hex')}`;
  console.log(`${n.toLocaleString('en-US')} rows: database ${db}`);
  await admin((c) => c.query(`CREATE DATABASE ${db}`));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-scale-'));
  const url = urlFor(db);
  // Loaded here, after CATALOGUE_CACHE_MS is set (the cache reads it once, at load).
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DATABASE_SCHEMA: '',
    DATA_DIR: dataDir,
    SEED: 'false',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // A scripted admin without a second factor (the rule is tested in test/admin-enrol.test.ts).
    ADMIN_2FA_REQUIRED: 'false',
    HOUSEKEEPING: 'false',
    DISTRIBUTIONS_JOB: 'false',
    MARKET_JOB: 'false',
    MAIL_DISPATCHER: 'false',
    WEB_ROOT: WEB_ROOT ?? '',
  });
  const app = await buildApp(config, { logger: false });
  const explainer = new pg.Client({ connectionString: url });
  const close = async () => {
    await explainer.end().catch(() => undefined);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (!KEEP) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
  };
  try {
    await seed(url, n);
    const signin = await app.inject({ method: 'POST', url: '/v1/auth/signin', payload: ADMIN });
    const token = (signin.json() as { accessToken: string }).accessToken;
    await explainer.connect();
    return { ctx: { app, token, n, sql: explainer }, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Both sizes for one read, their samples interleaved (small, large, small, …) so that what
 * else the machine does at the time weighs on both alike.
 */
async function measure(read: Read, small: Ctx, big: Ctx): Promise<[Figure, Figure]> {
  const urls = [await read.url(small), await read.url(big)];
  const ctxs = [small, big];
  const out: Figure[] = [];
  const samples: { ms: number; cpu: number }[][] = [[], []];
  for (let k = 0; k < 2; k++) {
    const url = urls[k];
    if (!url) {
      out.push({ p50: null, cpu: null, status: 'skipped', nodes: [], problems: [] });
      continue;
    }
    const first = await ctxs[k].app.inject({ method: 'GET', url, headers: headersFor(ctxs[k], url) });
    const problems = first.statusCode >= 400 ? [`answered ${first.statusCode}: ${first.body.slice(0, 200)}`] : [];
    out.push({ p50: null, cpu: null, status: first.statusCode, nodes: [], problems });
  }
  for (let k = 0; k < 2; k++) for (let i = 0; i < 3 && urls[k] && out[k].status === 200; i++) await timed(ctxs[k], urls[k] as string);
  for (let i = 0; i < SAMPLES; i++)
    for (let k = 0; k < 2; k++) if (urls[k] && out[k].status === 200) samples[k].push(await timed(ctxs[k], urls[k] as string));
  for (let k = 0; k < 2; k++) {
    if (out[k].status !== 200) continue;
    out[k].p50 = median(samples[k].map((x) => x.ms));
    out[k].cpu = median(samples[k].map((x) => x.cpu));
    const plans = await explain(ctxs[k], urls[k] as string, k === 1);
    out[k].nodes = plans.nodes;
    out[k].problems.push(...plans.problems);
  }
  return [out[0], out[1]];
}

const fmt = (x: number | null, d = 1) => (x === null ? '—' : x.toFixed(d));

async function main(): Promise<void> {
  console.log(`bench:scale — ${SMALL.toLocaleString('en-US')} vs ${SIZE.toLocaleString('en-US')} rows, ${SAMPLES} samples per read\n`);
  const small = await setUp(SMALL);
  let big: Setup;
  try {
    big = await setUp(SIZE);
  } catch (err) {
    await small.close();
    throw err;
  }
  const failures: string[] = [];
  const n = (x: number) => x.toLocaleString('en-US');
  console.log(
    `\n| read | p50 at ${n(SMALL)} (ms) | p50 at ${n(SIZE)} (ms) | ratio | API CPU/req at ${n(SMALL)} / ${n(SIZE)} (ms) | plan's top nodes at ${n(SIZE)} |`,
  );
  console.log('|---|---:|---:|---:|---:|---|');
  try {
    for (const read of READS) {
      const [a, b] = await measure(read, small.ctx, big.ctx);
      if (b.status === 'skipped') {
        console.log(`| ${read.name} | skipped | | | | ${read.name.startsWith('GET /') ? 'needs --web-root' : 'no such page'} |`);
        continue;
      }
      const ratio = a.p50 && b.p50 ? b.p50 / a.p50 : null;
      console.log(
        `| ${read.name} | ${fmt(a.p50)} | ${fmt(b.p50)} | ${ratio === null ? '—' : `${ratio.toFixed(2)}×`} | ${fmt(a.cpu, 2)} / ${fmt(b.cpu, 2)} | ${b.nodes.join('; ')} |`,
      );
      for (const p of [...a.problems, ...b.problems]) failures.push(`${read.kind} ${read.name}: ${p}`);
    }
  } finally {
    await small.close();
    await big.close();
  }
  if (failures.length > 0) {
    console.log(`\nFAILED (${failures.length}):`);
    for (const f of failures) console.log(`  - ${f}`);
    process.exitCode = 1;
  } else console.log('\nNo sequential scan of a big table, no OFFSET past the cap, every read answered.');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
