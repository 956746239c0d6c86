// `npm run bench:stall`: does a 10,000-entry statement stall the other requests by more than
// 100 ms? (issue "Heavy work off the request path", its "done when".)
//
// PostgreSQL only (DATABASE_URL; without it the bench says so and exits 0). The API runs as a
// child process (`tsx server/src/main.ts`, in a schema of its own), so what the probe sees is
// the server's event loop, not this process's. One investor gets N ledger entries this month
// (default 10,000) by SQL; then GET /v1/health is probed every 10 ms, first for a while with
// nothing else running (idle), then while that investor's statement PDF and CSV are fetched
// over and over (load). Prints p50/p99/max of the probe in both windows and the excess stall
// (max under load − p99 idle), and exits 1 when the excess is over 100 ms.
//
//   DATABASE_URL=postgres://… npm run bench:stall -- --entries=10000 --seconds=20
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../src/modules/auth/passwords';

const arg = (name: string, def: number) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : def;
};
const ENTRIES = arg('entries', 10_000);
const SECONDS = arg('seconds', 20);
const PROBE_MS = 10;
const GOAL_MS = 100;

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

function post(port: number, url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text || '{}') as Record<string, unknown> }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** Probes /v1/health every PROBE_MS until `stop` resolves; the latencies in ms. */
async function probeUntil(port: number, stop: Promise<unknown>): Promise<number[]> {
  let running = true;
  void stop.then(() => (running = false));
  const latencies: number[] = [];
  while (running) {
    const t0 = performance.now();
    await get(port, '/v1/health');
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, PROBE_MS));
  }
  return latencies;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('bench:stall skipped: it needs PostgreSQL (set DATABASE_URL=postgres://…); nothing was measured.');
    return 0;
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-stall-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../src/main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_SCHEMA: schema,
        DATA_DIR: dataDir,
        SEED: 'false',
        LOG_LEVEL: 'silent',
        RATE_LIMIT: 'false',
        HOUSEKEEPING: 'false',
        DISTRIBUTIONS_JOB: 'false',
        MAIL_DISPATCHER: 'false',
        MARKET_JOB: 'false',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<never>((_, reject) => child!.on('exit', (code) => reject(new Error(`the API exited (${code})`))));
    exited.catch(() => undefined);
    // Up once its health answers (migrations first, in its new schema).
    for (let i = 0; ; i++) {
      const up = await Promise.race([get(port, '/v1/health').catch(() => null), exited]);
      if (up?.status === 200) break;
      if (i > 600) throw new Error('the API did not start within a minute');
      await sleep(100);
    }

    // The investor and their ledger, by SQL: the money rules off for this one transaction
    // (a fixture, not payments); the balance chain is consistent all the same.
    const email = `bench-${randomBytes(4).toString('hex')}@stall.test`;
    const password = 'Secret123!';
    await admin.query(`SET search_path = ${schema}`);
    await admin.query('BEGIN');
    await admin.query('SET LOCAL session_replication_role = replica');
    const {
      rows: [u],
    } = await admin.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified)
       VALUES ($1, $2, 'Bench', 'Investor', 'INVESTOR', 'VERIFIED', true) RETURNING id`,
      [email, await hashPassword(password)],
    );
    await admin.query(
      `INSERT INTO ledger_entries (user_id, wallet_seq, type, amount_cents, balance_after_cents, checkout_id, description)
       SELECT $1, k, 'DEPOSIT', 100, 100 * k, gen_random_uuid(), 'Deposit ' || k FROM generate_series(1, $2::int) k`,
      [u.id, ENTRIES],
    );
    await admin.query(
      `INSERT INTO wallets (user_id, balance_cents, entry_count) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET balance_cents = EXCLUDED.balance_cents, entry_count = EXCLUDED.entry_count`,
      [u.id, 100 * ENTRIES, ENTRIES],
    );
    await admin.query('COMMIT');
    await admin.query('ANALYZE ledger_entries');
    const signin = await post(port, '/v1/auth/signin', { email, password });
    if (signin.status !== 200) throw new Error(`sign-in answered ${signin.status}`);
    const token = signin.json.accessToken as string;
    const month = new Date().toISOString().slice(0, 7);
    const files = [`/v1/statements/${month}.pdf`, `/v1/statements/${month}.csv`];

    // Warm up: the PDF worker, the code paths, the plans.
    const sizes = new Map<string, number>();
    for (const f of files) {
      const r = await get(port, f, token);
      if (r.status !== 200) throw new Error(`${f} answered ${r.status}`);
      sizes.set(f, r.bytes);
    }

    const idle = await probeUntil(port, sleep(SECONDS * 500));

    // Load: one client fetching the PDF then the CSV, over and over, for SECONDS.
    const renders = new Map<string, number[]>(files.map((f) => [f, []]));
    const until = performance.now() + SECONDS * 1000;
    const load = (async () => {
      while (performance.now() < until) {
        for (const f of files) {
          const t0 = performance.now();
          const r = await get(port, f, token);
          if (r.status !== 200) throw new Error(`${f} answered ${r.status}`);
          renders.get(f)!.push(performance.now() - t0);
        }
      }
    })();
    const during = await probeUntil(port, load);
    await load;

    const line = (label: string, xs: number[]) =>
      `  ${label.padEnd(26)}${String(xs.length).padStart(5)} probes  p50 ${fmt(pct(xs, 50))}  p99 ${fmt(pct(xs, 99))}  max ${fmt(Math.max(...xs))}`;
    console.log(`bench:stall: statement of ${ENTRIES} entries, PostgreSQL, API in a child process; GET /v1/health every ${PROBE_MS} ms`);
    for (const f of files) {
      const xs = renders.get(f)!;
      console.log(
        `  ${path.basename(f)}: ${xs.length} fetched under load, ${(sizes.get(f)! / 1024).toFixed(0)} KiB, p50 ${fmt(pct(xs, 50))}, max ${fmt(Math.max(...xs))}`,
      );
    }
    console.log(line('idle:', idle));
    console.log(line('while rendering (PDF+CSV):', during));
    const excess = Math.max(...during) - pct(idle, 99);
    console.log(
      `  excess stall (max while rendering − p99 idle): ${fmt(excess)}; goal <= ${GOAL_MS} ms: ${excess <= GOAL_MS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  load average: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} CPUs (a busy host delays answers by itself)`,
    );
    return excess <= GOAL_MS ? 0 : 1;
  } finally {
    if (child && child.exitCode === null) {
      const gone = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await admin.query('ROLLBACK').catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
