// Several orders decided at once (POST /v1/orders/review): all or none, one audit row per
// order, and with four eyes a lot approved above the payout threshold waits for a second
// admin. Through the real app on PGlite; every test ends with the money invariants intact.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ORDER_REVIEW_MESSAGES } from 'shared-api/contract/admin';
import {
  buildTestApp,
  call,
  invariantViolations,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  queryRows,
  walletBalance,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let owner: TestUser;

const noFourEyes = () => ({ actions: [], payoutThresholdCents: 1_000_000, appraisalMovePct: 10, allAppraisals: false });
const fourEyes = (payoutThresholdCents: number) => ({ ...noFourEyes(), actions: ['orders.review' as const], payoutThresholdCents });

beforeAll(async () => {
  t = await buildTestApp({ fourEyes: noFourEyes() });
  alice = await makeUser(t.app, 'ADMIN');
  bob = await makeUser(t.app, 'ADMIN');
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  t.app.config.fourEyes = noFourEyes();
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const listing = async (unitPrice = 50) =>
  (await makeProperty(t.app, owner, { approveAs: alice, body: { totalQuantity: 100, unitPrice } }))._id;
const order = async (as: TestUser, propertyId: string, quantity: number) => {
  const res = await placeOrder(t.app, as, propertyId, quantity);
  expect(res.statusCode).toBe(201);
  return res.json<{ _id: string }>()._id;
};
const bulk = (payload: Record<string, unknown>, as: TestUser = alice) =>
  call(t.app, { method: 'POST', url: '/v1/orders/review', as, payload });
const statuses = async (ids: string[]) => {
  const rows = await queryRows<{ id: string; status: string }>(
    t.app,
    sql`SELECT id, status FROM orders WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return ids.map((id) => rows.find((r) => r.id === id)?.status);
};
const auditRows = (ids: string[]) =>
  queryRows<{ action: string; actor_id: string; target_id: string; detail: Record<string, unknown> }>(
    t.app,
    sql`SELECT action, actor_id, target_id, detail FROM audit_log
         WHERE target_type = 'order' AND action IN ('order.approve', 'order.reject') AND target_id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
         ORDER BY created_at`,
  );
const approvalAsk = (id: string, as: TestUser) => call(t.app, { method: 'POST', url: `/v1/approvals/${id}/approve`, as });

describe('deciding several orders at once', () => {
  it('approves every order of the lot, in the order asked, each with its own audit row', async () => {
    const [p1, p2] = [await listing(50), await listing(20)];
    const [ann, ben] = [await makeInvestor(t, 1000), await makeInvestor(t, 1000)];
    const ids = [await order(ann, p1, 2), await order(ben, p1, 3), await order(ann, p2, 4)];
    const res = await bulk({ orderIds: ids, decision: 'APPROVE' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ _id: string; status: string; amount: number; investor?: { _id: string } }[]>();
    expect(body.map((o) => [o._id, o.status, o.amount])).toEqual([
      [ids[0], 'COMPLETED', 100],
      [ids[1], 'COMPLETED', 150],
      [ids[2], 'COMPLETED', 80],
    ]);
    expect(body[1].investor?._id).toBe(ben.id);
    expect(await statuses(ids)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    const holdings = await queryRows<{ investor_id: string; property_id: string; quantity: number }>(
      t.app,
      sql`SELECT investor_id, property_id, quantity FROM holdings WHERE property_id IN (${p1}, ${p2}) ORDER BY quantity`,
    );
    expect(holdings).toEqual([
      { investor_id: ann.id, property_id: p1, quantity: 2 },
      { investor_id: ben.id, property_id: p1, quantity: 3 },
      { investor_id: ann.id, property_id: p2, quantity: 4 },
    ]);
    const audits = await auditRows(ids);
    expect(audits).toHaveLength(3);
    expect(audits.map((a) => a.target_id).sort()).toEqual([...ids].sort());
    for (const a of audits) {
      expect(a).toMatchObject({ action: 'order.approve', actor_id: alice.id, detail: { from: 'PENDING', to: 'COMPLETED' } });
    }
    expect(audits.find((a) => a.target_id === ids[1])?.detail).toMatchObject({ investorId: ben.id, quantity: 3, amount: 150 });
  });

  it('writes nothing when one order is decided already, cancelled or unknown, and names it', async () => {
    const p = await listing(10);
    const inv = await makeInvestor(t, 1000);
    const [a, b, done, gone] = [await order(inv, p, 1), await order(inv, p, 2), await order(inv, p, 3), await order(inv, p, 4)];
    expect((await bulk({ orderIds: [done], decision: 'APPROVE' })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'PATCH', url: `/v1/orders/${gone}/cancel`, as: inv })).statusCode).toBe(200);
    const balance = await walletBalance(t.app, inv);
    const before = await auditRows([a, b]);

    const decided = await bulk({ orderIds: [a, done, b], decision: 'APPROVE' });
    expect(decided.statusCode).toBe(409);
    expect(decided.json().message).toContain(done);
    expect(decided.json().message).toContain('completed');
    const cancelled = await bulk({ orderIds: [a, b, gone], decision: 'REJECT', reason: 'Closed' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toContain(gone);
    const missing = randomUUID();
    const unknown = await bulk({ orderIds: [a, missing, b], decision: 'APPROVE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain(missing);

    expect(await statuses([a, b])).toEqual(['PENDING', 'PENDING']);
    expect(await auditRows([a, b])).toEqual(before);
    expect(await walletBalance(t.app, inv)).toBe(balance);
    const [prop] = await queryRows<{ reserved_quantity: number }>(t.app, sql`SELECT reserved_quantity FROM properties WHERE id = ${p}`);
    expect(prop.reserved_quantity).toBe(3);
  });

  it('rejects only with a reason: every investor refunded, the reason on each order and audit row', async () => {
    const p = await listing(25);
    const [ann, ben] = [await makeInvestor(t, 500), await makeInvestor(t, 500)];
    const ids = [await order(ann, p, 4), await order(ben, p, 2)];
    expect(await walletBalance(t.app, ann)).toBe(400);
    for (const reason of [undefined, '', '   ']) {
      const res = await bulk({ orderIds: ids, decision: 'REJECT', ...(reason === undefined ? {} : { reason }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ORDER_REVIEW_MESSAGES.reasonRequired);
    }
    expect(await statuses(ids)).toEqual(['PENDING', 'PENDING']);
    const res = await bulk({ orderIds: ids, decision: 'REJECT', reason: '  Allocation closed ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { status: string; reason: string }) => [o.status, o.reason])).toEqual([
      ['REJECTED', 'Allocation closed'],
      ['REJECTED', 'Allocation closed'],
    ]);
    expect(await walletBalance(t.app, ann)).toBe(500);
    expect(await walletBalance(t.app, ben)).toBe(500);
    const audits = await auditRows(ids);
    expect(audits.map((a) => [a.action, a.detail.reason])).toEqual([
      ['order.reject', 'Allocation closed'],
      ['order.reject', 'Allocation closed'],
    ]);
  });

  it('refuses an empty list, more than 100 orders, duplicates and unknown fields (400), writing nothing', async () => {
    const p = await listing(1);
    const inv = await makeInvestor(t, 1000);
    const id = await order(inv, p, 1);
    const many = [id, ...Array.from({ length: 100 }, () => randomUUID())];
    for (const payload of [
      { orderIds: [], decision: 'APPROVE' },
      { orderIds: many, decision: 'APPROVE' },
      { orderIds: [id, id], decision: 'APPROVE' },
      { orderIds: [id], decision: 'MAYBE' },
      { orderIds: [id], decision: 'APPROVE', extra: 1 },
      { orderIds: ['not-a-uuid'], decision: 'APPROVE' },
    ]) {
      expect((await bulk(payload)).statusCode).toBe(400);
    }
    expect(await statuses([id])).toEqual(['PENDING']);
    // 100 is allowed: the unknown ones are the refusal here, not the count.
    expect((await bulk({ orderIds: many.slice(0, 100), decision: 'APPROVE' })).statusCode).toBe(404);
    expect(await statuses([id])).toEqual(['PENDING']);
  });
});

describe('four eyes on orders.review', () => {
  it('holds an approval above the threshold as one request; a second admin runs it', async () => {
    t.app.config.fourEyes = fourEyes(25_000);
    const p = await listing(50);
    const [ann, ben] = [await makeInvestor(t, 1000), await makeInvestor(t, 1000)];
    // $150 + $150 = $300, above $250 together though neither is alone.
    const ids = [await order(ann, p, 3), await order(ben, p, 3)];
    const held = await bulk({ orderIds: ids, decision: 'APPROVE' });
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({
      action: 'orders.review',
      status: 'PENDING',
      targetType: 'order',
      summary: 'Approve 2 orders, $300.00 in all',
    });
    expect(await statuses(ids)).toEqual(['PENDING', 'PENDING']);
    expect(await auditRows(ids)).toEqual([]);
    const approvalId = held.json()._id as string;
    expect((await approvalAsk(approvalId, alice)).statusCode).toBe(403);
    const approved = await approvalAsk(approvalId, bob);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
    expect(await statuses(ids)).toEqual(['COMPLETED', 'COMPLETED']);
    const audits = await auditRows(ids);
    expect(audits.map((a) => [a.action, a.actor_id])).toEqual([
      ['order.approve', bob.id],
      ['order.approve', bob.id],
    ]);
    // At or below the threshold it runs at once.
    const small = [await order(ann, p, 2), await order(ben, p, 3)];
    const now = await bulk({ orderIds: small, decision: 'APPROVE' });
    expect(now.statusCode).toBe(200);
    expect(await statuses(small)).toEqual(['COMPLETED', 'COMPLETED']);
  });

  it('never holds a rejection, whatever the total', async () => {
    t.app.config.fourEyes = fourEyes(100);
    const p = await listing(50);
    const inv = await makeInvestor(t, 1000);
    const ids = [await order(inv, p, 5), await order(inv, p, 5)];
    const res = await bulk({ orderIds: ids, decision: 'REJECT', reason: 'Listing withdrawn' });
    expect(res.statusCode).toBe(200);
    expect(await statuses(ids)).toEqual(['REJECTED', 'REJECTED']);
    expect(await walletBalance(t.app, inv)).toBe(1000);
  });

  it('fails the request, writing nothing, when an order was decided meanwhile', async () => {
    t.app.config.fourEyes = fourEyes(100);
    const p = await listing(50);
    const inv = await makeInvestor(t, 1000);
    const ids = [await order(inv, p, 1), await order(inv, p, 2)];
    const held = await bulk({ orderIds: ids, decision: 'APPROVE' });
    expect(held.statusCode).toBe(202);
    const cancel = await call(t.app, { method: 'PATCH', url: `/v1/orders/${ids[1]}/cancel`, as: inv });
    expect(cancel.statusCode).toBe(200);
    const res = await approvalAsk(held.json()._id, bob);
    expect(res.json()).toMatchObject({ status: 'FAILED', decisionNote: expect.stringContaining(ids[1]) });
    expect(await statuses(ids)).toEqual(['PENDING', 'CANCELLED']);
    expect(await auditRows(ids)).toEqual([]);
  });
});
