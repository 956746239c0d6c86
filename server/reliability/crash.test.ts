// Issue 12 §3: the built server under mixed traffic (orders, cancels, deposits, withdrawals,
// approvals, rejections, payout decisions) is killed with SIGKILL several times and restarted
// on the same data, on PostgreSQL and on the embedded PGlite. Afterwards every order,
// payment and withdrawal a client was told about is in the database in the state it was
// told, no order exists that no client knows of (unanswered calls were retried with their
// Idempotency-Key), and money_invariant_violations() finds nothing half-applied.
//   CRASH_ROUNDS=<n> kills per database (default 3); CRASH_ENGINES=pglite,postgres
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { recordCheck } from '../test/report';
import { postgresQuery, pgliteQuery, verify, type Query, type Verdict } from './lib/checks';
import { AckLog, percentile, startLoad, Stats } from './lib/load';
import { privateBuild, sleep, startServer, type ServerProcess } from './lib/proc';
import { setupWorld } from './lib/world';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const ENGINES = (process.env.CRASH_ENGINES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'crash-admin@reliability.test', password: 'CrashAdmin123!' };

let build: ReturnType<typeof privateBuild>;
beforeAll(() => {
  build = privateBuild();
});
afterAll(() => {
  build?.remove();
});

interface RoundFigures {
  ranMs: number;
  inFlightAtKill: number;
  acknowledgedBefore: number;
  restartMs: number;
}

async function crashRun(engine: 'pglite' | 'postgres'): Promise<{ verdict: Verdict; rounds: RoundFigures[]; stats: Stats; log: AckLog }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tessera-crash-${engine}-`));
  const schema = `rel_crash_${randomBytes(5).toString('hex')}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED: 'false',
    RATE_LIMIT: 'false',
    TRUST_PROXY: 'true',
    ...(engine === 'postgres' ? { DATABASE_URL, DATABASE_SCHEMA: schema, DATABASE_POOL_SIZE: '10' } : {}),
  };
  const logFile = path.join(dataDir, 'server.log');
  let server: ServerProcess = await startServer({ main: build.main, env, logFile });
  const port = server.port;
  const log = new AckLog();
  const stats = new Stats();
  const rounds: RoundFigures[] = [];
  try {
    const world = await setupWorld(server.url, { outboxFile: path.join(dataDir, 'outbox.log'), adminEmail: ADMIN.email, adminPassword: ADMIN.password, jwtSecret, investors: 6, listings: 4 });
    const load = startLoad({ base: () => `http://127.0.0.1:${port}`, world, log, stats, retryForMs: 120_000 });
    for (let r = 0; r < ROUNDS; r++) {
      const ranMs = 2500 + Math.floor(Math.random() * 3500);
      await sleep(ranMs);
      const inFlightAtKill = load.inFlight();
      const acknowledgedBefore = log.acknowledgedCount();
      await server.kill('SIGKILL');
      // The clients keep trying (refused connections, retries) while it is down.
      await sleep(500);
      const restarted = await startServer({ main: build.main, env, logFile, port });
      server = restarted;
      rounds.push({ ranMs, inFlightAtKill, acknowledgedBefore, restartMs: restarted.startMs });
    }
    // Traffic after the last restart, then every client finishes (and resolves its retries).
    await sleep(3000);
    await load.stop();
    await server.kill('SIGTERM');
    const query: Query = engine === 'postgres' ? postgresQuery(DATABASE_URL, schema) : pgliteQuery(path.join(dataDir, 'pglite'));
    const verdict = await verify(log, query);
    return { verdict, rounds, stats, log };
  } finally {
    await server.kill('SIGKILL');
    if (engine === 'postgres') {
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.each(ENGINES as ('pglite' | 'postgres')[])('SIGKILL under load on %s', (engine) => {
  it('loses no acknowledged write and leaves nothing half-applied', async () => {
    const { verdict, rounds, stats, log } = await crashRun(engine);
    const t = stats.total;
    const summary = {
      kills: rounds.length,
      inFlightAtKills: rounds.map((r) => r.inFlightAtKill),
      restartMs: rounds.map((r) => r.restartMs),
      requests: t.requests,
      outcomes: t.outcomes,
      p99ms: Math.round(percentile(t.latencies, 99)),
      retriedToAnswer: log.retriedToAnswer,
      replayed: log.replayed,
      ...verdict,
    };
    process.stdout.write(`crash ${engine}: ${JSON.stringify(summary, null, 2)}\n`);
    recordCheck(`crash-${engine}`, {
      tried: `built server under mixed load (6 investors: orders, cancels, deposits paid on the sandbox, withdrawals; an admin approving/rejecting orders and deciding payouts), SIGKILL at a random moment and restart on the same ${engine === 'pglite' ? 'PGlite data folder' : 'PostgreSQL schema'}, ${rounds.length} times; unanswered money calls retried with their Idempotency-Key`,
      amount: `${rounds.length} kills with ${rounds.map((r) => r.inFlightAtKill).join('/')} calls in flight; ${t.requests} requests; acknowledged ${verdict.acknowledged.orders} orders, ${verdict.acknowledged.paidCheckouts} paid deposits, ${verdict.acknowledged.payouts} withdrawals; ${log.retriedToAnswer} retried to an answer (${log.replayed} replays); restart ${Math.max(...rounds.map((r) => r.restartMs))} ms at most`,
      result: verdict.ok
        ? `nothing lost: ${verdict.missing.length} acknowledged writes missing, ${verdict.wrongState.length} in another state, ${verdict.unknownToClients.length} orders unknown to clients, ${verdict.duplicateKeys} duplicates, 0 invariant violations (${verdict.inDatabase.orders} orders, ${verdict.inDatabase.ledgerEntries} ledger entries)`
        : `missing ${verdict.missing.length}, wrong state ${verdict.wrongState.length}, unknown ${verdict.unknownToClients.length}, duplicates ${verdict.duplicateKeys}, unresolved ${verdict.unresolved.length}, invariant violations ${verdict.invariantViolations.length}`,
      ok: verdict.ok && t.outcomes.server === 0,
      details: summary,
    });
    expect({ missing: verdict.missing, wrongState: verdict.wrongState, unknownToClients: verdict.unknownToClients, unresolved: verdict.unresolved, invariantViolations: verdict.invariantViolations }).toEqual({
      missing: [],
      wrongState: [],
      unknownToClients: [],
      unresolved: [],
      invariantViolations: [],
    });
    expect(verdict.duplicateKeys).toBe(0);
    // A crash must never surface as a 500 from a live server (only as a cut connection).
    expect(stats.surprises.filter((s) => / 5\d\d /.test(s))).toEqual([]);
    expect(verdict.acknowledged.orders).toBeGreaterThan(20);
    expect(rounds.every((r) => r.inFlightAtKill > 0)).toBe(true);
  }, 900_000);
});
