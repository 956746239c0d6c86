// Orders, holdings, transactions, withdrawals and the dashboards' money figures, through
// the API; and the database refusing money changes that bypass the money operations.
import { sql } from 'drizzle-orm';
import {
  buildTestApp,
  call,
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
  requestWithdrawal,
} from './helper';
import { buyBatcher } from '../src/modules/orders/service';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED', firstName: 'Olga' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await invariantViolations(t.app)).toEqual([]);
});

const listing = async (totalQuantity = 10, unitPrice = 100, type: 'OFF_PLAN' | 'RENTAL_READY' = 'RENTAL_READY') =>
  (await makeProperty(t.app, owner, { approveAs: admin, type, body: { totalQuantity, unitPrice } }))._id;
const get = (url: string, as: TestUser) => call(t.app, { method: 'GET', url, as });
const review = (id: string, decision: 'APPROVE' | 'REJECT', reason?: string) =>
  call(t.app, { method: 'PATCH', url: `/v1/orders/${id}/review`, as: admin, payload: { decision, ...(reason ? { reason } : {}) } });
const propertyOf = async (id: string) => (await call(t.app, { method: 'GET', url: `/v1/properties/${id}` })).json();
const audits = async (action: string) =>
  (await get(`/v1/admin/audit?action=${action}`, admin)).json().items as { targetId: string; detail: Record<string, unknown> }[];

describe('placing an order', () => {
  it('holds the money, reserves the units, reads the price from the property', async () => {
    const id = await listing(10, 99.99);
    const buyer = await makeInvestor(t, 500);
    const res = await placeOrder(t.app, buyer, id, 3);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      investorId: buyer.id,
      propertyId: id,
      quantity: 3,
      unitPrice: 99.99,
      amount: 299.97,
      status: 'PENDING',
      reason: null,
      decidedAt: null,
      property: { _id: id, availableQuantity: 7, unitPrice: 99.99, status: 'ACTIVE' },
    });
    expect((await get('/v1/wallets/balance', buyer)).json()).toEqual({ userId: buyer.id, balance: 200.03, held: 299.97, currency: 'USD' });
    expect((await propertyOf(id)).availableQuantity).toBe(7);
    const ledger = (await get('/v1/transactions/owned', buyer)).json();
    expect(ledger.items[0]).toMatchObject({
      type: 'ORDER_HOLD',
      amount: -299.97,
      balanceAfter: 200.03,
      orderId: res.json()._id,
      propertyId: id,
      description: 'Order of 3 units of Test Residences',
    });
  });

  it('never takes a price (or anything else) from the client', async () => {
    const id = await listing();
    const buyer = await makeInvestor(t, 500);
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/orders',
      as: buyer,
      payload: { propertyId: id, quantity: 1, unitPrice: 0.01 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(['unitPrice is not allowed']);
  });

  it('refuses: not verified (403), owners and admins (403), unknown property (404), more than available (409), not live (409), no money (409)', async () => {
    const id = await listing(5, 10);
    const pending = await makeUser(t.app, 'INVESTOR', { status: 'PENDING' });
    const rich = await makeInvestor(t, 1000);
    const poor = await makeInvestor(t, 9.99);
    const inReview = (await makeProperty(t.app, owner))._id;
    const before = await snapshot(t.app);
    expect((await placeOrder(t.app, pending, id, 1)).json()).toMatchObject({
      statusCode: 403,
      message: 'Your account must be verified before you can invest',
    });
    expect((await placeOrder(t.app, owner, id, 1)).statusCode).toBe(403);
    expect((await placeOrder(t.app, admin, id, 1)).statusCode).toBe(403);
    expect((await placeOrder(t.app, rich, '00000000-0000-4000-8000-000000000000', 1)).json()).toMatchObject({
      statusCode: 404,
      message: 'Property not found',
    });
    expect((await placeOrder(t.app, rich, id, 6)).json()).toMatchObject({ statusCode: 409, message: 'Only 5 units are available' });
    expect((await placeOrder(t.app, rich, inReview, 1)).json()).toMatchObject({
      statusCode: 409,
      message: 'This property is not open for investment',
    });
    expect((await placeOrder(t.app, poor, id, 1)).json()).toMatchObject({
      statusCode: 409,
      message: 'Insufficient balance: your wallet does not cover this order',
    });
    expect(await snapshot(t.app)).toBe(before);
  });

  // POST /v1/orders may let a session it read lately through without reading it again
  // (authenticateRechecked); the order's own statement then refuses what the hooks would have.
  it('a session let through from memory is checked again by the order itself: sign-out, status, closure', async () => {
    const id = await listing(20, 10);
    const buyer = await makeInvestor(t, 1000);
    const orders = async () =>
      (await queryRows<{ n: number }>(t.app, sql`SELECT count(*)::int AS n FROM orders WHERE investor_id = ${buyer.id}`))[0].n;
    expect((await placeOrder(t.app, buyer, id, 1)).statusCode).toBe(201); // the session is now remembered

    // Its status moved behind the API's back (no session revoked): the triggers refuse in the gate's words.
    await queryRows(t.app, sql`UPDATE users SET status = 'PENDING' WHERE id = ${buyer.id}`);
    expect((await placeOrder(t.app, buyer, id, 1)).json()).toMatchObject({
      statusCode: 403,
      message: 'Your account must be verified before you can invest',
    });
    await queryRows(t.app, sql`UPDATE users SET status = 'REJECTED' WHERE id = ${buyer.id}`);
    expect((await placeOrder(t.app, buyer, id, 1)).json()).toMatchObject({
      statusCode: 403,
      message: 'Your account verification was rejected: you cannot invest',
    });
    // A refusal is never remembered: verified again, the very next order goes through.
    await queryRows(t.app, sql`UPDATE users SET status = 'VERIFIED' WHERE id = ${buyer.id}`);
    expect((await placeOrder(t.app, buyer, id, 1)).statusCode).toBe(201);

    // Signed out (here, or on another instance): the statement's session_gate answers 401.
    expect((await call(t.app, { method: 'POST', url: '/v1/auth/logout', as: buyer })).statusCode).toBeLessThan(300);
    const before = await snapshot(t.app);
    expect((await placeOrder(t.app, buyer, id, 1)).json()).toMatchObject({
      statusCode: 401,
      message: 'Your session has expired or is invalid, please sign in again',
    });
    expect(await snapshot(t.app)).toBe(before);

    // Expired, or the account closed, while remembered: 401 too, nothing written.
    const other = await makeInvestor(t, 1000);
    expect((await placeOrder(t.app, other, id, 1)).statusCode).toBe(201);
    await queryRows(t.app, sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${other.id}`);
    expect((await placeOrder(t.app, other, id, 1)).statusCode).toBe(401);
    await queryRows(t.app, sql`UPDATE sessions SET expires_at = now() + interval '1 hour' WHERE user_id = ${other.id}`);
    expect((await placeOrder(t.app, other, id, 1)).statusCode).toBe(201);
    // A refused session is not remembered: verified since, the next order reaches the statement.
    const waiting = await makeUser(t.app, 'INVESTOR', { status: 'PENDING' });
    expect((await placeOrder(t.app, waiting, id, 1)).statusCode).toBe(403);
    await queryRows(t.app, sql`UPDATE users SET status = 'VERIFIED' WHERE id = ${waiting.id}`);
    expect((await placeOrder(t.app, waiting, id, 1)).json()).toMatchObject({
      statusCode: 409,
      message: 'Insufficient balance: your wallet does not cover this order',
    });

    // An account can be closed only with nothing in it: one that was refused for want of money.
    const empty = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED' });
    expect((await placeOrder(t.app, empty, id, 1)).statusCode).toBe(409);
    await queryRows(t.app, sql`UPDATE users SET deleted_at = now() WHERE id = ${empty.id}`);
    expect((await placeOrder(t.app, empty, id, 1)).statusCode).toBe(401);
    expect(await orders()).toBe(2);
  });

  it('the last unit makes the property FUNDED; releasing a unit makes it ACTIVE again', async () => {
    const id = await listing(2, 10);
    const buyer = await makeInvestor(t, 100);
    const a = (await placeOrder(t.app, buyer, id, 1)).json();
    await placeOrder(t.app, buyer, id, 1);
    expect(await propertyOf(id)).toMatchObject({ status: 'FUNDED', availableQuantity: 0 });
    expect((await placeOrder(t.app, buyer, id, 1)).json()).toMatchObject({ statusCode: 409, message: 'This property is sold out' });
    expect((await call(t.app, { method: 'PATCH', url: `/v1/orders/${a._id}/cancel`, as: buyer })).statusCode).toBe(200);
    expect(await propertyOf(id)).toMatchObject({ status: 'ACTIVE', availableQuantity: 1 });
  });
});

// The API sends the orders for one listing that arrive while its previous batch is in the
// database together (place_orders), one transaction per batch, each order in its own
// subtransaction, as place_order would place it alone.
describe('buying in batches (place_orders)', () => {
  interface Buy {
    investor: string;
    quantity: number;
    key: string | null;
    hash: string | null;
    session: string | null;
  }
  type Result = { order?: { id: string; quantity: number; status: string }; replay?: unknown; error?: Record<string, unknown> };
  const buy = (who: TestUser, quantity: number, extra: Partial<Buy> = {}): Buy => ({
    investor: who.id,
    quantity,
    key: null,
    hash: null,
    session: null,
    ...extra,
  });
  const batch = async (propertyId: string, list: Buy[]) =>
    (
      await queryRows<{ r: Result }>(
        t.app,
        sql`SELECT r FROM place_orders(${propertyId}, ${JSON.stringify(list)}::jsonb) WITH ORDINALITY AS x(r, i) ORDER BY i`,
      )
    ).map((x) => x.r);
  const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(t.app, q))[0].n);

  it('places its orders one after another; a refused one leaves nothing and gets the refusal it would have had alone', async () => {
    const id = await listing(5, 100);
    const [a, b, c] = [await makeInvestor(t, 500), await makeInvestor(t, 50), await makeInvestor(t, 1000)];
    const before = { b: await walletBalance(t.app, b), c: await walletBalance(t.app, c) };
    const results = await batch(id, [
      buy(a, 2, { key: 'k-1', hash: 'h-1' }),
      // The same key again in the same batch: the first one's answer.
      buy(a, 2, { key: 'k-1', hash: 'h-1' }),
      // Not enough money, then more units than are left: refused, each alone.
      buy(b, 1, { key: 'k-2', hash: 'h-2' }),
      buy(c, 4),
      // The 3 units the two refusals did not take.
      buy(c, 3),
    ]);
    expect(results).toHaveLength(5);
    expect(results[0].order).toMatchObject({ quantity: 2, status: 'PENDING' });
    expect(results[1].replay).toEqual({ hash: 'h-1', status: 201, response: results[0] });
    expect(results[2].error).toMatchObject({ code: '23514', constraint: 'wallets_balance_not_negative' });
    expect(results[3].error).toEqual({ code: 'TS409', message: 'Only 3 units are available', constraint: null });
    expect(results[4].order).toMatchObject({ quantity: 3, status: 'PENDING' });
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE property_id = ${id}`)).toBe(2);
    expect(await count(sql`SELECT count(*) AS n FROM idempotency_keys WHERE user_id = ${b.id}`)).toBe(0);
    expect(await walletBalance(t.app, b)).toBe(before.b);
    expect(await walletBalance(t.app, c)).toBeCloseTo(before.c - 300, 2);
    expect(await propertyOf(id)).toMatchObject({ availableQuantity: 0, status: 'FUNDED' });
    // The refused key is free again; the kept one still replays.
    const [again, replayed] = await batch(id, [buy(b, 1, { key: 'k-2', hash: 'h-3' }), buy(a, 2, { key: 'k-1', hash: 'h-1' })]);
    expect(again.error).toMatchObject({ code: 'TS409', message: 'This property is sold out' });
    expect(replayed.replay).toEqual({ hash: 'h-1', status: 201, response: results[0] });
  });

  it("a batch checks each order's session: a revoked one is refused alone", async () => {
    const id = await listing(10, 10);
    const [a, b] = [await makeInvestor(t, 100), await makeInvestor(t, 100)];
    const sessionOf = async (u: TestUser) =>
      (await queryRows<{ id: string }>(t.app, sql`SELECT id FROM sessions WHERE user_id = ${u.id} AND revoked_at IS NULL LIMIT 1`))[0]?.id;
    const [sa, sb] = [await sessionOf(a), await sessionOf(b)];
    expect(sa && sb).toBeTruthy();
    await queryRows(t.app, sql`UPDATE sessions SET revoked_at = now() WHERE id = ${sb}`);
    const results = await batch(id, [buy(a, 1, { session: sa }), buy(b, 1, { session: sb }), buy(a, 1, { session: sa })]);
    expect(results[0].order).toMatchObject({ quantity: 1 });
    expect(results[1].error).toEqual({
      code: 'TS401',
      message: 'Your session has expired or is invalid, please sign in again',
      constraint: null,
    });
    expect(results[2].order).toMatchObject({ quantity: 1 });
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE investor_id = ${b.id}`)).toBe(0);
  });

  it('many orders at once through the API: each caller gets its own answer; the units add up', async () => {
    const id = await listing(12, 10);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => makeInvestor(t, 100)));
    const before = { ...buyBatcher(t.app).stats };
    const answers = await Promise.all(buyers.map((u, i) => placeOrder(t.app, u, id, 1 + (i % 3))));
    expect(buyBatcher(t.app).stats.orders - before.orders).toBe(buyers.length);
    let sold = 0;
    for (const [i, res] of answers.entries()) {
      if (res.statusCode === 201) {
        expect(res.json()).toMatchObject({ investorId: buyers[i].id, quantity: 1 + (i % 3), status: 'PENDING' });
        sold += 1 + (i % 3);
      } else {
        expect(res.json()).toMatchObject({
          statusCode: 409,
          message: expect.stringMatching(/^Only (1 unit is|\d+ units are) available$|^This property is sold out$/),
        });
      }
    }
    // 15 units asked for, 12 listed: some are refused, and exactly what was answered 201 is sold.
    expect(sold).toBeGreaterThanOrEqual(10);
    expect((await propertyOf(id)).availableQuantity).toBe(12 - sold);
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE property_id = ${id}`)).toBe(
      answers.filter((r) => r.statusCode === 201).length,
    );
  });
});

describe('after an order', () => {
  it('cancel (the investor, while PENDING): refund, units released; only once', async () => {
    const id = await listing(10, 50);
    const buyer = await makeInvestor(t, 200);
    const other = await makeInvestor(t, 200);
    const o = (await placeOrder(t.app, buyer, id, 2)).json();
    const before = await snapshot(t.app);
    expect((await call(t.app, { method: 'PATCH', url: `/v1/orders/${o._id}/cancel`, as: other })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'PATCH', url: `/v1/orders/${o._id}/cancel`, as: admin })).statusCode).toBe(403);
    expect(await snapshot(t.app)).toBe(before);
    const res = await call(t.app, { method: 'PATCH', url: `/v1/orders/${o._id}/cancel`, as: buyer });
    expect(res.json()).toMatchObject({ status: 'CANCELLED', decidedAt: expect.any(String) });
    expect(await walletBalance(t.app, buyer)).toBe(200);
    expect((await propertyOf(id)).availableQuantity).toBe(10);
    const again = await call(t.app, { method: 'PATCH', url: `/v1/orders/${o._id}/cancel`, as: buyer });
    expect(again.json()).toMatchObject({ statusCode: 409, message: 'Only a pending order can be cancelled; this one is cancelled' });
    const refund = (await get('/v1/transactions/owned?type=ORDER_REFUND', buyer)).json().items[0];
    expect(refund).toMatchObject({ amount: 100, balanceAfter: 200, orderId: o._id });
  });

  it('approve (admin): holding credited, owner paid, audited; reject: refund, audited', async () => {
    const id = await listing(10, 25);
    const buyer = await makeInvestor(t, 1000);
    const ownerBefore = await walletBalance(t.app, owner);
    const a = (await placeOrder(t.app, buyer, id, 4)).json();
    const b = (await placeOrder(t.app, buyer, id, 2)).json();
    const c = (await placeOrder(t.app, buyer, id, 1)).json();

    const ok = await review(a._id, 'APPROVE');
    expect(ok.json()).toMatchObject({ status: 'COMPLETED', investor: { _id: buyer.id, email: buyer.email } });
    expect((await review(b._id, 'APPROVE')).statusCode).toBe(200);
    const no = await review(c._id, 'REJECT', 'Allocation closed');
    expect(no.json()).toMatchObject({ status: 'REJECTED', reason: 'Allocation closed' });
    expect((await review(a._id, 'REJECT')).json()).toMatchObject({
      statusCode: 409,
      message: 'Only a pending order can be approved or rejected; this one is completed',
    });

    expect(await walletBalance(t.app, owner)).toBe(ownerBefore + 150);
    expect(await walletBalance(t.app, buyer)).toBe(850);
    const holding = (await get(`/v1/holdings/${id}`, buyer)).json();
    expect(holding).toMatchObject({
      investorId: buyer.id,
      propertyId: id,
      quantity: 6,
      amountInvested: 150,
      property: { _id: id, availableQuantity: 4 },
    });
    expect((await get('/v1/holdings', buyer)).json()).toEqual([holding]);
    expect((await get(`/v1/holdings/admin/${buyer.id}`, admin)).json()).toEqual([holding]);
    expect((await call(t.app, { method: 'GET', url: `/v1/holdings/${id}`, as: await makeInvestor(t) })).json()).toBeNull();

    const ownerLedger = (await get('/v1/transactions/owned?type=OWNER_PAYOUT', owner)).json().items;
    expect(ownerLedger.slice(0, 2).map((e: { amount: number; description: string }) => [e.amount, e.description])).toEqual([
      [50, 'Sale of 2 units of Test Residences'],
      [100, 'Sale of 4 units of Test Residences'],
    ]);
    expect((await audits('order.approve')).map((x) => x.targetId)).toEqual(expect.arrayContaining([a._id, b._id]));
    expect((await audits('order.reject')).find((x) => x.targetId === c._id)?.detail).toMatchObject({
      reason: 'Allocation closed',
      quantity: 1,
      amount: 25,
    });

    const investments = (await get(`/v1/properties/active-investments/${id}`, owner)).json();
    expect(investments).toEqual({
      propertyId: id,
      unitsSold: 6,
      investors: [{ investorId: buyer.id, firstName: 'Investor', lastName: 'Test', quantity: 6, amountInvested: 150 }],
    });
    // The owner's active-listings page asks for all its listings at once: the same answers, in the order asked.
    const other = (await makeProperty(t.app, owner, { approveAs: admin }))._id;
    const batch = await get(`/v1/properties/active-investments?ids=${other},${id},${other}`, owner);
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toEqual([{ propertyId: other, unitsSold: 0, investors: [] }, investments]);
    expect((await get(`/v1/properties/active-investments?ids=${id}`, admin)).json()).toEqual([investments]);
    const owner2 = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const mine = (await makeProperty(t.app, owner2, { approveAs: admin }))._id;
    // One listing that is not theirs and the whole answer is refused, as for one.
    expect((await get(`/v1/properties/active-investments?ids=${mine},${id}`, owner2)).statusCode).toBe(404);
    const bad = await get(`/v1/properties/active-investments?ids=${id},not-an-id`, owner);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'ids: every id must be a listing id']);
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    expect((await get(`/v1/properties/active-investments?ids=${many}`, owner)).json().message).toBe('ids: at most 100 listings at once');
    expect((await get('/v1/properties/active-investments?ids=,', owner)).statusCode).toBe(400);
    expect((await get(`/v1/properties/owner/${id}`, owner)).json()).toMatchObject({
      unitsSold: 6,
      amountRaised: 150,
      totalValue: 250,
      investorsCount: 1,
    });
  });

  it('lists and single orders follow roles and ownership', async () => {
    const id = await listing(10, 10);
    const buyer = await makeInvestor(t, 100);
    const other = await makeInvestor(t, 100);
    const o = (await placeOrder(t.app, buyer, id, 1)).json();
    await placeOrder(t.app, other, id, 1);
    const mine = (await get('/v1/orders', buyer)).json();
    expect(mine).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(mine.items[0]._id).toBe(o._id);
    expect(mine.items[0].investor).toBeUndefined();
    expect((await get('/v1/orders?status=COMPLETED', buyer)).json().total).toBe(0);
    expect((await get(`/v1/orders/${o._id}`, buyer)).json()._id).toBe(o._id);
    expect((await get(`/v1/orders/${o._id}`, other)).statusCode).toBe(404);
    expect((await get(`/v1/orders/${o._id}`, owner)).statusCode).toBe(403);
    expect((await get(`/v1/orders/${o._id}`, admin)).json().investor.email).toBe(buyer.email);
    const forUser = (await get(`/v1/orders/${buyer.id}/admin`, admin)).json();
    expect(forUser.items.map((x: { _id: string }) => x._id)).toEqual([o._id]);
    expect((await get(`/v1/orders/admin?propertyId=${id}`, admin)).json().total).toBe(2);
    expect((await get('/v1/orders/00000000-0000-4000-8000-000000000000/admin', admin)).statusCode).toBe(404);
  });

  it('delete (admin): only closed orders leave the lists; the ledger keeps them', async () => {
    const id = await listing(10, 10);
    const buyer = await makeInvestor(t, 100);
    const pending = (await placeOrder(t.app, buyer, id, 1)).json();
    const done = (await placeOrder(t.app, buyer, id, 1)).json();
    await review(done._id, 'APPROVE');
    const gone = (await placeOrder(t.app, buyer, id, 1)).json();
    await call(t.app, { method: 'PATCH', url: `/v1/orders/${gone._id}/cancel`, as: buyer });

    const del = (oid: string, as: TestUser = admin) => call(t.app, { method: 'DELETE', url: `/v1/orders/${oid}`, as });
    expect((await del(gone._id, buyer)).statusCode).toBe(403);
    expect((await del(pending._id)).json()).toMatchObject({
      statusCode: 409,
      message: 'A pending order cannot be deleted; approve or reject it first',
    });
    expect((await del(done._id)).json()).toMatchObject({
      statusCode: 409,
      message: 'A completed order backs a holding and cannot be deleted',
    });
    expect((await del(gone._id)).json()).toEqual({ message: 'Order deleted' });
    expect((await del(gone._id)).statusCode).toBe(404);
    expect((await get(`/v1/orders/${gone._id}`, buyer)).statusCode).toBe(404);
    expect((await get('/v1/orders', buyer)).json().total).toBe(2);
    expect((await get(`/v1/transactions/owned?type=ORDER_REFUND`, buyer)).json().items[0].orderId).toBe(gone._id);
    expect((await audits('order.delete')).map((x) => x.targetId)).toContain(gone._id);
  });

  it('an owner cannot delete a property that has holders, pending orders or order history', async () => {
    const buyer = await makeInvestor(t, 1000);
    const held = await listing(10, 10);
    await review((await placeOrder(t.app, buyer, held, 3)).json()._id, 'APPROVE');
    const waiting = await listing(10, 10);
    await placeOrder(t.app, buyer, waiting, 1);
    const history = await listing(10, 10);
    await call(t.app, { method: 'PATCH', url: `/v1/orders/${(await placeOrder(t.app, buyer, history, 1)).json()._id}/cancel`, as: buyer });
    const before = await snapshot(t.app);
    const del = (id: string) => call(t.app, { method: 'DELETE', url: `/v1/properties/owned/${id}`, as: owner });
    expect((await del(held)).json()).toMatchObject({
      statusCode: 409,
      message: 'This property cannot be deleted: 1 investor holds 3 units of it',
    });
    expect((await del(waiting)).json()).toMatchObject({ statusCode: 409, message: 'This property cannot be deleted: 1 order is pending' });
    expect((await del(history)).json()).toMatchObject({
      statusCode: 409,
      message: 'This property cannot be deleted: it has orders on record, which the ledger keeps',
    });
    expect((await call(t.app, { method: 'DELETE', url: `/v1/properties/${held}`, as: admin })).statusCode).toBe(409);
    expect(await snapshot(t.app)).toBe(before);
  });
});

describe('closing an account with money in it', () => {
  it('is refused while orders are pending, withdrawals await review, money is in the wallet or units are held', async () => {
    const id = await listing(10, 10);
    const who = await makeInvestor(t, 100);
    const del = () => call(t.app, { method: 'DELETE', url: `/v1/users/${who.id}`, as: admin });
    const o = (await placeOrder(t.app, who, id, 1)).json();
    const before = await snapshot(t.app);
    expect((await del()).json()).toMatchObject({
      statusCode: 409,
      message: [
        '1 pending order placed by this person: approve, reject or cancel it first',
        '$90.00 in the wallet: it must be withdrawn first',
      ],
    });
    expect(await snapshot(t.app)).toBe(before);
    await call(t.app, { method: 'PATCH', url: `/v1/orders/${o._id}/cancel`, as: who });
    const p = (await requestWithdrawal(t.app, who, 40)).json();
    expect((await del()).json().message).toEqual([
      '1 requested withdrawal ($40.00): pay or reject it first',
      '$60.00 in the wallet: it must be withdrawn first',
    ]);
    await call(t.app, { method: 'PATCH', url: `/v1/payouts/${p._id}`, as: admin, payload: { status: 'PAID', bankReference: 'TRF-TEST' } });
    expect((await del()).json().message).toEqual(['$60.00 in the wallet: it must be withdrawn first']);
    const emptied = (await requestWithdrawal(t.app, who, 60)).json();
    await call(t.app, {
      method: 'PATCH',
      url: `/v1/payouts/${emptied._id}`,
      as: admin,
      payload: { status: 'PAID', bankReference: 'TRF-TEST' },
    });
    expect((await del()).json()).toEqual({ message: 'User deleted' });
  });
});

describe('withdrawals and payouts', () => {
  it('held at once; PAID keeps it out, REJECTED releases it; both audited; decided once', async () => {
    const who = await makeInvestor(t, 300);
    const a = (await requestWithdrawal(t.app, who, 100)).json();
    const b = (await requestWithdrawal(t.app, who, 50.5)).json();
    expect(a).toMatchObject({ userId: who.id, amount: 100, status: 'REQUESTED', reason: null, decidedAt: null });
    expect((await get('/v1/wallets/balance', who)).json()).toMatchObject({ balance: 149.5, held: 150.5 });
    expect((await get('/v1/wallets/payouts', who)).json().map((p: { _id: string }) => p._id)).toEqual([b._id, a._id]);

    const decide = (id: string, body: object, as = admin) => call(t.app, { method: 'PATCH', url: `/v1/payouts/${id}`, as, payload: body });
    expect((await decide(a._id, { status: 'PAID', bankReference: 'TRF-1' }, who)).statusCode).toBe(403);
    // Paid needs the transfer's bank reference: refused without one (blank counts), nothing decided.
    for (const body of [{ status: 'PAID' }, { status: 'PAID', bankReference: '   ' }]) {
      expect((await decide(a._id, body)).json()).toMatchObject({ statusCode: 400, message: 'Enter the bank reference of the transfer' });
    }
    expect((await decide(a._id, { status: 'PAID', bankReference: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await get('/v1/wallets/payouts', who)).json()).toContainEqual(
      expect.objectContaining({ _id: a._id, status: 'REQUESTED', bankReference: null }),
    );
    expect((await decide(a._id, { status: 'PAID', bankReference: ' TRF-20261127-0042 ' })).json()).toMatchObject({
      status: 'PAID',
      bankReference: 'TRF-20261127-0042',
      user: { _id: who.id, email: who.email, role: 'INVESTOR' },
    });
    // The rule holds in the database too: a writer that skips the service cannot mark one paid without it.
    const c = (await requestWithdrawal(t.app, await makeInvestor(t, 10), 1)).json();
    await expect(t.app.db.execute(sql`UPDATE payouts SET status = 'PAID' WHERE id = ${c._id}`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: 'Enter the bank reference of the transfer' }),
    });
    await expect(t.app.db.execute(sql`UPDATE payouts SET bank_reference = 'X' WHERE id = ${a._id}`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: 'The decision on a payout never changes' }),
    });
    expect((await decide(c._id, { status: 'REJECTED', reason: 'Test' })).statusCode).toBe(200);
    expect((await decide(b._id, { status: 'REJECTED', reason: 'Bank details do not match' })).json()).toMatchObject({
      status: 'REJECTED',
      reason: 'Bank details do not match',
    });
    expect((await decide(b._id, { status: 'PAID', bankReference: 'TRF-2' })).json()).toMatchObject({
      statusCode: 409,
      message: 'This withdrawal is already rejected',
    });
    expect((await get('/v1/wallets/balance', who)).json()).toMatchObject({ balance: 200, held: 0 });
    expect((await get(`/v1/wallets/${who.id}/admin`, admin)).json()).toEqual({ userId: who.id, balance: 200, held: 0, currency: 'USD' });
    expect((await audits('payout.paid')).map((x) => x.targetId)).toContain(a._id);
    expect((await audits('payout.reject')).map((x) => x.targetId)).toContain(b._id);
    const list = (await get(`/v1/payouts?userId=${who.id}`, admin)).json();
    expect(list.items.map((p: { status: string }) => p.status)).toEqual(['REJECTED', 'PAID']);
    expect((await get('/v1/payouts?status=REQUESTED', admin)).statusCode).toBe(200);
  });

  it('owners withdraw what their sales paid them; admins have no wallet', async () => {
    const before = await walletBalance(t.app, owner);
    expect((await requestWithdrawal(t.app, owner, before + 0.01)).statusCode).toBe(409);
    expect((await call(t.app, { method: 'POST', url: '/v1/wallets/withdraw', as: admin, payload: { amount: 1 } })).statusCode).toBe(403);
    expect((await get('/v1/wallets/balance', admin)).statusCode).toBe(403);
  });
});

describe('transactions (ledger views)', () => {
  it("own entries come with where the page's holds stand: each order's and each withdrawal's status, in one answer", async () => {
    const id = await listing(10, 10);
    const who = await makeInvestor(t, 200);
    const pending = (await placeOrder(t.app, who, id, 1)).json();
    const done = (await placeOrder(t.app, who, id, 1)).json();
    await review(done._id, 'APPROVE');
    const cancelled = (await placeOrder(t.app, who, id, 1)).json();
    await call(t.app, { method: 'PATCH', url: `/v1/orders/${cancelled._id}/cancel`, as: who });
    const removed = (await placeOrder(t.app, who, id, 1)).json();
    await review(removed._id, 'REJECT', 'No');
    await call(t.app, { method: 'DELETE', url: `/v1/orders/${removed._id}`, as: admin });
    const held = (await requestWithdrawal(t.app, who, 5)).json();
    const released = (await requestWithdrawal(t.app, who, 6)).json();
    await call(t.app, { method: 'PATCH', url: `/v1/wallets/payouts/${released._id}/cancel`, as: who });

    const mine = (await get('/v1/transactions/owned', who)).json();
    // An order removed from the lists still tells its hold was refunded.
    expect(mine.orderStatuses).toEqual({
      [pending._id]: 'PENDING',
      [done._id]: 'COMPLETED',
      [cancelled._id]: 'CANCELLED',
      [removed._id]: 'REJECTED',
    });
    expect(mine.payoutStatuses).toEqual({ [held._id]: 'REQUESTED', [released._id]: 'CANCELLED' });

    // Only the page's holds: the newest two entries are the withdrawal release and its hold.
    const first = (await get('/v1/transactions/owned?pageSize=2', who)).json();
    expect(first.items.map((e: { type: string }) => e.type)).toEqual(['WITHDRAWAL_RELEASE', 'WITHDRAWAL_HOLD']);
    expect(first.orderStatuses).toEqual({});
    expect(first.payoutStatuses).toEqual({ [released._id]: 'CANCELLED' });
    const deposits = (await get('/v1/transactions/owned?type=DEPOSIT', who)).json();
    expect(deposits).toMatchObject({ total: 1, orderStatuses: {}, payoutStatuses: {} });
    // Someone else's page says nothing of these.
    const other = await makeInvestor(t, 10);
    expect((await get('/v1/transactions/owned', other)).json()).toMatchObject({ orderStatuses: {}, payoutStatuses: {} });
  });

  it('own entries, one of them, and for admins every entry with filters, totals and CSV', async () => {
    const id = await listing(10, 10);
    const who = await makeInvestor(t, 100);
    const o = (await placeOrder(t.app, who, id, 2)).json();
    await review(o._id, 'APPROVE');
    const mine = (await get('/v1/transactions/owned', who)).json();
    expect(mine.items.map((e: { type: string; amount: number; balanceAfter: number }) => [e.type, e.amount, e.balanceAfter])).toEqual([
      ['ORDER_HOLD', -20, 80],
      ['DEPOSIT', 100, 100],
    ]);
    const one = mine.items[0];
    expect((await get(`/v1/transactions/owned/${one._id}`, who)).json()).toEqual(one);
    expect((await get(`/v1/transactions/owned/${one._id}`, owner)).statusCode).toBe(404);
    expect((await get(`/v1/transactions/${one._id}`, admin)).json()).toEqual(one);
    expect((await get(`/v1/transactions/${one._id}`, who)).statusCode).toBe(403);

    const today = new Date().toISOString().slice(0, 10);
    const all = (await get(`/v1/transactions?propertyId=${id}&from=${today}&to=${today}`, admin)).json();
    expect(all.total).toBe(2);
    expect(all.totals).toEqual({ count: 2, credits: 20, debits: -20, net: 0, byType: { ORDER_HOLD: -20, OWNER_PAYOUT: 20 } });
    expect((await get(`/v1/transactions?userId=${who.id}&type=DEPOSIT`, admin)).json().totals).toMatchObject({ count: 1, credits: 100 });
    expect((await get('/v1/transactions?from=2001-01-02&to=2001-01-01', admin)).statusCode).toBe(400);
    expect((await get('/v1/transactions?from=2001-01-01&to=2001-01-31', admin)).json().total).toBe(0);

    const csv = await get('/v1/transactions/owned/export.csv', who);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="tessera-transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Type,Amount (USD),Balance after (USD),Description,Order,Property,Payout,Checkout,Entry,Name');
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 4).join(','))).toEqual(['ORDER_HOLD,-20.00,80.00', 'DEPOSIT,100.00,100.00']);
    // The holder's own export names each entry as the wallet and statements do.
    expect(lines.slice(1).map((l) => l.split(',').at(-1))).toEqual(['Order', 'Deposit']);
    const adminCsv = await get(`/v1/transactions/export.csv?userId=${who.id}`, admin);
    expect(adminCsv.body.split('\r\n')[0]).toMatch(/^Date \(UTC\),User,E-mail,Type/);
    expect(adminCsv.body).toContain(who.email);
    expect((await get('/v1/transactions/export.csv', who)).statusCode).toBe(403);
  });
});

describe('dashboard figures from the ledger, orders and holdings', () => {
  it('an investor: portfolio, invested, holdings, wallet, pending orders, allocations, invested over time', async () => {
    const me = await makeInvestor(t, 1000);
    const a = await listing(10, 100, 'OFF_PLAN');
    const b = await listing(10, 50);
    await review((await placeOrder(t.app, me, a, 2)).json()._id, 'APPROVE');
    await review((await placeOrder(t.app, me, b, 3)).json()._id, 'APPROVE');
    await placeOrder(t.app, me, b, 1);
    const m = (await get('/v1/users/me/metrics', me)).json();
    const today = new Date().toISOString().slice(0, 10);
    expect(m).toMatchObject({
      portfolioValue: 350,
      totalInvested: 350,
      holdingsCount: 2,
      walletBalance: 600,
      pendingOrders: 1,
      allocationByProperty: [
        { propertyId: a, amount: 200 },
        { propertyId: b, amount: 150 },
      ],
      payoutsReceived: 0,
    });
    expect(m.allocationByType).toEqual(
      expect.arrayContaining([
        { type: 'OFF_PLAN', amount: 200 },
        { type: 'RENTAL_READY', amount: 150 },
      ]),
    );
    expect(m.investedOverTime).toHaveLength(30);
    expect(m.investedOverTime.at(-1)).toEqual({ date: today, amount: 350 });
  });

  it('an owner: payouts received; admins: invested, pending, wallets, over time', async () => {
    const om = (await get('/v1/users/me/metrics', owner)).json();
    const [{ paid }] = await queryRows<{ paid: string }>(
      t.app,
      sql`SELECT coalesce(sum(amount_cents), 0) AS paid FROM ledger_entries WHERE user_id = ${owner.id} AND type = 'OWNER_PAYOUT'`,
    );
    expect(om.payoutsReceived).toBe(Number(paid) / 100);
    expect(om.payoutsReceived).toBeGreaterThan(0);
    const [f] = await queryRows<{ invested: string; pending: string; balances: string }>(
      t.app,
      sql`SELECT (SELECT sum(amount_cents) FROM orders WHERE status = 'COMPLETED') AS invested, (SELECT count(*) FROM orders WHERE status = 'PENDING') AS pending, (SELECT sum(balance_cents) FROM wallets) AS balances`,
    );
    const m = (await get('/v1/admin/metrics', admin)).json();
    expect(m).toMatchObject({
      totalInvested: Number(f.invested) / 100,
      pendingOrders: Number(f.pending),
      walletBalances: Number(f.balances) / 100,
    });
    expect(m.investedOverTime.at(-1).amount).toBe(Number(f.invested) / 100);
    expect((await get('/v1/admin/metrics/investor', admin)).json()).toMatchObject({
      totalInvested: Number(f.invested) / 100,
      walletBalances: Number(f.balances) / 100,
    });
  });
});

describe('the database refuses money changes that bypass the money operations', () => {
  let who: TestUser;
  let orderId: string;
  let propertyId: string;
  beforeAll(async () => {
    who = await makeInvestor(t, 100);
    propertyId = await listing(10, 10);
    orderId = (await placeOrder(t.app, who, propertyId, 1)).json()._id;
  });
  const refused = async (statement: ReturnType<typeof sql>) => {
    const before = await snapshot(t.app);
    await expect(t.app.db.execute(statement)).rejects.toThrow();
    expect(await snapshot(t.app)).toBe(before);
  };
  it.each([
    ['a balance set directly', () => sql`UPDATE wallets SET balance_cents = balance_cents + 100 WHERE user_id = ${who.id}`],
    [
      'a ledger entry written directly',
      () =>
        sql`INSERT INTO ledger_entries (user_id, wallet_seq, type, amount_cents, balance_after_cents, checkout_id) VALUES (${who.id}, 99, 'DEPOSIT', 100, 0, gen_random_uuid())`,
    ],
    ['a ledger entry changed', () => sql`UPDATE ledger_entries SET amount_cents = amount_cents * 2 WHERE user_id = ${who.id}`],
    ['a ledger entry deleted', () => sql`DELETE FROM ledger_entries WHERE user_id = ${who.id}`],
    [
      'a holding created directly',
      () =>
        sql`INSERT INTO holdings (investor_id, property_id, quantity, amount_invested_cents) VALUES (${who.id}, ${propertyId}, 1, 1000)`,
    ],
    [
      'units sold without an order',
      () =>
        sql`UPDATE properties SET available_quantity = available_quantity - 1, settled_quantity = settled_quantity + 1 WHERE id = ${propertyId}`,
    ],
    ['units that do not add up', () => sql`UPDATE properties SET available_quantity = available_quantity - 1 WHERE id = ${propertyId}`],
    ['an order repriced', () => sql`UPDATE orders SET unit_price_cents = 1, amount_cents = 1 WHERE id = ${orderId}`],
    ['a price change after a sale', () => sql`UPDATE properties SET unit_price_cents = unit_price_cents + 1 WHERE id = ${propertyId}`],
    ['an order deleted', () => sql`DELETE FROM orders WHERE id = ${orderId}`],
    [
      'an order decided twice',
      () =>
        sql`UPDATE orders SET status = CASE WHEN status = 'PENDING' THEN 'CANCELLED' ELSE 'PENDING' END WHERE id = ${orderId} AND status <> 'PENDING'`,
    ],
    ['an overdraft', () => sql`INSERT INTO payouts (user_id, amount_cents) VALUES (${who.id}, 1000000)`],
  ])('%s', async (_name, statement) => {
    if (_name === 'an order decided twice') {
      await call(t.app, { method: 'PATCH', url: `/v1/orders/${orderId}/cancel`, as: who });
    }
    await refused(statement());
  });
});
