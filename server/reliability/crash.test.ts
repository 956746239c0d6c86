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
import { recordCheck } from '../test/report';
import { postgresQuery, pgliteQuery, verify, type Query, type Verdict } from './lib/checks';
import { agent } from './lib/client';
import { abortAllLoads, AckLog, percentile, startLoad, Stats } from './lib/load';
import { DATABASE_URL, dropSchema, dropStaleSchemas, newSchema, schemaExists } from './lib/pg';
import { killAllServers, privateBuild, ServerGroup, sleep, startServer, type ServerProcess } from './lib/proc';
import { setupWorld } from './lib/world';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const ENGINES = (process.env.CRASH_ENGINES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const ADMIN = { email: 'crash-admin@reliability.test', password: 'CrashAdmin123!' };

let build: ReturnType<typeof privateBuild>;
/** The servers of the run under way, and what it leaves behind (schema, data folder). */
let group: ServerGroup | null = null;
const leftovers = new Map<string, () => Promise<void>>();
beforeAll(async () => {
  build = privateBuild();
  await dropStaleSchemas();
});
// A run that failed or timed out may still be going in the background: its clients and
// servers are stopped and its schema and folder removed before the next run starts.
afterEach(async () => {
  abortAllLoads();
  await group?.close();
  for (const remove of leftovers.values()) await remove();
}, 120_000);
afterAll(async () => {
  await killAllServers();
  build?.remove();
  agent.destroy();
});

interface RoundFigures {
  ranMs: number;
  inFlightAtKill: number;
  acknowledgedBefore: number;
  restartMs: number;
}

async function crashRun(
  engine: 'pglite' | 'postgres',
): Promise<{ verdict: Verdict; rounds: RoundFigures[]; stats: Stats; log: AckLog; schema: string | null }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tessera-crash-${engine}-`));
  const schema = engine === 'postgres' ? newSchema('crash') : null;
  const cleanUp = async () => {
    leftovers.delete(dataDir);
    try {
      if (schema) await dropSchema(schema);
    } finally {
      // RELIABILITY_KEEP=1 keeps the folder (server log, outbox, PGlite data) to look at.
      if (!process.env.RELIABILITY_KEEP) rmSync(dataDir, { recursive: true, force: true });
    }
  };
  leftovers.set(dataDir, cleanUp);
  const jwtSecret = randomBytes(32).toString('hex');
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
    ...(schema ? { DATABASE_URL, DATABASE_SCHEMA: schema, DATABASE_POOL_SIZE: '10' } : {}),
  };
  const logFile = path.join(dataDir, 'server.log');
  const servers = (group = new ServerGroup());
  let server: ServerProcess | null = null;
  const log = new AckLog();
  const stats = new Stats();
  const rounds: RoundFigures[] = [];
  try {
    server = await startServer({ main: build.main, env, logFile, group: servers });
    const port = server.port;
    const world = await setupWorld(server.url, {
      outboxFile: path.join(dataDir, 'outbox.log'),
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      jwtSecret,
      investors: 6,
      listings: 4,
    });
    const load = startLoad({ base: () => `http://127.0.0.1:${port}`, world, log, stats, retryForMs: 120_000 });
    for (let r = 0; r < ROUNDS; r++) {
      const ranMs = 2500 + Math.floor(Math.random() * 3500);
      await sleep(ranMs);
      const inFlightAtKill = load.inFlight();
      const acknowledgedBefore = log.acknowledgedCount();
      await server.kill('SIGKILL');
      // The clients keep trying (refused connections, retries) while it is down.
      await sleep(500);
      const restarted = await startServer({ main: build.main, env, logFile, port, group: servers });
      server = restarted;
      rounds.push({ ranMs, inFlightAtKill, acknowledgedBefore, restartMs: restarted.startMs });
    }
    // Traffic after the last restart, then every client finishes (and resolves its retries).
    await sleep(3000);
    await load.stop();
    await server.kill('SIGTERM');
    const query: Query = schema ? postgresQuery(DATABASE_URL, schema) : pgliteQuery(path.join(dataDir, 'pglite'));
    const verdict = await verify(log, query);
    return { verdict, rounds, stats, log, schema };
  } finally {
    await server?.kill('SIGKILL');
    await cleanUp();
  }
}

describe.each(ENGINES as ('pglite' | 'postgres')[])('SIGKILL under load on %s', (engine) => {
  it('loses no acknowledged write and leaves nothing half-applied', async () => {
    const { verdict, rounds, stats, log, schema } = await crashRun(engine);
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
      ok: verdict.ok && t.outcomes.server === 0 && t.outcomes.unexpected === 0,
      details: summary,
    });
    expect({
      missing: verdict.missing,
      wrongState: verdict.wrongState,
      unknownToClients: verdict.unknownToClients,
      unresolved: verdict.unresolved,
      invariantViolations: verdict.invariantViolations,
    }).toEqual({
      missing: [],
      wrongState: [],
      unknownToClients: [],
      unresolved: [],
      invariantViolations: [],
    });
    expect(verdict.duplicateKeys).toBe(0);
    // A crash surfaces only as a cut or refused connection: never as a 500 from a live
    // server, nor as any other error (a lost session, a 404 for an acknowledged order).
    expect(stats.surprises).toEqual([]);
    expect(t.outcomes.unexpected + t.outcomes.server).toBe(0);
    expect(verdict.acknowledged.orders).toBeGreaterThan(20);
    expect(rounds.every((r) => r.inFlightAtKill > 0)).toBe(true);
    // The run's schema is gone again.
    if (schema) expect(await schemaExists(schema)).toBe(false);
  }, 420_000);
});
