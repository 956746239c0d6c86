// The CHECK constraints that migration 1400 moved into rules (<table>_checks): each rule holds
// exactly the constraints it replaced, the table has no other CHECK, and a row that breaks one
// is refused as that constraint refused it.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, migrationsDir } from '../src/db/migrate';
import { emptyDatabase, query } from './catalogue';

jest.setTimeout(300_000);

const FOLDED = [
  'properties',
  'orders',
  'market_orders',
  'trades',
  'market_properties',
  'lots',
  'lot_disposals',
  'notifications',
  'idempotency_keys',
  'ledger_entries',
  'holdings',
];

const checksOf = async (db: Parameters<typeof query>[0], table: string) =>
  Object.fromEntries(
    (
      await query(
        db,
        `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
         WHERE conrelid = to_regclass($1) AND contype = 'c' ORDER BY conname`,
        [table],
      )
    ).map((r) => [String(r.conname), String(r.def)]),
  );

/** A rule's conditions by the constraint each stands for, read from its text in the database. */
async function ruleConditions(db: Parameters<typeof query>[0], table: string): Promise<Record<string, string>> {
  const [{ src }] = await query(db, `SELECT prosrc AS src FROM pg_proc WHERE oid = to_regproc($1)`, [`${table}_checks`]);
  const found: Record<string, string> = {};
  for (const m of String(src).matchAll(/IF NOT coalesce\((.*), true\) THEN\s+PERFORM check_violated\('(\w+)', '(\w+)'\)/g)) {
    expect(m[2]).toBe(table);
    found[m[3]] = `CHECK ${m[1]}`;
  }
  return found;
}

describe('CHECK constraints held in rules (migration 1400)', () => {
  let t: Awaited<ReturnType<typeof emptyDatabase>>;
  const before: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    // The schema just before 1400, then 1400 on top of it, as an existing database upgrades.
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-checks-')), 'migrations');
    cpSync(migrationsDir(), dir, { recursive: true });
    for (const f of readdirSync(dir)) if (/^\d+_/.test(f) && Number(f.split('_')[0]) >= 1400) rmSync(path.join(dir, f));
    t = await emptyDatabase();
    await migrate(t.db, { migrationsDir: dir });
    for (const table of FOLDED) before[table] = await checksOf(t.db, table);
    await migrate(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(FOLDED)('%s: one CHECK, its rule, holding exactly the constraints it replaced', async (table) => {
    expect(Object.keys(before[table]).length).toBeGreaterThan(1);
    expect(Object.keys(await checksOf(t.db, table))).toEqual([`${table}_checks`]);
    expect(await ruleConditions(t.db, table)).toEqual(before[table]);
  });

  it('a row that breaks one is refused with the constraint’s own code, name and message', async () => {
    const [owner] = await query(
      t.db,
      `INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified)
       VALUES ('checks-owner@example.test', '!', 'Check', 'Owner', 'PROPERTY_OWNER', 'VERIFIED', true) RETURNING id`,
    );
    const insert = (name: string, state: string) =>
      query(
        t.db,
        `INSERT INTO properties (owner_id, name, address, state, type, status, total_quantity, available_quantity, unit_price_cents, roi_in_five_years)
         VALUES ($1, $2, '1 Check St', $3, 'RENTAL_READY', 'PENDING_REVIEW', 10, 10, 100, 5) RETURNING id`,
        [owner.id, name, state],
      );
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: { code?: string; constraint?: string; message?: string }) => ({ code: e.code, constraint: e.constraint, message: e.message }),
      );
    expect(await refusal(insert('', 'TX'))).toEqual({
      code: '23514',
      constraint: 'properties_name_check',
      message: 'new row for relation "properties" violates check constraint "properties_name_check"',
    });
    expect(await refusal(insert('Lofts', 'tx'))).toMatchObject({ code: '23514', constraint: 'properties_state_check' });
    // Two broken: the first by name, as PostgreSQL checks a table's constraints in name order.
    expect(await refusal(insert('', 'tx'))).toMatchObject({ constraint: 'properties_name_check' });
    const [ok] = await insert('Lofts', 'TX');
    expect(ok.id).toEqual(expect.any(String));
    expect(await refusal(query(t.db, `UPDATE properties SET description = repeat('x', 5001) WHERE id = $1`, [ok.id]))).toMatchObject({
      code: '23514',
      constraint: 'properties_description_check',
    });
  });
});
