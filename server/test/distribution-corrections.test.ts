// Correcting a PAID distribution (POST /v1/distributions/:id/correct, correct_distribution):
// never by editing entries; the original's entries are reversed by new ones and a new
// distribution over the same holders of record pays the corrected total. Through the real
// app on PGlite, and on PostgreSQL with DATABASE_URL. Every test ends with the money
// invariants intact.
import { sql } from 'drizzle-orm';
import { APPROVAL_ACTIONS } from 'shared-api/contract/admin';
import { STATEMENT_CATEGORY_LABELS } from 'shared-api/contract/dashboard';
import { parseCsv } from './documents';
import {
  approvePendingOrders,
  buildTestApp,
  call,
  invariantViolations,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  queryRows,
  requestWithdrawal,
  snapshot,
  walletBalance,
  type TestApp,
  type TestUser,
  paidDistribution as payDistribution,
  type PaidDistribution,
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
beforeEach(() => {
  t.app.config.fourEyes = undefined;
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Paid = PaidDistribution;

let periodEnd = 400;
/** helper.ts's paidDistribution, each in a month of its own (32 days before the last). */
const paidDistribution = (): Promise<Paid> => payDistribution(t, admin, (periodEnd -= 32));

const correct = (id: string, payload: object, as: TestUser = admin) =>
  call(t.app, { method: 'POST', url: `/v1/distributions/${id}/correct`, as, payload });

const entriesOf = (distributionId: string) =>
  queryRows<{ user_id: string; type: string; amount_cents: string }>(
    t.app,
    sql`SELECT user_id, type, amount_cents FROM ledger_entries WHERE distribution_id = ${distributionId} ORDER BY seq`,
  );

const holdersOf = (distributionId: string) =>
  queryRows<{ holder_id: string; is_owner: boolean; units: number; cents: string }>(
    t.app,
    sql`SELECT holder_id, is_owner, units, cents FROM distribution_holders WHERE distribution_id = ${distributionId} ORDER BY holder_id, is_owner`,
  );

const moneyTables = async () =>
  (await snapshot(t.app)) +
  JSON.stringify(await queryRows(t.app, sql`SELECT * FROM distributions ORDER BY seq`)) +
  JSON.stringify(await queryRows(t.app, sql`SELECT * FROM distribution_holders ORDER BY 1, 2`)) +
  JSON.stringify(await queryRows(t.app, sql`SELECT count(*) AS n FROM notifications`)) +
  JSON.stringify(await queryRows(t.app, sql`SELECT count(*) AS n FROM audit_log WHERE action = 'distribution.correct'`));

/** Every wallet's balance is the sum of its entries (also in the invariants; asserted here by name). */
async function walletsMatchEntries(userIds: string[]) {
  for (const id of userIds) {
    const [r] = await queryRows<{ b: string; s: string }>(
      t.app,
      sql`SELECT (SELECT balance_cents FROM wallets WHERE user_id = ${id}) AS b,
                 (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE user_id = ${id}) AS s`,
    );
    expect(Number(r.b)).toBe(Number(r.s));
  }
}

async function incomeReceived(investor: TestUser): Promise<number> {
  const res = await call(t.app, { method: 'GET', url: '/v1/holdings/returns', as: investor });
  expect(res.statusCode).toBe(200);
  return res.json().total.incomeReceived;
}

describe('correcting a paid distribution', () => {
  it('up: the payment reversed, the corrected total paid over the same holders of record, everyone told', async () => {
    const p = await paidDistribution();
    // The split of $276 over 10 units: 2 units $55.20, 3 units $82.80; the owner keeps $138 (5 units).
    const originalHolders = await holdersOf(p.distributionId);
    const paidBefore = await entriesOf(p.distributionId);
    const [a, b] = p.investors;
    const balances = { a: await walletBalance(t.app, a), b: await walletBalance(t.app, b), owner: await walletBalance(t.app, p.owner) };
    // Someone buys the 5 unsold units after the payment: the correction still splits over the
    // holders of record, not today's holdings.
    const late = await makeInvestor(t, 50);
    expect((await placeOrder(t.app, late, p.propertyId, 5)).statusCode).toBe(201);
    await approvePendingOrders(t.app, admin, p.propertyId);
    const ownerAfterSale = await walletBalance(t.app, p.owner);

    const res = await correct(p.distributionId, { totalCents: 30_000, reason: 'Rent was misread: $300 net, not $276' });
    expect(res.statusCode).toBe(200);
    const { original, correction } = res.json();
    expect(original).toMatchObject({
      _id: p.distributionId,
      status: 'CORRECTED',
      correctionReason: 'Rent was misread: $300 net, not $276',
    });
    expect(original.correctedById).toBe(correction._id);
    expect(correction).toMatchObject({
      status: 'PAID',
      distributable: 300,
      correctsId: p.distributionId,
      managementFee: 24,
      totalUnits: 10,
    });

    // The original entries are untouched; each is reversed by one of the opposite sign.
    const after = await entriesOf(p.distributionId);
    expect(after.slice(0, paidBefore.length)).toEqual(paidBefore);
    const reversals = after.slice(paidBefore.length);
    expect(reversals.map((e) => [e.user_id, e.type, Number(e.amount_cents)]).sort()).toEqual(
      paidBefore.map((e) => [e.user_id, `${e.type}_REVERSAL`, -Number(e.amount_cents)]).sort(),
    );
    const net = after.reduce((s, e) => s + Number(e.amount_cents), 0);
    expect(net).toBe(0);

    // Same holders and units; the cents of the new total: $60 / $90 paid, $150 kept by the owner.
    const newHolders = await holdersOf(correction._id);
    expect(newHolders.map((h) => [h.holder_id, h.is_owner, h.units])).toEqual(
      originalHolders.map((h) => [h.holder_id, h.is_owner, h.units]),
    );
    expect(Number(newHolders.find((h) => h.holder_id === a.id)?.cents)).toBe(6000);
    expect(Number(newHolders.find((h) => h.holder_id === b.id)?.cents)).toBe(9000);
    expect(newHolders.some((h) => h.holder_id === late.id)).toBe(false);

    expect(await walletBalance(t.app, a)).toBeCloseTo(balances.a + 60 - 55.2, 2);
    expect(await walletBalance(t.app, b)).toBeCloseTo(balances.b + 90 - 82.8, 2);
    // The owner funded $138 + $24 fee; now $150 + $24: $12 more.
    expect(await walletBalance(t.app, p.owner)).toBeCloseTo(ownerAfterSale - 12, 2);
    expect(balances.owner).toBeGreaterThan(0);
    await walletsMatchEntries([a.id, b.id, p.owner.id]);
    expect(await incomeReceived(a)).toBeCloseTo(60, 2);
    expect(await incomeReceived(b)).toBeCloseTo(90, 2);
    // The month's statement: income is the net, the reversal a line of its own.
    const csv = await call(t.app, { method: 'GET', url: `/v1/statements/${new Date().toISOString().slice(0, 7)}.csv`, as: a });
    expect(csv.statusCode).toBe(200);
    const lines = parseCsv(csv.body);
    const income = lines.find((r) => r[0] === 'Summary' && r[1] === STATEMENT_CATEGORY_LABELS.INCOME);
    expect(income?.[7]).toBe('60.00');
    expect(lines.filter((r) => r[0] === 'Ledger').map((r) => [r[3], r[7]])).toEqual(
      expect.arrayContaining([
        ['DISTRIBUTION_PAYMENT', '55.20'],
        ['DISTRIBUTION_PAYMENT_REVERSAL', '-55.20'],
        ['DISTRIBUTION_PAYMENT', '60.00'],
      ]),
    );

    const told = await queryRows<{ user_id: string; body: string; data: { oldCents: number; newCents: number } }>(
      t.app,
      sql`SELECT user_id, body, data FROM notifications WHERE kind = 'DISTRIBUTION_CORRECTED' AND data->>'distributionId' = ${p.distributionId}`,
    );
    const byUser = new Map(told.map((n) => [n.user_id, n]));
    expect(byUser.get(a.id)?.data).toMatchObject({ oldCents: 5520, newCents: 6000 });
    expect(byUser.get(a.id)?.body).toMatch(/was \$55\.20 and is now \$60\.00/);
    expect(byUser.get(b.id)?.data).toMatchObject({ oldCents: 8280, newCents: 9000 });
    expect(byUser.get(p.owner.id)?.data).toMatchObject({ oldCents: 13800, newCents: 15000 });
    expect(byUser.has(late.id)).toBe(false);

    const [audit] = await queryRows<{ actor_id: string; detail: Record<string, unknown> }>(
      t.app,
      sql`SELECT actor_id, detail FROM audit_log WHERE action = 'distribution.correct' AND target_id = ${p.distributionId}`,
    );
    expect(audit.actor_id).toBe(admin.id);
    expect(audit.detail).toMatchObject({
      reason: 'Rent was misread: $300 net, not $276',
      before: { status: 'PAID', totalCents: 27_600 },
      after: { status: 'CORRECTED', totalCents: 30_000, correctionId: correction._id },
    });

    // The lists the investor's and owner's screens read still answer, with the status.
    const owned = await call(t.app, { method: 'GET', url: '/v1/distributions/owned', as: p.owner });
    expect(owned.statusCode).toBe(200);
    expect(
      owned
        .json()
        .map((d: { status: string }) => d.status)
        .sort(),
    ).toEqual(['CORRECTED', 'PAID']);
    const mine = await call(t.app, { method: 'GET', url: '/v1/transactions/owned', as: a });
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('DISTRIBUTION_PAYMENT_REVERSAL');
    const all = await call(t.app, { method: 'GET', url: `/v1/transactions?type=DISTRIBUTION_PAYMENT_REVERSAL`, as: admin });
    expect(all.statusCode).toBe(200);
  });

  it('down: holders give back the difference, the owner gets it back', async () => {
    const p = await paidDistribution();
    const [a] = p.investors;
    const before = await walletBalance(t.app, a);
    const ownerBefore = await walletBalance(t.app, p.owner);
    const res = await correct(p.distributionId, { totalCents: 10_000, reason: 'Expenses were left out' });
    expect(res.statusCode).toBe(200);
    expect(res.json().correction).toMatchObject({ distributable: 100, status: 'PAID' });
    expect(await walletBalance(t.app, a)).toBeCloseTo(before - 55.2 + 20, 2);
    expect(await walletBalance(t.app, p.owner)).toBeCloseTo(ownerBefore + 138 - 50, 2);
    expect(await incomeReceived(a)).toBeCloseTo(20, 2);
    await walletsMatchEntries([a.id, p.investors[1].id, p.owner.id]);
  });

  it('to zero: a pure reversal, the fee given back too, no new distribution', async () => {
    const p = await paidDistribution();
    const [a] = p.investors;
    const before = await walletBalance(t.app, a);
    const ownerBefore = await walletBalance(t.app, p.owner);
    const res = await correct(p.distributionId, { totalCents: 0, reason: 'Reported for the wrong property' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ original: { status: 'CORRECTED', correctedById: null }, correction: null });
    expect(await walletBalance(t.app, a)).toBeCloseTo(before - 55.2, 2);
    expect(await walletBalance(t.app, p.owner)).toBeCloseTo(ownerBefore + 138 + 24, 2);
    expect(await incomeReceived(a)).toBe(0);
    const [n] = await queryRows<{ n: string }>(t.app, sql`SELECT count(*) AS n FROM distributions WHERE corrects_id = ${p.distributionId}`);
    expect(Number(n.n)).toBe(0);
    const [owner] = await queryRows<{ body: string }>(
      t.app,
      sql`SELECT body FROM notifications WHERE kind = 'DISTRIBUTION_CORRECTED' AND user_id = ${p.owner.id}`,
    );
    expect(owner.body).toMatch(/funded \$138\.00 and now funds \$0\.00/);
  });

  it('refused whole when a holder spent what the reversal takes back: how many, by how much', async () => {
    const p = await paidDistribution();
    const [a, b] = p.investors;
    // Both withdraw everything: the reversal would take $55.20 and $82.80 back.
    for (const inv of [a, b]) expect((await requestWithdrawal(t.app, inv, await walletBalance(t.app, inv))).statusCode).toBe(201);
    const state = await moneyTables();
    const res = await correct(p.distributionId, { totalCents: 10_000, reason: 'Expenses were left out' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "2 holders' wallets no longer hold what the reversal would take back (short by $138.00 in total): nothing was corrected",
    );
    expect(await moneyTables()).toBe(state);
    // Even upward, the reversal of the whole payment comes first: refused the same way.
    expect((await correct(p.distributionId, { totalCents: 40_000, reason: 'Rent was misread' })).statusCode).toBe(409);
    expect(await moneyTables()).toBe(state);
  });

  it('refused when the owner cannot fund the corrected total; nothing written', async () => {
    const p = await paidDistribution();
    const ownerBalance = await walletBalance(t.app, p.owner);
    const state = await moneyTables();
    // The sold half of $1,000,000 is far beyond the owner's wallet even with the refund.
    const res = await correct(p.distributionId, { totalCents: 100_000_000, reason: 'Typo' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^The corrected total cannot be paid: The owner's wallet holds/);
    expect(await moneyTables()).toBe(state);
    expect(await walletBalance(t.app, p.owner)).toBe(ownerBalance);
  });

  it('a corrected, unpaid or cancelled distribution, or bad input: a clear 4xx, nothing written', async () => {
    const p = await paidDistribution();
    const first = await correct(p.distributionId, { totalCents: 20_000, reason: 'First correction' });
    expect(first.statusCode).toBe(200);
    const state = await moneyTables();
    const again = await correct(p.distributionId, { totalCents: 25_000, reason: 'Second thoughts' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already corrected/);
    for (const [payload, status] of [
      [{ totalCents: -1, reason: 'Negative' }, 400],
      [{ totalCents: 1.5, reason: 'Fraction' }, 400],
      [{ totalCents: 100, reason: 'ab' }, 400],
      [{ totalCents: 100 }, 400],
      [{ totalCents: 20_000, reason: 'Same total as paid' }, 400],
    ] as const) {
      const res = await correct(first.json().correction._id, payload);
      expect([res.statusCode, res.json().message]).toEqual([status, expect.anything()]);
    }
    expect((await correct('00000000-0000-4000-8000-000000000000', { totalCents: 1, reason: 'Nobody' })).statusCode).toBe(404);
    expect(await moneyTables()).toBe(state);
    // The correction itself can be corrected (it is PAID).
    expect((await correct(first.json().correction._id, { totalCents: 25_000, reason: 'Second thoughts' })).statusCode).toBe(200);
  });

  it('an unpaid or cancelled distribution cannot be corrected', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const { _id: propertyId } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 10, unitPrice: 10 } });
    const inv = await makeInvestor(t, 100);
    expect((await placeOrder(t.app, inv, propertyId, 10)).statusCode).toBe(201);
    await approvePendingOrders(t.app, admin, propertyId);
    const ids: string[] = [];
    for (const offset of [400, 360]) {
      const rep = await call(t.app, {
        method: 'POST',
        url: '/v1/income-reports',
        as: owner,
        payload: { propertyId, periodStart: day(-offset - 30), periodEnd: day(-offset), grossRent: 100, expenses: {}, note: 'Monthly' },
      });
      const ok = await call(t.app, {
        method: 'PATCH',
        url: `/v1/income-reports/${rep.json()._id}/approve`,
        as: admin,
        payload: { recordDate: day(1), payDate: day(2) },
      });
      ids.push(ok.json().distribution._id);
    }
    const unpaid = await correct(ids[0], { totalCents: 1000, reason: 'Not paid yet' });
    expect([unpaid.statusCode, unpaid.json().message]).toEqual([409, expect.stringMatching(/not paid yet/)]);
    await call(t.app, { method: 'POST', url: `/v1/distributions/${ids[1]}/cancel`, as: admin, payload: { reason: 'Duplicate' } });
    const cancelled = await correct(ids[1], { totalCents: 1000, reason: 'Cancelled one' });
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([409, expect.stringMatching(/cancelled/)]);
  });

  it('the database refuses editing a paid distribution or a correction outside the rule', async () => {
    const p = await paidDistribution();
    await expect(t.app.db.execute(sql`UPDATE distributions SET status = 'CORRECTED' WHERE id = ${p.distributionId}`)).rejects.toThrow();
    await expect(
      t.app.db.execute(sql`UPDATE distributions SET correction_reason = 'sneaky' WHERE id = ${p.distributionId}`),
    ).rejects.toThrow();
  });
});

describe('four eyes', () => {
  it('held until a second admin approves; the audit names both', async () => {
    const alice = await makeUser(t.app, 'ADMIN');
    const bob = await makeUser(t.app, 'ADMIN');
    const p = await paidDistribution();
    t.app.config.fourEyes = { actions: [...APPROVAL_ACTIONS], payoutThresholdCents: 1_000_000, appraisalMovePct: 10, allAppraisals: false };
    const [a] = p.investors;
    const before = await walletBalance(t.app, a);
    const held = await correct(p.distributionId, { totalCents: 10_000, reason: 'Expenses were left out' }, alice);
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({ action: 'distribution.correct', status: 'PENDING' });
    expect(held.json().summary).toMatch(/from \$276\.00 to \$100\.00/);
    expect(await walletBalance(t.app, a)).toBe(before);
    const [d] = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM distributions WHERE id = ${p.distributionId}`);
    expect(d.status).toBe('PAID');

    const approve = (as: TestUser) => call(t.app, { method: 'POST', url: `/v1/approvals/${held.json()._id}/approve`, as });
    expect((await approve(alice)).statusCode).toBe(403);
    const ok = await approve(bob);
    expect(ok.json().status).toBe('APPROVED');
    expect(await walletBalance(t.app, a)).toBeCloseTo(before - 55.2 + 20, 2);
    const [audit] = await queryRows<{ actor_id: string; detail: Record<string, unknown> }>(
      t.app,
      sql`SELECT actor_id, detail FROM audit_log WHERE action = 'distribution.correct' AND target_id = ${p.distributionId}`,
    );
    expect(audit.actor_id).toBe(bob.id);
    expect(audit.detail).toMatchObject({
      requestedBy: { id: alice.id, email: alice.email, name: expect.stringMatching(/\S/) },
      approvedBy: { id: bob.id, email: bob.email, name: expect.stringMatching(/\S/) },
      before: { totalCents: 27_600 },
      after: { totalCents: 10_000 },
    });
  });

  it('a correction refused at approval (a holder spent it) fails the request, nothing moves', async () => {
    const alice = await makeUser(t.app, 'ADMIN');
    const bob = await makeUser(t.app, 'ADMIN');
    const p = await paidDistribution();
    t.app.config.fourEyes = { actions: [...APPROVAL_ACTIONS], payoutThresholdCents: 1_000_000, appraisalMovePct: 10, allAppraisals: false };
    const held = await correct(p.distributionId, { totalCents: 10_000, reason: 'Expenses were left out' }, alice);
    expect(held.statusCode).toBe(202);
    const [a] = p.investors;
    expect((await requestWithdrawal(t.app, a, await walletBalance(t.app, a))).statusCode).toBe(201);
    const ok = await call(t.app, { method: 'POST', url: `/v1/approvals/${held.json()._id}/approve`, as: bob });
    expect(ok.json()).toMatchObject({ status: 'FAILED' });
    expect(ok.json().decisionNote).toMatch(/1 holder's wallet no longer holds .*short by \$55\.20/);
    const [d] = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM distributions WHERE id = ${p.distributionId}`);
    expect(d.status).toBe('PAID');
  });
});
