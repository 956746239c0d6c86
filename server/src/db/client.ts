// One query layer (Drizzle) over PostgreSQL (a pool, when DATABASE_URL is set) or
// PGlite in process (persisted in a data folder, or in memory).
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction. */
export type Executor = Db | Tx;

/** Raw access for the migration runner: one multi-statement script in one transaction. */
export interface ScriptRunner {
  runInTransaction(fn: (exec: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<void>): Promise<void>;
}

export interface Database extends ScriptRunner {
  kind: 'postgres' | 'pglite';
  db: Db;
  close(): Promise<void>;
}

export async function createDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'pgliteDir'> & Partial<Pick<Config, 'databasePoolSize'>>): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.databasePoolSize ?? 10,
      // A schema of its own (tests, or several apps sharing one database).
      options: config.databaseSchema ? `-c search_path=${config.databaseSchema}` : undefined,
    });
    pool.on('error', () => {
      // An idle client died (database restart); the pool replaces it on next use.
    });
    if (config.databaseSchema) {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${config.databaseSchema}`);
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      async runInTransaction(fn) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          // Several servers starting together migrate one at a time.
          await client.query('SELECT pg_advisory_xact_lock(7263541)');
          await fn(async (sql, params) => (await client.query(sql, params)).rows);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }

  const dataDir = config.pgliteDir === 'memory://' ? undefined : config.pgliteDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async runInTransaction(fn) {
      await client.transaction(async (tx) => {
        await fn(async (sql, params) => {
          if (params && params.length > 0) return (await tx.query<Record<string, unknown>>(sql, params)).rows;
          const results = await tx.exec(sql);
          return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
        });
      });
    },
    close: () => client.close(),
  };
}
