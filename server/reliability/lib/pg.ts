// The PostgreSQL schemas the reliability checks run in: one per run, named with the time it
// was made, dropped when the run ends (also when it fails); schemas of runs that were
// killed outright are dropped by a later run once they are a few hours old.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const NAME = /^rel_[a-z]+_(\d{10})_[0-9a-f]{8}$/;
const STALE_MS = 6 * 3_600_000;

/** `rel_<kind>_<unix seconds>_<random>`: a lower-case identifier the server accepts as DATABASE_SCHEMA. */
export function newSchema(kind: string): string {
  return `rel_${kind}_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
}

async function withClient<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({
    connectionString: DATABASE_URL,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 60_000,
    query_timeout: 70_000,
  });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Drops a run's schema (tried three times: a killed server's sessions may still hold locks for a moment). */
export async function dropSchema(schema: string): Promise<void> {
  if (!NAME.test(schema)) throw new Error(`not a reliability schema: ${schema}`);
  for (let attempt = 1; ; attempt++) {
    try {
      await withClient(async (c) => {
        await c.query("SET lock_timeout = '15s'");
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** Schemas of earlier runs that never got to drop them (their process was killed). */
export async function dropStaleSchemas(): Promise<string[]> {
  return withClient(async (c) => {
    const { rows } = await c.query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'rel\\_%'");
    const stale = rows
      .map((r) => r.name)
      .filter((n) => {
        const m = NAME.exec(n);
        return m !== null && Date.now() - Number(m[1]) * 1000 > STALE_MS;
      });
    for (const s of stale) await c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    return stale;
  });
}

/** Whether a schema is still there (the checks' own test that clean-up worked). */
export async function schemaExists(schema: string): Promise<boolean> {
  return withClient(async (c) => (await c.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount === 1);
}
