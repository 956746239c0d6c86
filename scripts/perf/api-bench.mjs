#!/usr/bin/env node
// `npm run bench:api`: in one run on this machine, autocannon against (1) a bare node:http
// hello world and (2) the API's `GET /v1/properties` (a filtered, sorted page of 20 out of
// 10,000 seeded properties) on PostgreSQL; prints both throughputs, their ratio and
// p50/p99 latency, and writes the "api" section of docs/performance.md.
// Needs the built server (npm run build -w server) and PostgreSQL: DATABASE_URL points at
// a database the script may create databases from (default
// postgres://postgres@127.0.0.1:5432/postgres); it works in a fresh database of its own
// (tessera_bench_<pid>) and drops it at the end.
//   node scripts/perf/api-bench.mjs [--connections 100] [--duration 10] [--no-docs]
// Goal (issue 11): the list at ≥ 30% of the bare server's throughput, p99 < 50 ms.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { measuredOn, root, table, updateSection } from './docs.mjs';

const require = createRequire(import.meta.url);
const pg = require('pg');

const arg = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const CONNECTIONS = Number(arg('--connections', 100));
const DURATION = Number(arg('--duration', 10));
const PROPERTIES = Number(arg('--properties', 10_000));
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = `tessera_bench_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB}`;
  return u.toString();
})();
// A filtered, sorted page of 20 (about 100 properties match: one state, one type, live).
const LIST_PATH = '/v1/properties?state=CA&type=RENTAL_READY&sort=price_asc&page=2&pageSize=20';

/** @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 */
async function waitFor(url, child, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/**
 * @param {import('node:child_process').ChildProcess | null} child
 * @returns {Promise<void>}
 */
function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * 10,000 properties across the 50 states, both types and every status, with two images each.
 * @param {import('pg').Client} client
 */
async function seedProperties(client) {
  const {
    rows: [owner],
  } = await client.query("SELECT id FROM users WHERE role = 'PROPERTY_OWNER' ORDER BY created_at LIMIT 1");
  const {
    rows: [img],
  } = await client.query("SELECT storage_key, mime_type, size, width, height, variants FROM files WHERE kind = 'PROPERTY_IMAGE' LIMIT 1");
  if (!owner || !img) throw new Error('the seeded database has no owner or image to copy');
  // Listings with units already sold, written directly: the order triggers that normally
  // move those counters stay out of this fixture.
  await client.query("SET session_replication_role = 'replica'");
  await client.query(
    `
    INSERT INTO properties (owner_id, name, address, state, description, type, status, total_quantity, available_quantity,
                            settled_quantity, unit_price_cents, roi_in_five_years, progress, rejection_reason, created_at, updated_at)
    SELECT $1, 'Bench property ' || n, n || ' Main Street', s.code, 'A benchmark listing.',
           CASE WHEN n % 2 = 0 THEN 'RENTAL_READY' ELSE 'OFF_PLAN' END,
           CASE WHEN n % 10 < 7 THEN 'ACTIVE' WHEN n % 10 < 8 THEN 'FUNDED' WHEN n % 10 < 9 THEN 'PENDING_REVIEW' ELSE 'REJECTED' END,
           1000, CASE WHEN n % 10 = 7 THEN 0 ELSE 1000 - (n * 7) % 900 END,
           CASE WHEN n % 10 = 7 THEN 1000 ELSE (n * 7) % 900 END,
           10000 + (n * 7919) % 990000, (n * 13) % 400 / 4.0,
           CASE WHEN n % 2 = 0 THEN NULL ELSE (n * 3) % 101 END,
           CASE WHEN n % 10 = 9 THEN 'Benchmark rejection' ELSE NULL END,
           now() - (n || ' minutes')::interval, now()
    FROM generate_series(1, $2::int) AS n
    JOIN (SELECT code, row_number() OVER () - 1 AS i FROM unnest($3::text[]) AS code) s ON s.i = n % 50`,
    [owner.id, PROPERTIES, STATES],
  );
  await client.query(
    `
    INSERT INTO files (user_id, property_id, kind, storage_key, original_name, mime_type, size, width, height, variants, created_at)
    SELECT $1, p.id, 'PROPERTY_IMAGE', p.id || '-' || k || '-' || $2::text, 'photo-' || k || '.webp', $3, $4, $5, $6, $7::jsonb, p.created_at
    FROM properties p CROSS JOIN generate_series(1, 2) AS k
    WHERE p.name LIKE 'Bench property %'`,
    [owner.id, img.storage_key, img.mime_type, img.size, img.width, img.height, JSON.stringify(img.variants)],
  );
  await client.query("SET session_replication_role = 'origin'");
  await client.query('ANALYZE');
}

const STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
];

// Every request carries a browser's Accept-Encoding (nginx passes it on to the API): the
// catalogue answers its cached page compressed; hello world ignores it. One row asks
// without it, for the uncompressed figure.
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<import('autocannon').Result>}
 */
function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/**
 * @param {string} label
 * @param {string} url
 * @param {Record<string, string>} [headers]
 */
async function bench(label, url, headers = BROWSER) {
  // A short warm-up (JIT, connection pools, caches), then the measured run.
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) =>
      autocannon({ url, connections: CONNECTIONS, duration: 2, headers }, (err) => (err ? reject(err) : resolve())),
    )
  );
  const r = await load(url, headers);
  const out = {
    label,
    url,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
  };
  console.log(
    `  ${label.padEnd(34)} ${out.rps.toFixed(0).padStart(8)} req/s   p50 ${String(out.p50).padStart(4)} ms   p99 ${String(out.p99).padStart(4)} ms   (${out.total} requests, ${out.non2xx} non-2xx, ${out.errors} errors)`,
  );
  return out;
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
admin.on('error', () => undefined);
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB}`);
await admin.query(`CREATE DATABASE ${DB}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
let api = null;
let apiUncached = null;
let hello = null;
let results;
try {
  const apiPort = await freePort();
  api = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${apiPort}/v1/health`, api);
  const client = new pg.Client({ connectionString: dbUrl });
  client.on('error', () => undefined);
  await client.connect();
  let n;
  try {
    await seedProperties(client);
    ({
      rows: [{ n }],
    } = await client.query('SELECT count(*)::int AS n FROM properties'));
  } finally {
    await client.end();
  }

  // The same API with its catalogue cache off: every request reads PostgreSQL (a page
  // nobody asked for in the last second, or just after a change).
  const uncachedPort = await freePort();
  apiUncached = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(uncachedPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      NODE_ENV: 'production',
      CATALOGUE_CACHE_MS: '0',
      SEED: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${uncachedPort}/v1/health`, apiUncached);

  const helloPort = await freePort();
  hello = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'text/plain'); s.end('Hello, world'); }).listen(${helloPort}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${helloPort}/`, hello);

  const check = await (await fetch(`http://127.0.0.1:${apiPort}${LIST_PATH}`)).json();
  if (!Array.isArray(check.items) || check.items.length !== 20)
    throw new Error(`the list did not answer a page of 20: ${JSON.stringify(check).slice(0, 200)}`);

  if (process.argv.includes('--keep')) {
    console.log(
      `--keep: API http://127.0.0.1:${apiPort} on ${dbUrl} (pid ${api.pid}), hello http://127.0.0.1:${helloPort} (pid ${hello.pid}); Ctrl-C ends`,
    );
    await new Promise(() => undefined);
  }
  console.log(`\n${n} properties; ${CONNECTIONS} connections, ${DURATION} s each (after a 2 s warm-up), one process each, same machine:\n`);
  const bare = await bench('bare node:http hello world', `http://127.0.0.1:${helloPort}/`);
  const list = await bench(`GET ${LIST_PATH.split('?')[0]} (filtered page of 20)`, `http://127.0.0.1:${apiPort}${LIST_PATH}`);
  const identity = await bench('  the same, no Accept-Encoding', `http://127.0.0.1:${apiPort}${LIST_PATH}`, {});
  await stop(api);
  const uncached = await bench('  the same, catalogue cache off', `http://127.0.0.1:${uncachedPort}${LIST_PATH}`);
  results = { bare, list, identity, uncached, ratio: list.rps / bare.rps, total: check.total, properties: n };
  console.log(
    `\n  list / bare: ${(results.ratio * 100).toFixed(1)}% (goal ≥ 30%), list p99 ${list.p99} ms (goal < 50 ms); uncompressed: ${((identity.rps / bare.rps) * 100).toFixed(1)}%; cache off: ${((uncached.rps / bare.rps) * 100).toFixed(1)}%, p99 ${uncached.p99} ms; the filter matches ${check.total} properties.`,
  );
} finally {
  await stop(api);
  await stop(apiUncached);
  await stop(hello);
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const { bare, list, identity, uncached, ratio } = results;
const fmt = (/** @type {Awaited<ReturnType<typeof bench>>} */ r) => [
  r.label,
  `${r.rps.toFixed(0)} req/s`,
  `${r.p50} ms`,
  `${r.p99} ms`,
  r.non2xx + r.errors,
];
updateSection(
  'api',
  `${measuredOn()} \`npm run bench:api\` (autocannon, ${CONNECTIONS} connections, ${DURATION} s after a 2 s warm-up; PostgreSQL ${(await pgVersion()) ?? ''}; ${results.properties} properties, the filter \`${LIST_PATH.split('?')[1]}\` matches ${results.total}):\n\n${table(['server', 'throughput', 'p50', 'p99', 'errors'], [fmt(bare), fmt(list), fmt(identity), fmt(uncached)])}\n\nThe list at **${(ratio * 100).toFixed(1)}%** of the bare server's throughput (goal ≥ 30%), p99 ${list.p99} ms (goal < 50 ms); requests carry a browser's \`Accept-Encoding\` (nginx passes it on), so the cached page goes out compressed. Without it (the JSON as it is, 6–7× the bytes): ${((identity.rps / bare.rps) * 100).toFixed(1)}%. With the catalogue cache off (every request reads PostgreSQL: a page nobody listed in the last second, or just after a change) ${((uncached.rps / bare.rps) * 100).toFixed(1)}%, p99 ${uncached.p99} ms.`,
);

async function pgVersion() {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await c.connect();
    return (await c.query('SHOW server_version')).rows[0].server_version;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}
