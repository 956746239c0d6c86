// One query layer (Drizzle) over PostgreSQL (a pool, when DATABASE_URL is set) or
// PGlite in process (persisted in a data folder, or in memory).
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import Cursor from 'pg-cursor';
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
  /**
   * Runs `fn` while no other server on the same database (and schema) runs its own: the
   * start-up writes (demo seed, the configured admin), so instances starting together
   * do not both create them. A session advisory lock on a connection of its own (not the
   * pool's, so `fn` can use the whole pool); PGlite has one process only.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on a notification channel (real-time events, lib/realtime.ts): on PostgreSQL a
   * connection of its own (not the pool's), reconnected with backoff when it drops; on
   * PGlite its in-process listen. Resolves to the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (up: boolean, err?: unknown) => void,
  ): Promise<() => Promise<void>>;
  /**
   * A long read in batches (exports): on PostgreSQL a server-side cursor (pg-cursor) on a
   * connection of its own, so no row count is held in memory; on PGlite (in process, whole
   * results) the rows in slices. When `signal` aborts (the client went away) the statement
   * running on the server is cancelled (pg_cancel_backend) and the generator throws.
   */
  cursor<T = Record<string, unknown>>(text: string, params: unknown[], options?: CursorOptions): AsyncGenerator<T[]>;
  /** PGlite only: the data folder as an archive, which `pgliteTemplate` can start from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface CursorOptions {
  /** Rows a batch holds (default 1,000). */
  batchSize?: number;
  signal?: AbortSignal;
}

/** What a cancelled read throws: PostgreSQL's query_canceled code, from either cause. */
export class QueryCancelled extends Error {
  readonly code = '57014';
  constructor() {
    super('The query was cancelled: its client went away');
  }
}

export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'pgliteDir'> &
    Partial<Pick<Config, 'databasePoolSize' | 'databaseStatementTimeoutMs' | 'pgliteTemplate'>>,
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.databasePoolSize ?? 10,
      // A runaway statement (or one whose client left) does not hold a connection longer than
      // this: PostgreSQL ends it with 57014. Unset or 0: no limit. Migrations lift it.
      statement_timeout: config.databaseStatementTimeoutMs || undefined,
      // A schema of its own (tests, or several apps sharing one database).
      options: config.databaseSchema ? `-c search_path=${config.databaseSchema}` : undefined,
    });
    pool.on('error', () => {
      // An idle client died (database restart); the pool replaces it on next use.
    });
    // A client that is checked out (a transaction waiting on this process: an SMTP call of the
    // mail dispatcher, a file write) has no pool listener: when its session is ended by the
    // server (restart, failover, pg_terminate_backend, idle_in_transaction_session_timeout),
    // pg emits 'error' on it, and without a listener that was an uncaught exception that
    // brought the whole process down. Its transaction fails on its next statement instead,
    // and the pool discards it when it is released (not queryable any more).
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    keepConnectionsOnSqlErrors(pool);
    if (config.databaseSchema) {
      try {
        await pool.query(`CREATE SCHEMA IF NOT EXISTS ${config.databaseSchema}`);
      } catch (err) {
        // Another server created it at the same moment (IF NOT EXISTS is not atomic).
        if ((err as { code?: string }).code !== '23505' && (err as { code?: string }).code !== '42P06') throw err;
      }
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      async runInTransaction(fn) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          // An index on a big table may take longer than a request's statement timeout.
          await client.query('SET LOCAL statement_timeout = 0');
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
      async exclusive(fn) {
        const client = new pg.Client({
          connectionString: config.databaseUrl as string,
          options: config.databaseSchema ? `-c search_path=${config.databaseSchema}` : undefined,
        });
        await client.connect();
        try {
          // One lock per schema: servers of other schemas (tests, other apps) do not wait.
          await client.query("SELECT pg_advisory_lock(hashtext('tessera-startup:' || coalesce(current_schema(), '')))");
          return await fn();
        } finally {
          // Ending the session releases the lock.
          await client.end().catch(() => undefined);
        }
      },
      listen: (channel, onPayload, onState) => listenPostgres(config.databaseUrl as string, channel, onPayload, onState),
      cursor: <T>(text: string, params: unknown[], options: CursorOptions = {}) => pgCursor<T>(pool, text, params, options),
      close: () => pool.end(),
    };
  }

  const dataDir = config.pgliteDir === 'memory://' ? undefined : config.pgliteDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: substring search indexes (the catalogue's name and address search, migration
  // 1040; the admin lists' people search, migration 1060), as on PostgreSQL.
  const template = !dataDir && config.pgliteTemplate ? new Blob([readFileSync(config.pgliteTemplate)]) : undefined;
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
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
    exclusive: (fn) => fn(),
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async *cursor<T>(text: string, params: unknown[], options: CursorOptions = {}) {
      // PGlite answers with the whole result (it runs in this process and cannot be
      // cancelled midway); the caller still receives and writes it a batch at a time.
      const batch = options.batchSize ?? 1000;
      if (options.signal?.aborted) throw new QueryCancelled();
      const { rows } = await client.query<T>(text, params);
      for (let at = 0; at < rows.length; at += batch) {
        if (options.signal?.aborted) throw new QueryCancelled();
        yield rows.slice(at, at + batch);
      }
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function* pgCursor<T>(pool: pg.Pool, text: string, params: unknown[], options: CursorOptions): AsyncGenerator<T[]> {
  const { signal } = options;
  const batch = options.batchSize ?? 1000;
  if (signal?.aborted) throw new QueryCancelled();
  const client = await pool.connect();
  const pid = (client as unknown as { processID: number }).processID;
  let reading = false;
  let cancelled = false;
  // Only a read in progress is cancelled on the server; between reads the loop stops by itself.
  const onAbort = () => {
    cancelled = true;
    if (reading) pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const cursor = client.query(new Cursor<T>(text, params));
  let broken: Error | undefined;
  try {
    for (;;) {
      if (cancelled) throw new QueryCancelled();
      reading = true;
      let rows: T[];
      try {
        rows = await cursor.read(batch);
      } catch (err) {
        throw cancelled ? new QueryCancelled() : err;
      } finally {
        reading = false;
      }
      if (rows.length === 0) return;
      yield rows;
    }
  } catch (err) {
    // The session may be mid-protocol: the pool must not hand it out again.
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!broken) await cursor.close().catch((err: unknown) => (broken = err as Error));
    client.release(broken);
  }
}

/**
 * pg's `pool.query` destroys its connection whenever the query fails, even when PostgreSQL
 * merely refused the statement (a constraint, a money trigger's TS409, a serialization
 * failure): the connection is fine, but the next query then pays for a new backend (~10 ms
 * to connect, and every plan and catalog cache of the money triggers rebuilt: the first
 * order on a fresh connection takes ~100 ms). Every refusal the rules make (an ask without
 * the units, a wallet short of money) cost that. Here a query outside a transaction (Drizzle
 * runs transactions on a client of their own) keeps its connection when the error came from
 * the server (pg.DatabaseError; a fatal one ends the connection and the pool drops it then);
 * any other error (network, protocol) still discards it.
 */
export function keepConnectionsOnSqlErrors(pool: pg.Pool): void {
  const query = async (...args: unknown[]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (err) {
      // Kept only when the server refused a statement and the session is idle again: not in
      // a (failed) transaction block a multi-statement text may have opened (class 25 on the
      // next use discards it then, should the status not have arrived yet).
      const status = (client as unknown as { getTransactionStatus?: () => string | null }).getTransactionStatus?.();
      const refused = err instanceof pg.DatabaseError && !String(err.code).startsWith('25') && status !== 'T' && status !== 'E';
      if (!refused) broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.release(broken);
    }
  };
  (pool as unknown as { query: typeof query }).query = query;
}

/**
 * One dedicated LISTEN connection. The channel is global to the database (not per schema):
 * servers on other schemas of the same database (tests) hear each other's events, which is
 * harmless since topics carry uuids. A dropped connection is replaced after a backoff
 * (0.5 s doubling to 15 s); events sent while it was down are lost (clients refetch on reconnect).
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onState?: (up: boolean, err?: unknown) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = 500;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    let dropped = false;
    const drop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      if (client === c) client = null;
      if (stopped) return;
      onState?.(false, err);
      timer = setTimeout(() => {
        connect().catch(() => undefined);
      }, delay);
      timer.unref();
      delay = Math.min(delay * 2, 15_000);
    };
    c.on('error', drop);
    c.on('end', () => drop(new Error('connection ended')));
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      drop(err);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = 500;
    onState?.(true);
  };

  // The first connection must work (a server that cannot LISTEN should not start quietly);
  // later drops are retried.
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => undefined);
  };
}
