// Issue 16, Deliver 4: units in PENDING orders are reserved, not sold. "Sold", "raised",
// funding and investor counts count COMPLETED orders only — in the property JSON, the owner's
// view and dashboard, and the admin's listing and owner metrics — by the contract's definition.
import { amountRaised, unitsReserved, unitsSold, type Property } from 'shared-api/contract';
import { sql } from 'drizzle-orm';
import {
  buildTestApp,
  call,
  queryRows,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  requestWithdrawal,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
  owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, as?: TestUser) => call(t.app, { method: 'GET', url, as });

describe('sold, reserved, raised', () => {
  it('a pending order reserves units; only its approval sells them', async () => {
    const p = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 100, unitPrice: 10 } });
    const before = (await get('/v1/admin/metrics/listing', admin)).json();
    const ownerBefore = (await get('/v1/users/me/metrics', owner)).json();

    const buyer = await makeInvestor(t, 500);
    const pending = await placeOrder(t.app, buyer, p._id, 30);
    expect(pending.statusCode).toBe(201);
    const other = await makeInvestor(t, 500);
    const approved = (await placeOrder(t.app, other, p._id, 12)).json();
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/orders/${approved._id}/review`, as: admin, payload: { decision: 'APPROVE' } }))
        .statusCode,
    ).toBe(200);

    // The public property JSON: 12 sold, 30 reserved, 58 available.
    const pub = (await get(`/v1/properties/${p._id}`)).json() as Property;
    expect(pub).toMatchObject({ totalQuantity: 100, availableQuantity: 58, reservedQuantity: 30, soldQuantity: 12 });
    expect(unitsSold(pub)).toBe(12);
    expect(unitsReserved(pub)).toBe(30);
    expect(amountRaised(pub)).toBe(120);
    // The catalogue carries the same figures.
    const listed = (await get('/v1/properties?pageSize=100')).json().items.find((i: Property) => i._id === p._id);
    expect(listed).toMatchObject({ availableQuantity: 58, reservedQuantity: 30, soldQuantity: 12 });
    // An order's property summary too.
    expect((await get(`/v1/orders/${pending.json()._id}`, buyer)).json().property).toMatchObject({
      reservedQuantity: 30,
      soldQuantity: 12,
    });

    // The owner's view of the listing and active investments: one investor (the approved one).
    expect((await get(`/v1/properties/owner/${p._id}`, owner)).json()).toMatchObject({
      unitsSold: 12,
      unitsReserved: 30,
      amountRaised: 120,
      totalValue: 1000,
      investorsCount: 1,
    });
    expect((await get(`/v1/properties/active-investments/${p._id}`, owner)).json()).toMatchObject({
      unitsSold: 12,
      investors: [{ investorId: other.id, quantity: 12 }],
    });

    // The owner's dashboard and the admin's listing metrics move by the same figures.
    const ownerAfter = (await get('/v1/users/me/metrics', owner)).json();
    expect(ownerAfter.unitsSold - ownerBefore.unitsSold).toBe(12);
    expect(ownerAfter.unitsReserved - ownerBefore.unitsReserved).toBe(30);
    expect(ownerAfter.amountRaised - ownerBefore.amountRaised).toBe(120);
    const after = (await get('/v1/admin/metrics/listing', admin)).json();
    expect(after.unitsSold - before.unitsSold).toBe(12);
    expect(after.unitsReserved - before.unitsReserved).toBe(30);
    expect(after.amountRaised - before.amountRaised).toBe(120);
    const top = (await get('/v1/admin/metrics/owner', admin)).json().topOwners.find((o: { ownerId: string }) => o.ownerId === owner.id);
    expect(top.amountRaised).toBe(ownerAfter.amountRaised);

    // Cancelling the pending order frees its units: nothing was ever sold or raised by it.
    expect((await call(t.app, { method: 'PATCH', url: `/v1/orders/${pending.json()._id}/cancel`, as: buyer })).statusCode).toBe(200);
    expect((await get(`/v1/properties/${p._id}`)).json()).toMatchObject({ availableQuantity: 88, reservedQuantity: 0, soldQuantity: 12 });
    expect((await get('/v1/admin/metrics/listing', admin)).json()).toMatchObject({
      unitsSold: after.unitsSold,
      unitsReserved: after.unitsReserved - 30,
      amountRaised: after.amountRaised,
    });
  });

  it('the admin metrics equal the contract figures summed over every listing', async () => {
    const rows = await queryRows<{ total_quantity: number; reserved_quantity: number; settled_quantity: number; unit_price_cents: number }>(
      t.app,
      sql`SELECT total_quantity, reserved_quantity, settled_quantity, unit_price_cents FROM properties`,
    );
    const all = rows.map((r) => ({
      reservedQuantity: Number(r.reserved_quantity),
      soldQuantity: Number(r.settled_quantity),
      unitPrice: Number(r.unit_price_cents) / 100,
    }));
    const m = (await get('/v1/admin/metrics/listing', admin)).json();
    expect(m.total).toBe(all.length);
    expect(m.unitsSold).toBe(all.reduce((a, p) => a + unitsSold(p), 0));
    expect(m.unitsReserved).toBe(all.reduce((a, p) => a + unitsReserved(p), 0));
    expect(m.amountRaised).toBeCloseTo(
      all.reduce((a, p) => a + amountRaised(p), 0),
      2,
    );
    expect(m.unitsSold).toBeGreaterThan(0);
  });
});

describe("admin lists carry the person's verification status (issue 16)", () => {
  it('pending orders and requested withdrawals show the status of who placed them', async () => {
    const p = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 50, unitPrice: 10 } });
    const buyer = await makeInvestor(t, 200);
    const order = (await placeOrder(t.app, buyer, p._id, 2)).json();
    const orders = (await get('/v1/orders/admin?status=PENDING&pageSize=100', admin)).json();
    expect(orders.items.find((o: { _id: string }) => o._id === order._id).investor).toMatchObject({ _id: buyer.id, status: 'VERIFIED' });

    const w = await requestWithdrawal(t.app, buyer, 5);
    expect(w.statusCode).toBe(201);
    const payouts = (await get('/v1/payouts?status=REQUESTED&pageSize=100', admin)).json();
    expect(payouts.items.find((x: { _id: string }) => x._id === w.json()._id).user).toMatchObject({ _id: buyer.id, status: 'VERIFIED' });
  });
});

describe('open checkouts for admins (issue 16)', () => {
  it("lists open checkouts with the person's verification status", async () => {
    const pending = await makeUser(t.app, 'INVESTOR', { status: 'PENDING', subscribed: true });
    const started = await call(t.app, {
      method: 'POST',
      url: '/v1/payments/checkouts',
      as: pending,
      payload: { purpose: 'DEPOSIT', amount: 40, returnPath: '/dashboard/wallet' },
    });
    expect(started.statusCode).toBe(201);
    const res = await get('/v1/admin/checkouts?status=OPEN&pageSize=100', admin);
    expect(res.statusCode).toBe(200);
    const row = res.json().items.find((c: { _id: string }) => c._id === started.json()._id);
    expect(row).toMatchObject({
      userId: pending.id,
      purpose: 'DEPOSIT',
      amount: 40,
      status: 'OPEN',
      user: { _id: pending.id, status: 'PENDING' },
    });
    expect(row.checkoutUrl).toBeUndefined();
    expect((await get('/v1/admin/checkouts', pending)).statusCode).toBe(403);
    expect((await get('/v1/admin/checkouts?status=NOPE', admin)).statusCode).toBe(400);
  });
});
