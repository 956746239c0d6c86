// The database's rules: every function, trigger function, trigger and view, each as plain SQL
// in one file of its module (modules/<module>/sql/<name>.sql), named after what it defines.
// The migrations own the schema (tables, columns, constraints, indexes); the rules own the code
// that runs in the database. After the migrations, every rule whose text changed since it was
// last applied (sha256 of the file, kept in schema_rules) is run again, in the order of
// rules.manifest, all in one transaction together with their new checksums. Rule files are
// therefore written to be re-run: CREATE OR REPLACE FUNCTION / TRIGGER / VIEW.
//
// A few rules are generated rather than written (db/contract-rules.ts): the SQL functions whose
// numbers the shared API contract defines (the market fee, the price band). They come first,
// before the manifest's files, and are tracked by the checksum of their generated text.
//
// Removing a rule (or changing a function's arguments, which makes a new function beside the
// old one) is a migration that drops the old object: the server refuses to start while the
// database holds a function, trigger or view that no rule file defines.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { contractRules } from './contract-rules';
import { declaredObjects, type Declared } from './sql-text';

export type Exec = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export const RULES_MANIFEST = 'rules.manifest';

export interface Rule {
  /** The function or view the file is named after (its file name without .sql). */
  name: string;
  /** Relative to the rules folder: `market/sql/place_market_orders.sql` (a generated rule: `generated/…`). */
  path: string;
  sql: string;
  checksum: string;
  declares: Declared[];
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The rules folder: the modules in the sources; `rules/` beside the bundle (build.mjs copies it). */
export function rulesDir(): string {
  const candidates = [path.join(__dirname, 'rules'), path.join(__dirname, '..', 'modules')];
  const found = candidates.find((d) => existsSync(path.join(d, RULES_MANIFEST)));
  if (!found) throw new Error(`No ${RULES_MANIFEST} (looked in ${candidates.join(', ')})`);
  return found;
}

/** The manifest's entries: one rule file per line, in the order they are applied; `#` comments. */
export function readManifest(dir = rulesDir()): string[] {
  return readFileSync(path.join(dir, RULES_MANIFEST), 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/**
 * Every rule: the generated ones, then the files in manifest order. Refuses a manifest entry
 * without its file, a rule that does not define the function or view it is named after, and
 * anything defined by two rules.
 */
export function readRules(dir = rulesDir()): Rule[] {
  const rules: Rule[] = [];
  const home = new Map<string, string>();
  const claim = (rel: string, declares: Declared[]) => {
    for (const d of declares) {
      const key = `${d.kind} ${d.name}`;
      const other = home.get(key);
      if (other) throw new Error(`The ${key} is defined in both ${other} and ${rel}: a rule has one home`);
      home.set(key, rel);
    }
  };
  for (const g of contractRules()) {
    const declares = declaredObjects(g.sql);
    if (!declares.some((d) => d.kind !== 'trigger' && d.name === g.name))
      throw new Error(`The generated rule ${g.path} must define the function ${g.name}`);
    claim(g.path, declares);
    rules.push({ name: g.name, path: g.path, sql: g.sql, checksum: sha256(g.sql), declares });
  }
  for (const rel of readManifest(dir)) {
    if (!/^[a-z0-9-]+\/sql\/[a-z_][a-z0-9_]*\.sql$/.test(rel))
      throw new Error(`${RULES_MANIFEST}: "${rel}" is not <module>/sql/<name>.sql`);
    const file = path.join(dir, rel);
    if (!existsSync(file)) throw new Error(`${RULES_MANIFEST} lists ${rel}, which does not exist`);
    const bytes = readFileSync(file);
    const sql = bytes.toString('utf8');
    const name = path.basename(rel, '.sql');
    const declares = declaredObjects(sql);
    if (!declares.some((d) => d.kind !== 'trigger' && d.name === name)) {
      throw new Error(`Rule file ${rel} must define the function or view ${name} (a rule lives in the file named after it)`);
    }
    claim(rel, declares);
    rules.push({ name, path: rel, sql, checksum: sha256(bytes), declares });
  }
  return rules;
}

/** Creates the table of applied rules (in the migrations' first transaction). */
export async function ensureRulesTable(exec: Exec): Promise<void> {
  await exec(`CREATE TABLE IF NOT EXISTS schema_rules (
    name text PRIMARY KEY,
    path text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
}

/** Applies the rule when its text differs from the one last applied; true when it ran. */
export async function applyRule(exec: Exec, rule: Rule): Promise<boolean> {
  const [row] = await exec('SELECT checksum, path FROM schema_rules WHERE name = $1', [rule.name]);
  if (row?.checksum === rule.checksum) {
    // Moved to another module with the same text: nothing to run.
    if (row.path !== rule.path) await exec('UPDATE schema_rules SET path = $2 WHERE name = $1', [rule.name, rule.path]);
    return false;
  }
  try {
    await exec(rule.sql);
  } catch (err) {
    // Which file failed, with the database's own message.
    if (err instanceof Error) err.message = `Rule ${rule.path}: ${err.message}`;
    throw err;
  }
  await exec(
    `INSERT INTO schema_rules (name, path, checksum) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET path = EXCLUDED.path, checksum = EXCLUDED.checksum, applied_at = now()`,
    [rule.name, rule.path, rule.checksum],
  );
  return true;
}

/**
 * Every function, trigger and view of the current schema that no rule defines (or a function
 * with more than one argument list): what a removed rule or a changed signature left behind.
 */
export async function strayObjects(exec: Exec, rules: Rule[]): Promise<string[]> {
  const declared = new Set(rules.flatMap((r) => r.declares.map((d) => `${d.kind} ${d.name}`)));
  const rows = await exec(`
    SELECT 'function' AS kind, p.proname AS name, p.oid::regprocedure::text AS detail
      FROM pg_proc p
     WHERE p.pronamespace = current_schema()::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 'trigger', t.tgname || ' on ' || c.relname, t.tgname || ' on ' || c.relname
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace
    UNION ALL
    SELECT 'view', c.relname, c.relname
      FROM pg_class c
     WHERE c.relkind IN ('v', 'm') AND c.relnamespace = current_schema()::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`);
  const stray: string[] = [];
  const seen = new Map<string, string[]>();
  for (const r of rows) {
    const key = `${String(r.kind)} ${String(r.name)}`;
    if (!declared.has(key)) stray.push(`${String(r.kind)} ${String(r.detail)}`);
    else if (r.kind === 'function') seen.set(key, [...(seen.get(key) ?? []), String(r.detail)]);
  }
  for (const [, versions] of seen)
    if (versions.length > 1) stray.push(`function ${versions.join(' and ')} (one name, ${versions.length} argument lists)`);
  return stray.sort();
}

/** Applies every changed rule in manifest order; returns the paths applied. Runs in the caller's transaction. */
export async function applyRules(exec: Exec, rules: Rule[]): Promise<string[]> {
  const applied: string[] = [];
  for (const rule of rules) if (await applyRule(exec, rule)) applied.push(rule.path);
  const known = new Set(rules.map((r) => r.name));
  for (const row of await exec('SELECT name FROM schema_rules')) {
    if (!known.has(String(row.name))) await exec('DELETE FROM schema_rules WHERE name = $1', [row.name]);
  }
  const stray = await strayObjects(exec, rules);
  if (stray.length > 0) {
    throw new Error(
      `The database holds ${stray.join('; ')}, which no rule file defines. A rule is removed (or its arguments changed) ` +
        `by a new migration that drops the old object (DROP FUNCTION / DROP TRIGGER / DROP VIEW), so the removal is explicit.`,
    );
  }
  return applied;
}
