// Idempotency-Key, implemented once (ledger/sql/idempotency_claim.sql and idempotency_store.sql):
// the TypeScript wrapper (withdrawals) and the SQL procedures (place_order,
// place_market_orders) keep the same answer shape, replay rows kept in the shapes from before
// migration 1020, and refuse a different request (422) or a key in progress (409) alike.
// PGlite; PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import { invariantViolations } from '../src/modules/ledger';
import {
  buildTestApp,
  call,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  queryRows,
  requestWithdrawal,
  walletBalance,
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
}, 180_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await invariantViolations(t.app.db)).toEqual([]);
});

const DIFFERENT = 'This Idempotency-Key was already used for a different request';
const IN_PROGRESS = 'A request with this Idempotency-Key is in progress; try again';

const listing = async (totalQuantity = 100, unitPrice = 10) =>
  (await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity, unitPrice } }))._id;

interface KeyRow {
  status_code: number | null;
  response: unknown;
  result: unknown;
}

async function keyRow(user: TestUser, key: string): Promise<KeyRow | undefined> {
  const [row] = await queryRows<KeyRow>(
    t.app,
    sql`SELECT status_code, response, result FROM idempotency_keys WHERE user_id = ${user.id} AND key = ${key}`,
  );
  return row;
}

/** Rewrites a key's row as the code before migration 1020 kept it: the answer in `response`, no `result`. */
async function toLegacyShape(user: TestUser, key: string): Promise<void> {
  await t.app.db.execute(sql`UPDATE idempotency_keys SET response = result, result = NULL WHERE user_id = ${user.id} AND key = ${key}`);
}

/** A key another call has claimed and not yet answered. */
async function claimedElsewhere(user: TestUser, key: string): Promise<void> {
  await t.app.db.execute(sql`INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (${user.id}, ${key}, 'another call')`);
}

const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(t.app, q))[0].n);

function marketOrder(as: TestUser, propertyId: string, units: number, price: number, key: string) {
  return call(t.app, {
    method: 'POST',
    url: '/v1/market/orders',
    as,
    payload: { propertyId, side: 'BUY', units, price },
    headers: { 'idempotency-key': key },
  });
}

/** A FUNDED listing (its units sold and approved): its market is open. */
async function tradingListing(): Promise<string> {
  const id = await listing(2, 10);
  const seller = await makeInvestor(t, 20);
  expect((await placeOrder(t.app, seller, id, 2)).statusCode).toBe(201);
  const [o] = await queryRows<{ id: string }>(t.app, sql`SELECT id FROM orders WHERE property_id = ${id} AND status = 'PENDING'`);
  const r = await call(t.app, { method: 'PATCH', url: `/v1/orders/${o.id}/review`, as: admin, payload: { decision: 'APPROVE' } });
  expect(r.statusCode).toBe(200);
  return id;
}

describe('one stored shape: the result, its status and the fingerprint', () => {
  it('the TypeScript wrapper keeps the result in `result`', async () => {
    const who = await makeInvestor(t, 50);
    const first = await requestWithdrawal(t.app, who, 5, { 'idempotency-key': 'wd-shape' });
    expect(first.statusCode).toBe(201);
    expect(await keyRow(who, 'wd-shape')).toEqual({ status_code: 201, response: null, result: first.json() });
  });

  it('place_order keeps the rows its answer is made of in `result`', async () => {
    const id = await listing();
    const who = await makeInvestor(t, 50);
    const first = await placeOrder(t.app, who, id, 1, 'order-shape');
    expect(first.statusCode).toBe(201);
    const row = await keyRow(who, 'order-shape');
    expect(row).toMatchObject({ status_code: 201, response: null });
    expect(row?.result).toMatchObject({ order: { id: first.json()._id }, property: { id }, images: [] });
  });
});

describe('rows in the shapes from before replay', () => {
  it('a withdrawal kept as its API body (the TypeScript shape)', async () => {
    const who = await makeInvestor(t, 50);
    const first = await requestWithdrawal(t.app, who, 7, { 'idempotency-key': 'wd-legacy' });
    expect(first.statusCode).toBe(201);
    await toLegacyShape(who, 'wd-legacy');
    expect(await keyRow(who, 'wd-legacy')).toEqual({ status_code: 201, response: first.json(), result: null });
    const again = await requestWithdrawal(t.app, who, 7, { 'idempotency-key': 'wd-legacy' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await walletBalance(t.app, who)).toBe(43);
  });

  it('an order kept as its rows (the place_order shape)', async () => {
    const id = await listing();
    const who = await makeInvestor(t, 50);
    const first = await placeOrder(t.app, who, id, 2, 'order-legacy');
    expect(first.statusCode).toBe(201);
    await toLegacyShape(who, 'order-legacy');
    expect((await keyRow(who, 'order-legacy'))?.result).toBeNull();
    const again = await placeOrder(t.app, who, id, 2, 'order-legacy');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE investor_id = ${who.id}`)).toBe(1);
    expect(await walletBalance(t.app, who)).toBe(30);
  });

  it('a market order kept as its rows (the place_market_orders shape)', async () => {
    const id = await tradingListing();
    const who = await makeInvestor(t, 50);
    const first = await marketOrder(who, id, 1, 9, 'market-legacy');
    expect(first.statusCode).toBe(201);
    await toLegacyShape(who, 'market-legacy');
    const again = await marketOrder(who, id, 1, 9, 'market-legacy');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().order).toEqual(first.json().order);
    expect(await count(sql`SELECT count(*) AS n FROM market_orders WHERE investor_id = ${who.id}`)).toBe(1);
  });
});

describe('the same refusals on every path', () => {
  it('the same key with a different request: 422, nothing moves', async () => {
    const id = await listing();
    const who = await makeInvestor(t, 50);
    expect((await requestWithdrawal(t.app, who, 5, { 'idempotency-key': 'k-wd' })).statusCode).toBe(201);
    const wd = await requestWithdrawal(t.app, who, 6, { 'idempotency-key': 'k-wd' });
    expect([wd.statusCode, wd.json().message]).toEqual([422, DIFFERENT]);

    expect((await placeOrder(t.app, who, id, 1, 'k-order')).statusCode).toBe(201);
    const order = await placeOrder(t.app, who, id, 2, 'k-order');
    expect([order.statusCode, order.json().message]).toEqual([422, DIFFERENT]);

    const market = await tradingListing();
    expect((await marketOrder(who, market, 1, 9, 'k-market')).statusCode).toBe(201);
    const bid = await marketOrder(who, market, 1, 8, 'k-market');
    expect([bid.statusCode, bid.json().message]).toEqual([422, DIFFERENT]);

    expect(await walletBalance(t.app, who)).toBe(50 - 5 - 10 - 9);
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE investor_id = ${who.id}`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM market_orders WHERE investor_id = ${who.id}`)).toBe(1);
  });

  it('a key still in progress: 409, nothing moves', async () => {
    const id = await listing();
    const market = await tradingListing();
    const who = await makeInvestor(t, 50);
    for (const key of ['p-wd', 'p-order', 'p-market']) await claimedElsewhere(who, key);
    const wd = await requestWithdrawal(t.app, who, 5, { 'idempotency-key': 'p-wd' });
    expect([wd.statusCode, wd.json().message]).toEqual([409, IN_PROGRESS]);
    const order = await placeOrder(t.app, who, id, 1, 'p-order');
    expect([order.statusCode, order.json().message]).toEqual([409, IN_PROGRESS]);
    const bid = await marketOrder(who, market, 1, 9, 'p-market');
    expect([bid.statusCode, bid.json().message]).toEqual([409, IN_PROGRESS]);
    expect(await walletBalance(t.app, who)).toBe(50);
    expect(await count(sql`SELECT count(*) AS n FROM payouts WHERE user_id = ${who.id}`)).toBe(0);
  });
});
