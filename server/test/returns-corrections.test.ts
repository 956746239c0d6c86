// Corrections to returns: the appraisal guard, voiding an appraisal, cancelling a distribution
// not yet paid, and rent paid pro rata on a property partly sold. Through the real app on a
// real database (PGlite; PostgreSQL with DATABASE_URL); every test ends with the money
// invariants intact.
import { sql } from 'drizzle-orm';
import { RETURNS_MESSAGES, appraisalChangeMessage, appraisalChangePercent } from 'shared-api/contract/dashboard';
import { runDueDistributions } from '../src/modules/returns/service';
import {
  buildTestApp,
  call,
  fund,
  invariantViolations,
  makeInvestor,
  makeProperty,
  makeUser,
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
const verifiedOwner = () => makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });

const approveOrders = (propertyId: string) => approvePendingOrders(t.app, admin, propertyId);

/** A RENTAL_READY property of `total` units; `units` bought by one investor each, completed. */
async function property(owner: TestUser, unitPrice: number, total: number, units: number[]) {
  const { _id } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: total, unitPrice } });
  const investors: TestUser[] = [];
  for (const n of units) {
    const inv = await makeInvestor(t, n * unitPrice);
    expect((await placeOrder(t.app, inv, _id, n)).statusCode).toBe(201);
    investors.push(inv);
  }
  await approveOrders(_id);
  return { propertyId: _id, investors };
}

let cursor = 400;
function nextPeriod() {
  cursor -= 32;
  return { periodStart: day(-cursor - 30), periodEnd: day(-cursor) };
}

const submit = (owner: TestUser, propertyId: string, grossRent: number, period = nextPeriod()) =>
  call(t.app, { method: 'POST', url: '/v1/income-reports', as: owner, payload: { propertyId, ...period, grossRent, expenses: {} } });

async function declare(owner: TestUser, propertyId: string, grossRent: number, period = nextPeriod()) {
  const rep = await submit(owner, propertyId, grossRent, period);
  expect(rep.statusCode).toBe(201);
  const ok = await call(t.app, {
    method: 'PATCH',
    url: `/v1/income-reports/${rep.json()._id}/approve`,
    as: admin,
    payload: { recordDate: today(), payDate: today() },
  });
  expect(ok.statusCode).toBe(200);
  return ok.json<{ distribution: { _id: string; distributable: number; managementFee: number } }>().distribution;
}

const appraise = (propertyId: string, valuePerUnit: number, extra: Record<string, unknown> = {}, as = admin) =>
  call(t.app, {
    method: 'POST',
    url: `/v1/properties/${propertyId}/appraisals`,
    as,
    payload: { valuePerUnit, appraisedOn: today(), note: 'Valuation', ...extra },
  });

const reference = async (propertyId: string) => {
  const [r] = await queryRows<{ price_cents: string; basis: string }>(t.app, sql`SELECT * FROM market_reference_price(${propertyId})`);
  return { cents: Number(r.price_cents), basis: r.basis };
};

const noticesOf = (userId: string, kind: string) =>
  queryRows<{ title: string; body: string; data: Record<string, unknown> }>(
    t.app,
    sql`SELECT title, body, data FROM notifications WHERE user_id = ${userId} AND kind = ${kind} ORDER BY created_at`,
  );

const auditOf = (targetId: string, action: string) =>
  queryRows<{ detail: Record<string, unknown> }>(
    t.app,
    sql`SELECT detail FROM audit_log WHERE target_id = ${targetId} AND action = ${action} ORDER BY created_at`,
  );

describe('appraisals', () => {
  it('a move beyond the limit from the latest appraisal needs confirmLargeChange; the message gives the change', async () => {
    const owner = await verifiedOwner();
    const { propertyId } = await property(owner, 10, 10, [4]);
    // The first appraisal has nothing to compare with.
    expect((await appraise(propertyId, 10)).statusCode).toBe(201);
    // Within 25%: recorded as is.
    expect((await appraise(propertyId, 12.5)).statusCode).toBe(201);
    const before = await snapshot(t.app);
    const typo = await appraise(propertyId, 1250);
    expect(typo.statusCode).toBe(409);
    expect(appraisalChangePercent(1250, 125_000)).toBe(9900);
    expect(typo.json().message).toBe(appraisalChangeMessage(9900, 25));
    expect(typo.json().message).toMatch(/\+9900%/);
    expect((await appraise(propertyId, 1250, { confirmLargeChange: false })).statusCode).toBe(409);
    const down = await appraise(propertyId, 5);
    expect(down.json().message).toBe(appraisalChangeMessage(-60, 25));
    expect(await snapshot(t.app)).toBe(before);
    // Unknown fields are refused as before.
    expect((await appraise(propertyId, 12, { confirm: true })).statusCode).toBe(400);
    const ok = await appraise(propertyId, 1250, { confirmLargeChange: true });
    expect(ok.statusCode).toBe(201);
    const [a] = await auditOf(ok.json()._id, 'appraisal.create');
    expect(a.detail).toMatchObject({
      previousValuePerUnitCents: 1250,
      valuePerUnitCents: 125_000,
      changePercent: 9900,
      confirmedLargeChange: true,
    });
  });

  it('the limit is configurable', async () => {
    const strict = await buildTestApp({ appraisalMaxChangePct: 5 });
    try {
      const a = await makeUser(strict.app, 'ADMIN');
      const owner = await makeUser(strict.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
      const { _id } = await makeProperty(strict.app, owner, { approveAs: a, body: { totalQuantity: 10, unitPrice: 10 } });
      const post = (v: number) =>
        call(strict.app, {
          method: 'POST',
          url: `/v1/properties/${_id}/appraisals`,
          as: a,
          payload: { valuePerUnit: v, appraisedOn: today() },
        });
      expect((await post(10)).statusCode).toBe(201);
      expect((await post(10.5)).statusCode).toBe(201);
      const r = await post(11.1);
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(appraisalChangeMessage(5.7, 5));
    } finally {
      await strict.close();
    }
  });

  it('voiding: kept on record, counted nowhere (investors, public, market band); holders told; audited; once only', async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await property(owner, 10, 10, [4, 3]);
    const [inv] = investors;
    expect((await appraise(propertyId, 11)).statusCode).toBe(201);
    const typo = (await appraise(propertyId, 1100, { confirmLargeChange: true })).json();
    // The mistake is everywhere at once...
    expect(await reference(propertyId)).toEqual({ cents: 110_000, basis: 'APPRAISAL' });
    const mine = async () => (await call(t.app, { method: 'GET', url: '/v1/holdings/returns', as: inv })).json();
    expect((await mine()).holdings[0]).toMatchObject({ valuePerUnit: 1100, markPerUnit: 1100, currentValue: 4400 });

    // ...and only admins, with a reason, void it.
    const url = `/v1/appraisals/${typo._id}/void`;
    expect((await call(t.app, { method: 'POST', url, as: inv, payload: { reason: 'x' } })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'POST', url, as: null, payload: { reason: 'x' } })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url, as: admin, payload: {} })).statusCode).toBe(400);
    const blank = await call(t.app, { method: 'POST', url, as: admin, payload: { reason: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(RETURNS_MESSAGES.reasonRequired);
    const missing = `/v1/appraisals/00000000-0000-4000-8000-000000000000/void`;
    expect((await call(t.app, { method: 'POST', url: missing, as: admin, payload: { reason: 'x' } })).statusCode).toBe(404);

    const res = await call(t.app, { method: 'POST', url, as: admin, payload: { reason: 'Typed 1100 for 11' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: typo._id, valuePerUnit: 1100, voidedAt: expect.any(String), voidReason: 'Typed 1100 for 11' });
    const again = await call(t.app, { method: 'POST', url, as: admin, payload: { reason: 'again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURNS_MESSAGES.appraisalVoided);

    // Restated: investors' value, marks and charts, the public page, the market's reference.
    expect((await mine()).holdings[0]).toMatchObject({ valuePerUnit: 11, markPerUnit: 11, currentValue: 44 });
    expect((await mine()).valueOverTime.at(-1)).toMatchObject({ date: today() });
    expect(await reference(propertyId)).toEqual({ cents: 1100, basis: 'APPRAISAL' });
    const perf = (await call(t.app, { method: 'GET', url: `/v1/properties/${propertyId}/performance` })).json();
    expect(perf.latestAppraisal).toMatchObject({ valuePerUnit: 11, voidedAt: null });
    // The history keeps it, marked.
    expect(perf.appraisals.map((a: { valuePerUnit: number; voidedAt: string | null }) => [a.valuePerUnit, a.voidedAt !== null])).toEqual([
      [1100, true],
      [11, false],
    ]);
    const [row] = await queryRows<{ voided_by: string }>(t.app, sql`SELECT voided_by FROM appraisals WHERE id = ${typo._id}`);
    expect(row.voided_by).toBe(admin.id);

    // Every holder is told (the owner's unsold units aside).
    for (const h of investors) {
      const [n] = await noticesOf(h.id, 'APPRAISAL_VOIDED');
      expect(n.body).toMatch(/Typed 1100 for 11/);
      expect(n.body).toMatch(/\$11\.00 a unit/);
    }
    const [audit] = await auditOf(typo._id, 'appraisal.void');
    expect(audit.detail).toMatchObject({
      reason: 'Typed 1100 for 11',
      before: { latest: { valuePerUnitCents: 110_000 } },
      after: { latest: { valuePerUnitCents: 1100 } },
    });

    // The guard compares with the latest appraisal standing: 12 is recorded without confirmation.
    expect((await appraise(propertyId, 12)).statusCode).toBe(201);
  });

  it('voiding the only appraisal: the mark is the issue price again and the band falls back to it', async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await property(owner, 10, 10, [2]);
    const only = (await appraise(propertyId, 1000)).json();
    await call(t.app, { method: 'POST', url: `/v1/appraisals/${only._id}/void`, as: admin, payload: { reason: 'Wrong property' } });
    expect(await reference(propertyId)).toEqual({ cents: 1000, basis: 'UNIT_PRICE' });
    const r = (await call(t.app, { method: 'GET', url: '/v1/holdings/returns', as: investors[0] })).json();
    expect(r.holdings[0]).toMatchObject({ valuePerUnit: null, markPerUnit: 10 });
    const perf = (await call(t.app, { method: 'GET', url: `/v1/properties/${propertyId}/performance` })).json();
    expect(perf.latestAppraisal).toBeNull();
    const [n] = await noticesOf(investors[0].id, 'APPRAISAL_VOIDED');
    expect(n.body).toMatch(/issue price/);
  });
});

describe('cancelling a distribution', () => {
  it('a declared one: admins with a reason; it never pays; the owner is told; the period can be reported again', async () => {
    const owner = await verifiedOwner();
    const { propertyId, investors } = await property(owner, 10, 10, [10]);
    const period = nextPeriod();
    const d = await declare(owner, propertyId, 50, period);
    const url = `/v1/distributions/${d._id}/cancel`;
    expect((await call(t.app, { method: 'POST', url, as: owner, payload: { reason: 'x' } })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'POST', url, as: admin, payload: { reason: '' } })).statusCode).toBe(400);
    const res = await call(t.app, { method: 'POST', url, as: admin, payload: { reason: 'Rent typed twice' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', cancelReason: 'Rent typed twice', cancelledAt: expect.any(String) });

    const before = await snapshot(t.app);
    const pay = await call(t.app, { method: 'POST', url: `/v1/distributions/${d._id}/pay`, as: admin });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe(RETURNS_MESSAGES.distributionCancelled);
    expect(await runDueDistributions(t.app)).toMatchObject({ recorded: 0, paid: 0, refused: 0, failed: 0 });
    const again = await call(t.app, { method: 'POST', url, as: admin, payload: { reason: 'again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURNS_MESSAGES.distributionCancelled);
    // The database refuses it too, whoever asks.
    await expect(t.app.db.execute(sql`UPDATE distributions SET status = 'RECORDED' WHERE id = ${d._id}`)).rejects.toThrow();
    expect(await snapshot(t.app)).toBe(before);

    const [n] = await noticesOf(owner.id, 'DISTRIBUTION_CANCELLED');
    expect(n.body).toMatch(/Rent typed twice/);
    const [audit] = await auditOf(d._id, 'distribution.cancel');
    expect(audit.detail).toMatchObject({ reason: 'Rent typed twice', before: { status: 'DECLARED' }, after: { status: 'CANCELLED' } });
    expect(await walletBalance(t.app, investors[0])).toBe(0);

    // A corrected report for the same period is accepted and pays.
    const fixed = await declare(owner, propertyId, 25, period);
    const paid = await call(t.app, { method: 'POST', url: `/v1/distributions/${fixed._id}/pay`, as: admin });
    expect(paid.json().result).toBe('PAID');
    expect(await walletBalance(t.app, investors[0])).toBe(fixed.distributable);
  });

  it('one refused for a short owner wallet can be cancelled; its snapshot stays; a paid one cannot be cancelled', async () => {
    const owner = await verifiedOwner();
    const { propertyId } = await property(owner, 10, 10, [10]);
    // The owner's wallet holds the sales (100); this one needs 500.
    const d = await declare(owner, propertyId, 500);
    const refused = await call(t.app, { method: 'POST', url: `/v1/distributions/${d._id}/pay`, as: admin });
    expect(refused.json()).toMatchObject({ result: 'REFUSED', distribution: { status: 'RECORDED' } });
    const before = await walletBalance(t.app, owner);
    const res = await call(t.app, {
      method: 'POST',
      url: `/v1/distributions/${d._id}/cancel`,
      as: admin,
      payload: { reason: 'Owner suspended' },
    });
    expect(res.json()).toMatchObject({ status: 'CANCELLED', totalUnits: 10 });
    expect(await walletBalance(t.app, owner)).toBe(before);
    const holders = await queryRows(t.app, sql`SELECT 1 FROM distribution_holders WHERE distribution_id = ${d._id}`);
    expect(holders).toHaveLength(1);
    const [audit] = await auditOf(d._id, 'distribution.cancel');
    expect(audit.detail).toMatchObject({ before: { status: 'RECORDED', refusedReason: expect.stringMatching(/wallet holds/) } });

    // A cancelled one carries no loss forward and later ones are unaffected.
    const next = await declare(owner, propertyId, 20);
    expect((await call(t.app, { method: 'POST', url: `/v1/distributions/${next._id}/pay`, as: admin })).json().result).toBe('PAID');
    const paid = await call(t.app, { method: 'POST', url: `/v1/distributions/${next._id}/cancel`, as: admin, payload: { reason: 'x' } });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(RETURNS_MESSAGES.distributionNotCancellable);

    const list = (
      await call(t.app, { method: 'GET', url: `/v1/distributions/admin?status=CANCELLED&propertyId=${propertyId}`, as: admin })
    ).json();
    expect(list.items.map((x: { _id: string }) => x._id)).toEqual([d._id]);
  });
});

describe('rent on a property partly sold', () => {
  it('pays holders per unit held; the owner keeps the unsold share and funds only the sold share', async () => {
    const owner = await verifiedOwner();
    // 10 units, 3 sold: on sale (ACTIVE), not funded.
    const { propertyId, investors } = await property(owner, 10, 10, [2, 1]);
    const [p] = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM properties WHERE id = ${propertyId}`);
    expect(p.status).toBe('ACTIVE');
    await fund(t, owner, 100);
    const ownerBefore = await walletBalance(t.app, owner);
    // Rent 100, fee 8: 92 to distribute, 9.20 a unit.
    const d = await declare(owner, propertyId, 100);
    expect(d.distributable).toBe(92);
    const res = await call(t.app, { method: 'POST', url: `/v1/distributions/${d._id}/pay`, as: admin });
    expect(res.json().result).toBe('PAID');
    expect(await walletBalance(t.app, investors[0])).toBe(18.4);
    expect(await walletBalance(t.app, investors[1])).toBe(9.2);
    // The owner pays the 3 sold units' share (27.60) and the fee (8.00), nothing for the 7 unsold.
    expect(await walletBalance(t.app, owner)).toBe(Math.round((ownerBefore - 27.6 - 8) * 100) / 100);
    const [funding] = await queryRows<{ amount_cents: string; description: string }>(
      t.app,
      sql`SELECT amount_cents, description FROM ledger_entries WHERE distribution_id = ${d._id} AND type = 'DISTRIBUTION_FUNDING'`,
    );
    expect(Number(funding.amount_cents)).toBe(-2760);
    expect(funding.description).toMatch(/sold units' share; you keep \$64\.40 for the units unsold/);
  });

  it("an owner's short wallet is measured against the sold share only", async () => {
    const owner = await verifiedOwner();
    // 1 of 10 units sold: the owner's wallet holds 10 from the sale.
    const { propertyId, investors } = await property(owner, 10, 10, [1]);
    // Rent 100: fee 8, 92 to distribute, the sold unit's share 9.20: needs 17.20.
    const d = await declare(owner, propertyId, 100);
    const refused = await call(t.app, { method: 'POST', url: `/v1/distributions/${d._id}/pay`, as: admin });
    expect(refused.json()).toMatchObject({
      result: 'REFUSED',
      distribution: {
        refusedReason: "The owner's wallet holds $10.00; paying this distribution needs $17.20 (net income $9.20 + management fee $8.00)",
      },
    });
    await fund(t, owner, 10);
    expect((await call(t.app, { method: 'POST', url: `/v1/distributions/${d._id}/pay`, as: admin })).json().result).toBe('PAID');
    expect(await walletBalance(t.app, investors[0])).toBe(9.2);
  });

  it('an off-plan property converted while still on sale produces income', async () => {
    const owner = await verifiedOwner();
    const { _id } = await makeProperty(t.app, owner, {
      type: 'OFF_PLAN',
      approveAs: admin,
      body: { totalQuantity: 4, unitPrice: 10, progress: 80 },
    });
    const inv = await makeInvestor(t, 10);
    expect((await placeOrder(t.app, inv, _id, 1)).statusCode).toBe(201);
    await approveOrders(_id);
    expect((await submit(owner, _id, 100)).statusCode).toBe(409);
    await call(t.app, { method: 'PATCH', url: `/v1/properties/owned/${_id}/construction-complete`, as: owner });
    const conv = await call(t.app, { method: 'PATCH', url: `/v1/properties/${_id}/income-producing`, as: admin });
    expect(conv.json()).toMatchObject({ incomeProducing: true });
    expect((await submit(owner, _id, 100)).statusCode).toBe(201);
  });
});
