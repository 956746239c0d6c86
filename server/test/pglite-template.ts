// An archive of a migrated in-memory PGlite (its dumpDataDir), made once per content of the
// migrations and the rules (and PGlite's version) and kept in the temp folder, so every test
// app starts from it (config.pgliteTemplate) instead of running initdb and every migration:
// those were most of each suite's start-up (≈ 4 s of 5 on a busy 2-core host). The server
// project's jest globalSetup makes it before the workers start (global-setup.cjs), so no
// suite's first hook pays for it; helper.ts makes it itself when run another way.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/db/client';
import { migrate, migrationsDir } from '../src/db/migrate';
import { rulesDir } from '../src/db/rules';

const PREFIX = 'tessera-pglite-template-';
/** Archives of other migrations (other branches, older checkouts) are removed after a week. */
const KEEP_MS = 7 * 86_400_000;

function templateKey(): string {
  const hash = createHash('sha256');
  // The package's exports hide its package.json; its main file is dist/index.cjs.
  const pglitePackage = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(JSON.parse(readFileSync(pglitePackage, 'utf8')).version);
  // Paths relative to their folder, so checkouts of the same migrations share one archive.
  const walk = (root: string, dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(root, p);
      else if (/\.(sql|manifest|sha256)$/.test(e.name)) hash.update(path.relative(root, p)).update(readFileSync(p));
    }
  };
  walk(migrationsDir(), migrationsDir());
  walk(rulesDir(), rulesDir());
  return hash.digest('hex').slice(0, 16);
}

/** The archive's path, made first when missing. Safe to call from several processes at once. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `${PREFIX}${templateKey()}.tar`);
  if (existsSync(file)) return file;
  for (const other of readdirSync(tmpdir())) {
    if (!other.startsWith(PREFIX)) continue;
    const p = path.join(tmpdir(), other);
    try {
      if (Date.now() - statSync(p).mtimeMs > KEEP_MS) rmSync(p, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
  const database = await createDatabase({ databaseUrl: null, databaseSchema: null, pgliteDir: 'memory://' });
  try {
    await migrate(database);
    const archive = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    // Another process may be writing the same archive: each writes its own file, then renames.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, archive);
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}
