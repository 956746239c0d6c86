// Issue 12 §4: several API instances behind nginx on one PostgreSQL, rate limits counted in
// Redis, uploads in a folder every instance reads. First the shared state is checked
// instance against instance (limits, files, sessions, idempotency keys); then mixed traffic
// runs through nginx, one instance is killed (SIGKILL) mid-run and later started again.
// Clients may only see retryable failures (a cut connection, 502/503/504), nothing
// acknowledged may be missing, and money_invariant_violations() must find nothing.
//   SCALE_INSTANCES=<n> (default 2), SCALE_SECONDS=<n> of traffic (default 24)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { recordCheck } from '../test/report';
import { postgresQuery, verify } from './lib/checks';
import { agent, request } from './lib/client';
import { abortAllLoads, AckLog, percentile, startLoad, Stats } from './lib/load';
import { DATABASE_URL, dropSchema, dropStaleSchemas, newSchema, schemaExists } from './lib/pg';
import { killAllServers, privateBuild, sleep, startServer, type ServerProcess } from './lib/proc';
import { clientAddress, setupWorld, type World } from './lib/world';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startNginx } = require('../../nginx/nginx.cjs') as {
  startNginx: (o: {
    root: string;
    api: string[];
    prefix?: string;
    workers?: number;
  }) => Promise<{ url: string; stop: () => Promise<void>; errorLog: () => string }>;
};

const INSTANCES = Number(process.env.SCALE_INSTANCES ?? 2);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 24);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'scale-admin@reliability.test', password: 'ScaleAdmin123!' };

const schema = newSchema('scale');
const redisPrefix = `tessera-rel-${randomBytes(4).toString('hex')}:`;
const jwtSecret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-scale-'));
const webRoot = mkdtempSync(path.join(tmpdir(), 'tessera-scale-web-'));
const env: Record<string, string> = {
  DATABASE_URL,
  DATABASE_SCHEMA: schema,
  DATABASE_POOL_SIZE: '8',
  REDIS_URL,
  REDIS_PREFIX: redisPrefix,
  // One folder for every instance (production: an object store, or a shared volume).
  DATA_DIR: dataDir,
  UPLOAD_DIR: path.join(dataDir, 'uploads'),
  JWT_SECRET: jwtSecret,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // A scripted admin without a second factor (the rule is tested in test/admin-enrol.test.ts).
  ADMIN_2FA_REQUIRED: 'false',
  SEED: 'false',
  RATE_LIMIT: 'true',
  TRUST_PROXY: 'true',
  LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? 'warn',
};

let build: ReturnType<typeof privateBuild>;
const servers: ServerProcess[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>>;
let world: World;
const shared: Record<string, boolean> = {};
/** Orders placed by the shared-state checks: acknowledged too, so the final check knows them. */
const placedBefore: string[] = [];

const cpuMs = (pid: number): number => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};

/** A Redis client that gives up quickly (a missing Redis fails the run, it does not hang it). */
const redisClient = () =>
  new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1, retryStrategy: () => null });

beforeAll(async () => {
  await dropStaleSchemas();
  build = privateBuild();
  // All instances start at once on the empty schema, as a deployment does: migrations and
  // the start-up writes (the configured admin) are serialized by advisory locks.
  const started = await Promise.allSettled(
    Array.from({ length: INSTANCES }, (_, i) => startServer({ main: build.main, env, logFile: path.join(dataDir, `server-${i}.log`) })),
  );
  for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  nginx = await startNginx({ root: webRoot, api: servers.map((s) => s.url), workers: 1 });
  world = await setupWorld(servers[0].url, {
    outboxFile: path.join(dataDir, 'outbox.log'),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    jwtSecret,
    investors: 8,
    listings: 6,
  });
}, 240_000);

afterAll(async () => {
  // Each step on its own, so one failing (Redis gone, say) does not leave the others undone.
  const problems: unknown[] = [];
  const step = async (fn: () => unknown) => {
    try {
      await fn();
    } catch (err) {
      problems.push(err);
    }
  };
  abortAllLoads();
  await step(() => nginx?.stop());
  await step(() => killAllServers());
  await step(() => build?.remove());
  await step(() => dropSchema(schema));
  await step(async () => {
    const redis = redisClient();
    try {
      await redis.connect();
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
  if (!process.env.RELIABILITY_KEEP) rmSync(dataDir, { recursive: true, force: true });
  rmSync(webRoot, { recursive: true, force: true });
  agent.destroy();
  if (problems.length > 0) throw problems[0];
  // The run's schema is gone again.
  expect(await schemaExists(schema)).toBe(false);
}, 120_000);

describe('state every instance shares', () => {
  it('rate limits are counted once across instances (Redis)', async () => {
    const from = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const s = servers[i % servers.length];
      statuses.push(
        (
          await request(s.url, 'POST', '/v1/auth/signin', {
            // A new e-mail each time: the per-account throttle (an account locks after five
            // failures) is not what this is about; the per-address limit is.
            json: { email: `nobody${i}@reliability.test`, password: 'Wrong123!' },
            headers: from,
          })
        ).status,
      );
    }
    // 10 sign-ins a minute per address in total, not per instance.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const redis = redisClient();
    try {
      await redis.connect();
      expect((await redis.keys(`${redisPrefix}rl:*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
    shared.rateLimits = true;
  });

  it('a file uploaded through one instance is served by every other', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const boundary = `----rel${randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await fetch(`${servers[0].url}/v1/users/me/profile-image`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${world.investors[0].token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(up.status).toBe(200);
    const url = ((await up.json()) as { avatar: { url: string } }).avatar.url;
    const file = new URL(url, 'http://x').pathname + new URL(url, 'http://x').search;
    const copies = await Promise.all(servers.map(async (s) => Buffer.from(await (await fetch(`${s.url}${file}`)).arrayBuffer())));
    expect(copies.every((c) => c.length > 0 && c.equals(copies[0]))).toBe(true);
    shared.files = true;
  });

  it('a session ended on one instance is refused by every other; a key used on one is replayed by another', async () => {
    const investor = world.investors[1];
    const second = await request(servers[0].url, 'POST', '/v1/auth/signin', {
      json: { email: investor.email, password: investor.password },
      headers: clientAddress(),
    });
    const token = (JSON.parse(second.body) as { accessToken: string }).accessToken;
    for (const s of servers) expect((await request(s.url, 'GET', '/v1/users/me', { token })).status).toBe(200);
    expect((await request(servers[servers.length - 1].url, 'POST', '/v1/auth/logout', { token })).status).toBe(200);
    for (const s of servers) expect((await request(s.url, 'GET', '/v1/users/me', { token })).status).toBe(401);

    const key = randomUUID();
    const order = { propertyId: world.listings[0], quantity: 1 };
    const first = await request(servers[0].url, 'POST', '/v1/orders', {
      token: investor.token,
      json: order,
      headers: { 'idempotency-key': key },
    });
    const again = await request(servers[servers.length - 1].url, 'POST', '/v1/orders', {
      token: investor.token,
      json: order,
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(again.body)._id).toBe(JSON.parse(first.body)._id);
    placedBefore.push(JSON.parse(first.body)._id as string);
    shared.sessionsAndKeys = true;
  });
});

it(`mixed traffic through nginx over ${INSTANCES} instances survives losing one`, async () => {
  const log = new AckLog();
  for (const id of placedBefore) log.order(id, 'PENDING');
  const stats = new Stats();
  const cpu0 = servers.map((s) => cpuMs(s.pid));
  const started = Date.now();
  const load = startLoad({ base: () => nginx.url, world, log, stats, retryForMs: 60_000 });
  const killAt = Math.round(SECONDS * 0.35 * 1000);
  const restartAt = Math.round(SECONDS * 0.7 * 1000);
  await sleep(killAt);
  const victim = servers[servers.length - 1];
  const cpuBeforeKill = servers.map((s, i) => cpuMs(s.pid) - cpu0[i]);
  const inFlightAtKill = load.inFlight();
  const beforeKill = { ...stats.total.outcomes };
  await victim.kill('SIGKILL');
  await sleep(restartAt - killAt);
  const outageOutcomes = Object.fromEntries(
    Object.entries(stats.total.outcomes).map(([k, v]) => [k, v - beforeKill[k as keyof typeof beforeKill]]),
  );
  // The lost instance comes back on its port and takes traffic again.
  const back = await startServer({ main: build.main, env, logFile: victim.logFile, port: victim.port });
  servers[servers.length - 1] = back;
  const cpuBack0 = cpuMs(back.pid);
  await sleep(SECONDS * 1000 - restartAt);
  // nginx leaves a failed instance alone for 5 s (fail_timeout) after its last failure: on a
  // slow machine the traffic goes on (up to 20 s more) until the restarted one has served.
  for (const end = Date.now() + 20_000; cpuMs(back.pid) - cpuBack0 < 100 && Date.now() < end;) await sleep(500);
  const ranSeconds = Math.round((Date.now() - started) / 1000);
  await load.stop();
  const cpuAfterRestart = cpuMs(back.pid) - cpuBack0;
  const verdict = await verify(log, postgresQuery(DATABASE_URL, schema));
  const t = stats.total;
  const summary = {
    instances: INSTANCES,
    seconds: ranSeconds,
    requests: t.requests,
    requestsPerSecond: Math.round(t.requests / ranSeconds),
    outcomes: t.outcomes,
    duringOutage: outageOutcomes,
    p99ms: Math.round(percentile(t.latencies, 99)),
    inFlightAtKill,
    cpuMsPerInstanceBeforeKill: cpuBeforeKill,
    cpuMsOfRestartedInstance: cpuAfterRestart,
    retriedToAnswer: log.retriedToAnswer,
    replayed: log.replayed,
    surprises: stats.surprises,
    shared,
    ...verdict,
  };
  process.stdout.write(`scale-out: ${JSON.stringify(summary, null, 2)}\n`);
  const ok = verdict.ok && t.outcomes.unexpected === 0 && t.outcomes.server === 0 && Object.keys(shared).length === 3;
  recordCheck('scale-out', {
    tried: `${INSTANCES} API instances behind nginx (proxy_next_upstream for repeatable methods) on one PostgreSQL, rate limits in Redis, one upload folder, all started at once on an empty schema; shared state checked instance against instance (limits, files, sessions, idempotency keys); ${ranSeconds} s of mixed traffic (8 investors + an admin) through nginx, one instance SIGKILLed at ${Math.round(killAt / 1000)} s and started again at ${Math.round(restartAt / 1000)} s`,
    amount: `${t.requests} requests (${summary.requestsPerSecond}/s, p99 ${summary.p99ms} ms), ${inFlightAtKill} in flight at the kill; acknowledged ${verdict.acknowledged.orders} orders, ${verdict.acknowledged.paidCheckouts} paid deposits, ${verdict.acknowledged.payouts} withdrawals`,
    result: ok
      ? `clients saw ${t.outcomes.retryable} retryable failures (cut connections / 502) and 0 other errors; ${log.retriedToAnswer} retried to an answer (${log.replayed} replays); nothing lost (0 missing, 0 wrong state, 0 unknown orders), 0 invariant violations; the restarted instance served again (${cpuAfterRestart} ms CPU)`
      : `unexpected ${t.outcomes.unexpected}, 5xx ${t.outcomes.server}, missing ${verdict.missing.length}, wrong ${verdict.wrongState.length}, unknown ${verdict.unknownToClients.length}, unresolved ${verdict.unresolved.length}, violations ${verdict.invariantViolations.length}, shared checks ${Object.keys(shared).join(',')}`,
    ok,
    details: summary,
  });
  expect(stats.surprises).toEqual([]);
  expect(t.outcomes.unexpected + t.outcomes.server).toBe(0);
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
  // Every instance worked before the kill; the restarted one works again.
  expect(cpuBeforeKill.every((ms) => ms > 0)).toBe(true);
  expect(cpuAfterRestart).toBeGreaterThanOrEqual(100);
  expect(verdict.acknowledged.orders).toBeGreaterThan(20);
}, 300_000);
