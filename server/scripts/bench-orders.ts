// `npm run bench:orders`: orders per second against the real server on PostgreSQL.
//
// Starts the API (from the sources, through tsx) on a free port, in a schema of its own
// in DATABASE_URL's database; creates investors (funded through the sandbox checkout),
// an owner and live listings through the API; then N concurrent clients place orders
// (each with its own Idempotency-Key) for a fixed time. Prints orders/s, p50/p99 latency,
// the answers, and the money invariants (SQL function money_invariant_violations), after
// the load and again after a burst of approvals and cancellations; then pgbench -N (16
// clients, 5 s, on a scratch database) and orders/s over its tps. Drops the schema.
//
//   npm run bench:orders -- --clients=64 --seconds=15 --properties=20 --servers=1 --pool=10
//   --hot: every client buys the same listing (one row lock for everyone)
//   --profile=<dir>: write the API's CPU profile (.cpuprofile) there
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';
import { hashPassword } from '../src/modules/auth/passwords';
import { sandboxToken } from '../src/modules/payments/sandbox';
import { pgbenchLine } from './pgbench-baseline';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const num = (k: string, d: number) => (args[k] !== undefined ? Number(args[k]) : d);
const CLIENTS = num('clients', 64);
const SECONDS = num('seconds', 15);
const WARMUP = num('warmup', 3);
const PROPERTIES = num('properties', 20);
const SERVERS = num('servers', 1);
const POOL = num('pool', 10);
const HOT = args.hot === 'true';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = path.resolve(__dirname, '..', '..');
const SCHEMA = `bench_${randomBytes(5).toString('hex')}`;
const JWT_SECRET = randomBytes(32).toString('hex');
const PASSWORD = 'Bench123!';
const ADMIN = { email: 'bench-admin@tessera.local', password: 'BenchAdmin123!' };

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 8 });

interface Res {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

function request(
  port: number,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; form?: string; headers?: Record<string, string> } = {},
): Promise<Res> {
  return new Promise((resolve, reject) => {
    const body = opts.json !== undefined ? JSON.stringify(opts.json) : opts.form;
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    if (opts.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function must(res: Promise<Res>, status: number, what: string): Promise<Res> {
  const r = await res;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.body}`);
  return r;
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const profile = args.profile
    ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(args.profile === 'true' ? 'bench-profiles' : args.profile)}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // Named, so the benchmark can find the server's PostgreSQL backends and their CPU time.
      DATABASE_URL: `${DATABASE_URL}${DATABASE_URL.includes('?') ? '&' : '?'}application_name=${SCHEMA}`,
      DATABASE_SCHEMA: SCHEMA,
      DATABASE_POOL_SIZE: String(POOL),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'false',
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // A scripted admin without a second factor (the rule is tested in test/admin-enrol.test.ts).
      ADMIN_2FA_REQUIRED: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await request(port, 'GET', '/v1/health')).status === 200) return child;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('server did not start');
}

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** CPU time (user + system) a process has used so far, in ms; 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main(): Promise<void> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-'));
  const servers: ChildProcess[] = [];
  const ports: number[] = [];
  try {
    process.stdout.write(
      `bench:orders — ${CLIENTS} clients, ${SECONDS}s (+${WARMUP}s warm-up), ${HOT ? '1 hot listing' : `${PROPERTIES} listings`}, ${SERVERS} server process(es), pool ${POOL}, schema ${SCHEMA}\n`,
    );
    // The first server migrates; the others find the schema ready.
    for (let i = 0; i < SERVERS; i++) {
      const port = await freePort();
      servers.push(await startServer(port, dataDir));
      ports.push(port);
    }
    const port = ports[0];
    await db.query(`SET search_path = ${SCHEMA}`);

    // People: straight into users (they are not money); every session through sign-in.
    const hash = await hashPassword(PASSWORD);
    const investors: { id: string; email: string }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const email = `bench-investor-${i}@tessera.local`;
      const { rows } = await db.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified, onboarding_completed)
         VALUES ($1, $2, 'Bench', $3, 'INVESTOR', 'VERIFIED', true, true) RETURNING id`,
        [email, hash, `Investor ${i}`],
      );
      investors.push({ id: rows[0].id, email });
    }
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified, onboarding_completed)
       VALUES ('bench-owner@tessera.local', $1, 'Bench', 'Owner', 'PROPERTY_OWNER', 'VERIFIED', true, true)`,
      [hash],
    );
    const signIn = async (email: string, password: string) =>
      JSON.parse((await must(request(port, 'POST', '/v1/auth/signin', { json: { email, password } }), 200, `sign in ${email}`)).body)
        .accessToken as string;
    const adminToken = await signIn(ADMIN.email, ADMIN.password);
    const ownerToken = await signIn('bench-owner@tessera.local', PASSWORD);
    const tokens = await Promise.all(investors.map((u) => signIn(u.email, PASSWORD)));

    // Listings through the API, approved by the admin.
    const listings: string[] = [];
    for (let i = 0; i < (HOT ? 1 : PROPERTIES); i++) {
      const created = await must(
        request(port, 'POST', '/v1/properties/owned/rental-ready', {
          token: ownerToken,
          json: {
            name: `Bench Tower ${i}`,
            address: `${i} Load St`,
            state: 'TX',
            totalQuantity: 10_000_000,
            unitPrice: 1 + (i % 7) * 0.25,
            roiInFiveYears: 40,
          },
        }),
        201,
        'create listing',
      );
      const id = JSON.parse(created.body)._id as string;
      await must(
        request(port, 'PATCH', `/v1/properties/${id}/review`, { token: adminToken, json: { decision: 'APPROVE' } }),
        200,
        'approve listing',
      );
      listings.push(id);
    }

    // Money in through the real path: a deposit checkout paid on the sandbox page.
    await Promise.all(
      tokens.map(async (token) => {
        const c = JSON.parse(
          (
            await must(
              request(port, 'POST', '/v1/wallets/deposit', { token, json: { amount: 1_000_000, returnPath: '/' } }),
              201,
              'deposit',
            )
          ).body,
        );
        await must(
          request(port, 'POST', `/v1/payments/sandbox/${c._id}`, { form: `decision=pay&token=${sandboxToken(JWT_SECRET, c._id)}` }),
          303,
          'pay',
        );
      }),
    );

    // The load.
    const latencies: number[] = [];
    const statuses: Record<number, number> = {};
    let measuring = false;
    let stop = false;
    let created = 0;
    const client = async (i: number) => {
      const token = tokens[i];
      const p = ports[i % ports.length];
      let n = 0;
      while (!stop) {
        const propertyId = listings[(i + n++) % listings.length];
        const t0 = process.hrtime.bigint();
        const r = await request(p, 'POST', '/v1/orders', {
          token,
          json: { propertyId, quantity: 1 + (n % 3) },
          headers: { 'idempotency-key': randomUUID() },
        });
        if (r.status === 201) created++;
        if (measuring) {
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        }
      }
    };
    const running = Array.from({ length: CLIENTS }, (_, i) => client(i));
    await new Promise((r) => setTimeout(r, WARMUP * 1000));
    const backends = (await db.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [SCHEMA])).rows.map(
      (r: { pid: number }) => r.pid,
    );
    const cpu = () => ({
      api: servers.reduce((a, s) => a + cpuMs(s.pid ?? 0), 0),
      db: backends.reduce((a: number, pid: number) => a + cpuMs(pid), 0),
      bench: process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000,
    });
    // Transactions committed in the database per order placed: 1 for one order per
    // transaction, less when the API's batcher groups a listing's orders (place_orders).
    // Statistics are published about once a second, hence the pause.
    const commits = async () => {
      await new Promise((r) => setTimeout(r, 1100));
      await db.query('SELECT pg_stat_clear_snapshot()');
      return Number((await db.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0].xact_commit);
    };
    const commits0 = await commits();
    const cpu0 = cpu();
    const load0 = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    measuring = true;
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    measuring = false;
    const elapsed = (Date.now() - t0) / 1000;
    const cpu1 = cpu();
    stop = true;
    await Promise.all(running);
    const committed = (await commits()) - commits0;

    latencies.sort((a, b) => a - b);
    const ok = statuses[201] ?? 0;
    const perOrder = (k: 'api' | 'db' | 'bench') => Number(((cpu1[k] - cpu0[k]) / Math.max(1, ok)).toFixed(3));
    const cpuPerOrder = { apiMs: perOrder('api'), databaseMs: perOrder('db'), loadGeneratorMs: perOrder('bench') };
    const check = async () =>
      (await db.query('SELECT invariant, detail FROM money_invariant_violations()')).rows as { invariant: string; detail: string }[];
    let t = Date.now();
    const afterLoad = await check();
    const checkMs = Date.now() - t;
    const { rows: counts } = await db.query(
      `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM ledger_entries) AS entries`,
    );

    // Then decisions on part of the pending orders, in parallel, and the check again.
    const { rows: sample } = await db.query(
      `SELECT o.id, u.email FROM orders o JOIN users u ON u.id = o.investor_id WHERE o.status = 'PENDING' ORDER BY random() LIMIT 600`,
    );
    const tokenOf = new Map(investors.map((u, i) => [u.email, tokens[i]]));
    t = Date.now();
    const decided = await Promise.all(
      sample.map((o: { id: string; email: string }, i: number) =>
        i % 3 === 2
          ? request(port, 'PATCH', `/v1/orders/${o.id}/cancel`, { token: tokenOf.get(o.email) })
          : request(port, 'PATCH', `/v1/orders/${o.id}/review`, {
              token: adminToken,
              json: { decision: i % 3 === 0 ? 'APPROVE' : 'REJECT' },
            }),
      ),
    );
    const decideMs = Date.now() - t;
    const afterDecisions = await check();
    // After the load, so the two never compete: the machine's PostgreSQL yardstick right now.
    const baseline = await pgbenchLine(DATABASE_URL, Math.round(ok / elapsed));

    const report = {
      clients: CLIENTS,
      seconds: elapsed,
      servers: SERVERS,
      pool: POOL,
      listings: listings.length,
      ordersPerSecond: Math.round(ok / elapsed),
      latencyMs: {
        p50: Number(percentile(latencies, 50).toFixed(1)),
        p99: Number(percentile(latencies, 99).toFixed(1)),
        max: Number(latencies.at(-1)?.toFixed(1)),
      },
      answers: statuses,
      cpuPerOrder,
      // Every transaction in the database over the run (the warm-up's tail included), per order.
      transactionsPerOrder: Number((committed / Math.max(1, ok)).toFixed(2)),
      // What two dedicated cores would sustain at this CPU cost (API + database only).
      cpuBoundOrdersPerSecondOn2Cores: Math.round(2000 / (cpuPerOrder.apiMs + cpuPerOrder.databaseMs)),
      loadAverageAtStart: Number(load0),
      ordersInDatabase: Number(counts[0].orders),
      ledgerEntries: Number(counts[0].entries),
      invariantsAfterLoad: afterLoad.length === 0 ? 'all hold' : afterLoad,
      invariantCheckMs: checkMs,
      decisions: { count: decided.length, ok: decided.filter((r) => r.status === 200).length, ms: decideMs },
      invariantsAfterDecisions: afterDecisions.length === 0 ? 'all hold' : afterDecisions,
      pgbench: baseline.report,
    };
    process.stdout.write(
      `\n  orders/s            ${report.ordersPerSecond}\n` +
        `  latency p50 / p99   ${report.latencyMs.p50} ms / ${report.latencyMs.p99} ms (max ${report.latencyMs.max} ms)\n` +
        `  answers             ${JSON.stringify(statuses)}\n` +
        `  transactions        ${report.transactionsPerOrder} per order placed\n` +
        `  CPU per order       API ${cpuPerOrder.apiMs} ms + PostgreSQL ${cpuPerOrder.databaseMs} ms (load generator ${cpuPerOrder.loadGeneratorMs} ms); machine load average ${load0} at start\n` +
        `  invariants          after the load: ${afterLoad.length === 0 ? 'all hold' : `${afterLoad.length} VIOLATED`} (checked ${report.ordersInDatabase} orders, ${report.ledgerEntries} entries in ${checkMs} ms);` +
        ` after ${report.decisions.ok}/${report.decisions.count} approvals, rejections, cancels: ${afterDecisions.length === 0 ? 'all hold' : `${afterDecisions.length} VIOLATED`}\n` +
        `${baseline.line}\n`,
    );
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (afterLoad.length > 0 || afterDecisions.length > 0 || created !== report.ordersInDatabase) process.exitCode = 1;
  } finally {
    for (const s of servers) s.kill('SIGTERM');
    await Promise.all(servers.map((s) => (s.exitCode === null ? new Promise((r) => s.once('exit', r)) : null)));
    agent.destroy();
    await db.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`).catch(() => undefined);
    await db.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:orders failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
