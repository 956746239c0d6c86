// The machine's yardstick for the order benches: PostgreSQL's own pgbench (-N, the simple
// update workload without the branch and teller hot rows), run in the same bench run on a
// scratch database it initialises (pgbench -i) and drops. Orders/s divided by its tps says
// how far an order is from the cheapest write transaction this machine's PostgreSQL does
// right now, a figure that compares across machines and loads where orders/s alone does not.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PgbenchBaseline {
  clients: number;
  seconds: number;
  /** pgbench's "tps = … (without initial connection time)". */
  tps: number;
}

function run(cmd: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', (err) => resolve({ code: -1, out: err.message }));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

/** The tps pgbench reports (the figure without connection time; the older single "tps =" line too). */
export function parseTps(output: string): number | null {
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(output) ?? /tps = ([\d.]+)/.exec(output);
  return m ? Number(m[1]) : null;
}

/**
 * Runs `pgbench -N` with `clients` clients for `seconds` seconds on a scratch database beside
 * `databaseUrl`'s (created, initialised with `pgbench -i`, dropped). Throws with pgbench's
 * output when it cannot run (not installed, no right to create a database).
 */
export async function pgbenchBaseline(databaseUrl: string, clients = 16, seconds = 5): Promise<PgbenchBaseline> {
  const name = `pgbench_${randomBytes(5).toString('hex')}`;
  const scratch = new URL(databaseUrl);
  scratch.pathname = `/${name}`;
  scratch.search = '';
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const init = await run('pgbench', ['-i', '-q', scratch.toString()]);
      if (init.code !== 0) throw new Error(`pgbench -i failed (${init.code}): ${init.out.trim()}`);
      const threads = String(Math.max(1, Math.min(clients, 4)));
      const load = await run('pgbench', ['-N', '-c', String(clients), '-j', threads, '-T', String(seconds), scratch.toString()]);
      const tps = parseTps(load.out);
      if (load.code !== 0 || tps === null) throw new Error(`pgbench -N failed (${load.code}): ${load.out.trim()}`);
      return { clients, seconds, tps: Math.round(tps) };
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

/** The line both benches print, and the report's field: pgbench's tps and orders/s over it. */
export async function pgbenchLine(
  databaseUrl: string,
  ordersPerSecond: number,
): Promise<{ line: string; report: (PgbenchBaseline & { ordersPerSecondOverTps: number }) | { failed: string } }> {
  try {
    const b = await pgbenchBaseline(databaseUrl);
    const ratio = Number((ordersPerSecond / Math.max(1, b.tps)).toFixed(3));
    return {
      line: `  pgbench -N          ${b.tps} tps (${b.clients} clients, ${b.seconds}s, same run); orders/s ÷ tps = ${ratio}\n`,
      report: { ...b, ordersPerSecondOverTps: ratio },
    };
  } catch (err) {
    const failed = err instanceof Error ? err.message : String(err);
    return { line: `  pgbench -N          not run: ${failed.split('\n')[0]}\n`, report: { failed } };
  }
}
