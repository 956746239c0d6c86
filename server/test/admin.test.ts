import { sql } from 'drizzle-orm';
import {
  buildTestApp,
  call,
  fund,
  makeProperty,
  makeUser,
  markSubmitted,
  placeOrder,
  queryRows,
  snapshot,
  type TestApp,
  type TestUser,
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

const get = (url: string, as: TestUser | undefined = admin) => call(t.app, { method: 'GET', url, as });
const today = () => new Date().toISOString().slice(0, 10);

describe('admin metrics, computed from the data', () => {
  let owner: TestUser;
  beforeAll(async () => {
    const buyer = await makeUser(t.app, 'INVESTOR', { status: 'VERIFIED', subscribed: true });
    await makeUser(t.app, 'INVESTOR', { status: 'PENDING' });
    await makeUser(t.app, 'INVESTOR', { status: 'REJECTED', emailVerified: false });
    owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED', firstName: 'Top' });
    const quiet = await makeUser(t.app, 'PROPERTY_OWNER');
    const live = await makeProperty(t.app, owner, { approveAs: admin, body: { state: 'TX', totalQuantity: 100, unitPrice: 10 } });
    await makeProperty(t.app, owner, { type: 'OFF_PLAN', body: { state: 'TX', totalQuantity: 50, unitPrice: 20 } });
    await makeProperty(t.app, quiet, { body: { state: 'NY', totalQuantity: 10, unitPrice: 1 } });
    // 25 units sold through the money path: $1,000 deposited, $250 paid to the owner.
    await fund(t, buyer, 1000);
    const order = (await placeOrder(t.app, buyer, live._id, 25)).json();
    await call(t.app, { method: 'PATCH', url: `/v1/orders/${order._id}/review`, as: admin, payload: { decision: 'APPROVE' } });
  });

  it('GET /v1/admin/metrics', async () => {
    const res = await get('/v1/admin/metrics');
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      investors: 3,
      owners: 2,
      admins: 1,
      properties: 3,
      listingsByStatus: { ACTIVE: 1, PENDING_REVIEW: 2 },
      usersByStatus: { VERIFIED: 2, PENDING: 2, REJECTED: 1 },
      totalInvested: 250,
      pendingOrders: 0,
      walletBalances: 1000,
    });
    expect(m.investedOverTime).toHaveLength(30);
    expect(m.investedOverTime.at(-1)).toEqual({ date: today(), amount: 250 });
    expect(m.signUpsOverTime).toHaveLength(30);
    expect(m.signUpsOverTime.at(-1)).toEqual({ date: today(), investors: 3, owners: 2 });
  });

  it('GET /v1/admin/metrics/investor', async () => {
    const m = (await get('/v1/admin/metrics/investor')).json();
    expect(m).toMatchObject({
      total: 3,
      byStatus: { VERIFIED: 1, PENDING: 1, REJECTED: 1 },
      subscribed: 1,
      onboardingCompleted: 0,
      emailVerified: 2,
      totalInvested: 250,
      walletBalances: 1000,
    });
    expect(m.signUpsOverTime.at(-1)).toEqual({ date: today(), count: 3 });
  });

  it('GET /v1/admin/metrics/listing', async () => {
    const m = (await get('/v1/admin/metrics/listing')).json();
    expect(m).toMatchObject({
      total: 3,
      byStatus: { ACTIVE: 1, PENDING_REVIEW: 2 },
      byType: { RENTAL_READY: 2, OFF_PLAN: 1 },
      byState: [
        { state: 'TX', count: 2 },
        { state: 'NY', count: 1 },
      ],
      unitsTotal: 160,
      unitsSold: 25,
      totalValue: 2010,
      amountRaised: 250,
    });
    expect(m.listedOverTime.at(-1)).toEqual({ date: today(), count: 3 });
  });

  it('GET /v1/admin/metrics/owner', async () => {
    const m = (await get('/v1/admin/metrics/owner')).json();
    expect(m).toMatchObject({ total: 2, byStatus: { VERIFIED: 1, PENDING: 1 }, withListings: 2 });
    expect(m.topOwners[0]).toEqual({ ownerId: owner.id, name: 'Top Test', listings: 2, amountRaised: 250 });
  });

  it('is for admins only', async () => {
    const investor = await makeUser(t.app, 'INVESTOR');
    for (const url of [
      '/v1/admin/metrics',
      '/v1/admin/metrics/investor',
      '/v1/admin/metrics/listing',
      '/v1/admin/metrics/owner',
      '/v1/admin/audit',
      '/v1/admin/me',
    ]) {
      expect((await call(t.app, { method: 'GET', url })).statusCode).toBe(401);
      expect((await get(url, investor)).statusCode).toBe(403);
    }
  });
});

describe('admin accounts', () => {
  it('GET and PATCH /v1/admin/me (profile fields only)', async () => {
    expect((await get('/v1/admin/me')).json()).toMatchObject({ _id: admin.id, role: 'ADMIN' });
    const res = await call(t.app, { method: 'PATCH', url: '/v1/admin/me', as: admin, payload: { firstName: 'Root', phone: '555 0000' } });
    expect(res.json()).toMatchObject({ firstName: 'Root', phone: '555 0000' });
    const before = await snapshot(t.app);
    expect((await call(t.app, { method: 'PATCH', url: '/v1/admin/me', as: admin, payload: { role: 'INVESTOR' } })).statusCode).toBe(400);
    expect(await snapshot(t.app)).toBe(before);
  });

  it('GET and DELETE /v1/admin/{id}: other admins only', async () => {
    const other = await makeUser(t.app, 'ADMIN');
    const investor = await makeUser(t.app, 'INVESTOR');
    expect((await get(`/v1/admin/${other.id}`)).json()).toMatchObject({ _id: other.id, role: 'ADMIN', kycDocuments: [] });
    expect((await get(`/v1/admin/${investor.id}`)).statusCode).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/admin/${investor.id}`, as: admin })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/admin/${admin.id}`, as: admin })).statusCode).toBe(409);
    const del = await call(t.app, { method: 'DELETE', url: `/v1/admin/${other.id}`, as: admin });
    expect(del.statusCode).toBe(200);
    expect((await get('/v1/admin/me', other)).statusCode).toBe(401);
    const audit = (await get('/v1/admin/audit?action=admin.delete')).json();
    expect(audit.items[0]).toMatchObject({ targetId: other.id, actorId: admin.id, detail: { email: other.email, role: 'ADMIN' } });
  });
});

describe('audit trail', () => {
  it('pages and filters by action and actor', async () => {
    const second = await makeUser(t.app, 'ADMIN');
    const target = await makeUser(t.app, 'INVESTOR');
    await markSubmitted(t.app, target.id);
    await call(t.app, { method: 'PATCH', url: `/v1/users/verify/${target.id}`, as: second, payload: { status: 'VERIFIED' } });
    await call(t.app, { method: 'PATCH', url: `/v1/users/${target.id}`, as: second, payload: { firstName: 'Changed' } });
    const mine = (await get(`/v1/admin/audit?actorId=${second.id}`)).json();
    expect(mine.total).toBe(2);
    expect(mine.items.map((e: { action: string }) => e.action)).toEqual(['user.update', 'user.verify']);
    expect(mine.items[0]).toMatchObject({
      actorEmail: second.email,
      targetType: 'user',
      ip: expect.any(String),
      createdAt: expect.any(String),
    });
    const page = (await get(`/v1/admin/audit?actorId=${second.id}&pageSize=1&page=2`)).json();
    expect(page.items.map((e: { action: string }) => e.action)).toEqual(['user.verify']);
    expect((await get('/v1/admin/audit?actorId=nope')).statusCode).toBe(400);
  });

  it('cannot be changed or removed, even with SQL', async () => {
    const [{ n }] = await queryRows<{ n: number }>(t.app, sql`select count(*)::int as n from audit_log`);
    expect(n).toBeGreaterThan(0);
    await expect(t.app.db.execute(sql`update audit_log set action = 'forged'`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [{ m }] = await queryRows<{ m: number }>(t.app, sql`select count(*)::int as m from audit_log where action <> 'forged'`);
    expect(m).toBe(n);
  });
});
