// `npm run bench:market`: the secondary market's matching engine under load on PostgreSQL
// (issue 20). Prints orders/s, fills/s, p50/p99 latency and the invariant check, then
// pgbench -N's tps in the same run (16 clients, 5 s, a scratch database) and orders/s over it.
//
// In a schema of its own in DATABASE_URL's database (dropped afterwards): migrations, one
// owner, one RENTAL_READY listing sold out to N investors through the real money path
// (distribution-fixtures.ts: DEPOSIT checkouts paid, orders completed), and more cash in each
// wallet (another paid DEPOSIT). Then C concurrent clients, for S seconds, each place random
// limit orders (side, 1–5 units, price within ±3% of the unit price) for random investors on
// that ONE property's book, each with its own Idempotency-Key, the way the API's
// POST /v1/market/orders places them: through the service's batcher (modules/market/batcher.ts),
// which sends the orders that arrive while the property's previous batch is in the database
// together, `SELECT … FROM place_market_orders(...)`, one transaction per batch (migration
// 0110; up to --depth batches in flight, as the API), on a pg pool of P connections set up as
// the API's. `--path=single` places each order alone instead (`SELECT place_market_order(...)`,
// one transaction per order: the path before 0110). Every order locks the same property row, so this measures the serialized matching
// path. Refusals the rules make (an investor without units to sell, a self-trade) are counted,
// not errors. Then money_invariant_violations(). Printed with the figures: the load average,
// and the CPU time the book's PostgreSQL backends used per order (/proc/<pid>/schedstat, when
// the server is on this machine), i.e. how much of a core the book got.
//
// `--profile` also prints where PostgreSQL's time goes, without pg_stat_statements (which needs a
// restart with shared_preload_libraries): each SQL function's self time per order over the timed
// run (track_functions = all on the bench's connections, pg_stat_user_functions), then one more
// batch under auto_explain (nested statements, ANALYZE) sent back as NOTICEs: its slowest plans.
//
//   npm run bench:market -- --clients=16 --seconds=10 --pool=2 --investors=500 --warmup=500 --path=batch --depth=2
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createDatabase, keepConnectionsOnSqlErrors, type Db } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { BATCHES_IN_FLIGHT, MAX_BATCH, type BatchResult } from '../src/lib/batcher';
import { MarketBatcher } from '../src/modules/market/batcher';
import { placeBatchStatement } from '../src/modules/market/service';
import { bulkHolders, bulkUnits } from './distribution-fixtures';
import { pgbenchLine } from './pgbench-baseline';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const num = (k: string, d: number) => (args[k] !== undefined ? Number(args[k]) : d);
const CLIENTS = num('clients', 16);
const SECONDS = num('seconds', 10);
const POOL = num('pool', 2);
const INVESTORS = num('investors', 500);
const WARMUP = num('warmup', 500); // orders placed (and not measured) before the run
const CYCLE = 10; // investor i holds 1 + (i mod 10) units
const PRICE = 10_000; // cents per unit
const FEE_BPS = 100;
const BAND_PCT = 20;
const PATH = args.path ?? 'batch';
const DEPTH = num('depth', BATCHES_IN_FLIGHT);
if (PATH !== 'batch' && PATH !== 'single') throw new Error('--path=batch or --path=single');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_market_${randomBytes(5).toString('hex')}`;
const PROFILE = args.profile !== undefined;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
/**
 * CPU time (ns) the bench's PostgreSQL backends have used so far, from /proc/<pid>/schedstat:
 * only when the server runs on this machine (null otherwise). With the load average it tells
 * how much of the machine the book got: orders/s ≈ CPU share / CPU per order.
 */
async function backendCpuNs(q: (text: string, params?: unknown[]) => Promise<{ pid: number }[]>): Promise<number | null> {
  const pids = await q(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [SCHEMA]);
  let total = 0;
  for (const { pid } of pids) {
    try {
      total += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      return null;
    }
  }
  return total;
}
type FnTimes = Map<string, { calls: number; total: number; self: number }>;
/**
 * The bench schema's functions' cumulative times. A backend publishes its counters when idle
 * (at most once a second), hence the pause before reading.
 */
async function functionTimes(q: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>): Promise<FnTimes> {
  await new Promise((r) => setTimeout(r, 1500));
  await q('SELECT pg_stat_clear_snapshot()');
  const rows = await q(`SELECT funcname, calls, total_time, self_time FROM pg_stat_user_functions WHERE schemaname = $1`, [SCHEMA]);
  return new Map(rows.map((r) => [String(r.funcname), { calls: Number(r.calls), total: Number(r.total_time), self: Number(r.self_time) }]));
}
function printFunctionTimes(before: FnTimes, after: FnTimes, orders: number) {
  const rows = [...after].map(([name, a]) => {
    const b = before.get(name) ?? { calls: 0, total: 0, self: 0 };
    return { name, calls: a.calls - b.calls, total: a.total - b.total, self: a.self - b.self };
  });
  const all = rows.reduce((t, r) => t + r.self, 0);
  console.log(`  profile (track_functions): ${(all / orders).toFixed(3)} ms of SQL functions' self time per order`);
  for (const r of rows
    .filter((r) => r.calls > 0)
    .sort((x, y) => y.self - x.self)
    .slice(0, 30)) {
    console.log(
      `    ${r.name.padEnd(34)} ${String(r.calls).padStart(7)} calls  self ${(r.self / orders).toFixed(3)} ms/order  total ${(r.total / orders).toFixed(3)} ms/order`,
    );
  }
}
/** One more batch of 8 orders under auto_explain: the nested statements' plans, slowest first. */
async function explainOneBatch(pool: pg.Pool, propertyId: string, investors: string[]) {
  const c = await pool.connect();
  const notices: string[] = [];
  c.on('notice', (n) => notices.push(n.message ?? ''));
  try {
    await c.query(`LOAD 'auto_explain'`);
    await c.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_nested_statements = on;
                   SET auto_explain.log_timing = on; SET auto_explain.log_level = notice; SET client_min_messages = notice`);
    const orders = Array.from({ length: 8 }, (_, i) => ({
      investor: investors[i * 7],
      side: i % 2 ? 'SELL' : 'BUY',
      units: 1 + (i % 3),
      price: Math.round(PRICE * (0.98 + (i % 5) * 0.01)),
      goodUntil: null,
      key: randomUUID(),
      hash: 'bench',
    }));
    const db = drizzle({ client: c }) as unknown as Db;
    await placeBatchStatement(db, propertyId, orders as never, FEE_BPS, BAND_PCT).catch(() => undefined);
  } finally {
    c.release(true);
  }
  const plans = notices.map((n) => ({ n, ms: Number(/duration: ([\d.]+) ms/.exec(n)?.[1] ?? 0) })).sort((a, b) => b.ms - a.ms);
  console.log(`  auto_explain of one batch of 8: ${plans.length} statements; the slowest:`);
  for (const p of plans.slice(0, 8)) {
    // The statement's first line and its top plan nodes: enough to see which one and why.
    const lines = p.n.split('\n');
    const text =
      lines
        .find((l) => l.startsWith('Query Text:'))
        ?.replace('Query Text:', '')
        .trim() ?? '';
    console.log(`    ${p.ms.toFixed(3)} ms  ${text.slice(0, 110)}`);
    for (const l of lines.filter((l) => l.includes('(actual time=')).slice(0, 3)) console.log(`      ${l.trim().slice(0, 150)}`);
  }
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const database = await createDatabase({ databaseUrl: DATABASE_URL, databaseSchema: SCHEMA, pgliteDir: 'memory://' });
  await migrate(database);
  await database.close();
  const options = `-c search_path=${SCHEMA}` + (PROFILE ? ' -c track_functions=all' : '');
  const pool = new pg.Pool({ connectionString: DATABASE_URL, options, max: POOL, application_name: SCHEMA });
  // As the API's pool (db/client.ts): a refused order keeps its connection.
  keepConnectionsOnSqlErrors(pool);
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];
  const db = drizzle({ client: pool }) as unknown as Db;
  try {
    const setup = process.hrtime.bigint();
    const [owner] = await q<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified) VALUES ('owner@bench.test', '!', 'Bench', 'Owner', 'PROPERTY_OWNER', 'VERIFIED', true) RETURNING id`,
    );
    const units = bulkUnits(INVESTORS, CYCLE);
    const [property] = await q<{ id: string }>(
      `INSERT INTO properties (owner_id, name, address, state, type, status, total_quantity, available_quantity, unit_price_cents, roi_in_five_years)
       VALUES ($1, 'Bench Market Lofts', '1 Bench St', 'TX', 'RENTAL_READY', 'ACTIVE', $2, $2, ${PRICE}, 40) RETURNING id`,
      [owner.id, units],
    );
    await bulkHolders((s) => pool.query(s), {
      propertyId: property.id,
      holders: INVESTORS,
      cycle: CYCLE,
      unitPriceCents: PRICE,
      tag: 'market',
    });
    // Cash for bids: $5,000 more each, through paid DEPOSIT checkouts.
    await q(`INSERT INTO checkouts (user_id, purpose, amount_cents, provider, return_path, expires_at)
             SELECT id, 'DEPOSIT', 500000, 'sandbox', '/', now() + interval '1 hour' FROM users WHERE email LIKE 'bulk-market-%'`);
    await q(`UPDATE checkouts SET status = 'PAID' WHERE status = 'OPEN'`);
    const investors = (await q<{ id: string }>(`SELECT id FROM users WHERE email LIKE 'bulk-market-%' ORDER BY id`)).map((r) => r.id);
    const [{ status }] = await q<{ status: string }>(`SELECT status FROM properties WHERE id = $1`, [property.id]);
    const setupMs = ms(setup);

    let latencies: number[] = [];
    let placed = 0;
    let refused = 0;
    let fills = 0;
    let unitsTraded = 0;
    const refusals = new Map<string, number>();
    const errors = new Map<string, number>();
    let attempts = 0;
    // As the API's (service.ts marketBatcher), without the retry on a deadlock (none is expected here).
    const batcher = new MarketBatcher(
      (propertyId, orders) => placeBatchStatement(db, propertyId, orders, FEE_BPS, BAND_PCT),
      MAX_BATCH,
      DEPTH,
    );
    const placeOne = async (who: string, side: 'BUY' | 'SELL', n: number, price: number): Promise<{ trades: { units: number }[] }> => {
      if (PATH === 'single') {
        const [r] = await q<{ placed: { trades: { units: number }[] } }>(
          `SELECT place_market_order($1, $2, $3, $4::integer, $5::bigint, NULL::date, ${FEE_BPS}, ${BAND_PCT}, $6, 'bench') AS placed`,
          [who, property.id, side, n, price, randomUUID()],
        );
        return r.placed;
      }
      const r: BatchResult = await batcher.place(property.id, {
        investor: who,
        side,
        units: n,
        price,
        goodUntil: null,
        key: randomUUID(),
        hash: 'bench',
      });
      return r as unknown as { trades: { units: number }[] };
    };
    const client = async (more: () => boolean) => {
      while (more()) {
        attempts++;
        const who = investors[Math.floor(Math.random() * investors.length)];
        const side = Math.random() < 0.5 ? 'BUY' : 'SELL';
        const price = Math.round(PRICE * (0.97 + Math.random() * 0.06));
        const n = 1 + Math.floor(Math.random() * 5);
        const start = process.hrtime.bigint();
        try {
          const r = await placeOne(who, side, n, price);
          latencies.push(ms(start));
          placed++;
          fills += r.trades.length;
          for (const t of r.trades) unitsTraded += t.units;
        } catch (err) {
          latencies.push(ms(start));
          const e = err as { code?: string; message?: string };
          if (e.code?.startsWith('TS')) {
            refused++;
            const key = (e.message ?? '').replace(/\$[\d,.]+/g, '$…').replace(/\d+ units?/g, 'N units');
            refusals.set(key, (refusals.get(key) ?? 0) + 1);
          } else {
            errors.set(`${e.code} ${e.message}`, (errors.get(`${e.code} ${e.message}`) ?? 0) + 1);
          }
        }
      }
    };
    // Warm-up: a book with resting orders and some trade history, then ANALYZE, as
    // autovacuum does on a live database. Measuring from empty, freshly analyzed tables keeps
    // the plans made for empty tables (cached per connection, never re-made as the tables
    // grow): every foreign-key check on trades and market_orders and the idempotency update
    // become sequential scans that grow with each order (~5 per order, O(n)).
    await Promise.all(Array.from({ length: CLIENTS }, () => client(() => attempts < WARMUP)));
    await q('ANALYZE');
    latencies = [];
    placed = refused = fills = unitsTraded = 0;
    refusals.clear();
    const batched = { ...batcher.stats };
    const loadBefore = load();
    const pgCpu0 = await backendCpuNs(q);
    const fn0 = PROFILE ? await functionTimes(q) : null;
    const nodeCpu0 = process.cpuUsage();
    const deadline = Date.now() + SECONDS * 1000;
    const t0 = process.hrtime.bigint();
    await Promise.all(Array.from({ length: CLIENTS }, () => client(() => Date.now() < deadline)));
    const elapsed = ms(t0) / 1000;
    const loadAfter = load();
    const nodeCpu = process.cpuUsage(nodeCpu0);
    const pgCpu1 = await backendCpuNs(q);
    const fn1 = PROFILE ? await functionTimes(q) : null;
    const batches = batcher.stats.batches - batched.batches;
    const batchOrders = batcher.stats.orders - batched.orders;
    latencies.sort((a, b) => a - b);

    const tInv = process.hrtime.bigint();
    const violations = await q<{ invariant: string; detail: string }>('SELECT invariant, detail FROM money_invariant_violations()');
    const invMs = ms(tInv);
    const [book] = await q<{ bids: string; asks: string; trades: string }>(
      `SELECT (SELECT count(*) FROM market_orders WHERE status = 'OPEN' AND side = 'BUY') AS bids,
              (SELECT count(*) FROM market_orders WHERE status = 'OPEN' AND side = 'SELL') AS asks,
              (SELECT count(*) FROM trades) AS trades`,
    );
    const total = placed + refused;
    console.log(
      `bench:market — PostgreSQL, ${os.cpus().length} CPUs, one property's book (${status}, ${units} units, ${INVESTORS} investors)`,
    );
    console.log(
      PATH === 'batch'
        ? `  path: the API's batcher, SELECT … FROM place_market_orders(...) per batch, up to ${DEPTH} in flight, pool ${POOL}, ${CLIENTS} concurrent clients, ${SECONDS} s`
        : `  path: SELECT place_market_order(...) per order (one transaction each), pool ${POOL}, ${CLIENTS} concurrent clients, ${SECONDS} s`,
    );
    console.log(`  load average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after`);
    console.log(`  setup ${setupMs.toFixed(0)} ms, then ${WARMUP} orders of warm-up and ANALYZE (not measured)`);
    console.log(
      `  orders: ${total} in ${elapsed.toFixed(2)} s = ${(total / elapsed).toFixed(0)} orders/s (${placed} placed, ${refused} refused by the rules)`,
    );
    if (PATH === 'batch') {
      console.log(
        `  batches: ${batches} (${(batchOrders / Math.max(1, batches)).toFixed(1)} orders per batch on average, largest ${batcher.stats.largest})`,
      );
    }
    console.log(`  fills:  ${fills} trades (${unitsTraded} units) = ${(fills / elapsed).toFixed(0)} fills/s`);
    console.log(
      `  latency: p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, max ${latencies[latencies.length - 1]?.toFixed(2)} ms`,
    );
    const perOrder = Math.max(1, total);
    const pgMs = pgCpu0 !== null && pgCpu1 !== null ? (pgCpu1 - pgCpu0) / 1e6 : null;
    console.log(
      `  CPU per order: PostgreSQL ${pgMs === null ? 'n/a (server not on this machine)' : `${(pgMs / perOrder).toFixed(3)} ms`}, ` +
        `this process ${((nodeCpu.user + nodeCpu.system) / 1000 / perOrder).toFixed(3)} ms` +
        (pgMs === null ? '' : `; the book's backends had ${((pgMs / (elapsed * 1000)) * 100).toFixed(0)}% of a core`),
    );
    console.log(`  book after: ${book.bids} open bids, ${book.asks} open asks; ${book.trades} trades in all`);
    for (const [m, c] of refusals) console.log(`  refused ×${c}: ${m}`);
    for (const [m, c] of errors) console.log(`  ERROR ×${c}: ${m}`);
    console.log(`  invariants (${invMs.toFixed(0)} ms): ${violations.length === 0 ? 'all hold' : `${violations.length} VIOLATED`}`);
    for (const v of violations.slice(0, 10)) console.log(`    ${v.invariant}: ${v.detail}`);
    if (fn0 && fn1) {
      printFunctionTimes(fn0, fn1, perOrder);
      await explainOneBatch(pool, property.id, investors);
    }
    // After the load, so the two never compete: the machine's PostgreSQL yardstick right now.
    process.stdout.write((await pgbenchLine(DATABASE_URL, Math.round(total / elapsed))).line);
    if (violations.length > 0 || errors.size > 0) process.exitCode = 1;
  } finally {
    if (args.keep === undefined) await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    else console.log(`  kept schema ${SCHEMA}`);
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
