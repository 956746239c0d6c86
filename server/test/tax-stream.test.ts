// The year-end tax document is streamed like a statement: its totals summed and reconciled by
// SQL before the first byte, its disposal lines read from a cursor (no ceiling on their number
// in the CSV), and a reader that leaves stops the read (on PostgreSQL the statement is
// cancelled on the server: the database cursor's own test, test/exports.test.ts).
import { sql } from 'drizzle-orm';
import { QueryCancelled } from '../src/db/client';
import { PDF_MAX_LINES } from '../src/modules/statements/pdf';
import { statementPerson } from '../src/modules/statements/service';
import { streamTaxDocument, taxYearRange } from '../src/modules/statements/tax';
import { buildTestApp, call, makeProperty, makeUser, type TestApp, type TestUser } from './helper';

let t: TestApp;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await buildTestApp();
});

const year = String(new Date().getUTCFullYear());
let seller = 0;

/**
 * `n` sales of one unit each this year, each its own trade, lot disposal and ledger lines
 * (TRADE_SELL 100.00, TRADE_FEE 1.00), written straight with the money rules off: a seller
 * whose disposals agree with the ledger trade by trade, at a size no test would trade.
 */
async function bulkSeller(n: number): Promise<TestUser> {
  seller += 1;
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const { _id: propertyId } = await makeProperty(t.app, owner, { body: { totalQuantity: 10, unitPrice: 10 } });
  const holder = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED', email: `tax-stream-${seller}@statements.test` });
  const buyer = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED', email: `tax-stream-buyer-${seller}@statements.test` });
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`CREATE TEMP TABLE bulk_trades ON COMMIT DROP AS
      SELECT k, gen_random_uuid() AS trade_id, gen_random_uuid() AS sell_order_id FROM generate_series(1, ${n}) k`);
    await tx.execute(sql`INSERT INTO trades (id, property_id, buy_order_id, sell_order_id, buyer_id, seller_id, units, price_cents, gross_cents, fee_bps, fee_cents, aggressor, created_at)
      SELECT trade_id, ${propertyId}::uuid, gen_random_uuid(), sell_order_id, ${buyer.id}::uuid, ${holder.id}::uuid, 1, 10000, 10000, 100, 100, 'BUY',
             now() - interval '1 second' * (${n} - k)
      FROM bulk_trades`);
    await tx.execute(sql`INSERT INTO lots (investor_id, property_id, source, order_id, acquired_at, units, cost_cents, fee_cents, remaining_units, remaining_cost_cents)
      VALUES (${holder.id}::uuid, ${propertyId}::uuid, 'ORDER', gen_random_uuid(), date_trunc('year', now()), ${n}, ${n} * 9000, 0, 0, 0)`);
    await tx.execute(sql`INSERT INTO lot_disposals (lot_id, investor_id, property_id, trade_id, disposed_at, units, cost_cents, proceeds_cents, fee_cents, gain_cents)
      SELECT (SELECT id FROM lots WHERE investor_id = ${holder.id}::uuid), ${holder.id}::uuid, ${propertyId}::uuid, trade_id,
             now() - interval '1 second' * (${n} - k), 1, 9000, 10000, 100, 900
      FROM bulk_trades ORDER BY k`);
    await tx.execute(sql`INSERT INTO ledger_entries (user_id, wallet_seq, type, amount_cents, balance_after_cents, market_order_id, trade_id, property_id, description)
      SELECT ${holder.id}::uuid, 2 * k - 1, 'TRADE_SELL', 10000, 9900 * k + 100, sell_order_id, trade_id, ${propertyId}::uuid, 'Bulk sale ' || k FROM bulk_trades
      UNION ALL
      SELECT ${holder.id}::uuid, 2 * k, 'TRADE_FEE', -100, 9900 * k, sell_order_id, trade_id, ${propertyId}::uuid, 'Bulk fee ' || k FROM bulk_trades`);
  });
  return holder;
}

it('a year of more disposals than a PDF holds: every line in the CSV, in order, with totals the lines add up to', async () => {
  const n = PDF_MAX_LINES + 1;
  const holder = await bulkSeller(n);
  const res = await call(t.app, { method: 'GET', url: `/v1/statements/tax/${year}.csv`, as: holder });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const rows = res.body.split('\r\n').filter((l) => l !== '');
  const disposals = rows.filter((r) => r.startsWith('Disposals,'));
  expect(disposals).toHaveLength(n);
  expect(disposals.every((r) => r.includes(',Short term,1,,100.00,90.00,1.00,9.00,,'))).toBe(true);
  // The totals come after the lines and count the same rows.
  const total = rows.find((r) => r.startsWith('Disposal totals,Total,'));
  expect(total).toBe(`Disposal totals,Total,,,,,${n},${n},${n * 100}.00,${n * 90}.00,${n}.00,${n * 9}.00,,`);
  expect(rows.indexOf(total!)).toBeGreaterThan(rows.indexOf(disposals.at(-1)!));
  // The PDF refuses that many, with a pointer to the CSV.
  const pdf = await call(t.app, { method: 'GET', url: `/v1/statements/tax/${year}.pdf`, as: holder });
  expect(pdf.statusCode).toBe(400);
  expect(pdf.json()).toMatchObject({
    message: `${n} disposals in this year; a PDF tax document holds at most ${PDF_MAX_LINES}. Download the CSV.`,
  });
}, 180_000);

it('stops reading when its reader goes away', async () => {
  const holder = await bulkSeller(3000);
  const gone = new AbortController();
  const person = await statementPerson(t.app.db, holder.id);
  const streamed = await streamTaxDocument(t.app.database, t.app.db, person, taxYearRange(year)!, gone.signal);
  expect(streamed.count).toBe(3000);
  const seen: number[] = [];
  const read = async () => {
    for await (const batch of streamed.disposals) {
      seen.push(batch.length);
      gone.abort();
    }
  };
  await expect(read()).rejects.toBeInstanceOf(QueryCancelled);
  expect(seen).toEqual([500]);
});

it('counts only the disposals its totals counted, even when more arrive while it is read', async () => {
  const holder = await bulkSeller(600);
  const person = await statementPerson(t.app.db, holder.id);
  const streamed = await streamTaxDocument(t.app.database, t.app.db, person, taxYearRange(year)!);
  // A disposal written after the totals (a copy of the first, on a trade of its own).
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`INSERT INTO lot_disposals (lot_id, investor_id, property_id, trade_id, disposed_at, units, cost_cents, proceeds_cents, fee_cents, gain_cents)
      SELECT lot_id, investor_id, property_id, gen_random_uuid(), now(), units, cost_cents, proceeds_cents, fee_cents, gain_cents
      FROM lot_disposals WHERE investor_id = ${holder.id}::uuid ORDER BY seq LIMIT 1`);
  });
  let read = 0;
  for await (const batch of streamed.disposals) read += batch.length;
  expect(read).toBe(600);
  expect(streamed.document.disposalTotals.lines).toBe(600);
});
