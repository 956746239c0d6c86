// `npm run bench:statement`: does a large statement PDF stall the other requests?
//
// Starts the API in this process (PGlite in memory, or DATABASE_URL in a schema of its own),
// gives one investor N ledger entries this month (default 10,000), then asks for that
// month's PDF over HTTP while a probe calls GET /v1/health every 10 ms. Prints the PDF's
// time and size and the health latencies during the render (p50, p99, max), and the same
// with the PDF laid out on the event loop, as the server did before its worker pool. The
// goal: no health answer later than 100 ms while the statement renders.
//
//   npm run bench:statement -- --entries=10000
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { statementPdf } from '../src/modules/statements/pdf';
import { buildStatement, statementPerson, statementRange } from '../src/modules/statements/service';

const arg = (name: string, def: number) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : def;
};
const ENTRIES = arg('entries', 10_000);
const PROBE_MS = 10;

function get(port: number, url: string, token?: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
    });
    req.on('error', reject);
  });
}

/** Health latencies (ms) while `work` runs, and the event loop's longest delay (ms). */
async function probeDuring<T>(
  port: number,
  work: () => Promise<T>,
): Promise<{ result: T; latencies: number[]; ms: number; loopMax: number }> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const latencies: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t0 = performance.now();
      await get(port, '/v1/health');
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  })();
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  running = false;
  await probe;
  loop.disable();
  return { result, latencies, ms, loopMax: loop.max / 1e6 };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-statement-'));
  const schema = process.env.DATABASE_URL ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PGLITE_DIR: 'memory://',
    DATABASE_SCHEMA: schema,
    SEED: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    HOUSEKEEPING: 'false',
    DISTRIBUTIONS_JOB: 'false',
    MAIL_DISPATCHER: 'false',
    MARKET_JOB: 'false',
  });
  const app = await buildApp(config, { logger: false });
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@statement.test`;
    const password = 'Secret123!';
    const [u] = await app.db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(password),
        firstName: 'Bench',
        lastName: 'Investor',
        role: 'INVESTOR',
        status: 'VERIFIED',
        emailVerified: true,
      })
      .returning({ id: users.id });
    // Written straight, the money rules off for this one transaction: a fixture, not a payment.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`INSERT INTO ledger_entries (user_id, wallet_seq, type, amount_cents, balance_after_cents, checkout_id, description)
        SELECT ${u.id}, k, 'DEPOSIT', 100, 100 * k, gen_random_uuid(), 'Deposit ' || k FROM generate_series(1, ${ENTRIES}) k`);
      await tx.execute(sql`INSERT INTO wallets (user_id, balance_cents, entry_count) VALUES (${u.id}, ${100 * ENTRIES}, ${ENTRIES})
        ON CONFLICT (user_id) DO UPDATE SET balance_cents = EXCLUDED.balance_cents, entry_count = EXCLUDED.entry_count`);
    });
    const signin = await app.inject({ method: 'POST', url: '/v1/auth/signin', payload: { email, password } });
    const token = signin.json<{ accessToken: string }>().accessToken;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const month = new Date().toISOString().slice(0, 7);

    // Warm up: the worker thread and the code paths.
    await get(port, `/v1/statements/${month}.pdf`, token);
    const pool = await probeDuring(port, () => get(port, `/v1/statements/${month}.pdf`, token));
    if (pool.result.status !== 200) throw new Error(`the statement answered ${pool.result.status}`);
    // The same length of time with nothing to do: what the host itself costs the probe.
    const idle = await probeDuring(port, () => new Promise((r) => setTimeout(r, pool.ms)));

    const person = await statementPerson(app.db, u.id);
    const inline = await probeDuring(port, async () => {
      const statement = await buildStatement(app.db, person, statementRange(month));
      return statementPdf(statement);
    });

    console.log(`statement PDF of ${ENTRIES} entries (${app.database.kind}), health probed every ${PROBE_MS} ms`);
    console.log(
      `  idle:                 health p50 ${fmt(pct(idle.latencies, 50))}, max ${fmt(Math.max(...idle.latencies))}; longest event-loop delay ${fmt(idle.loopMax)}`,
    );
    for (const [label, r, bytes] of [
      ['worker pool (now)', pool, pool.result.bytes],
      ['event loop (before)', inline, inline.result.length],
    ] as const) {
      console.log(
        `  ${`${label}:`.padEnd(22)}PDF ${fmt(r.ms)}, ${(bytes / 1024).toFixed(0)} KiB; health during it: ${r.latencies.length} answers, ` +
          `p50 ${fmt(pct(r.latencies, 50))}, p99 ${fmt(pct(r.latencies, 99))}, max ${fmt(Math.max(...r.latencies))}; ` +
          `longest event-loop delay ${fmt(r.loopMax)}`,
      );
    }
    const worst = Math.max(...pool.latencies);
    console.log(`  worst health answer while rendering in the pool: ${fmt(worst)} (goal <= 100 ms: ${worst <= 100 ? 'met' : 'NOT met'})`);
    console.log(
      `  load average now: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} CPUs (a busy host delays answers by itself)`,
    );
    console.log(`  ratio of worst stalls, event loop / pool: ${(Math.max(...inline.latencies) / worst).toFixed(1)}x`);
  } finally {
    await app.close();
    if (process.env.DATABASE_URL && schema) {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
