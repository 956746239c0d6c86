// Numbered SQL migrations (db/migrations/NNNN_name.sql), each applied once inside a
// transaction and recorded in schema_migrations. Same files for PostgreSQL and PGlite.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ScriptRunner } from './client';

const FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

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
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  const list = readdirSync(dir)
    .filter((f) => FILE.test(f))
    .sort()
    .map((f) => ({ version: Number(FILE.exec(f)?.[1]), name: f, sql: readFileSync(path.join(dir, f), 'utf8') }));
  list.forEach((m, i) => {
    if (i > 0 && m.version === list[i - 1].version) throw new Error(`Two migrations numbered ${m.version}`);
  });
  return list;
}

/** Applies the pending migrations; returns the names applied. */
export async function migrate(runner: ScriptRunner, migrations = readMigrations()): Promise<string[]> {
  const applied: string[] = [];
  await runner.runInTransaction(async (exec) => {
    await exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  for (const m of migrations) {
    await runner.runInTransaction(async (exec) => {
      const done = await exec('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (done.length > 0) return;
      await exec(m.sql);
      await exec('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.name);
    });
  }
  return applied;
}
