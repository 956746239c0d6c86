// `npm run bench:market`: the secondary market's matching engine under load on PostgreSQL
// (issue 20). Prints orders/s, fills/s, p50/p99 latency and the invariant check.
//
// In a schema of its own in DATABASE_URL's database (dropped afterwards): migrations, one
// owner, one RENTAL_READY listing sold out to N investors through the real money path
// (distribution-fixtures.ts: DEPOSIT checkouts paid, orders completed), and more cash in each
// wallet (another paid DEPOSIT). Then C concurrent clients, for S seconds, each place random
// limit orders (side, 1–5 units, price within ±3% of the unit price) for random investors on
// that ONE property's book, through the service's statement: one round trip per order,
// `SELECT place_market_order(...)` (the function the API's POST /v1/market/orders calls, with
// an Idempotency-Key), on a pg pool of P connections. Every order locks the same property row,
// so this measures the serialized matching path. Refusals the rules make (an investor without
// units to sell, a self-trade) are counted, not errors. Then money_invariant_violations().
//
//   npm run bench:market -- --clients=16 --seconds=10 --pool=2 --investors=500 --warmup=500
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { createDatabase, keepConnectionsOnSqlErrors } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { bulkHolders, bulkUnits } from './distribution-fixtures';

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
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_market_${randomBytes(5).toString('hex')}`;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const database = await createDatabase({ databaseUrl: DATABASE_URL, databaseSchema: SCHEMA, pgliteDir: 'memory://' });
  await migrate(database);
  await database.close();
  const pool = new pg.Pool({ connectionString: DATABASE_URL, options: `-c search_path=${SCHEMA}`, max: POOL });
  // As the API's pool (db/client.ts): a refused order keeps its connection.
  keepConnectionsOnSqlErrors(pool);
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];
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
    const client = async (more: () => boolean) => {
      while (more()) {
        attempts++;
        const who = investors[Math.floor(Math.random() * investors.length)];
        const side = Math.random() < 0.5 ? 'BUY' : 'SELL';
        const price = Math.round(PRICE * (0.97 + Math.random() * 0.06));
        const n = 1 + Math.floor(Math.random() * 5);
        const start = process.hrtime.bigint();
        try {
          const [r] = await q<{ placed: { trades: unknown[] } }>(
            `SELECT place_market_order($1, $2, $3, $4::integer, $5::bigint, NULL::date, ${FEE_BPS}, ${BAND_PCT}, $6, 'bench') AS placed`,
            [who, property.id, side, n, price, randomUUID()],
          );
          latencies.push(ms(start));
          placed++;
          fills += r.placed.trades.length;
          for (const t of r.placed.trades as { units: number }[]) unitsTraded += t.units;
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
    const deadline = Date.now() + SECONDS * 1000;
    const t0 = process.hrtime.bigint();
    await Promise.all(Array.from({ length: CLIENTS }, () => client(() => Date.now() < deadline)));
    const elapsed = ms(t0) / 1000;
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
      `  path: SELECT place_market_order(...) per order (the API's statement), pool ${POOL}, ${CLIENTS} concurrent clients, ${SECONDS} s`,
    );
    console.log(`  setup ${setupMs.toFixed(0)} ms, then ${WARMUP} orders of warm-up and ANALYZE (not measured)`);
    console.log(
      `  orders: ${total} in ${elapsed.toFixed(2)} s = ${(total / elapsed).toFixed(0)} orders/s (${placed} placed, ${refused} refused by the rules)`,
    );
    console.log(`  fills:  ${fills} trades (${unitsTraded} units) = ${(fills / elapsed).toFixed(0)} fills/s`);
    console.log(
      `  latency: p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, max ${latencies[latencies.length - 1]?.toFixed(2)} ms`,
    );
    console.log(`  book after: ${book.bids} open bids, ${book.asks} open asks; ${book.trades} trades in all`);
    for (const [m, c] of refusals) console.log(`  refused ×${c}: ${m}`);
    for (const [m, c] of errors) console.log(`  ERROR ×${c}: ${m}`);
    console.log(`  invariants (${invMs.toFixed(0)} ms): ${violations.length === 0 ? 'all hold' : `${violations.length} VIOLATED`}`);
    for (const v of violations.slice(0, 10)) console.log(`    ${v.invariant}: ${v.detail}`);
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
