// The database rules: each function, trigger and view has one home (a file of its module,
// listed in rules.manifest), and a change to that file reaches an existing database on restart.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { migrationsDir, readMigrations } from '../src/db/migrate';
import { readManifest, readRules, RULES_MANIFEST, rulesDir, sha256 } from '../src/db/rules';
import { declaredObjects } from '../src/db/sql-text';
import { queryRows, testConfig } from './helper';

jest.setTimeout(300_000);

/** A copy of the rules folder (the manifest and every module's sql/), to change in a test. */
function copyOfRules(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-rules-'));
  cpSync(path.join(rulesDir(), RULES_MANIFEST), path.join(dir, RULES_MANIFEST));
  for (const rel of readManifest()) {
    mkdirSync(path.join(dir, path.dirname(rel)), { recursive: true });
    cpSync(path.join(rulesDir(), rel), path.join(dir, rel));
  }
  return dir;
}

describe('one home per rule', () => {
  it('every rule file is in the manifest, and every manifest entry is a file of a module', () => {
    const modules = rulesDir();
    const files = readdirSync(modules)
      .filter((m) => existsSync(path.join(modules, m, 'sql')))
      .flatMap((m) => readdirSync(path.join(modules, m, 'sql')).map((f) => `${m}/sql/${f}`));
    expect(files.sort()).toEqual([...readManifest()].sort());
  });

  it('no function, trigger or view is defined twice: across the rule files and the migrations after the baseline', () => {
    const homes = new Map<string, string[]>();
    const add = (where: string, text: string) => {
      for (const d of declaredObjects(text)) homes.set(`${d.kind} ${d.name}`, [...(homes.get(`${d.kind} ${d.name}`) ?? []), where]);
    };
    const rules = readRules();
    for (const r of rules) add(r.path, r.sql);
    // The baseline has none; a later migration may drop a rule, never define one.
    for (const m of readMigrations().slice(1)) add(`migration ${m.name}`, m.sql);
    const twice = [...homes].filter(([, where]) => where.length > 1);
    expect(twice).toEqual([]);
    expect(declaredObjects(readMigrations()[0].sql)).toEqual([]);
    // Each file defines the function or view it is named after.
    for (const r of rules) expect(r.declares.filter((d) => d.kind !== 'trigger').map((d) => d.name)).toEqual([r.name]);
  });

  it('a function defined in a second file is refused', () => {
    const dir = copyOfRules();
    const copy = readFileSync(path.join(dir, 'market/sql/place_market_orders.sql'), 'utf8');
    writeFileSync(
      path.join(dir, 'market/sql/market_status.sql'),
      `${readFileSync(path.join(dir, 'market/sql/market_status.sql'), 'utf8')}\n${copy}`,
    );
    expect(() => readRules(dir)).toThrow(
      'The function place_market_orders is defined in both market/sql/market_status.sql and market/sql/place_market_orders.sql: a rule has one home',
    );
  });

  it('text that only mentions a function (a comment, a string, a body) defines nothing', () => {
    expect(
      declaredObjects(`-- CREATE FUNCTION a()
        CREATE OR REPLACE FUNCTION b() RETURNS void LANGUAGE plpgsql AS $$ BEGIN EXECUTE 'CREATE FUNCTION c()'; END $$;
        CREATE OR REPLACE TRIGGER t AFTER INSERT ON x FOR EACH ROW EXECUTE FUNCTION b();`),
    ).toEqual([
      { kind: 'function', name: 'b' },
      { kind: 'trigger', name: 't on x' },
    ]);
  });
});

describe('a rule changed in its home reaches an existing database', () => {
  const config = testConfig({ pgliteDir: path.join(mkdtempSync(path.join(tmpdir(), 'tessera-pglite-')), 'db') });
  const rules = copyOfRules();
  const migrations = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-migrations-')), 'migrations');
  cpSync(migrationsDir(), migrations, { recursive: true });
  let app: FastifyInstance | null = null;
  const start = async () => {
    app = await buildApp(config, { logger: false, migrations: { rulesDir: rules, migrationsDir: migrations } });
    return app;
  };
  const stop = async () => {
    await app?.close();
    app = null;
  };
  afterAll(async () => {
    await stop();
    if (config.databaseUrl && config.databaseSchema) {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${config.databaseSchema} CASCADE`);
      await client.end();
    }
    rmSync(config.dataDir, { recursive: true, force: true });
  });
  const definition = async (a: FastifyInstance, fn: string) =>
    (await queryRows<{ def: string }>(a, sql.raw(`SELECT pg_get_functiondef('${fn}'::regproc) AS def`)))[0].def;

  it('a new install has exactly the functions and triggers that the rule files define', async () => {
    const a = await start();
    const rows = await queryRows<{ o: string }>(
      a,
      // An extension's functions (pg_trgm's, where it lives in this schema) are its own, not rules.
      sql`SELECT 'function ' || proname AS o FROM pg_proc p WHERE pronamespace = current_schema()::regnamespace
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
          UNION ALL
          SELECT 'trigger ' || t.tgname || ' on ' || c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
           WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace`,
    );
    const declared = readRules(rules).flatMap((r) => r.declares.map((d) => `${d.kind} ${d.name}`));
    expect(rows.map((r) => r.o).sort()).toEqual(declared.sort());
    await stop();
  });

  it('changing place_market_orders in its file and restarting replaces it in the database', async () => {
    const file = path.join(rules, 'market/sql/place_market_orders.sql');
    const text = readFileSync(file, 'utf8');
    expect(await definition(await start(), 'place_market_orders')).not.toContain('changed in its home');
    await stop();
    writeFileSync(file, text.replace(/\nBEGIN\n/, '\nBEGIN\n  -- changed in its home\n'));
    const a = await start();
    expect(await definition(a, 'place_market_orders')).toContain('  -- changed in its home\n');
    const [row] = await queryRows<{ checksum: string }>(a, sql`SELECT checksum FROM schema_rules WHERE name = 'place_market_orders'`);
    expect(row.checksum).toBe(sha256(readFileSync(file)));
    await stop();
  });

  it('a rule removed from its module stops the start until a migration drops it', async () => {
    const name = 'release_tokens_keep_revoked';
    rmSync(path.join(rules, `release-tokens/sql/${name}.sql`));
    const manifest = path.join(rules, RULES_MANIFEST);
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(`release-tokens/sql/${name}.sql\n`, ''));
    await expect(start()).rejects.toThrow(
      `The database holds function ${name}(); trigger ${name} on release_tokens, which no rule file defines. ` +
        'A rule is removed (or its arguments changed) by a new migration that drops the old object',
    );
    const next = readMigrations(migrations).at(-1)!.version + 1;
    writeFileSync(path.join(migrations, `${next}_drop_${name}.sql`), `DROP FUNCTION ${name}() CASCADE;\n`);
    const a = await start();
    expect(
      await queryRows(a, sql`SELECT 1 FROM pg_proc WHERE proname = ${name} AND pronamespace = current_schema()::regnamespace`),
    ).toEqual([]);
    expect(await queryRows(a, sql`SELECT 1 FROM schema_rules WHERE name = ${name}`)).toEqual([]);
    await stop();
  });
});
