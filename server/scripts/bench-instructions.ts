// `npm run bench:instructions`: PostgreSQL's CPU per order as a count of instructions, which
// does not move with the machine's load the way orders/s and CPU time do (on a shared two-core
// host they move by half from one minute to the next; the count is the same run after run).
//
// Makes a PostgreSQL cluster of its own in a temporary folder (initdb, a free port), migrates
// a schema and seeds it with the project's code (20 listings and 200 funded investors for
// primary orders; one sold-out listing with 500 holders and cash for the market), stops it, then
// runs fixed SQL scripts in a single-user backend under `valgrind --tool=callgrind`, each on a
// fresh copy of the data:
//   primary orders  `place_orders(…)` (as POST /v1/orders sends them, each order with its
//                   session), alone and in batches of 5 for one listing, 50 then 350 orders:
//                   (count at 350 − count at 50) ÷ 300;
//   market orders   `place_market_orders(…)` batches of 5 random limit orders (as the batcher
//                   sends them), 30 batches, ANALYZE (as autovacuum would once the book has
//                   trades), then 50 more: their count ÷ 250;
//   pgbench -N      its transaction (update an account, read it, insert history), on pgbench's
//                   tables (scale 1) in the same database: the yardstick the order benches
//                   divide by, here as work rather than throughput.
// The HTTP layer and the commit's disk flush are not counted (fsync=off; the count is of
// instructions, not of waits). Needs valgrind and PostgreSQL's server binaries (pg_config --bindir).
//
//   npm run bench:instructions
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';
import { createDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { bulkHolders, bulkUnits } from './distribution-fixtures';

const SCHEMA = 'bench';
const asRoot = process.getuid?.() === 0;

function run(cmd: string, args: string[], opts: { input?: string; user?: boolean } = {}) {
  // initdb and postgres refuse to run as root: as root, they run as the postgres user.
  const [c, a] = asRoot && opts.user !== false ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(c, a, { input: opts.input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${(r.stderr || r.stdout || '').slice(-2000)}`);
  return r.stdout;
}

function missing(): string | null {
  if (spawnSync('valgrind', ['--version']).status !== 0) return 'valgrind is not installed (Debian: apt-get install valgrind)';
  const bin = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (bin.status !== 0) return 'pg_config is not on the PATH (PostgreSQL server packages)';
  if (!existsSync(path.join(bin.stdout.trim(), 'initdb'))) return `no initdb in ${bin.stdout.trim()}`;
  return null;
}

/** A seeded cluster, stopped; returns what the scripts need. */
async function seed(bindir: string, data: string, port: number) {
  run(path.join(bindir, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  run(path.join(bindir, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -c autovacuum=off -k ${data}`,
    '-l',
    `${data}/log`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    const database = await createDatabase({ databaseUrl: url, databaseSchema: SCHEMA, pgliteDir: 'memory://' });
    await migrate(database);
    await database.close();
    const c = new pg.Client({ connectionString: url, options: `-c search_path=${SCHEMA}` });
    await c.connect();
    const q = async <T = Record<string, string>>(s: string, p: unknown[] = []) => (await c.query(s, p)).rows as T[];
    try {
      const [owner] = await q<{ id: string }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified)
         VALUES ('owner@bench.test', '!', 'Bench', 'Owner', 'PROPERTY_OWNER', 'VERIFIED', true) RETURNING id`,
      );
      await q(`INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified)
               SELECT 'buyer-' || i || '@bench.test', '!', 'Buyer', i::text, 'INVESTOR', 'VERIFIED', true FROM generate_series(1, 200) i`);
      await q(`INSERT INTO checkouts (user_id, purpose, amount_cents, provider, return_path, expires_at)
               SELECT id, 'DEPOSIT', 100000000, 'sandbox', '/', now() + interval '1 hour' FROM users WHERE email LIKE 'buyer-%'`);
      await q(`UPDATE checkouts SET status = 'PAID' WHERE status = 'OPEN'`);
      await q(
        `INSERT INTO properties (owner_id, name, address, state, type, status, total_quantity, available_quantity, unit_price_cents, roi_in_five_years)
         SELECT $1, 'Bench ' || i, i || ' Bench St', 'TX', 'RENTAL_READY', 'ACTIVE', 10000000, 10000000, 100, 40 FROM generate_series(1, 20) i`,
        [owner.id],
      );
      const units = bulkUnits(500, 10);
      const [market] = await q<{ id: string }>(
        `INSERT INTO properties (owner_id, name, address, state, type, status, total_quantity, available_quantity, unit_price_cents, roi_in_five_years)
         VALUES ($1, 'Market Lofts', '1 Market St', 'TX', 'RENTAL_READY', 'ACTIVE', $2, $2, 10000, 40) RETURNING id`,
        [owner.id, units],
      );
      await bulkHolders((s) => c.query(s), { propertyId: market.id, holders: 500, cycle: 10, unitPriceCents: 10_000, tag: 'market' });
      await q(`INSERT INTO checkouts (user_id, purpose, amount_cents, provider, return_path, expires_at)
               SELECT id, 'DEPOSIT', 500000, 'sandbox', '/', now() + interval '1 hour' FROM users WHERE email LIKE 'bulk-market-%'`);
      await q(`UPDATE checkouts SET status = 'PAID' WHERE status = 'OPEN'`);
      // A session per buyer: POST /v1/orders checks it in the order's statement (session_gate).
      await q(
        `INSERT INTO sessions (id, user_id, expires_at) SELECT id, id, now() + interval '1 day' FROM users WHERE email LIKE 'buyer-%'`,
      );
      // The yardstick: pgbench's tables (scale 1) in the same database.
      run(path.join(bindir, 'pgbench'), ['-i', '-q', '-s', '1', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'postgres']);
      // The same state for every run: no autovacuum in the background, one VACUUM ANALYZE here.
      await c.query('VACUUM ANALYZE');
      const buyers = (await q<{ id: string }>(`SELECT id FROM users WHERE email LIKE 'buyer-%' ORDER BY last_name::int`)).map((r) => r.id);
      const listings = (await q<{ id: string }>(`SELECT id FROM properties WHERE name LIKE 'Bench %' ORDER BY name`)).map((r) => r.id);
      const holders = (await q<{ id: string }>(`SELECT id FROM users WHERE email LIKE 'bulk-market-%' ORDER BY last_name::int`)).map(
        (r) => r.id,
      );
      return { buyers, listings, holders, market: market.id };
    } finally {
      await c.end();
    }
  } finally {
    run(path.join(bindir, 'pg_ctl'), ['-D', data, '-w', '-m', 'fast', 'stop']);
  }
}

/** A small deterministic generator: the same orders in every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export async function main(): Promise<void> {
  const why = missing();
  if (why) {
    process.stdout.write(`bench:instructions not run: ${why}\n`);
    process.exitCode = 2;
    return;
  }
  const bindir = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' }).stdout.trim();
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-instructions-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  try {
    const ids = await seed(bindir, data, await freePort());
    const sql = (lines: string[]) => `SET search_path = ${SCHEMA};\n${lines.join('\n')}\n`;
    // As POST /v1/orders sends them (place_orders, orders/batcher): a listing's orders that
    // arrive while its previous batch is in the database go together; one arriving when
    // nothing is in flight goes alone. `size` orders per batch, each batch for one listing.
    const primary = (n: number, size: number) =>
      sql(
        Array.from({ length: n / size }, (_, b) => {
          const orders = Array.from({ length: size }, (_, k) => {
            const buyer = ids.buyers[(b * size + k) % ids.buyers.length];
            return { investor: buyer, quantity: 1, key: `k${b}-${k}`, hash: 'h', session: buyer };
          });
          return `SELECT count(*) FROM place_orders('${ids.listings[b % ids.listings.length]}', '${JSON.stringify(orders)}'::jsonb);`;
        }),
      );
    const random = rng(42);
    const batches = Array.from({ length: 80 }, (_, b) => {
      const orders = Array.from({ length: 5 }, (_, k) => ({
        investor: ids.holders[Math.floor(random() * ids.holders.length)],
        side: random() < 0.5 ? 'BUY' : 'SELL',
        units: 1 + Math.floor(random() * 5),
        price: Math.round(10_000 * (0.97 + random() * 0.06)),
        goodUntil: null,
        key: `m${b}-${k}`,
        hash: 'h',
      }));
      return `SELECT count(*) FROM place_market_orders('${ids.market}', '${JSON.stringify(orders)}'::jsonb, 100, 20);`;
    });
    // pgbench -N's transaction (its "simple update" script), one per query string.
    const yard = rng(7);
    const pgbench = (n: number) =>
      `${Array.from({ length: n }, () => {
        const aid = 1 + Math.floor(yard() * 100_000);
        const delta = Math.floor(yard() * 10_001) - 5000;
        return `BEGIN; UPDATE pgbench_accounts SET abalance = abalance + ${delta} WHERE aid = ${aid}; SELECT abalance FROM pgbench_accounts WHERE aid = ${aid}; INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (${1 + Math.floor(yard() * 10)}, 1, ${aid}, ${delta}, CURRENT_TIMESTAMP); END;`;
      }).join('\n')}\n`;
    const count = (name: string, script: string): number => {
      const copy = path.join(dir, `run-${randomBytes(4).toString('hex')}`);
      cpSync(data, copy, { recursive: true });
      if (asRoot) run('chown', ['-R', 'postgres', copy], { user: false });
      const out = path.join(dir, `${name}.callgrind`);
      run(
        'valgrind',
        [
          '--tool=callgrind',
          `--callgrind-out-file=${out}`,
          path.join(bindir, 'postgres'),
          '--single',
          '-D',
          copy,
          '-c',
          'fsync=off',
          'postgres',
        ],
        {
          input: script,
        },
      );
      rmSync(copy, { recursive: true, force: true });
      const total = /^(?:summary|totals): (\d+)/m.exec(readFileSync(out, 'utf8'));
      if (!total) throw new Error(`no instruction count in ${out}`);
      return Number(total[1]);
    };
    process.stdout.write('bench:instructions — single-user PostgreSQL under callgrind (a few minutes)\n');
    const perPrimary = (count('primary-350', primary(350, 1)) - count('primary-50', primary(50, 1))) / 300;
    const perPrimary5 = (count('primary-350x5', primary(350, 5)) - count('primary-50x5', primary(50, 5))) / 300;
    const m30 = count('market-30', sql([...batches.slice(0, 30), 'ANALYZE;']));
    const m80 = count('market-80', sql([...batches.slice(0, 30), 'ANALYZE;', ...batches.slice(30)]));
    const perMarket = (m80 - m30) / 250;
    const perPgbench = (count('pgbench-1050', pgbench(1050)) - count('pgbench-50', pgbench(50))) / 1000;
    const m = (n: number) => `${(n / 1e6).toFixed(2)} M`;
    const x = (n: number) => `${(n / perPgbench).toFixed(1)} pgbench -N transactions`;
    process.stdout.write(
      `  pgbench -N transaction (the yardstick):                  ${m(perPgbench)} instructions\n` +
        `  primary order alone (place_orders, a batch of one):      ${m(perPrimary)} instructions = ${x(perPrimary)}\n` +
        `  primary order (place_orders, batches of 5):              ${m(perPrimary5)} instructions = ${x(perPrimary5)}\n` +
        `  market order (place_market_orders, batches of 5):       ${m(perMarket)} instructions = ${x(perMarket)}\n` +
        `  (work inside PostgreSQL only: the round trips (pgbench -N makes five per transaction, an order one) and the commit's\n` +
        `  flush are not counted, so these multiples are harsher than the benches' orders/s ÷ tps)\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:instructions failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
