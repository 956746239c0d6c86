// `npm run bench:portfolio`: the time and CPU to compute one investor's returns and series
// (the portfolio engine: GET /v1/portfolio, the returns screen, the dashboard) on PostgreSQL,
// for an investor with 10,000 lots and 100,000 ledger entries while 100,000 other investors
// exist, and for a light investor beside them (the cost follows the investor's own events).
//
// In a schema of its own in DATABASE_URL's database (dropped afterwards). Seeded by SQL with
// the rules' triggers off (session_replication_role = replica): the bench measures reading
// and computing, not how the rows came about. Timed: portfolioFigures() through the app's own
// database client with one connection, whose backend's CPU is read from /proc.
//
//   npm run bench:portfolio -- --lots=10000 --entries=100000 --others=100000 --runs=5
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { portfolioFigures } from '../src/modules/portfolio';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const LOTS = Number(args.lots ?? 10_000);
const ENTRIES = Number(args.entries ?? 100_000);
const OTHERS = Number(args.others ?? 100_000);
const RUNS = Number(args.runs ?? 5);
const PROPERTIES = 10;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_portfolio_${randomBytes(5).toString('hex')}`;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const TICK_MS = 10; // USER_HZ = 100 on Linux
function backendCpuMs(pid: number): number | null {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS; // utime, stime
  } catch {
    return null; // the database runs on another machine
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function seed(q: (text: string) => Promise<unknown>) {
  await q(`SET session_replication_role = replica`);
  await q(`INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified)
           VALUES ('owner@bench.test', '!', 'Bench', 'Owner', 'PROPERTY_OWNER', 'VERIFIED', true),
                  ('heavy@bench.test', '!', 'Heavy', 'Investor', 'INVESTOR', 'VERIFIED', true)`);
  await q(`INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified)
           SELECT 'other' || i || '@bench.test', '!', 'Other', 'Investor', 'INVESTOR', 'VERIFIED', true FROM generate_series(1, ${OTHERS}) i`);
  await q(`INSERT INTO properties (owner_id, name, address, state, type, status, total_quantity, available_quantity, settled_quantity, unit_price_cents, roi_in_five_years)
           SELECT (SELECT id FROM users WHERE email = 'owner@bench.test'), 'Bench ' || i, i || ' Bench St', 'TX', 'RENTAL_READY', 'FUNDED', 1000000, 0, 1000000, 10000, 40
           FROM generate_series(1, ${PROPERTIES}) i`);
  await q(`CREATE TEMP TABLE bp AS SELECT id, row_number() OVER (ORDER BY name) - 1 AS k FROM properties`);
  await q(`CREATE TEMP TABLE bu AS SELECT id, row_number() OVER (ORDER BY email) AS k FROM users WHERE email LIKE 'other%'`);
  // The heavy investor: lots over three years, every fifth one sold in one disposal.
  await q(`INSERT INTO lots (investor_id, property_id, source, order_id, acquired_at, units, cost_cents, remaining_units, remaining_cost_cents)
           SELECT (SELECT id FROM users WHERE email = 'heavy@bench.test'), bp.id, 'ORDER', gen_random_uuid(),
                  now() - make_interval(secs => (${LOTS} - i) * (1095.0 * 86400 / ${LOTS})), 1 + i % 5, (1 + i % 5) * 10000,
                  CASE WHEN i % 5 = 0 THEN 0 ELSE 1 + i % 5 END, CASE WHEN i % 5 = 0 THEN 0 ELSE (1 + i % 5) * 10000 END
           FROM generate_series(1, ${LOTS}) i JOIN bp ON bp.k = i % ${PROPERTIES}`);
  await q(`INSERT INTO lot_disposals (lot_id, investor_id, property_id, trade_id, disposed_at, units, cost_cents, proceeds_cents, fee_cents, gain_cents)
           SELECT id, investor_id, property_id, gen_random_uuid(), acquired_at + interval '30 days', units, cost_cents, units * 10500, units * 105, units * 10500 - units * 105 - cost_cents
           FROM lots WHERE remaining_units = 0`);
  // Everyone else: one lot each.
  await q(`INSERT INTO lots (investor_id, property_id, source, order_id, acquired_at, units, cost_cents, remaining_units, remaining_cost_cents)
           SELECT bu.id, bp.id, 'ORDER', gen_random_uuid(), now() - interval '200 days', 3, 30000, 3, 30000
           FROM bu JOIN bp ON bp.k = bu.k % ${PROPERTIES}`);
  await q(`INSERT INTO holdings (investor_id, property_id, quantity, amount_invested_cents)
           SELECT investor_id, property_id, sum(remaining_units), sum(remaining_cost_cents) FROM lots WHERE remaining_units > 0 GROUP BY 1, 2`);
  // Ledger: the heavy investor's entries, and three for each other investor.
  await q(`INSERT INTO ledger_entries (user_id, wallet_seq, type, amount_cents, balance_after_cents, checkout_id, created_at)
           SELECT (SELECT id FROM users WHERE email = 'heavy@bench.test'), i, 'DEPOSIT', 100, 100 * i, gen_random_uuid(),
                  now() - make_interval(secs => (${ENTRIES} - i) * (1095.0 * 86400 / ${ENTRIES}))
           FROM generate_series(1, ${ENTRIES}) i`);
  await q(`INSERT INTO ledger_entries (user_id, wallet_seq, type, amount_cents, balance_after_cents, checkout_id, created_at)
           SELECT bu.id, s, 'DEPOSIT', 1000, 1000 * s, gen_random_uuid(), now() - make_interval(days => 300 - s) FROM bu, generate_series(1, 3) s`);
  await q(`INSERT INTO wallets (user_id, balance_cents, entry_count)
           SELECT user_id, sum(amount_cents), count(*) FROM ledger_entries GROUP BY user_id`);
  // Monthly distributions of each property for three years, paid to the heavy investor and 50 others.
  await q(`INSERT INTO distributions (report_id, property_id, owner_id, period_start, period_end, gross_rent_cents, expenses_cents, fee_bps, fee_cents,
             net_income_cents, carried_loss_in_cents, distributable_cents, carried_loss_out_cents, record_date, pay_date, status, total_units, recorded_at, paid_at)
           SELECT gen_random_uuid(), bp.id, (SELECT id FROM users WHERE email = 'owner@bench.test'), d - 30, d - 1, 1000000, 0, 800, 80000, 920000, 0, 920000, 0,
                  d, d + 7, 'PAID', 1000000, d, d + 7
           FROM bp, generate_series(current_date - 1095, current_date - 8, interval '30 days') g, LATERAL (SELECT g::date AS d) x`);
  await q(`INSERT INTO distribution_holders (distribution_id, holder_id, is_owner, units, cents)
           SELECT d.id, (SELECT id FROM users WHERE email = 'heavy@bench.test'), false, 100, 9200 FROM distributions d`);
  await q(`INSERT INTO distribution_holders (distribution_id, holder_id, is_owner, units, cents)
           SELECT d.id, bu.id, false, 3, 276 FROM distributions d JOIN bu ON bu.k <= 50`);
  await q(`INSERT INTO appraisals (property_id, value_per_unit_cents, appraised_on, created_by)
           SELECT bp.id, 10000 + m * 50, current_date - m * 90, (SELECT id FROM users WHERE email = 'owner@bench.test')
           FROM bp, generate_series(0, 11) m`);
  await q(`INSERT INTO trades (property_id, buy_order_id, sell_order_id, buyer_id, seller_id, units, price_cents, gross_cents, fee_bps, fee_cents, aggressor)
           SELECT bp.id, gen_random_uuid(), gen_random_uuid(), (SELECT id FROM bu WHERE k = 1), (SELECT id FROM bu WHERE k = 2), 1, 10200, 10200, 100, 102, 'BUY' FROM bp`);
  await q(`SET session_replication_role = origin`);
}

async function main() {
  const setupDb = await createDatabase({ databaseUrl: DATABASE_URL, databaseSchema: SCHEMA, pgliteDir: 'memory://' });
  await migrate(setupDb);
  await setupDb.close();
  const client = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${SCHEMA}` });
  await client.connect();
  const q = (text: string) => client.query(text);
  let database: Awaited<ReturnType<typeof createDatabase>> | null = null;
  try {
    const t0 = process.hrtime.bigint();
    await seed(q);
    await q('ANALYZE');
    const setupMs = ms(t0);
    const ids = (
      await client.query(
        `SELECT (SELECT id FROM users WHERE email = 'heavy@bench.test') AS heavy, (SELECT id FROM users WHERE email = 'other1@bench.test') AS light`,
      )
    ).rows[0] as {
      heavy: string;
      light: string;
    };
    const [counts] = (
      await client.query(
        `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM lots) AS lots, (SELECT count(*) FROM ledger_entries) AS entries,
                (SELECT count(*) FROM lots WHERE investor_id = $1) AS my_lots, (SELECT count(*) FROM ledger_entries WHERE user_id = $1) AS my_entries,
                (SELECT count(*) FROM distribution_holders WHERE holder_id = $1) AS my_income`,
        [ids.heavy],
      )
    ).rows as Record<string, string>[];

    database = await createDatabase({ databaseUrl: DATABASE_URL, databaseSchema: SCHEMA, pgliteDir: 'memory://', databasePoolSize: 1 });
    const db = database.db;
    const [{ pid }] = ((await db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] }).rows;
    const measure = async (who: string) => {
      await portfolioFigures(db, who); // warm: plans, caches
      const wall: number[] = [];
      const node: number[] = [];
      const dbCpu: number[] = [];
      let points = 0;
      for (let i = 0; i < RUNS; i++) {
        const c0 = process.cpuUsage();
        const b0 = backendCpuMs(pid);
        const w0 = process.hrtime.bigint();
        const r = await portfolioFigures(db, who);
        wall.push(ms(w0));
        const c = process.cpuUsage(c0);
        node.push((c.user + c.system) / 1000);
        const b1 = backendCpuMs(pid);
        if (b0 !== null && b1 !== null) dbCpu.push(b1 - b0);
        points = r.valueOverTime.length;
      }
      return { wall: median(wall), node: median(node), db: dbCpu.length ? median(dbCpu) : null, points };
    };
    const heavy = await measure(ids.heavy);
    const light = await measure(ids.light);

    const [ver] = (await client.query("SELECT current_setting('server_version') AS v")).rows as { v: string }[];
    const load = os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ');
    console.log(
      `bench:portfolio — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, PostgreSQL ${ver.v}, load ${load}`,
    );
    console.log(
      `  platform: ${Number(counts.users).toLocaleString('en-US')} users, ${Number(counts.lots).toLocaleString('en-US')} lots, ${Number(counts.entries).toLocaleString('en-US')} ledger entries (seeded by SQL in ${(setupMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      `  the investor: ${Number(counts.my_lots).toLocaleString('en-US')} lots, ${Number(counts.my_entries).toLocaleString('en-US')} ledger entries, ${counts.my_income} income payments`,
    );
    const line = (label: string, r: typeof heavy) =>
      console.log(
        `  ${label} returns + series (${r.points} daily points): ${r.wall.toFixed(0)} ms wall, CPU ${r.node.toFixed(0)} ms Node + ${r.db === null ? 'n/a' : `${r.db} ms`} PostgreSQL (median of ${RUNS})`,
      );
    line('heavy investor:', heavy);
    line('light investor (1 lot):', light);
    console.log(`  heavy / light: ${(heavy.wall / Math.max(light.wall, 0.1)).toFixed(0)}× the time for ${counts.my_lots}× the lots`);
  } finally {
    await database?.close();
    await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`).catch(() => undefined);
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
