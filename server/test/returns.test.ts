// Issue 18: income reports, distributions, appraisals and returns, through the real app on
// a real database (PGlite; PostgreSQL with DATABASE_URL, where the concurrency cases are real).
// Every test ends with the money invariants (extended by migration 0050) intact.
import { sql } from 'drizzle-orm';
import { splitLargestRemainder } from 'shared-api/contract/dashboard';
import { buildApp } from '../src/app';
import { runDueDistributions } from '../src/modules/returns/service';
import { bulkHolders, bulkUnits } from '../scripts/distribution-fixtures';
import {
  buildTestApp,
  call,
  fund,
  invariantViolations,
  makeInvestor,
  makeProperty,
  makeUser,
  multipart,
  onPostgres,
  PDF,
  placeOrder,
  queryRows,
  snapshot,
  walletBalance,
  type TestApp,
  type TestUser,
  approvePendingOrders,
} from './helper';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const today = () => day(0);

/** Everything, including the returns tables: a refused call must change none of it. */
async function dbState(): Promise<string> {
  const extra: Record<string, unknown> = {};
  for (const table of [
    'income_reports',
    'income_report_receipts',
    'distributions',
    'distribution_holders',
    'appraisals',
    'reinvest_settings',
  ]) {
    extra[table] = await queryRows(t.app, sql.raw(`SELECT * FROM ${table} ORDER BY 1, 2`));
  }
  return (await snapshot(t.app)) + JSON.stringify(extra);
}

const approveOrders = (propertyId: string) => approvePendingOrders(t.app, admin, propertyId);

/** A RENTAL_READY property sold out to the given investors (units each), orders completed. */
async function fundedProperty(owner: TestUser, unitPrice: number, units: number[], opts: { approve?: boolean } = {}) {
  const total = units.reduce((a, b) => a + b, 0);
  const { _id } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: total, unitPrice } });
  const investors: TestUser[] = [];
  for (const n of units) {
    const inv = await makeInvestor(t, n * unitPrice);
    expect((await placeOrder(t.app, inv, _id, n)).statusCode).toBe(201);
    investors.push(inv);
  }
  if (opts.approve !== false) await approveOrders(_id);
  return { propertyId: _id, investors };
}

const verifiedOwner = () => makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });

const cursors = new Map<string, number>();
/** A distinct past month-long period for each report of a property (they may not overlap). */
function nextPeriod(propertyId = '') {
  const c = (cursors.get(propertyId) ?? 400) - 32;
  cursors.set(propertyId, c);
  return { periodStart: day(-c - 30), periodEnd: day(-c) };
}

async function submit(
  owner: TestUser,
  propertyId: string,
  grossRent: number,
  expenses: Record<string, number> = {},
  period = nextPeriod(propertyId),
) {
  return call(t.app, {
    method: 'POST',
    url: '/v1/income-reports',
    as: owner,
    payload: { propertyId, ...period, grossRent, expenses, note: 'Monthly report' },
  });
}

async function declare(
  owner: TestUser,
  propertyId: string,
  grossRent: number,
  expenses: Record<string, number> = {},
  dates: { recordDate?: string; payDate?: string } = { recordDate: today(), payDate: today() },
) {
  const rep = await submit(owner, propertyId, grossRent, expenses);
  expect(rep.statusCode).toBe(201);
  const ok = await call(t.app, { method: 'PATCH', url: `/v1/income-reports/${rep.json()._id}/approve`, as: admin, payload: dates });
  expect(ok.statusCode).toBe(200);
  return ok.json<{
    report: { _id: string };
    distribution: {
      _id: string;
      distributable: number;
      managementFee: number;
      netIncome: number;
      carriedLossIn: number;
      carriedLossOut: number;
      status: string;
    };
  }>();
}

const pay = (id: string) => call(t.app, { method: 'POST', url: `/v1/distributions/${id}/pay`, as: admin });

async function holdersOf(id: string) {
  return queryRows<{ holder_id: string; is_owner: boolean; units: number; cents: string }>(
    t.app,
    sql`SELECT holder_id, is_owner, units, cents FROM distribution_holders WHERE distribution_id = ${id} ORDER BY holder_id`,
  );
}

/** Wallets, ledger, holdings and orders: what a refused payment must not change (it records why it was refused, and the audit trail records the attempt). */
async function moneyState(): Promise<string> {
  const out: unknown[] = [];
  for (const table of ['wallets', 'ledger_entries', 'holdings', 'orders'])
    out.push(await queryRows(t.app, sql.raw(`SELECT * FROM ${table} ORDER BY 1, 2`)));
  return JSON.stringify(out);
}

const platformBalance = async () =>
  Number(
    (
      await queryRows<{ b: string | null }>(
        t.app,
        sql`SELECT (SELECT balance_cents FROM wallets WHERE user_id = platform_revenue_account()) AS b`,
      )
    )[0].b ?? 0,
  );

describe('income reports', () => {
  let owner: TestUser;
  let propertyId: string;
  beforeAll(async () => {
    owner = await verifiedOwner();
    ({ propertyId } = await fundedProperty(owner, 10, [2, 3]));
  });

  it('refuses a property that does not produce income, overlapping periods, unfinished periods; each refusal changes nothing', async () => {
    // Off-plan, not converted: no income yet (a rental-ready one on sale does produce income).
    const active = (
      await makeProperty(t.app, owner, { type: 'OFF_PLAN', approveAs: admin, body: { totalQuantity: 10, unitPrice: 5, progress: 50 } })
    )._id;
    const first = await submit(owner, propertyId, 1000, { propertyTax: 100 });
    expect(first.statusCode).toBe(201);
    const period = { periodStart: first.json().periodStart as string, periodEnd: first.json().periodEnd as string };
    const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const stranger = await verifiedOwner();
    const before = await dbState();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ propertyId: active, ...nextPeriod(), grossRent: 10, expenses: {} }, 409, /income-producing properties only/],
      [
        { propertyId, periodStart: shift(period.periodStart, 5), periodEnd: shift(period.periodEnd, 5), grossRent: 10, expenses: {} },
        409,
        /overlaps the report for/,
      ],
      [{ propertyId, ...period, grossRent: 10, expenses: {} }, 409, /overlaps/],
      [{ propertyId, periodStart: day(-3), periodEnd: today(), grossRent: 10, expenses: {} }, 400, /ended before today/],
      [{ propertyId, periodStart: day(-3), periodEnd: day(-5), grossRent: 10, expenses: {} }, 400, /end on or after its start/],
      [{ propertyId, periodStart: day(-800), periodEnd: day(-2), grossRent: 10, expenses: {} }, 400, /at most one year/],
      [{ propertyId, ...nextPeriod(), grossRent: -1, expenses: {} }, 400, /greater than zero/],
      [{ propertyId, ...nextPeriod(), grossRent: 10.001, expenses: {} }, 400, /two decimals/],
      [{ propertyId, ...nextPeriod(), grossRent: 10, expenses: { rent: 5 } }, 400, /must NOT have additional properties|not allowed/],
      [{ propertyId, ...nextPeriod(), grossRent: 10, expenses: { hoa: 'x' } }, 400, /number/],
      [{ propertyId, periodStart: '2026-02-30', periodEnd: '2026-03-01', grossRent: 10, expenses: {} }, 400, /date/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call(t.app, { method: 'POST', url: '/v1/income-reports', as: owner, payload });
      expect({ status: res.statusCode, payload }).toEqual({ status, payload });
      expect([res.json().message].flat().join(' ')).toMatch(message);
    }
    // Someone else's property does not exist for this owner.
    expect((await submit(stranger, propertyId, 10)).statusCode).toBe(404);
    expect(await dbState()).toBe(before);
  });

  it('receipts: PDF or images, checked by content; the owner only; not once decided', async () => {
    const rep = (await submit(owner, propertyId, 500, { utilities: 20 })).json();
    const pdf = multipart([{ field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', data: PDF }]);
    const ok = await call(t.app, {
      method: 'PATCH',
      url: `/v1/income-reports/${rep._id}/receipts`,
      as: owner,
      payload: pdf.payload,
      headers: pdf.headers,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().receipts).toEqual([expect.objectContaining({ name: 'receipt.pdf', mimeType: 'application/pdf' })]);

    const other = await verifiedOwner();
    const before = await dbState();
    const fake = multipart([
      { field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', data: Buffer.from('not a pdf at all') },
    ]);
    const bad = await call(t.app, {
      method: 'PATCH',
      url: `/v1/income-reports/${rep._id}/receipts`,
      as: owner,
      payload: fake.payload,
      headers: fake.headers,
    });
    expect(bad.statusCode).toBe(400);
    const pdf2 = multipart([{ field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', data: PDF }]);
    expect(
      (
        await call(t.app, {
          method: 'PATCH',
          url: `/v1/income-reports/${rep._id}/receipts`,
          as: other,
          payload: pdf2.payload,
          headers: pdf2.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(await dbState()).toBe(before);

    // The receipt is private: the owner and admins download it by its signed link.
    const url = ok.json().receipts[0].url as string;
    expect((await call(t.app, { method: 'GET', url })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: url.split('?')[0] })).statusCode).toBe(404);

    const rejected = await call(t.app, {
      method: 'PATCH',
      url: `/v1/income-reports/${rep._id}/reject`,
      as: admin,
      payload: { reason: 'Receipts do not match the rent' },
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', rejectionReason: 'Receipts do not match the rent' });
    const pdf3 = multipart([{ field: 'files', filename: 'late.pdf', contentType: 'application/pdf', data: PDF }]);
    const late = await call(t.app, {
      method: 'PATCH',
      url: `/v1/income-reports/${rep._id}/receipts`,
      as: owner,
      payload: pdf3.payload,
      headers: pdf3.headers,
    });
    expect(late.statusCode).toBe(409);
  });

  it('admin review: approve declares the distribution, reject needs a reason, a decision is final, the audit trail records both', async () => {
    const rep = (await submit(owner, propertyId, 1234.56, { management: 100, maintenanceRepairs: 34.56, insurance: 50 })).json();
    expect(rep).toMatchObject({
      status: 'SUBMITTED',
      grossRent: 1234.56,
      totalExpenses: 184.56,
      expenses: { management: 100, maintenanceRepairs: 34.56, insurance: 50, hoa: 0 },
    });
    const queue = await call(t.app, { method: 'GET', url: '/v1/income-reports/admin?status=SUBMITTED', as: admin });
    expect(queue.json().map((r: { _id: string }) => r._id)).toContain(rep._id);

    const before = await dbState();
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/income-reports/${rep._id}/reject`, as: admin, payload: { reason: '   ' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/income-reports/${rep._id}/approve`, as: admin, payload: { recordDate: day(-1) } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, {
          method: 'PATCH',
          url: `/v1/income-reports/${rep._id}/approve`,
          as: admin,
          payload: { recordDate: day(3), payDate: day(2) },
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(t.app, { method: 'PATCH', url: `/v1/income-reports/${rep._id}/approve`, as: owner, payload: {} })).statusCode).toBe(
      403,
    );
    expect(await dbState()).toBe(before);

    const ok = await call(t.app, { method: 'PATCH', url: `/v1/income-reports/${rep._id}/approve`, as: admin, payload: {} });
    expect(ok.statusCode).toBe(200);
    const d = ok.json().distribution;
    // Fee: 8% of 1234.56 = 98.7648 -> 98.76; net = 1234.56 - 184.56 - 98.76 = 951.24.
    expect(d).toMatchObject({
      status: 'DECLARED',
      grossRent: 1234.56,
      totalExpenses: 184.56,
      feePercent: 8,
      managementFee: 98.76,
      netIncome: 951.24,
      distributable: 951.24,
      recordDate: today(),
      payDate: day(7),
      totalUnits: null,
    });
    expect(ok.json().report).toMatchObject({ status: 'APPROVED', distributionId: d._id });
    const again = await call(t.app, { method: 'PATCH', url: `/v1/income-reports/${rep._id}/approve`, as: admin, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This report is already approved');
    const audit = await queryRows<{ action: string }>(
      t.app,
      sql`SELECT action FROM audit_log WHERE target_id = ${rep._id} ORDER BY created_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['income_report.submit', 'income_report.approve']);
  });

  it('an off-plan property produces income once construction is complete and an admin converts it', async () => {
    const { _id } = await makeProperty(t.app, owner, {
      type: 'OFF_PLAN',
      approveAs: admin,
      body: { totalQuantity: 2, unitPrice: 10, progress: 80 },
    });
    const inv = await makeInvestor(t, 20);
    expect((await placeOrder(t.app, inv, _id, 2)).statusCode).toBe(201);
    await approveOrders(_id);
    expect((await submit(owner, _id, 100)).statusCode).toBe(409);
    expect((await call(t.app, { method: 'PATCH', url: `/v1/properties/${_id}/income-producing`, as: admin })).json().message).toMatch(
      /not reported construction complete/,
    );
    const done = await call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${_id}/construction-complete`, as: owner });
    expect(done.json()).toMatchObject({ propertyId: _id, incomeProducing: false, constructionCompletedAt: expect.any(String) });
    const conv = await call(t.app, { method: 'PATCH', url: `/v1/properties/${_id}/income-producing`, as: admin });
    expect(conv.json()).toMatchObject({ incomeProducing: true });
    expect((await submit(owner, _id, 100)).statusCode).toBe(201);
  });
});

describe('distributions', () => {
  it('1 cent among 3 equal holders: the smallest holder id gets it; the sum is exact', async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await fundedProperty(owner, 1, [1, 1, 1]);
    // rent 1.00, fee 0.08, expenses 0.91 -> 1 cent
    const { distribution } = await declare(owner, propertyId, 1, { other: 0.91 });
    expect(distribution).toMatchObject({ managementFee: 0.08, netIncome: 0.01, distributable: 0.01 });
    const res = await pay(distribution._id);
    expect(res.json()).toMatchObject({ result: 'PAID', distribution: { status: 'PAID', totalUnits: 3 } });
    const holders = await holdersOf(distribution._id);
    const first = [...investors].map((i) => i.id).sort()[0];
    expect(holders.map((h) => [h.holder_id, Number(h.cents)])).toEqual(
      investors
        .map((i) => i.id)
        .sort()
        .map((id) => [id, id === first ? 1 : 0]),
    );
    for (const inv of investors) expect(await walletBalance(t.app, inv)).toBe(inv.id === first ? 0.01 : 0);
  });

  it("odd totals: the split is the largest-remainder split, unsold units are the owner's, the fee reaches the platform account", async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await fundedProperty(owner, 10, [3, 3, 1, 5, 2]);
    // One more unit is reserved by a PENDING order: counted as the owner's at the record date.
    const ownerBefore = await walletBalance(t.app, owner);
    const revenueBefore = await platformBalance();
    const { distribution } = await declare(owner, propertyId, 123.45, { hoa: 10, propertyTax: 3.33 });
    // fee 9.88 (9.876), net 123.45 - 13.33 - 9.88 = 100.24
    expect(distribution).toMatchObject({ managementFee: 9.88, netIncome: 100.24, distributable: 100.24 });
    expect((await pay(distribution._id)).json().result).toBe('PAID');
    const holders = await holdersOf(distribution._id);
    const expected = splitLargestRemainder(
      10024,
      investors.map((inv, i) => ({ id: inv.id, units: [3, 3, 1, 5, 2][i] })),
    );
    expect(Object.fromEntries(holders.map((h) => [h.holder_id, Number(h.cents)]))).toEqual(Object.fromEntries(expected));
    expect(holders.reduce((a, h) => a + Number(h.cents), 0)).toBe(10024);
    expect(await walletBalance(t.app, owner)).toBeCloseTo(ownerBefore - 100.24 - 9.88, 2);
    expect((await platformBalance()) - revenueBefore).toBe(988);
    const admins = (await call(t.app, { method: 'GET', url: '/v1/distributions/admin?status=PAID', as: admin })).json();
    expect(admins.revenueBalance).toBe((await platformBalance()) / 100);
    // The investor's transactions show the payment as a ledger entry linked to the distribution.
    const entries = await queryRows<{ type: string; amount_cents: string }>(
      t.app,
      sql`SELECT type, amount_cents FROM ledger_entries WHERE distribution_id = ${distribution._id} AND user_id = ${investors[3].id}`,
    );
    expect(entries.map((e) => [e.type, Number(e.amount_cents)])).toEqual([['DISTRIBUTION_PAYMENT', expected.get(investors[3].id)]]);
  });

  it("units not held by investors are the owner's share, kept by the owner: only the sold units' share is funded", async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await fundedProperty(owner, 10, [4, 6], { approve: false });
    // Complete the first order only: the second one's 6 units are reserved, the owner's at the record date.
    const [o] = await queryRows<{ id: string }>(t.app, sql`SELECT id FROM orders WHERE investor_id = ${investors[0].id}`);
    await call(t.app, { method: 'PATCH', url: `/v1/orders/${o.id}/review`, as: admin, payload: { decision: 'APPROVE' } });
    await fund(t, owner, 100);
    const { distribution } = await declare(owner, propertyId, 100);
    expect((await pay(distribution._id)).json().result).toBe('PAID');
    const holders = await holdersOf(distribution._id);
    expect(holders.map((h) => ({ owner: h.is_owner, units: h.units, cents: Number(h.cents) })).sort((a, b) => a.units - b.units)).toEqual([
      { owner: false, units: 4, cents: 3680 },
      { owner: true, units: 6, cents: 5520 },
    ]);
    const entries = await queryRows<{ user_id: string; type: string; amount_cents: string }>(
      t.app,
      sql`SELECT user_id, type, amount_cents FROM ledger_entries WHERE distribution_id = ${distribution._id} AND type LIKE 'DISTRIBUTION%' ORDER BY type`,
    );
    expect(entries.map((e) => [e.user_id === owner.id ? 'owner' : e.user_id, e.type, Number(e.amount_cents)])).toEqual([
      ['owner', 'DISTRIBUTION_FUNDING', -3680],
      [investors[0].id, 'DISTRIBUTION_PAYMENT', 3680],
    ]);
    await approveOrders(propertyId);
  });

  it('an owner wallet that does not cover it: refused with the reason, nothing moves; paid on retry once funded', async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await fundedProperty(owner, 10, [5, 5]);
    // The owner's wallet holds the sales: 100.00. Distribute 200 - 0 - 16 = 184.
    const { distribution } = await declare(owner, propertyId, 200);
    const before = await moneyState();
    const res = await pay(distribution._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      result: 'REFUSED',
      distribution: {
        status: 'RECORDED',
        refusedReason:
          "The owner's wallet holds $100.00; paying this distribution needs $200.00 (net income $184.00 + management fee $16.00)",
      },
    });
    expect(await moneyState()).toBe(before);
    const refused = (await call(t.app, { method: 'GET', url: '/v1/distributions/admin?refused=true', as: admin })).json();
    expect(refused.items.map((d: { _id: string }) => d._id)).toContain(distribution._id);
    // The job leaves a refusal alone for an hour, then tries again.
    expect(await runDueDistributions(t.app)).toMatchObject({ paid: 0 });
    await fund(t, owner, 150);
    const ok = await pay(distribution._id);
    expect(ok.json()).toMatchObject({ result: 'PAID', distribution: { status: 'PAID', refusedReason: null } });
    expect(await walletBalance(t.app, investors[0])).toBe(92);
    expect(await walletBalance(t.app, owner)).toBe(50);
  });

  it('negative net income pays nothing, is carried forward and reduces the next distribution; the fee is still charged', async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await fundedProperty(owner, 100, [1, 1]);
    const revenueBefore = await platformBalance();
    const loss = (await declare(owner, propertyId, 1000, { maintenanceRepairs: 1500 })).distribution;
    expect(loss).toMatchObject({ managementFee: 80, netIncome: -580, distributable: 0, carriedLossIn: 0, carriedLossOut: 580 });
    expect((await pay(loss._id)).json().result).toBe('PAID');
    expect(await walletBalance(t.app, investors[0])).toBe(0);
    const partly = (await declare(owner, propertyId, 500, { utilities: 40 })).distribution;
    // net 500 - 40 - 40 = 420, all absorbed: 160 still carried.
    expect(partly).toMatchObject({ netIncome: 420, carriedLossIn: 580, distributable: 0, carriedLossOut: 160 });
    expect((await pay(partly._id)).json().result).toBe('PAID');
    await fund(t, owner, 1000);
    const next = (await declare(owner, propertyId, 1000)).distribution;
    expect(next).toMatchObject({ netIncome: 920, carriedLossIn: 160, distributable: 760, carriedLossOut: 0 });
    expect((await pay(next._id)).json().result).toBe('PAID');
    expect(await walletBalance(t.app, investors[0])).toBe(380);
    expect((await platformBalance()) - revenueBefore).toBe(8000 + 4000 + 8000);
    const perf = (await call(t.app, { method: 'GET', url: `/v1/properties/${propertyId}/performance` })).json();
    expect(perf.distributions.map((d: { carriedLossOut: number }) => d.carriedLossOut)).toEqual([0, 160, 580]);
  });

  it('paid once: retries, parallel calls and the job answer ALREADY_PAID', async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await fundedProperty(owner, 10, [2, 2, 2]);
    const { distribution } = await declare(owner, propertyId, 60);
    const results = await Promise.all(Array.from({ length: 8 }, () => pay(distribution._id)));
    expect(results.map((r) => r.json().result).sort()).toEqual([
      'ALREADY_PAID',
      'ALREADY_PAID',
      'ALREADY_PAID',
      'ALREADY_PAID',
      'ALREADY_PAID',
      'ALREADY_PAID',
      'ALREADY_PAID',
      'PAID',
    ]);
    expect((await pay(distribution._id)).json().result).toBe('ALREADY_PAID');
    expect(await runDueDistributions(t.app)).toMatchObject({ paid: 0 });
    for (const inv of investors) expect(await walletBalance(t.app, inv)).toBe(18.4);
    // Money entries are only ever written by the trigger: a hand-written payment is refused.
    await expect(
      t.app.db.execute(
        sql`INSERT INTO ledger_entries (user_id, type, amount_cents, distribution_id, property_id) VALUES (${investors[0].id}, 'DISTRIBUTION_PAYMENT', 1, ${distribution._id}, ${propertyId})`,
      ),
    ).rejects.toThrow();
    await expect(t.app.db.execute(sql`UPDATE distributions SET status = 'RECORDED' WHERE id = ${distribution._id}`)).rejects.toThrow();
  });

  it('the job: snapshot on the record date, payment on the pay date, several instances on one database pay once', async () => {
    const owner = await verifiedOwner();
    const { propertyId } = await fundedProperty(owner, 10, [1, 2]);
    const later = (await declare(owner, propertyId, 30, {}, { recordDate: today(), payDate: day(2) })).distribution;
    const now = (await declare(owner, propertyId, 30, {}, { recordDate: today(), payDate: today() })).distribution;
    // A second API instance on the same database (same schema on PostgreSQL; PGlite has one process, so the same app).
    const second = onPostgres ? await buildApp({ ...t.config, seed: false }, { logger: false }) : t.app;
    try {
      const runs = await Promise.all([runDueDistributions(t.app), runDueDistributions(second), runDueDistributions(t.app)]);
      expect(runs.reduce((a, r) => a + r.paid, 0)).toBeGreaterThanOrEqual(1);
      const states = await queryRows<{ id: string; status: string }>(
        t.app,
        sql`SELECT id, status FROM distributions WHERE id IN (${later._id}, ${now._id})`,
      );
      expect(Object.fromEntries(states.map((s) => [s.id, s.status]))).toEqual({ [later._id]: 'RECORDED', [now._id]: 'PAID' });
      const n = await queryRows<{ n: string }>(t.app, sql`SELECT count(*) AS n FROM ledger_entries WHERE distribution_id = ${now._id}`);
      expect(Number(n[0].n)).toBe(5); // funding, fee charged, fee received, two payments
      // Two days on, the other one is paid, once.
      await fund(t, owner, 30);
      const runs2 = await Promise.all([runDueDistributions(t.app, day(2)), runDueDistributions(second, day(2))]);
      expect(runs2.reduce((a, r) => a + r.paid, 0)).toBe(1);
      expect(runs2.reduce((a, r) => a + r.refused, 0)).toBe(0);
    } finally {
      if (second !== t.app) await second.close();
    }
  });

  it('the job: a payment that fails rolls back whole and does not hold up the others', async () => {
    const owner = await verifiedOwner();
    const { propertyId } = await fundedProperty(owner, 10, [1, 1]);
    await fund(t, owner, 100);
    const a = (await declare(owner, propertyId, 20)).distribution;
    const b = (await declare(owner, propertyId, 20)).distribution;
    await t.app.db.execute(
      sql.raw(`CREATE FUNCTION test_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.distribution_id = '${a._id}' AND NEW.type = 'DISTRIBUTION_PAYMENT' THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END $$`),
    );
    await t.app.db.execute(sql.raw('CREATE TRIGGER test_fault BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION test_fault()'));
    let run;
    try {
      run = await runDueDistributions(t.app);
    } finally {
      await t.app.db.execute(sql.raw('DROP TRIGGER test_fault ON ledger_entries'));
      await t.app.db.execute(sql.raw('DROP FUNCTION test_fault()'));
    }
    expect(run).toMatchObject({ paid: 1, failed: 1 });
    const states = await queryRows<{ id: string; status: string; n: string }>(
      t.app,
      sql`SELECT d.id, d.status, (SELECT count(*) FROM ledger_entries l WHERE l.distribution_id = d.id) AS n FROM distributions d WHERE d.id IN (${a._id}, ${b._id})`,
    );
    expect(Object.fromEntries(states.map((x) => [x.id, [x.status, Number(x.n)]]))).toEqual({
      [a._id]: ['DECLARED', 0],
      [b._id]: ['PAID', 5],
    });
    expect(await runDueDistributions(t.app)).toMatchObject({ paid: 1, failed: 0 });
  });

  it('the record-date snapshot is consistent while orders complete concurrently', async () => {
    const owner = await verifiedOwner();
    const units = Array.from({ length: 12 }, (_, i) => 1 + (i % 3));
    const { propertyId, investors } = await fundedProperty(owner, 5, units, { approve: false });
    const orders = await queryRows<{ id: string; investor_id: string; quantity: number }>(
      t.app,
      sql`SELECT id, investor_id, quantity FROM orders WHERE property_id = ${propertyId}`,
    );
    const { distribution } = await declare(owner, propertyId, 300, {}, { recordDate: today(), payDate: day(5) });
    const approvals = orders.map((o) =>
      call(t.app, { method: 'PATCH', url: `/v1/orders/${o.id}/review`, as: admin, payload: { decision: 'APPROVE' } }),
    );
    const recorded = runDueDistributions(t.app);
    const [run] = await Promise.all([recorded, ...approvals]);
    expect(run.recorded).toBe(1);
    const holders = await holdersOf(distribution._id);
    // Every investor in the snapshot holds exactly their order; the rest is the owner's.
    const held = holders.filter((h) => !h.is_owner);
    for (const h of held) expect(h.units).toBe(orders.find((o) => o.investor_id === h.holder_id)?.quantity);
    const ownerUnits = holders.find((h) => h.is_owner)?.units ?? 0;
    expect(ownerUnits + held.reduce((a, h) => a + h.units, 0)).toBe(units.reduce((a, b) => a + b, 0));
    expect(investors.length).toBe(12);
    // Orders completing after the snapshot do not change it.
    await approveOrders(propertyId);
    expect(await holdersOf(distribution._id)).toEqual(holders);
  });

  // 10,000 holders on PostgreSQL; 2,000 on PGlite (one query at a time, ~40 s for 10,000 there).
  const HOLDERS = onPostgres ? 10_000 : 2_000;
  it(`${HOLDERS} holders: the cents add up to the net income exactly, each the largest-remainder share`, async () => {
    const owner = await verifiedOwner();
    const CYCLE = 3;
    const total = bulkUnits(HOLDERS, CYCLE);
    const { _id: propertyId } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: total, unitPrice: 1 } });
    await bulkHolders((s) => t.app.db.execute(sql.raw(s)), {
      propertyId,
      holders: HOLDERS,
      cycle: CYCLE,
      unitPriceCents: 100,
      tag: `t${Date.now()}`,
    });
    // Odd totals: 99,999.97 of rent -> fee 7,999.9976 -> 8,000.00; net 91,999.97.
    await fund(t, owner, 100_000);
    const { distribution } = await declare(owner, propertyId, 99_999.97);
    expect(distribution.distributable).toBe(91_999.97);
    expect((await pay(distribution._id)).json().result).toBe('PAID');
    const [sum] = await queryRows<{ n: string; cents: string; paid: string }>(
      t.app,
      sql`SELECT count(*) AS n, sum(cents) AS cents, (SELECT sum(amount_cents) FROM ledger_entries WHERE distribution_id = ${distribution._id} AND type = 'DISTRIBUTION_PAYMENT') AS paid
          FROM distribution_holders WHERE distribution_id = ${distribution._id}`,
    );
    expect({ n: Number(sum.n), cents: Number(sum.cents), paid: Number(sum.paid) }).toEqual({
      n: HOLDERS,
      cents: 9_199_997,
      paid: 9_199_997,
    });
    // Same split as the contract's pure function.
    const holders = await holdersOf(distribution._id);
    const expected = splitLargestRemainder(
      9_199_997,
      holders.map((h) => ({ id: h.holder_id, units: h.units })),
    );
    expect(holders.every((h) => Number(h.cents) === expected.get(h.holder_id))).toBe(true);
  }, 180_000);

  it('the invariant function catches a payment that does not match the snapshot', async () => {
    const [d] = await queryRows<{ id: string; property_id: string }>(
      t.app,
      sql`SELECT id, property_id FROM distributions WHERE status = 'PAID' AND distributable_cents > 0 LIMIT 1`,
    );
    const [someone] = await queryRows<{ holder_id: string }>(
      t.app,
      sql`SELECT holder_id FROM distribution_holders WHERE distribution_id = ${d.id} AND cents > 0 LIMIT 1`,
    );
    const found = await t.app.db
      .transaction(async (tx) => {
        // Bypass the guards the way only a superuser could, then look, then roll back.
        await tx.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_change`);
        await tx.execute(
          sql`UPDATE ledger_entries SET amount_cents = amount_cents + 1 WHERE distribution_id = ${d.id} AND user_id = ${someone.holder_id}`,
        );
        const v = (
          (await tx.execute(sql`SELECT invariant FROM money_invariant_violations()`)) as unknown as { rows: { invariant: string }[] }
        ).rows;
        throw Object.assign(new Error('rollback'), { v });
      })
      .catch((e: { v?: { invariant: string }[] }) => e.v ?? []);
    expect(found.map((f) => f.invariant)).toEqual(
      expect.arrayContaining([
        'wallet balance = sum of its ledger entries',
        'distribution entries match its status',
        "distribution payment = the holder's share in the snapshot",
      ]),
    );
  });
});

describe('appraisals and returns', () => {
  it('an investor sees income, yield, value and total return; the public sees the latest appraisal and the distribution history', async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await fundedProperty(owner, 50, [4, 6]);
    const [inv] = investors;
    const empty = (await call(t.app, { method: 'GET', url: '/v1/holdings/returns', as: inv })).json();
    expect(empty.holdings[0]).toMatchObject({
      propertyId,
      quantity: 4,
      cost: 200,
      currentValue: 200,
      incomeReceived: 0,
      realizedAnnualYield: null,
      valuePerUnit: null,
      distributions: [],
    });

    await fund(t, owner, 1000);
    const { distribution } = await declare(owner, propertyId, 1000, { insurance: 120 });
    // 1000 - 120 - 80 = 800 -> 320 for 4 of 10 units
    expect((await pay(distribution._id)).json().result).toBe('PAID');
    const bad = await call(t.app, {
      method: 'POST',
      url: `/v1/properties/${propertyId}/appraisals`,
      as: admin,
      payload: { valuePerUnit: 55, appraisedOn: day(1) },
    });
    expect(bad.statusCode).toBe(400);
    const appr = await call(t.app, {
      method: 'POST',
      url: `/v1/properties/${propertyId}/appraisals`,
      as: admin,
      payload: { valuePerUnit: 55, appraisedOn: today(), note: 'Broker opinion' },
    });
    expect(appr.statusCode).toBe(201);
    const doc = multipart([{ field: 'file', filename: 'appraisal.pdf', contentType: 'application/pdf', data: PDF }]);
    const withDoc = await call(t.app, {
      method: 'PATCH',
      url: `/v1/appraisals/${appr.json()._id}/document`,
      as: admin,
      payload: doc.payload,
      headers: doc.headers,
    });
    expect(withDoc.json().document).toMatchObject({ name: 'appraisal.pdf' });

    const r = (await call(t.app, { method: 'GET', url: '/v1/holdings/returns', as: inv })).json();
    expect(r.holdings[0]).toMatchObject({
      incomeReceived: 320,
      incomeThisYear: 320,
      valuePerUnit: 55,
      currentValue: 220,
      unrealizedGain: 20,
      totalReturn: 340,
      totalReturnPercent: 170,
      projectedAnnualReturn: 8,
      reinvest: false,
    });
    expect(r.holdings[0].realizedAnnualYield).toBeGreaterThan(0);
    expect(r.holdings[0].distributions[0]).toMatchObject({
      _id: distribution._id,
      grossRent: 1000,
      totalExpenses: 120,
      managementFee: 80,
      netIncome: 800,
      perUnit: 80,
      myUnits: 4,
      myAmount: 320,
    });
    expect(r.total).toMatchObject({ incomeReceived: 320, currentValue: 220, cost: 200 });
    expect(r.incomeOverTime.at(-1)).toEqual({ date: today(), amount: 320 });
    // The value chart is the account value (the units at their mark plus the wallet's cash) and ends at the card.
    expect(r.total.accountValue).toBe(220 + (await walletBalance(t.app, inv)));
    expect(r.valueOverTime.at(-1)).toEqual({ date: today(), amount: r.total.accountValue });

    const pub = await call(t.app, { method: 'GET', url: `/v1/properties/${propertyId}/performance` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({
      incomeProducing: true,
      latestAppraisal: { valuePerUnit: 55, appraisedOn: today() },
      distributions: [{ _id: distribution._id, status: 'PAID', netIncome: 800 }],
    });
    expect((await call(t.app, { method: 'GET', url: `/v1/properties/${propertyId}/appraisals` })).json()).toHaveLength(1);

    const set = await call(t.app, { method: 'PUT', url: `/v1/holdings/${propertyId}/reinvest`, as: inv, payload: { enabled: true } });
    expect(set.json()).toEqual({ propertyId, enabled: true });
    const stranger = await makeInvestor(t);
    expect(
      (await call(t.app, { method: 'PUT', url: `/v1/holdings/${propertyId}/reinvest`, as: stranger, payload: { enabled: true } }))
        .statusCode,
    ).toBe(404);
  });

  it('reinvest: after a payment, whole units of the same property are ordered when available; the rest stays', async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await fundedProperty(owner, 30, [8, 2], { approve: false });
    const [a, b] = investors;
    const [oa] = await queryRows<{ id: string }>(t.app, sql`SELECT id FROM orders WHERE investor_id = ${a.id}`);
    await call(t.app, { method: 'PATCH', url: `/v1/orders/${oa.id}/review`, as: admin, payload: { decision: 'APPROVE' } });
    await call(t.app, { method: 'PUT', url: `/v1/holdings/${propertyId}/reinvest`, as: a, payload: { enabled: true } });
    await fund(t, owner, 1000);
    const { distribution } = await declare(owner, propertyId, 1000);
    // B cancels: 2 units are for sale again.
    const [ob] = await queryRows<{ id: string }>(t.app, sql`SELECT id FROM orders WHERE investor_id = ${b.id}`);
    expect((await call(t.app, { method: 'PATCH', url: `/v1/orders/${ob.id}/cancel`, as: b })).statusCode).toBe(200);
    expect((await pay(distribution._id)).json().result).toBe('PAID');
    // A's share: 8/10 of 920 = 736; 24 units affordable, 2 available: one PENDING order of 2 (60.00).
    const orders = await queryRows<{ quantity: number; status: string }>(
      t.app,
      sql`SELECT quantity, status FROM orders WHERE investor_id = ${a.id} ORDER BY created_at`,
    );
    expect(orders).toEqual([
      { quantity: 8, status: 'COMPLETED' },
      { quantity: 2, status: 'PENDING' },
    ]);
    expect(await walletBalance(t.app, a)).toBe(736 - 60);
    // Once per distribution, whatever retries happen.
    expect((await pay(distribution._id)).json().result).toBe('ALREADY_PAID');
    await approveOrders(propertyId);
  });
});
