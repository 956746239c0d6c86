// What the database's catalogue says about the current schema, as plain comparable text:
// tables and columns (types, defaults, identity, generated, order), table options,
// constraints, indexes, sequences (and where they stand), functions (pg_get_functiondef),
// triggers, views, and the rows of every table. The schema's own name is taken out so that
// two schemas compare.
import { randomBytes } from 'node:crypto';
import { createDatabase, type Database } from '../src/db/client';
import { readLegacyMigrations, type Migration } from '../src/db/migrate';
import { onPostgres } from './helper';

type Exec = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export async function query(db: Database, sql: string, params?: unknown[]): Promise<Record<string, unknown>[]> {
  let rows: Record<string, unknown>[] = [];
  await db.runInTransaction(async (exec) => {
    rows = await exec(sql, params);
  });
  return rows;
}

const QUERIES: Record<string, string> = {
  columns: `
    SELECT c.relname AS "table", a.attname AS "column",
           row_number() OVER (PARTITION BY c.relname ORDER BY a.attnum) AS position,
           format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
           pg_get_expr(d.adbin, d.adrelid) AS "default", a.attidentity AS identity, a.attgenerated AS generated,
           a.attcollation::regcollation::text AS collation
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY 1, 3`,
  tables: `
    SELECT c.relname AS "table", c.relkind AS kind, c.reloptions::text AS options, c.relpersistence AS persistence
      FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S') ORDER BY 1`,
  constraints: `
    SELECT c.relname AS "table", k.conname AS name, k.contype AS type, pg_get_constraintdef(k.oid) AS definition,
           k.condeferrable AS deferrable, k.condeferred AS deferred, k.convalidated AS validated
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     WHERE c.relnamespace = current_schema()::regnamespace ORDER BY 1, 2`,
  indexes: `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1, 2`,
  sequences: `
    SELECT sequencename, data_type::text, start_value, min_value, max_value, increment_by, cycle, cache_size, last_value
      FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1`,
  types: `
    SELECT t.typname, t.typtype, (SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid) AS labels
      FROM pg_type t
     WHERE t.typnamespace = current_schema()::regnamespace AND t.typtype IN ('e', 'd', 'r')
        OR (t.typnamespace = current_schema()::regnamespace AND t.typtype = 'c'
            AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
     ORDER BY 1`,
  functions: `
    SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS args, pg_get_functiondef(p.oid) AS definition
      FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace ORDER BY 1, 2`,
  triggers: `
    SELECT c.relname AS "table", t.tgname AS name, pg_get_triggerdef(t.oid) AS definition, t.tgenabled AS enabled
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace ORDER BY 1, 2`,
  views: `
    SELECT c.relname AS name, pg_get_viewdef(c.oid) AS definition
      FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('v', 'm') ORDER BY 1`,
};

/** The schema as the catalogue describes it, one key per kind of object. */
export async function catalogue(db: Database): Promise<Record<string, unknown[]>> {
  const [{ schema }] = await query(db, 'SELECT current_schema() AS schema');
  const strip = (v: unknown) => (typeof v === 'string' ? v.split(`${String(schema)}.`).join('') : v);
  const out: Record<string, unknown[]> = {};
  for (const [kind, sql] of Object.entries(QUERIES)) {
    out[kind] = (await query(db, sql)).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, strip(v)])));
  }
  // The data a migration wrote (reference rows), timestamps aside.
  const data: unknown[] = [];
  for (const t of out.tables as { table: string; kind: string }[]) {
    if (t.kind !== 'r' || t.table === 'schema_migrations' || t.table === 'schema_rules') continue;
    const rows = await query(db, `SELECT * FROM "${t.table}" ORDER BY 1`);
    const clean = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => !(v instanceof Date))));
    data.push({ table: t.table, rows: clean });
  }
  out.data = data;
  return out;
}

/** A new empty database: PGlite in memory, or a schema of its own on the PostgreSQL of DATABASE_URL. */
export async function emptyDatabase(): Promise<{ db: Database; close(): Promise<void> }> {
  const schema = onPostgres ? `test_${randomBytes(6).toString('hex')}` : null;
  const db = await createDatabase({ databaseUrl: process.env.DATABASE_URL || null, databaseSchema: schema, pgliteDir: 'memory://' });
  return {
    db,
    async close() {
      if (schema) await query(db, `DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}

/**
 * The migration runner as it was before checksums and the baseline: schema_migrations without a
 * checksum column, each file in its transaction. `upTo` stops after that version.
 */
export async function applyTheOldWay(db: Database, upTo = Infinity, migrations: Migration[] = readLegacyMigrations()): Promise<void> {
  await db.runInTransaction(async (exec: Exec) => {
    await exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  for (const m of migrations.filter((x) => x.version <= upTo)) {
    await db.runInTransaction(async (exec: Exec) => {
      await exec(m.sql);
      await exec('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
    });
  }
}
