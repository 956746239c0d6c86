// Market integrity: the band's reference (a volume-weighted average that a few trades between
// friends cannot move) and the surveillance flags admins review. Through the real app on
// PGlite (PostgreSQL with DATABASE_URL).
import { sql } from 'drizzle-orm';
import { MARKET_REFERENCE_MIN_TRADERS, MARKET_REFERENCE_MIN_UNITS, MARKET_REFERENCE_WINDOW_DAYS } from 'shared-api/contract/market';
import { raiseFlags } from '../src/modules/market/surveillance';
import {
  buildTestApp,
  call,
  destinationFor,
  invariantViolations,
  itOnPostgres,
  makeInvestor,
  makeProperty,
  makeUser,
  placeOrder,
  queryRows,
  type TestApp,
  type TestUser,
  approvePendingOrders,
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

const approveOrders = (propertyId: string) => approvePendingOrders(t.app, admin, propertyId);

/** A FUNDED property (unit price $10) sold to the given holders; each investor also gets $1,000. */
async function market(units: number[]) {
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const total = units.reduce((a, b) => a + b, 0);
  const { _id } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: total, unitPrice: 10 } });
  const investors: TestUser[] = [];
  for (const n of units) {
    const inv = await makeInvestor(t, n * 10 + 1000);
    if (n > 0) expect((await placeOrder(t.app, inv, _id, n)).statusCode).toBe(201);
    investors.push(inv);
  }
  await approveOrders(_id);
  return { propertyId: _id, investors };
}

const order = (as: TestUser, propertyId: string, side: 'BUY' | 'SELL', units: number, price: number) =>
  call(t.app, { method: 'POST', url: '/v1/market/orders', as, payload: { propertyId, side, units, price } });

/** `seller` sells `units` to `buyer` at `price`: both orders accepted, one trade. */
async function trade(seller: TestUser, buyer: TestUser, propertyId: string, units: number, price: number) {
  expect((await order(seller, propertyId, 'SELL', units, price)).statusCode).toBe(201);
  const res = await order(buyer, propertyId, 'BUY', units, price);
  expect({ status: res.statusCode, body: res.statusCode === 201 ? null : res.body }).toEqual({ status: 201, body: null });
  expect(res.json().order.status).toBe('FILLED');
}

const rules = async (propertyId: string) => (await call(t.app, { method: 'GET', url: `/v1/market/properties/${propertyId}` })).json().rules;

describe('the band reference resists wash trades', () => {
  it('6 one-unit wash trades between two accounts do not move the band', async () => {
    const { propertyId, investors } = await market([10, 10]);
    const [a, b] = investors;
    // At the top of the band each time, back and forth: under the last-trade reference this
    // walked the band up 20% per trade.
    for (let i = 0; i < 6; i++) {
      if (i % 2 === 0) await trade(a, b, propertyId, 1, 12);
      else await trade(b, a, propertyId, 1, 12);
    }
    expect(await rules(propertyId)).toMatchObject({
      referencePrice: 10,
      referenceBasis: 'UNIT_PRICE',
      minPrice: 8,
      maxPrice: 12,
      referenceWindowDays: MARKET_REFERENCE_WINDOW_DAYS,
      referenceMinUnits: MARKET_REFERENCE_MIN_UNITS,
      referenceMinTraders: MARKET_REFERENCE_MIN_TRADERS,
    });
    const refused = await order(a, propertyId, 'SELL', 1, 12.01);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The price must be within 20% of the reference price $10.00 (unit price): between $8.00 and $12.00',
    );
    // An honest order at the low end is still accepted.
    expect((await order(b, propertyId, 'BUY', 1, 8)).statusCode).toBe(201);
  });

  it('one-way trades between one pair are not enough volume either', async () => {
    const { propertyId, investors } = await market([20, 0]);
    const [a, b] = investors;
    await trade(a, b, propertyId, 12, 12);
    expect(await rules(propertyId)).toMatchObject({ referencePrice: 10, referenceBasis: 'UNIT_PRICE' });
  });

  it('enough volume between enough accounts: the average trade price; a round trip between two of them is left out', async () => {
    const { propertyId, investors } = await market([20, 0, 0]);
    const [s, b1, b2] = investors;
    await trade(s, b1, propertyId, 5, 11);
    await trade(s, b2, propertyId, 5, 11.5);
    // 10 units for $112.50 between 3 accounts: $11.25 (half up), band 20%: $9.00 to $13.50.
    expect(await rules(propertyId)).toMatchObject({ referencePrice: 11.25, referenceBasis: 'VWAP', minPrice: 9, maxPrice: 13.5 });
    const refused = await order(s, propertyId, 'SELL', 1, 13.51);
    expect(refused.json().message).toBe(
      'The price must be within 20% of the reference price $11.25 (average trade price): between $9.00 and $13.50',
    );
    // b1 sells back to s: both trades of that pair stop counting; 5 units are left, too few.
    await trade(b1, s, propertyId, 5, 13.5);
    expect(await rules(propertyId)).toMatchObject({ referencePrice: 10, referenceBasis: 'UNIT_PRICE' });
  });
});

describe('surveillance flags', () => {
  const flags = async (query = '') => call(t.app, { method: 'GET', url: `/v1/admin/market/flags${query}`, as: admin });

  it('raises one open flag per pattern and pair, idempotently; admins list, review (audited), and the pattern comes back only on new trades', async () => {
    // The patterns of the tests above first, so the counts below are this test's.
    await raiseFlags(t.app.db);
    const { propertyId, investors } = await market([10, 10, 10]);
    const [a, b, c] = investors;
    const openBefore = (await call(t.app, { method: 'GET', url: '/v1/admin/metrics', as: admin })).json().openMarketFlags;
    await trade(a, b, propertyId, 1, 10);
    await trade(b, a, propertyId, 1, 10);
    // c trades one way only with a: no wash pattern.
    await trade(a, c, propertyId, 1, 10);
    // a and b share a sign-in device and a bank account (same kind, country, last four, holder).
    // (Every test account signs in from the same test client: only a and b share one here.)
    const fingerprint = 'ab'.repeat(32);
    await t.app.db.execute(sql`DELETE FROM signin_devices WHERE user_id IN (${a.id}, ${b.id}, ${c.id})`);
    await t.app.db.execute(
      sql`INSERT INTO signin_devices (user_id, fingerprint) VALUES (${a.id}, ${fingerprint}), (${b.id}, ${fingerprint})`,
    );
    await destinationFor(t.app, a);
    await destinationFor(t.app, b);

    expect(await raiseFlags(t.app.db)).toBe(3);
    expect(await raiseFlags(t.app.db)).toBe(0);
    const pair = [a.id, b.id].sort();
    const mine = await queryRows<{ kind: string; user_a: string; user_b: string; property_id: string | null; status: string }>(
      t.app,
      sql`SELECT kind, user_a, user_b, property_id, status FROM market_flags
          WHERE user_a IN (${a.id}, ${b.id}, ${c.id}) OR user_b IN (${a.id}, ${b.id}, ${c.id}) ORDER BY kind`,
    );
    expect(mine).toEqual([
      { kind: 'SHARED_BANK_ACCOUNT', user_a: pair[0], user_b: pair[1], property_id: null, status: 'OPEN' },
      { kind: 'SHARED_DEVICE', user_a: pair[0], user_b: pair[1], property_id: null, status: 'OPEN' },
      { kind: 'WASH_TRADES', user_a: pair[0], user_b: pair[1], property_id: propertyId, status: 'OPEN' },
    ]);
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/metrics', as: admin })).json().openMarketFlags).toBe(openBefore + 3);

    // The queue, newest first, by keyset pages.
    const first = await flags('?status=OPEN&pageSize=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (await flags(`?status=OPEN&pageSize=2&after=${page1.nextCursor}`)).json();
    const all = [...page1.items, ...page2.items];
    const wash = all.find(
      (f: { kind: string; property: { _id: string } | null }) => f.kind === 'WASH_TRADES' && f.property?._id === propertyId,
    );
    expect(wash).toMatchObject({
      status: 'OPEN',
      property: { _id: propertyId },
      detail: { trades: 2, units: 2 },
      reviewedAt: null,
      reviewNote: null,
    });
    expect(wash.accounts.map((p: { _id: string }) => p._id).sort()).toEqual(pair);
    expect(wash.accounts[0].email).toMatch(/@/);

    // Reviews: a note is required; investors may not; once reviewed, it is closed.
    const url = `/v1/admin/market/flags/${wash._id}/review`;
    expect((await call(t.app, { method: 'POST', url, as: a, payload: { decision: 'DISMISS', note: 'x' } })).statusCode).toBe(403);
    const blank = await call(t.app, { method: 'POST', url, as: admin, payload: { decision: 'DISMISS', note: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('A note is required');
    const done = await call(t.app, { method: 'POST', url, as: admin, payload: { decision: 'DISMISS', note: 'Siblings rebalancing' } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'DISMISSED', reviewNote: 'Siblings rebalancing', reviewerEmail: admin.email });
    const again = await call(t.app, { method: 'POST', url, as: admin, payload: { decision: 'ESCALATE', note: 'Second look' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This flag has already been reviewed');
    const logged = await queryRows<{ action: string; detail: { note: string } }>(
      t.app,
      sql`SELECT action, detail FROM audit_log WHERE target_type = 'market_flag' AND target_id = ${wash._id}`,
    );
    expect(logged).toEqual([
      expect.objectContaining({ action: 'market.flag.dismiss', detail: expect.objectContaining({ note: 'Siblings rebalancing' }) }),
    ]);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/v1/admin/market/flags/00000000-0000-4000-8000-000000000000/review',
          as: admin,
          payload: { decision: 'ESCALATE', note: 'n' },
        })
      ).statusCode,
    ).toBe(404);

    // The dismissed pattern is not raised again on the same trades; a new trade raises it.
    expect(await raiseFlags(t.app.db)).toBe(0);
    await trade(a, b, propertyId, 1, 10);
    expect(await raiseFlags(t.app.db)).toBe(1);
    const washes = await queryRows<{ status: string }>(
      t.app,
      sql`SELECT status FROM market_flags WHERE kind = 'WASH_TRADES' AND property_id = ${propertyId} ORDER BY created_at`,
    );
    expect(washes.map((w) => w.status)).toEqual(['DISMISSED', 'OPEN']);
  });

  itOnPostgres('two instances raising at once make one flag per pattern and pair', async () => {
    await raiseFlags(t.app.db);
    const { propertyId, investors } = await market([10, 10]);
    const [a, b] = investors;
    await t.app.db.execute(sql`DELETE FROM signin_devices WHERE user_id IN (${a.id}, ${b.id})`);
    await trade(a, b, propertyId, 1, 10);
    await trade(b, a, propertyId, 1, 10);
    // Separate pool connections: the partial unique index makes the later insert an update.
    const raised = await Promise.all([raiseFlags(t.app.db), raiseFlags(t.app.db), raiseFlags(t.app.db)]);
    expect(raised.reduce((x, y) => x + y, 0)).toBe(1);
    const open = await queryRows<{ n: string }>(
      t.app,
      sql`SELECT count(*) AS n FROM market_flags WHERE property_id = ${propertyId} AND status = 'OPEN'`,
    );
    expect(Number(open[0].n)).toBe(1);
  });
});
