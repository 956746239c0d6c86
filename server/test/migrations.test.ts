// The schema migrations: a new install (the baseline) and a database that grew through the old
// chain end in the same schema; an applied migration cannot change.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, MigrationChangedError, migrationsDir, readLegacyMigrations, readMigrations } from '../src/db/migrate';
import { applyTheOldWay, catalogue, emptyDatabase, query } from './catalogue';

jest.setTimeout(300_000);

function copyOfMigrations(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-migrations-')), 'migrations');
  cpSync(migrationsDir(), dir, { recursive: true });
  return dir;
}

describe('baseline and the old chain', () => {
  let fresh: Awaited<ReturnType<typeof emptyDatabase>>;
  let expected: Record<string, unknown[]>;

  beforeAll(async () => {
    fresh = await emptyDatabase();
    await migrate(fresh.db);
    expected = await catalogue(fresh.db);
  });
  afterAll(async () => {
    await fresh?.close();
  });

  it('a new install runs the baseline and no legacy migration', async () => {
    const rows = await query(fresh.db, 'SELECT name, checksum FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(readMigrations().map((m) => ({ name: m.name, checksum: m.checksum })));
    expect(rows[0].name).toMatch(/_baseline\.sql$/);
    // Something to compare: the tables, the rules and the reference row are all there.
    expect(expected.columns.length).toBeGreaterThan(300);
    expect(expected.functions.length).toBeGreaterThan(50);
    expect(expected.triggers.length).toBeGreaterThan(50);
  });

  it.each([
    ['every old migration', Infinity],
    ['the old chain up to 0070', 70],
  ])('a database migrated the old way through %s upgrades to the same schema', async (_label, upTo) => {
    const old = await emptyDatabase();
    try {
      await applyTheOldWay(old.db, upTo);
      await migrate(old.db);
      expect(await catalogue(old.db)).toEqual(expected);
      // The rows written without a checksum got theirs; the baseline counts as applied.
      const rows = await query(old.db, 'SELECT name, checksum FROM schema_migrations ORDER BY version');
      expect(rows).toEqual([...readLegacyMigrations(), ...readMigrations()].map((m) => ({ name: m.name, checksum: m.checksum })));
      expect(await migrate(old.db)).toEqual([]);
    } finally {
      await old.close();
    }
  });
});

describe('an applied migration is immutable', () => {
  it('every migration matches its line in migrations.sha256, and every migration has one (CI)', () => {
    const lines = readFileSync(path.join(migrationsDir(), 'migrations.sha256'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => l.split(/\s+/));
    const recorded = new Map(lines.map(([sum, file]) => [file, sum]));
    expect(recorded.size).toBe(lines.length);
    const files = [...readLegacyMigrations(), ...readMigrations()];
    const changed = files.filter((m) => recorded.has(m.file) && recorded.get(m.file) !== m.checksum).map((m) => m.file);
    // An edit is refused before any database sees it: restore the file, put the change in a new migration.
    expect({ changed }).toEqual({ changed: [] });
    // A new migration records its checksum: `sha256sum NNNN_name.sql >> migrations.sha256`.
    expect({ unrecorded: files.filter((m) => !recorded.has(m.file)).map((m) => m.file) }).toEqual({ unrecorded: [] });
    // A recorded migration is never deleted.
    expect({ missing: [...recorded.keys()].filter((f) => !files.some((m) => m.file === f)) }).toEqual({ missing: [] });
  });

  it('a comment added to an applied migration stops the start, naming the file', async () => {
    const dir = copyOfMigrations();
    const t = await emptyDatabase();
    try {
      await migrate(t.db, { migrationsDir: dir });
      const baseline = readMigrations(dir)[0];
      writeFileSync(path.join(dir, baseline.name), `${readFileSync(path.join(dir, baseline.name), 'utf8')}-- a harmless comment\n`);
      const start = migrate(t.db, { migrationsDir: dir });
      await expect(start).rejects.toThrow(MigrationChangedError);
      await expect(start).rejects.toThrow(`Migration ${baseline.name} has changed since it was applied to this database`);
      await expect(start).rejects.toThrow('add a new migration instead');
    } finally {
      await t.close();
    }
  });

  it('so does an edit of an old migration that the database applied', async () => {
    const dir = copyOfMigrations();
    const t = await emptyDatabase();
    try {
      await applyTheOldWay(t.db, 13);
      await migrate(t.db, { migrationsDir: dir });
      const file = path.join(dir, 'legacy', '0013_idempotency.sql');
      const bytes = readFileSync(file);
      writeFileSync(file, bytes.toString('utf8').replace('\n', '\n\n'));
      await expect(migrate(t.db, { migrationsDir: dir })).rejects.toThrow(
        /Migration legacy\/0013_idempotency\.sql has changed .* add a new migration instead/,
      );
      writeFileSync(file, bytes);
      expect(await migrate(t.db, { migrationsDir: dir })).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('a new migration after the baseline runs once, on top of it', async () => {
    const dir = copyOfMigrations();
    const next = readMigrations(dir).at(-1)!.version + 1;
    writeFileSync(path.join(dir, `${next}_example.sql`), 'CREATE TABLE example_after_baseline (id integer PRIMARY KEY);\n');
    const t = await emptyDatabase();
    try {
      expect(await migrate(t.db, { migrationsDir: dir })).toEqual(expect.arrayContaining([`${next}_example.sql`]));
      expect(await migrate(t.db, { migrationsDir: dir })).toEqual([]);
      expect(await query(t.db, 'SELECT count(*)::int AS n FROM example_after_baseline')).toEqual([{ n: 0 }]);
    } finally {
      await t.close();
    }
  });
});
