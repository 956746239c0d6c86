// `npm run soak -- --minutes 5`: mixed traffic against the built API for a set time; every
// window (30 s) prints throughput, error rate, p50/p99 latency and the server's memory
// (RSS, and the JS heap after a full GC, sent by a preloaded probe), then a verdict on
// memory growth from the slope over the second half of the run. Records the run in
// docs/reliability.md.
//   --minutes 5  --window 30  --db postgres|pglite  --clients 8  --think 10 (ms between a client's calls)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresQuery, pgliteQuery, verify } from './lib/checks';
import { agent } from './lib/client';
import { abortAllLoads, AckLog, percentile, startLoad, Stats } from './lib/load';
import { DATABASE_URL, dropSchema, dropStaleSchemas, newSchema } from './lib/pg';
import { killAllServers, privateBuild, sleep, startServer, ROOT, type ServerProcess } from './lib/proc';
import { setupWorld } from './lib/world';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { record } = require('./report.cjs') as { record: (check: string, r: object, o?: { force?: boolean }) => boolean };

function option(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  return argv[i].includes('=') ? argv[i].split('=')[1] : (argv[i + 1] ?? fallback);
}

const MINUTES = Number(option('minutes', '5'));
const WINDOW_S = Number(option('window', '30'));
const DB = option('db', 'postgres') as 'postgres' | 'pglite';
const CLIENTS = Number(option('clients', '8'));
const THINK = Number(option('think', '10'));
const ADMIN = { email: 'soak-admin@reliability.test', password: 'SoakAdmin123!' };

interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const pad = (s: string | number, n: number) => String(s).padStart(n);

async function main(): Promise<void> {
  if (!(MINUTES > 0) || !(WINDOW_S > 0) || !(CLIENTS > 0) || !(THINK >= 0) || !['postgres', 'pglite'].includes(DB)) {
    throw new Error('usage: npm run soak -- [--minutes 5] [--window 30] [--db postgres|pglite] [--clients 8] [--think 10]');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-soak-'));
  const schema = DB === 'postgres' ? newSchema('soak') : null;
  const jwtSecret = randomBytes(32).toString('hex');
  let build: ReturnType<typeof privateBuild> | null = null;
  let cleaned = false;
  /** Servers, schema, folders: on the way out, whatever happened (also on Ctrl-C). */
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    abortAllLoads();
    await killAllServers();
    build?.remove();
    try {
      if (schema) await dropSchema(schema);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      agent.destroy();
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\nsoak: ${signal}, cleaning up\n`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  const memory: MemorySample[] = [];
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // A scripted admin without a second factor (the rule is tested in test/admin-enrol.test.ts).
    ADMIN_2FA_REQUIRED: 'false',
    SEED: 'false',
    RATE_LIMIT: 'false',
    TRUST_PROXY: 'true',
    MEMORY_PROBE_MS: '5000',
    ...(schema ? { DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  };
  process.stdout.write(
    `soak: ${MINUTES} min on ${DB}, ${CLIENTS} investors + 1 admin, ${THINK} ms think time, windows of ${WINDOW_S} s (log ${dataDir}/server.log)\n`,
  );
  const rows: Record<string, number | string>[] = [];
  let ok: boolean;
  try {
    if (schema) await dropStaleSchemas();
    build = privateBuild();
    const server: ServerProcess = await startServer({
      main: build.main,
      env,
      logFile: path.join(dataDir, 'server.log'),
      nodeArgs: ['--expose-gc', '-r', path.join(ROOT, 'server/reliability/lib/memory-probe.cjs')],
      onMessage: (m) => {
        const s = m as { probe?: string; at: number; rss: number; heapUsed: number };
        if (s.probe === 'memory') memory.push({ at: s.at, rss: s.rss, heapUsed: s.heapUsed });
      },
    });
    const world = await setupWorld(server.url, {
      outboxFile: path.join(dataDir, 'outbox.log'),
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      jwtSecret,
      investors: CLIENTS,
      listings: 6,
      funds: 500_000,
    });
    const log = new AckLog();
    const stats = new Stats();
    const t0 = Date.now();
    const load = startLoad({ base: () => server.url, world, log, stats, thinkMs: THINK });
    process.stdout.write(
      `\n${'time'.padStart(6)} ${'req/s'.padStart(7)} ${'errors'.padStart(7)} ${'refused'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'RSS MB'.padStart(7)} ${'heap MB'.padStart(8)}\n`,
    );
    const end = t0 + MINUTES * 60_000;
    let windowStart = t0;
    while (Date.now() < end) {
      await sleep(Math.min(WINDOW_S * 1000, end - Date.now()));
      const w = stats.cut();
      const last = memory.at(-1);
      const seconds = Math.max(1, (Date.now() - windowStart) / 1000);
      windowStart = Date.now();
      const errors = w.outcomes.retryable + w.outcomes.unexpected + w.outcomes.server;
      const row = {
        t: Math.round((Date.now() - t0) / 1000),
        rps: Math.round(w.requests / seconds),
        errorRate: w.requests ? Number(((100 * errors) / w.requests).toFixed(2)) : 0,
        refusedRate: w.requests ? Number(((100 * w.outcomes.refused) / w.requests).toFixed(2)) : 0,
        p50: Math.round(percentile(w.latencies, 50)),
        p99: Math.round(percentile(w.latencies, 99)),
        rssMb: last ? mb(last.rss) : (server.rssMb() ?? 0),
        heapMb: last ? mb(last.heapUsed) : 0,
      };
      rows.push(row);
      process.stdout.write(
        `${pad(`${row.t}s`, 6)} ${pad(row.rps, 7)} ${pad(`${row.errorRate}%`, 7)} ${pad(`${row.refusedRate}%`, 8)} ${pad(row.p50, 7)} ${pad(row.p99, 7)} ${pad(row.rssMb, 7)} ${pad(row.heapMb, 8)}\n`,
      );
    }
    await load.stop();
    const total = stats.total;
    const elapsed = (Date.now() - t0) / 1000;
    // Memory: the slope over the second half of the run (MB per minute), heap after GC.
    const half = memory.filter((m) => m.at >= t0 + (MINUTES * 60_000) / 2);
    const firstHalf = memory.filter((m) => m.at >= t0 && m.at < t0 + (MINUTES * 60_000) / 2);
    const heapSlope = slope(half.map((m) => [(m.at - t0) / 60_000, m.heapUsed / 1048576]));
    const rssSlope = slope(half.map((m) => [(m.at - t0) / 60_000, m.rss / 1048576]));
    const firstMaxHeap = Math.max(...firstHalf.map((m) => m.heapUsed / 1048576), 0);
    const lastHeap = (half.at(-1)?.heapUsed ?? 0) / 1048576;
    // Bounded: the heap stops rising (under 1 MB/min in the second half) or ends within 10% of the first half's peak.
    const bounded = heapSlope < 1 || lastHeap <= firstMaxHeap * 1.1 + 5;
    await server.kill('SIGTERM');
    const verdict = await verify(log, schema ? postgresQuery(DATABASE_URL, schema) : pgliteQuery(path.join(dataDir, 'pglite')));
    const errors = total.outcomes.retryable + total.outcomes.unexpected + total.outcomes.server;
    const summary = {
      minutes: MINUTES,
      database: DB,
      requests: total.requests,
      requestsPerSecond: Math.round(total.requests / elapsed),
      errorRatePercent: Number(((100 * errors) / Math.max(1, total.requests)).toFixed(3)),
      refusedPercent: Number(((100 * total.outcomes.refused) / Math.max(1, total.requests)).toFixed(2)),
      p50ms: Math.round(percentile(total.latencies, 50)),
      p99ms: Math.round(percentile(total.latencies, 99)),
      heapSlopeMbPerMin: Number(heapSlope.toFixed(2)),
      rssSlopeMbPerMin: Number(rssSlope.toFixed(2)),
      heapMb: { firstHalfPeak: Math.round(firstMaxHeap), end: Math.round(lastHeap) },
      memoryBounded: bounded,
      dataOk: verdict.ok,
      invariantViolations: verdict.invariantViolations.length,
      windows: rows,
    };
    ok = bounded && verdict.ok && total.outcomes.unexpected === 0 && total.outcomes.server === 0;
    process.stdout.write(
      `\n  requests            ${summary.requests} (${summary.requestsPerSecond}/s), errors ${summary.errorRatePercent}%, business refusals ${summary.refusedPercent}%\n` +
        `  latency p50 / p99   ${summary.p50ms} ms / ${summary.p99ms} ms\n` +
        `  memory              heap after GC ${summary.heapMb.firstHalfPeak} MB (first-half peak) → ${summary.heapMb.end} MB (end); second-half slope heap ${summary.heapSlopeMbPerMin} MB/min, RSS ${summary.rssSlopeMbPerMin} MB/min → ${bounded ? 'BOUNDED' : 'GROWING'}\n` +
        `  data                ${verdict.ok ? 'every acknowledged write present, invariants hold' : `PROBLEMS: ${JSON.stringify({ missing: verdict.missing.length, wrong: verdict.wrongState.length, violations: verdict.invariantViolations.length })}`}\n` +
        `  verdict             ${ok ? 'PASS' : 'FAIL'}\n`,
    );
    record(
      'soak',
      {
        tried: `${MINUTES} min of mixed traffic (${CLIENTS} investors + an admin, ${THINK} ms think time) against one built API process on ${DB}; memory sampled every 5 s after a full GC`,
        amount: `${summary.requests} requests, ${summary.requestsPerSecond}/s`,
        result: `errors ${summary.errorRatePercent}%, p99 ${summary.p99ms} ms; heap ${summary.heapMb.firstHalfPeak} → ${summary.heapMb.end} MB, second-half slope ${summary.heapSlopeMbPerMin} MB/min (${bounded ? 'bounded' : 'growing'}); ${verdict.ok ? 'nothing lost, invariants hold' : 'data problems'}`,
        ok,
        details: summary,
      },
      { force: true },
    );
  } finally {
    await cleanUp();
  }
  process.exitCode = ok ? 0 : 1;
}

main().catch((err: unknown) => {
  process.stderr.write(`soak failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
