// A repair the holders approved (a PASSED REPAIR vote) appears on the property's next income
// report with what the reserve spent on it, through the real app on a real database (PGlite;
// PostgreSQL with DATABASE_URL). Every test ends with the money invariants intact.
import { sql } from 'drizzle-orm';
import { REPAIR_MESSAGES, approvedRepairLine, repairsMissingMessage } from 'shared-api/contract/votes';
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
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
}, 180_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

/** A rental-ready property sold out to two holders (60 and 40 units at $10). */
async function funded() {
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const { _id } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 100, unitPrice: 10 } });
  const holders: TestUser[] = [];
  for (const n of [60, 40]) {
    const inv = await makeInvestor(t, n * 10);
    expect((await placeOrder(t.app, inv, _id, n)).statusCode).toBe(201);
    holders.push(inv);
  }
  await approvePendingOrders(t.app, admin, _id);
  return { propertyId: _id, holders, owner };
}

/** A REPAIR vote the holders decide (all FOR or all AGAINST), closed now. */
async function repairVote(ctx: Awaited<ReturnType<typeof funded>>, title: string, budget: number, choice: 'FOR' | 'AGAINST') {
  const p = await call(t.app, {
    method: 'POST',
    url: `/v1/properties/${ctx.propertyId}/proposals`,
    as: ctx.owner,
    payload: { kind: 'REPAIR', title, budget, closesAt: inDays(3) },
  });
  expect(p.statusCode).toBe(201);
  const id = p.json()._id as string;
  for (const h of ctx.holders)
    expect((await call(t.app, { method: 'PUT', url: `/v1/proposals/${id}/vote`, as: h, payload: { choice } })).statusCode).toBe(200);
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(
      sql`UPDATE proposals SET opens_at = now() - interval '3 days', closes_at = now() - interval '1 second' WHERE id = ${id}`,
    );
  });
  const closed = await call(t.app, { method: 'GET', url: `/v1/proposals/${id}`, as: ctx.owner });
  expect(closed.json()).toMatchObject({ status: 'CLOSED', result: choice === 'FOR' ? 'PASSED' : 'REJECTED' });
  return id;
}

let cursor = 400;
function nextPeriod() {
  cursor -= 32;
  return { periodStart: day(-cursor - 30), periodEnd: day(-cursor) };
}

const submit = (owner: TestUser, propertyId: string, extra: Record<string, unknown> = {}) =>
  call(t.app, {
    method: 'POST',
    url: '/v1/income-reports',
    as: owner,
    payload: { propertyId, ...nextPeriod(), grossRent: 1000, expenses: { maintenanceRepairs: 50, reserve: 100 }, ...extra },
  });

const reportCount = async (propertyId: string) =>
  Number((await queryRows<{ n: string }>(t.app, sql`SELECT count(*) AS n FROM income_reports WHERE property_id = ${propertyId}`))[0].n);

describe('an approved repair on the next income report', () => {
  it('is required on the next report, with the reserve spending at most the budget, and shown as a line', async () => {
    const ctx = await funded();
    // A report before the vote passed carries nothing.
    const before = await submit(ctx.owner, ctx.propertyId);
    expect(before.statusCode).toBe(201);
    expect(before.json().approvedRepairs).toEqual([]);

    const roof = await repairVote(ctx, 'Fix the roof', 2500, 'FOR');
    const pool = await repairVote(ctx, 'Build a pool', 9000, 'AGAINST');
    const line = approvedRepairLine('Fix the roof', day(0), 2500);
    expect(line).toBe(`Repair approved by holders on ${day(0)}: budget $2,500.00 (“Fix the roof”)`);

    // The owner's form asks what it must carry; nobody else may.
    const toReport = (as: TestUser) => call(t.app, { method: 'GET', url: `/v1/properties/owned/${ctx.propertyId}/approved-repairs`, as });
    const listed = await toReport(ctx.owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([{ proposalId: roof, title: 'Fix the roof', approvedOn: day(0), budget: 2500, spent: 0, line }]);
    expect((await toReport(ctx.holders[0])).statusCode).toBe(403);

    // Left out, over budget, a rejected one, twice: refused with the words, nothing written.
    const n = await reportCount(ctx.propertyId);
    const missing = await submit(ctx.owner, ctx.propertyId);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(repairsMissingMessage([line]));
    const over = await submit(ctx.owner, ctx.propertyId, { approvedRepairs: [{ proposalId: roof, spent: 2500.01 }] });
    expect([over.statusCode, over.json().message]).toEqual([400, REPAIR_MESSAGES.overBudget]);
    const rejected = await submit(ctx.owner, ctx.propertyId, {
      approvedRepairs: [
        { proposalId: roof, spent: 10 },
        { proposalId: pool, spent: 10 },
      ],
    });
    expect([rejected.statusCode, rejected.json().message]).toEqual([400, REPAIR_MESSAGES.notApproved]);
    const twice = await submit(ctx.owner, ctx.propertyId, {
      approvedRepairs: [
        { proposalId: roof, spent: 10 },
        { proposalId: roof, spent: 20 },
      ],
    });
    expect([twice.statusCode, twice.json().message]).toEqual([400, REPAIR_MESSAGES.twice]);
    expect(await reportCount(ctx.propertyId)).toBe(n);

    const ok = await submit(ctx.owner, ctx.propertyId, { approvedRepairs: [{ proposalId: roof, spent: 1800.25 }] });
    expect(ok.statusCode).toBe(201);
    const expected = [{ proposalId: roof, title: 'Fix the roof', approvedOn: day(0), budget: 2500, spent: 1800.25, line }];
    expect(ok.json()).toMatchObject({ approvedRepairs: expected, totalExpenses: 150 });
    const read = await call(t.app, { method: 'GET', url: `/v1/income-reports/${ok.json()._id}`, as: admin });
    expect(read.json().approvedRepairs).toEqual(expected);
    // The owner's list of past reports (what their income section shows) carries the line too.
    const mine = await call(t.app, { method: 'GET', url: `/v1/income-reports/owned?propertyId=${ctx.propertyId}`, as: ctx.owner });
    expect(mine.statusCode).toBe(200);
    const carried = (mine.json() as { _id: string; approvedRepairs: unknown }[]).find((r) => r._id === ok.json()._id);
    expect(carried?.approvedRepairs).toEqual(expected);
    expect((mine.json() as { _id: string; approvedRepairs: unknown }[]).find((r) => r._id === before.json()._id)?.approvedRepairs).toEqual(
      [],
    );

    // Accounted for once: the report after needs it no more and may not carry it again.
    const again = await submit(ctx.owner, ctx.propertyId, { approvedRepairs: [{ proposalId: roof, spent: 0 }] });
    expect([again.statusCode, again.json().message]).toEqual([409, REPAIR_MESSAGES.onEarlierReport]);
    expect((await submit(ctx.owner, ctx.propertyId)).statusCode).toBe(201);
    expect((await toReport(ctx.owner)).json()).toEqual([]);
  });

  it('goes on the next report again when the one carrying it is rejected; its lines never change', async () => {
    const ctx = await funded();
    const roof = await repairVote(ctx, 'Fix the boiler', 1200, 'FOR');
    const first = await submit(ctx.owner, ctx.propertyId, { approvedRepairs: [{ proposalId: roof, spent: 0 }] });
    expect(first.statusCode).toBe(201);
    const reportId = first.json()._id as string;
    const refusal = async (q: ReturnType<typeof sql>) => {
      try {
        await t.app.db.execute(q);
        return 'not refused';
      } catch (err) {
        return (err as { cause?: { message?: string } }).cause?.message ?? String(err);
      }
    };
    expect(await refusal(sql`UPDATE income_report_repairs SET spent_cents = 5 WHERE report_id = ${reportId}`)).toBe(
      'The repairs on a report never change once submitted',
    );
    expect(await refusal(sql`DELETE FROM income_report_repairs WHERE report_id = ${reportId}`)).toBe(
      'The repairs on a report never change once submitted',
    );

    const rejected = await call(t.app, {
      method: 'PATCH',
      url: `/v1/income-reports/${reportId}/reject`,
      as: admin,
      payload: { reason: 'Receipts missing' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await submit(ctx.owner, ctx.propertyId)).json().message).toBe(
      repairsMissingMessage([approvedRepairLine('Fix the boiler', day(0), 1200)]),
    );
    const next = await submit(ctx.owner, ctx.propertyId, { approvedRepairs: [{ proposalId: roof, spent: 1199.99 }] });
    expect(next.statusCode).toBe(201);
    expect(next.json().approvedRepairs[0]).toMatchObject({ proposalId: roof, spent: 1199.99, budget: 1200 });
  });
});
