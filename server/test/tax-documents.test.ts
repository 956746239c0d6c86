// Year-end tax documents through the real app (PGlite; PostgreSQL with DATABASE_URL): a
// history of primary orders, market trades across lots with fees and paid distributions,
// then every line of the document checked against plain SQL over ledger_entries and
// lot_disposals (written apart from the module), the totals, the holding-period rule, the
// UTC year boundary, and who may read what.
import { sql } from 'drizzle-orm';
import { buildTestApp, call, makeInvestor, makeProperty, makeUser, placeOrder, queryRows, type TestApp, type TestUser } from './helper';
import { itPdf, parseCsv, pdfText } from './documents';

const HEADER = [
  'Section',
  'Item',
  'Property',
  'Date acquired (UTC)',
  'Date disposed (UTC)',
  'Holding period',
  'Units',
  'Count',
  'Proceeds (USD)',
  'Cost basis (USD)',
  'Fees (USD)',
  'Gain or loss (USD)',
  'Amount (USD)',
  'Reference',
];
const col = (name: string) => HEADER.indexOf(name);
const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let a: TestUser;
let b: TestUser;
let c: TestUser;
let p1: string;
let p2: string;
const Y = new Date().getUTCFullYear();
const yearStart = new Date(Date.UTC(Y, 0, 1)).toISOString();
const lastYearEnd = new Date(Date.UTC(Y, 0, 1) - 1).toISOString();

const get = (url: string, as: TestUser | null) => call(t.app, { method: 'GET', url, as });
const csvOf = async (url: string, as: TestUser) => {
  const res = await get(url, as);
  expect(res.statusCode).toBe(200);
  const rows = parseCsv(res.body);
  expect(rows[0]).toEqual(HEADER);
  return rows.slice(1);
};

async function trade(seller: TestUser, buyer: TestUser, propertyId: string, units: number, price: number) {
  const s = await call(t.app, {
    method: 'POST',
    url: '/v1/market/orders',
    as: seller,
    payload: { propertyId, side: 'SELL', units, price },
  });
  expect(s.statusCode).toBe(201);
  const r = await call(t.app, { method: 'POST', url: '/v1/market/orders', as: buyer, payload: { propertyId, side: 'BUY', units, price } });
  expect(r.statusCode).toBe(201);
  expect(r.json().order.status).toBe('FILLED');
  const [{ id }] = await queryRows<{ id: string }>(
    t.app,
    sql`SELECT id FROM trades WHERE seller_id = ${seller.id} AND buyer_id = ${buyer.id} ORDER BY seq DESC LIMIT 1`,
  );
  return id;
}

async function payDistribution(propertyId: string, grossRent: number, back: number) {
  const rep = await call(t.app, {
    method: 'POST',
    url: '/v1/income-reports',
    as: owner,
    payload: { propertyId, periodStart: day(-back - 30), periodEnd: day(-back), grossRent, expenses: {}, note: '' },
  });
  expect(rep.statusCode).toBe(201);
  const ok = await call(t.app, {
    method: 'PATCH',
    url: `/v1/income-reports/${rep.json()._id}/approve`,
    as: admin,
    payload: { recordDate: day(0), payDate: day(0) },
  });
  expect(ok.statusCode).toBe(200);
  expect((await call(t.app, { method: 'POST', url: `/v1/distributions/${ok.json().distribution._id}/pay`, as: admin })).statusCode).toBe(
    200,
  );
  return ok.json().distribution._id as string;
}

/** Moves rows in time the way a long history would have written them (the guards off). */
async function backdate(statements: ReturnType<typeof sql>[]) {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const s of statements) await tx.execute(s);
  });
}

let longLot: string;
let shortLot: string;
let lastYearTrade: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  p1 = (await makeProperty(t.app, owner, { approveAs: admin, body: { name: 'Harbor Lofts', totalQuantity: 20, unitPrice: 10 } }))._id;
  p2 = (await makeProperty(t.app, owner, { approveAs: admin, body: { name: 'Maple Court', totalQuantity: 10, unitPrice: 10 } }))._id;
  a = await makeInvestor(t, 2000);
  b = await makeInvestor(t, 2000);
  c = await makeInvestor(t, 2000);
  for (const [who, pid, n] of [
    [a, p1, 10],
    [b, p1, 10],
    [a, p2, 5],
    [b, p2, 5],
  ] as const)
    expect((await placeOrder(t.app, who, pid, n)).statusCode).toBe(201);
  for (const o of await queryRows<{ id: string }>(t.app, sql`SELECT id FROM orders WHERE status = 'PENDING' ORDER BY created_at`)) {
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/orders/${o.id}/review`, as: admin, payload: { decision: 'APPROVE' } })).statusCode,
    ).toBe(200);
  }
  // A buys 5 more of P1 from B at $12, then sells 12 at $11 to C: its order lot (10 units) and
  // 2 units of the lot bought on the market, the fee shared over both.
  await trade(b, a, p1, 5, 12);
  await trade(a, c, p1, 12, 11);
  // A sells 3 of P2 to C at $10.50: moved to the last instant of last year below.
  lastYearTrade = await trade(a, c, p2, 3, 10.5);
  await payDistribution(p1, 100, 60);
  await payDistribution(p2, 50, 60);
  await payDistribution(p1, 80, 100);

  const lots = await queryRows<{ id: string; source: string; property_id: string }>(
    t.app,
    sql`SELECT id, source, property_id FROM lots WHERE investor_id = ${a.id} ORDER BY seq`,
  );
  longLot = lots.find((l) => l.source === 'ORDER' && l.property_id === p1)!.id;
  shortLot = lots.find((l) => l.source === 'TRADE')!.id;
  const p2Lot = lots.find((l) => l.property_id === p2)!.id;
  const [sold] = await queryRows<{ disposed_at: Date | string }>(
    t.app,
    sql`SELECT disposed_at FROM lot_disposals WHERE lot_id = ${longLot}`,
  );
  const disposed = new Date(sold.disposed_at);
  const yearBefore = (d: Date, extraDays = 0) => {
    const x = new Date(d);
    x.setUTCFullYear(x.getUTCFullYear() - 1);
    x.setUTCDate(x.getUTCDate() - extraDays);
    return x.toISOString();
  };
  const incomes = await queryRows<{ id: string }>(
    t.app,
    sql`SELECT id FROM ledger_entries WHERE user_id = ${a.id} AND type = 'DISTRIBUTION_PAYMENT' ORDER BY wallet_seq`,
  );
  await backdate([
    // Held one year and a day (long term) and exactly one year, to the day (short term).
    sql`UPDATE lots SET acquired_at = ${yearBefore(disposed, 1)}::timestamptz WHERE id = ${longLot}`,
    sql`UPDATE lots SET acquired_at = ${yearBefore(disposed)}::timestamptz WHERE id = ${shortLot}`,
    // Last year's sale: its disposal and its ledger lines at the year's last instant.
    sql`UPDATE lots SET acquired_at = ${new Date(Date.UTC(Y - 1, 5, 1)).toISOString()}::timestamptz WHERE id = ${p2Lot}`,
    sql`UPDATE lot_disposals SET disposed_at = ${lastYearEnd}::timestamptz WHERE trade_id = ${lastYearTrade}`,
    sql`UPDATE ledger_entries SET created_at = ${lastYearEnd}::timestamptz WHERE trade_id = ${lastYearTrade}`,
    // One income payment at this year's first instant (in), one at last year's last (out).
    sql`UPDATE ledger_entries SET created_at = ${yearStart}::timestamptz WHERE id = ${incomes[0].id}`,
    sql`UPDATE ledger_entries SET created_at = ${lastYearEnd}::timestamptz WHERE id = ${incomes[2].id}`,
  ]);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** The truth, from plain SQL over the ledger and the disposals. */
async function truth(userId: string, year: number) {
  const from = new Date(Date.UTC(year, 0, 1)).toISOString();
  const to = new Date(Date.UTC(year + 1, 0, 1)).toISOString();
  const income = await queryRows<{ name: string; n: string; cents: string }>(
    t.app,
    sql`SELECT p.name, count(*) AS n, sum(e.amount_cents) AS cents FROM ledger_entries e JOIN properties p ON p.id = e.property_id
        WHERE e.user_id = ${userId} AND e.type = 'DISTRIBUTION_PAYMENT' AND e.created_at >= ${from}::timestamptz AND e.created_at < ${to}::timestamptz
        GROUP BY p.name ORDER BY p.name`,
  );
  const disposals = await queryRows<{
    lot_id: string;
    units: number;
    proceeds_cents: string;
    cost_cents: string;
    fee_cents: string;
    gain_cents: string;
  }>(
    t.app,
    sql`SELECT lot_id, units, proceeds_cents, cost_cents, fee_cents, gain_cents FROM lot_disposals
        WHERE investor_id = ${userId} AND disposed_at >= ${from}::timestamptz AND disposed_at < ${to}::timestamptz ORDER BY seq`,
  );
  const [trades] = await queryRows<{ sell: string | null; fee: string | null }>(
    t.app,
    sql`SELECT sum(amount_cents) FILTER (WHERE type = 'TRADE_SELL') AS sell, sum(amount_cents) FILTER (WHERE type = 'TRADE_FEE') AS fee
        FROM ledger_entries WHERE user_id = ${userId} AND created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz`,
  );
  const [ownerSums] = await queryRows<{
    payout: string | null;
    funded: string | null;
    fees: string | null;
    sale_funded: string | null;
    sale_fee: string | null;
  }>(
    t.app,
    sql`SELECT sum(amount_cents) FILTER (WHERE type = 'OWNER_PAYOUT') AS payout, sum(amount_cents) FILTER (WHERE type = 'DISTRIBUTION_FUNDING') AS funded,
               sum(amount_cents) FILTER (WHERE type = 'MANAGEMENT_FEE') AS fees,
               sum(amount_cents) FILTER (WHERE type = 'SALE_FUNDING') AS sale_funded, sum(amount_cents) FILTER (WHERE type = 'SALE_FEE') AS sale_fee
        FROM ledger_entries WHERE user_id = ${userId} AND created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz`,
  );
  return {
    income: income.map((r) => [r.name, Number(r.n), Number(r.cents)]),
    disposals: disposals.map((d) => [d.units, Number(d.proceeds_cents), Number(d.cost_cents), Number(d.fee_cents), Number(d.gain_cents)]),
    lots: disposals.map((d) => d.lot_id),
    sell: Number(trades.sell ?? 0),
    fee: -Number(trades.fee ?? 0),
    owner: [ownerSums.payout, ownerSums.funded, ownerSums.fees, ownerSums.sale_funded, ownerSums.sale_fee].map((v) => Number(v ?? 0)),
  };
}

const section = (rows: string[][], name: string) => rows.filter((r) => r[0] === name);

describe('the investor’s year-end tax document', () => {
  it('reconciles every income and disposal line, and the totals, with the ledger', async () => {
    const rows = await csvOf(`/v1/statements/tax/${Y}.csv`, a);
    const want = await truth(a.id, Y);
    // Both properties, one payment each (P1's other payment is last year's).
    expect(want.income.map((r) => [r[0], r[1]])).toEqual([
      ['Harbor Lofts', 1],
      ['Maple Court', 1],
    ]);
    expect(want.disposals.length).toBe(2);

    const income = section(rows, 'Income by property');
    const byProperty = income.filter((r) => r[1] === 'Rental income');
    expect(byProperty.map((r) => [r[col('Property')], Number(r[col('Count')]), cents(r[col('Amount (USD)')])]).sort()).toEqual(want.income);
    const total = income.find((r) => r[1] === 'Total income')!;
    expect(cents(total[col('Amount (USD)')])).toBe(want.income.reduce((s, r) => s + (r[2] as number), 0));

    const disposals = section(rows, 'Disposals');
    expect(
      disposals.map((r) => [
        Number(r[col('Units')]),
        cents(r[col('Proceeds (USD)')]),
        cents(r[col('Cost basis (USD)')]),
        cents(r[col('Fees (USD)')]),
        cents(r[col('Gain or loss (USD)')]),
      ]),
    ).toEqual(want.disposals);
    // Hand-computed: lot 1's 10 units (cost $100, proceeds $110, fee $1.10), 2 of the $12 lot ($24, $22, $0.22).
    expect(want.disposals).toEqual([
      [10, 11_000, 10_000, 110, 890],
      [2, 2_200, 2_400, 22, -222],
    ]);
    // The holding period, lot by lot: a year and a day is long term, exactly a year short.
    expect(want.lots).toEqual([longLot, shortLot]);
    expect(disposals.map((r) => r[col('Holding period')])).toEqual(['Long term', 'Short term']);

    const totals = new Map(section(rows, 'Disposal totals').map((r) => [r[1], r]));
    const all = totals.get('Total')!;
    expect(cents(all[col('Proceeds (USD)')])).toBe(want.sell);
    expect(cents(all[col('Fees (USD)')])).toBe(want.fee);
    expect(cents(all[col('Gain or loss (USD)')])).toBe(want.sell - want.fee - 12_400);
    expect(cents(totals.get('Long-term total')![col('Gain or loss (USD)')])).toBe(890);
    expect(cents(totals.get('Short-term total')![col('Gain or loss (USD)')])).toBe(-222);
    expect(section(rows, 'Owner summary')).toEqual([]);
  });

  it('keeps to the UTC year: the first instant is in, the previous year’s last instant is out', async () => {
    const last = await csvOf(`/v1/statements/tax/${Y - 1}.csv`, a);
    const want = await truth(a.id, Y - 1);
    expect(want.disposals).toHaveLength(1);
    expect(want.income).toHaveLength(1);
    const d = section(last, 'Disposals');
    expect(
      d.map((r) => [
        Number(r[col('Units')]),
        cents(r[col('Proceeds (USD)')]),
        cents(r[col('Cost basis (USD)')]),
        cents(r[col('Fees (USD)')]),
        cents(r[col('Gain or loss (USD)')]),
      ]),
    ).toEqual(want.disposals);
    expect(d[0][col('Date disposed (UTC)')]).toBe(`${Y - 1}-12-31`);
    expect(d[0][col('Holding period')]).toBe('Short term');
    expect(d[0][col('Reference')]).toBe(lastYearTrade);
    const income = section(last, 'Income by property').filter((r) => r[1] === 'Rental income');
    expect(income.map((r) => [r[col('Property')], Number(r[col('Count')]), cents(r[col('Amount (USD)')])])).toEqual(want.income);
    // This year's document holds neither of them.
    const now = await csvOf(`/v1/statements/tax/${Y}.csv`, a);
    expect(section(now, 'Disposals').some((r) => r[col('Reference')] === lastYearTrade)).toBe(false);
  });

  it('gives the buyer an empty disposal section and zero totals', async () => {
    const rows = await csvOf(`/v1/statements/tax/${Y}.csv`, c);
    expect(section(rows, 'Disposals')).toEqual([]);
    expect(section(rows, 'Disposal totals').every((r) => r[col('Gain or loss (USD)')] === '0.00')).toBe(true);
  });

  itPdf('as PDF: the informational note, the forms it mirrors, each line and the totals', async () => {
    const res = await get(`/v1/statements/tax/${Y}.pdf`, a);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tessera-tax-document-${Y}.pdf"`);
    const { text } = pdfText(res.rawPayload);
    for (const s of [
      'Year-end tax document',
      '1099-DIV',
      '1099-B',
      'not a tax form',
      'Harbor Lofts',
      'Long term',
      'Short term',
      '$8.90',
      '-$2.22',
      '$6.68',
      'Page 1 of',
    ])
      expect([s, text.includes(s)]).toEqual([s, true]);
  });
});

describe('the owner’s yearly summary', () => {
  it('sums sale proceeds, distributions funded and management fees as the ledger does', async () => {
    const rows = await csvOf(`/v1/statements/tax/${Y}.csv`, owner);
    const want = await truth(owner.id, Y);
    const totals = section(rows, 'Owner summary').filter((r) => r[1].startsWith('Total:'));
    expect(totals.map((r) => cents(r[col('Amount (USD)')]))).toEqual(want.owner);
    expect(want.owner[0]).toBe(30_000);
    expect(want.owner[1]).toBeLessThan(0);
    // Per property lines add up to the totals.
    const per = section(rows, 'Owner summary').filter((r) => r[1].startsWith('Property:'));
    // No property of this owner is sold: its sale lines are there, at zero.
    expect(want.owner.slice(3)).toEqual([0, 0]);
    for (const [i, kind] of [
      'sale proceeds',
      'distributions funded',
      'management fees',
      'sale proceeds paid to holders',
      'sale fee',
    ].entries()) {
      expect(per.filter((r) => r[1].endsWith(kind)).reduce((s, r) => s + cents(r[col('Amount (USD)')]), 0)).toBe(want.owner[i]);
    }
  });
});

describe('who may read what', () => {
  it('own only for wallet holders; anyone for admins, the same document', async () => {
    expect((await get(`/v1/statements/tax/${Y}.csv`, null)).statusCode).toBe(401);
    expect((await get(`/v1/statements/tax/${Y}.csv`, admin)).statusCode).toBe(403);
    expect((await get(`/v1/admin/users/${a.id}/statements/tax/${Y}.csv`, b)).statusCode).toBe(403);
    expect((await get(`/v1/statements/tax/${Y}.csv?user=${a.id}`, b)).statusCode).toBe(400);
    const mine = await csvOf(`/v1/statements/tax/${Y}.csv`, a);
    const theirs = await csvOf(`/v1/admin/users/${a.id}/statements/tax/${Y}.csv`, admin);
    // The first row carries the moment it was made (the year runs); the rest is the same.
    expect(theirs.slice(1)).toEqual(mine.slice(1));
    expect((await get(`/v1/admin/users/00000000-0000-4000-8000-000000000000/statements/tax/${Y}.csv`, admin)).statusCode).toBe(404);
  });

  it('refuses a malformed year (400) and one that has not started (404)', async () => {
    for (const bad of ['26.csv', `${Y}-01.csv`, `${Y}.txt`, `${Y}.PDF`, '1969.csv']) {
      expect([bad, (await get(`/v1/statements/tax/${bad}`, a)).statusCode]).toEqual([bad, 400]);
    }
    const res = await get(`/v1/statements/tax/${Y + 1}.csv`, a);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'No tax document yet: that year has not started' });
  });
});

describe('a document that would not add up', () => {
  it('is refused rather than sent when a disposal disagrees with the ledger', async () => {
    const [d] = await queryRows<{ id: string }>(
      t.app,
      sql`SELECT d.id FROM lot_disposals d WHERE d.investor_id = ${a.id} AND d.trade_id <> ${lastYearTrade} ORDER BY d.seq LIMIT 1`,
    );
    // A cent more proceeds (and gain, so the row's own CHECK still holds) than the ledger paid.
    const shift = (by: number) =>
      backdate([sql`UPDATE lot_disposals SET proceeds_cents = proceeds_cents + ${by}, gain_cents = gain_cents + ${by} WHERE id = ${d.id}`]);
    await shift(1);
    try {
      for (const ext of ['csv', 'pdf']) {
        const res = await get(`/v1/statements/tax/${Y}.${ext}`, a);
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ message: 'The tax document does not reconcile with the ledger; it was not produced' });
      }
    } finally {
      await shift(-1);
    }
    expect((await get(`/v1/statements/tax/${Y}.csv`, a)).statusCode).toBe(200);
  });
});
