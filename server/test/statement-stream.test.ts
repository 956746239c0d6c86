// The statement CSV is read from a cursor and streamed: no ceiling on its lines (a statement
// loaded whole stops at 100,000), the same document as before, and a reader that leaves stops
// the read (on PostgreSQL the statement is cancelled on the server, test/exports.test.ts).
import { sql } from 'drizzle-orm';
import { QueryCancelled } from '../src/db/client';
import { STATEMENT_MAX_LINES, statementPerson, statementRange, streamStatement } from '../src/modules/statements/service';
import { buildTestApp, call, makeUser, type TestApp, type TestUser } from './helper';

let t: TestApp;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await buildTestApp();
});

/** `n` deposits this month, written straight (the money rules off for this fixture), a consistent balance chain. */
async function bulkHolder(n: number): Promise<TestUser> {
  const holder = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED', email: `stream-${n}@statements.test` });
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`INSERT INTO ledger_entries (user_id, wallet_seq, type, amount_cents, balance_after_cents, checkout_id, description)
      SELECT ${holder.id}, k, 'DEPOSIT', 100, 100 * k, gen_random_uuid(), 'Bulk deposit ' || k FROM generate_series(1, ${n}) k`);
  });
  return holder;
}

const month = () => new Date().toISOString().slice(0, 7);

it('a month of more lines than a statement loaded whole may hold: every line, in wallet order, figures reconciled', async () => {
  const n = STATEMENT_MAX_LINES + 1;
  const holder = await bulkHolder(n);
  const res = await call(t.app, { method: 'GET', url: `/v1/statements/${month()}.csv`, as: holder });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const rows = res.body.split('\r\n').filter((l) => l !== '');
  const ledger = rows.filter((r) => r.startsWith('Ledger,'));
  expect(ledger).toHaveLength(n);
  expect(ledger[0]).toContain(',Bulk deposit 1,1.00,1.00,');
  expect(ledger.at(-1)).toContain(`,Bulk deposit ${n},1.00,${n}.00,`);
  expect(rows).toContain(`Summary,Deposits,,,Deposits,,${n} entries,${n}.00,,,`);
  expect(rows.some((r) => r.startsWith('Summary,Closing balance,') && r.includes(`,${n}.00,${n}.00,`))).toBe(true);
  // A PDF still refuses that many, with a pointer to the CSV.
  const pdf = await call(t.app, { method: 'GET', url: `/v1/statements/${month()}.pdf`, as: holder });
  expect(pdf.statusCode).toBe(400);
}, 180_000);

it('stops reading when its reader goes away', async () => {
  const holder = await bulkHolder(5000);
  const gone = new AbortController();
  const person = await statementPerson(t.app.db, holder.id);
  const { lines } = await streamStatement(t.app.database, t.app.db, person, statementRange(month()), gone.signal);
  const seen: number[] = [];
  const read = async () => {
    for await (const batch of lines) {
      seen.push(batch.length);
      gone.abort();
    }
  };
  await expect(read()).rejects.toBeInstanceOf(QueryCancelled);
  expect(seen).toEqual([500]);
});
