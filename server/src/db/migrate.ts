// Schema migrations (db/migrations/NNNN_name.sql), then the rules (db/rules.ts). Same files for
// PostgreSQL and PGlite.
//
// Each migration is applied once, inside a transaction, and recorded in schema_migrations with
// the sha256 of its file. An applied migration is immutable: at every start the recorded
// checksums are compared with the files, and a changed (or missing) file stops the start,
// naming it. (Rows recorded before checksums existed get theirs on the first start.) Otherwise
// an edit would reach fresh databases (tests, CI) but never an existing one.
//
// The chain 0001..0112 is squashed into NNNN_baseline.sql for new installs. The old files stay,
// byte for byte, in migrations/legacy/, for databases that applied some of them: such a
// database applies the rest of the old chain once, and the baseline is then recorded as applied
// without running (the old chain built the same schema, which test/migrations.test.ts checks).
// A new install runs the baseline and never sees legacy/. Migrations after the baseline run on
// both. A migration may name a rule it needs before it runs (`-- requires-rule: <path>`, for a
// CHECK that calls a function).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ScriptRunner } from './client';
import { applyRule, applyRules, ensureRulesTable, readRules, rulesDir, sha256, type Exec, type Rule } from './rules';

const FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;
const LEGACY = 'legacy';

/** The migrations folder: beside this file in the sources, copied beside the bundle by build.mjs. */
export function migrationsDir(): string {
  const candidates = [path.join(__dirname, 'migrations'), path.join(__dirname, 'db', 'migrations')];
  const found = candidates.find((d) => existsSync(d));
  if (!found) throw new Error(`No migrations folder (looked in ${candidates.join(', ')})`);
  return found;
}

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** sha256 of the file's bytes. */
  checksum: string;
  /** Where it is, relative to the migrations folder (`legacy/0050_returns.sql`). */
  file: string;
  /** Rule files (relative to the rules folder) applied before this migration. */
  requires: string[];
}

function readFolder(dir: string, prefix = ''): Migration[] {
  if (!existsSync(dir)) return [];
  const list = readdirSync(dir)
    .filter((f) => FILE.test(f))
    .sort()
    .map((f) => {
      const bytes = readFileSync(path.join(dir, f));
      const sql = bytes.toString('utf8');
      const requires = [...sql.matchAll(/^-- requires-rule: (\S+)\s*$/gm)].map((m) => m[1]);
      return { version: Number(FILE.exec(f)?.[1]), name: f, sql, checksum: sha256(bytes), file: prefix + f, requires };
    });
  list.forEach((m, i) => {
    if (i > 0 && m.version === list[i - 1].version) throw new Error(`Two migrations numbered ${m.version}`);
  });
  return list;
}

/** The chain of a new install: the baseline, then every later migration. */
export function readMigrations(dir = migrationsDir()): Migration[] {
  return readFolder(dir);
}

/** The squashed chain, run only by databases that applied some of it before the baseline. */
export function readLegacyMigrations(dir = migrationsDir()): Migration[] {
  return readFolder(path.join(dir, LEGACY), `${LEGACY}/`);
}

export class MigrationChangedError extends Error {}

export interface MigrateOptions {
  migrationsDir?: string;
  rulesDir?: string;
}

/** Applies the pending migrations, then the changed rules; returns the names applied (rules by path). */
export async function migrate(runner: ScriptRunner, options: MigrateOptions = {}): Promise<string[]> {
  const dir = options.migrationsDir ?? migrationsDir();
  const current = readMigrations(dir);
  const legacy = readLegacyMigrations(dir);
  const rules = readRules(options.rulesDir ?? rulesDir());
  const ruleByPath = new Map(rules.map((r) => [r.path, r]));
  const all = [...legacy, ...current];
  if (new Set(all.map((m) => m.version)).size !== all.length) throw new Error('A migration number is used both in legacy/ and after it');
  const baseline = current[0];
  if (legacy.length > 0 && (!baseline || baseline.version <= legacy[legacy.length - 1].version)) {
    throw new Error('The first migration after legacy/ (the baseline) must be numbered after every legacy one');
  }
  for (const m of all) {
    for (const r of m.requires)
      if (!ruleByPath.has(r)) throw new Error(`Migration ${m.file} requires the rule ${r}, which is not in the manifest`);
  }

  let applied = new Set<number>();
  await runner.runInTransaction(async (exec) => {
    await exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    await exec('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    await ensureRulesTable(exec);
    const rows = await exec('SELECT version, name, checksum FROM schema_migrations ORDER BY version');
    const byVersion = new Map(all.map((m) => [m.version, m]));
    for (const row of rows) {
      const m = byVersion.get(Number(row.version));
      if (!m) {
        throw new MigrationChangedError(
          `Migration ${String(row.name)} was applied to this database but its file is gone from ${dir}. ` +
            `Applied migrations are never removed or edited: restore it, and put the change in a new migration.`,
        );
      }
      if (row.checksum == null) {
        await exec('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [m.version, m.checksum]);
      } else if (row.checksum !== m.checksum) {
        throw new MigrationChangedError(
          `Migration ${m.file} has changed since it was applied to this database (sha256 ${String(row.checksum).slice(0, 12)}… ` +
            `then, ${m.checksum.slice(0, 12)}… now). An applied migration is never edited, not even a comment: ` +
            `restore it (git checkout -- server/src/db/migrations/${m.file}) and add a new migration instead.`,
        );
      }
    }
    applied = new Set(rows.map((r) => Number(r.version)));
  });

  // A database that has part of the old chain finishes it, and then counts as baselined.
  const upgrading = legacy.some((m) => applied.has(m.version));
  const plan: { m: Migration; run: boolean }[] = [
    ...(upgrading ? legacy.map((m) => ({ m, run: true })) : []),
    ...current.map((m) => ({ m, run: !(upgrading && m === baseline) })),
  ];

  const done: string[] = [];
  for (const { m, run } of plan) {
    if (applied.has(m.version)) continue;
    await runner.runInTransaction(async (exec) => {
      // Another server may have applied it while this one waited for the lock.
      const again = await exec('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (again.length > 0) return;
      if (run) {
        for (const r of m.requires) await applyRule(exec, ruleByPath.get(r) as Rule);
        await exec(m.sql);
      }
      await exec('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
      if (run) done.push(m.name);
    });
  }

  await runner.runInTransaction(async (exec: Exec) => {
    done.push(...(await applyRules(exec, rules)));
  });
  return done;
}
