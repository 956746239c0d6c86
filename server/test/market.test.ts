// Issue 20: the secondary market through the real app on a real database (PGlite; PostgreSQL
// with DATABASE_URL, where the concurrency cases run). Every test ends with the money
// invariants (extended by migration 0101 to the market) intact.
import { sql } from 'drizzle-orm';
import { MARKET_MESSAGES } from 'shared-api/contract/market';
import type { BatchResult } from '../src/lib/batcher';
import type { BatchOrder } from '../src/modules/market/batcher';
import { marketBatcher, placeBatchStatement, placeStatement } from '../src/modules/market/service';
import {
  buildTestApp,
  call,
  invariantViolations,
  itOnPostgres,
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

// Migrating a fresh PGlite takes a while on a busy shared machine.
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

const approveOrders = (propertyId: string) => approvePendingOrders(t.app, admin, propertyId);

/** A FUNDED property (unit price $10) sold to the given holders; each investor also gets `cash` dollars. */
async function market(units: number[], cash = 1000, unitPrice = 10) {
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const total = units.reduce((a, b) => a + b, 0);
  const { _id } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: total, unitPrice } });
  const investors: TestUser[] = [];
  for (const n of units) {
    const inv = await makeInvestor(t, n * unitPrice + cash);
    if (n > 0) expect((await placeOrder(t.app, inv, _id, n)).statusCode).toBe(201);
    investors.push(inv);
  }
  await approveOrders(_id);
  return { propertyId: _id, investors, owner };
}

function order(
  as: TestUser,
  propertyId: string,
  side: 'BUY' | 'SELL',
  units: number,
  price: number,
  extra: Record<string, unknown> = {},
  key?: string,
) {
  return call(t.app, {
    method: 'POST',
    url: '/v1/market/orders',
    as,
    payload: { propertyId, side, units, price, ...extra },
    headers: key ? { 'idempotency-key': key } : {},
  });
}

async function units(u: TestUser, propertyId: string) {
  const r = await call(t.app, { method: 'GET', url: `/v1/market/holdings/${propertyId}`, as: u });
  return r.json<{ units: number; held: number; available: number }>();
}

describe('secondary market', () => {
  it('price, then time priority; partial fills across several resting orders; the remainder rests', async () => {
    const { propertyId, investors } = await market([10, 10, 10, 0]);
    const [a, b, c, buyer] = investors;
    expect((await order(a, propertyId, 'SELL', 3, 10.5)).statusCode).toBe(201); // worse price
    expect((await order(b, propertyId, 'SELL', 2, 10)).statusCode).toBe(201); // best, first
    expect((await order(c, propertyId, 'SELL', 2, 10)).statusCode).toBe(201); // best, second
    const book = (await call(t.app, { method: 'GET', url: `/v1/market/properties/${propertyId}` })).json();
    expect(book.bestAsk).toBe(10);
    expect(book.asks).toEqual([
      { price: 10, units: 4, orders: 2 },
      { price: 10.5, units: 3, orders: 1 },
    ]);
    const res = await order(buyer, propertyId, 'BUY', 6, 10.5);
    expect(res.statusCode).toBe(201);
    const placed = res.json();
    expect(placed.fills.map((f: { units: number; price: number }) => [f.units, f.price])).toEqual([
      [2, 10],
      [2, 10],
      [2, 10.5],
    ]);
    expect(placed.order).toMatchObject({ status: 'FILLED', remaining: 0, filled: 6 });
    const sellers = await queryRows<{ seller_id: string }>(
      t.app,
      sql`SELECT seller_id FROM trades WHERE property_id = ${propertyId} ORDER BY seq`,
    );
    expect(sellers.map((s) => s.seller_id)).toEqual([b.id, c.id, a.id]);
    expect((await units(a, propertyId)).held).toBe(1);
    expect(await units(buyer, propertyId)).toMatchObject({ units: 6, held: 0, available: 6 });
    // A bid above the rest rests partly: 1 unit fills at 10.5, 2 rest at 10.6.
    const rest = (await order(buyer, propertyId, 'BUY', 3, 10.6)).json();
    expect(rest.order).toMatchObject({ status: 'OPEN', remaining: 2, held: 21.2 });
    expect(rest.book.bestBid).toBe(10.6);
  });

  it('fee: 1% of the trade, charged to the seller, rounded half up to the cent; the platform receives it', async () => {
    const { propertyId, investors } = await market([10, 0]);
    const [seller, buyer] = investors;
    const before = { s: await walletBalance(t.app, seller), b: await walletBalance(t.app, buyer) };
    // 3 × $10.15 = $30.45; 1% = 30.45 cents -> 30 cents. 1 × $10.50 = 10.5 cents -> 11 cents (half up).
    await order(seller, propertyId, 'SELL', 3, 10.15);
    await order(buyer, propertyId, 'BUY', 3, 10.15);
    await order(seller, propertyId, 'SELL', 1, 10.5);
    await order(buyer, propertyId, 'BUY', 1, 10.5);
    const fees = await queryRows<{ fee_cents: string }>(
      t.app,
      sql`SELECT fee_cents FROM trades WHERE property_id = ${propertyId} ORDER BY seq`,
    );
    expect(fees.map((f) => Number(f.fee_cents))).toEqual([30, 11]);
    expect(await walletBalance(t.app, seller)).toBeCloseTo(before.s + 30.45 - 0.3 + 10.5 - 0.11, 2);
    expect(await walletBalance(t.app, buyer)).toBeCloseTo(before.b - 30.45 - 10.5, 2);
    const fills = (await call(t.app, { method: 'GET', url: '/v1/market/fills', as: seller })).json();
    expect(fills.items[0]).toMatchObject({ side: 'SELL', units: 1, gross: 10.5, fee: 0.11, net: 10.39, role: 'MAKER' });
    // The trades are in both people's transactions list.
    const tx = await queryRows<{ type: string }>(
      t.app,
      sql`SELECT type FROM ledger_entries WHERE user_id = ${seller.id} AND trade_id IS NOT NULL`,
    );
    expect(tx.map((e) => e.type).sort()).toEqual(['TRADE_FEE', 'TRADE_FEE', 'TRADE_SELL', 'TRADE_SELL']);
  });

  it('self-trade refused, nothing moves; price band; halt; validation; not verified', async () => {
    const { propertyId, investors } = await market([10, 0]);
    const [a, b] = investors;
    expect((await order(a, propertyId, 'SELL', 2, 10)).statusCode).toBe(201);
    await order(a, propertyId, 'BUY', 1, 9).then((r) => expect(r.statusCode).toBe(201));
    const self = await order(a, propertyId, 'BUY', 1, 10);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('This order would trade with your own sell order at $10.00: cancel that order first');
    const band = await order(b, propertyId, 'BUY', 1, 12.01);
    expect(band.statusCode).toBe(400);
    expect(band.json().message).toBe('The price must be within 20% of the reference price $10.00 (unit price): between $8.00 and $12.00');
    const tooMany = await order(a, propertyId, 'SELL', 9, 10);
    expect(tooMany.json().message).toBe('You have 8 units available to sell');
    const poor = await order(b, propertyId, 'BUY', 1000, 10);
    expect(poor.statusCode).toBe(409);
    expect(poor.json().message).toMatch(/^Your wallet has \$[\d,.]+ available; this order needs \$10,000\.00$/);
    expect((await order(b, propertyId, 'BUY', 1.5, 10)).statusCode).toBe(400);
    expect((await order(b, propertyId, 'BUY', 1, 0)).statusCode).toBe(400);
    expect((await order(b, propertyId, 'BUY', 1, 10, { goodUntil: day(-1) })).json().message).toBe(MARKET_MESSAGES.goodUntilPast);
    const pending = await makeUser(t.app, 'INVESTOR', { status: 'PENDING' });
    expect((await order(pending, propertyId, 'BUY', 1, 10)).json().message).toBe(MARKET_MESSAGES.notVerified);
    // Halt: refused with the reason; resting orders stay; resume trades again. Audited.
    const h = await call(t.app, {
      method: 'POST',
      url: `/v1/admin/market/properties/${propertyId}/halt`,
      as: admin,
      payload: { reason: 'Title check' },
    });
    expect(h.statusCode).toBe(200);
    expect(h.json()).toMatchObject({ status: 'HALTED', haltReason: 'Title check' });
    const halted = await order(b, propertyId, 'BUY', 1, 10);
    expect(halted.statusCode).toBe(409);
    expect(halted.json().message).toBe('Trading in this property is halted: Title check');
    await call(t.app, {
      method: 'POST',
      url: `/v1/admin/market/properties/${propertyId}/resume`,
      as: admin,
      payload: { reason: 'Cleared' },
    });
    expect((await order(b, propertyId, 'BUY', 1, 10)).json().fills).toHaveLength(1);
    const audit = await queryRows<{ action: string }>(
      t.app,
      sql`SELECT action FROM audit_log WHERE target_id = ${propertyId} AND action LIKE 'market.%' ORDER BY created_at`,
    );
    expect(audit.map((x) => x.action)).toEqual(['market.halt', 'market.resume']);
    // A listing that is not on the market (a draft): 404, and neither a halt nor its audit entry is left behind.
    const draft = await makeProperty(t.app, await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' }));
    const refused = await call(t.app, {
      method: 'POST',
      url: `/v1/admin/market/properties/${draft._id}/halt`,
      as: admin,
      payload: { reason: 'Not listed' },
    });
    expect(refused.statusCode).toBe(404);
    expect(await queryRows(t.app, sql`SELECT 1 FROM market_properties WHERE property_id = ${draft._id}`)).toEqual([]);
    expect(await queryRows(t.app, sql`SELECT 1 FROM audit_log WHERE target_id = ${draft._id} AND action LIKE 'market.%'`)).toEqual([]);
  });

  it('cancel releases the hold; idempotent place; expiry; notifications and the CSV', async () => {
    const { propertyId, investors } = await market([10, 0]);
    const [a, b] = investors;
    const start = await walletBalance(t.app, b);
    const first = await order(b, propertyId, 'BUY', 2, 9, {}, 'key-1');
    const again = await order(b, propertyId, 'BUY', 2, 9, {}, 'key-1');
    expect(first.statusCode).toBe(201);
    expect(again.json().order._id).toBe(first.json().order._id);
    expect(await walletBalance(t.app, b)).toBeCloseTo(start - 18, 2);
    const cancel = await call(t.app, { method: 'POST', url: `/v1/market/orders/${first.json().order._id}/cancel`, as: b });
    expect(cancel.json()).toMatchObject({ status: 'CANCELLED', held: 0 });
    expect(await walletBalance(t.app, b)).toBeCloseTo(start, 2);
    const twice = await call(t.app, { method: 'POST', url: `/v1/market/orders/${first.json().order._id}/cancel`, as: b });
    expect(twice.json().message).toBe('This order is already cancelled');
    expect((await call(t.app, { method: 'POST', url: `/v1/market/orders/${first.json().order._id}/cancel`, as: a })).statusCode).toBe(404);
    // Expiry: an order good until yesterday (written as if placed earlier) is expired by the job.
    const ask = (await order(a, propertyId, 'SELL', 2, 11, { goodUntil: day(0) })).json().order;
    await t.app.db.execute(sql`ALTER TABLE market_orders DISABLE TRIGGER market_orders_before_update`);
    await t.app.db.execute(sql`UPDATE market_orders SET good_until = ${day(-1)}::date WHERE id = ${ask._id}`);
    await t.app.db.execute(sql`ALTER TABLE market_orders ENABLE TRIGGER market_orders_before_update`);
    const { expireOrders } = await import('../src/modules/market/service');
    expect(await expireOrders(t.app)).toBe(1);
    expect(await expireOrders(t.app)).toBe(0);
    expect((await units(a, propertyId)).held).toBe(0);
    // A fill notifies both sides.
    await order(a, propertyId, 'SELL', 1, 10);
    await order(b, propertyId, 'BUY', 1, 10);
    const notes = await queryRows<{ user_id: string }>(
      t.app,
      sql`SELECT user_id FROM notifications WHERE kind = 'MARKET_ORDER_FILLED' AND data->>'propertyId' = ${propertyId}`,
    );
    expect(notes.map((n) => n.user_id).sort()).toEqual([a.id, b.id].sort());
    const csv = await call(t.app, { method: 'GET', url: `/v1/admin/market/trades.csv?propertyId=${propertyId}`, as: admin });
    expect(csv.body.split('\r\n')[0]).toMatch(/^trade_id,created_at,property_id/);
    expect(csv.body.split('\r\n')[1]).toContain(',1,10.00,10.00,0.10,100,BUY,');
    const overview = (await call(t.app, { method: 'GET', url: '/v1/admin/market/overview', as: admin })).json();
    expect(overview.find((r: { propertyId: string }) => r.propertyId === propertyId)).toMatchObject({
      volumeUnits: 1,
      lastPrice: 10,
      trades: 1,
    });
  });

  it('a unit bought before the record date pays its buyer; the seller who sold out is no holder', async () => {
    const { propertyId, investors, owner } = await market([4, 6, 0]);
    const [a, , c] = investors;
    await order(a, propertyId, 'SELL', 4, 10);
    await order(c, propertyId, 'BUY', 4, 10);
    const holders = await queryRows<{ investor_id: string; quantity: number }>(
      t.app,
      sql`SELECT investor_id, quantity FROM holdings WHERE property_id = ${propertyId}`,
    );
    expect(holders.find((h) => h.investor_id === a.id)).toBeUndefined();
    expect(holders.find((h) => h.investor_id === c.id)?.quantity).toBe(4);
    // Declare and pay a distribution with the record date today: c is paid for 4 units.
    const period = { periodStart: day(-60), periodEnd: day(-31) };
    const rep = await call(t.app, {
      method: 'POST',
      url: '/v1/income-reports',
      as: owner,
      payload: { propertyId, ...period, grossRent: 1000, expenses: {}, note: '' },
    });
    expect(rep.statusCode).toBe(201);
    const ok = await call(t.app, {
      method: 'PATCH',
      url: `/v1/income-reports/${rep.json()._id}/approve`,
      as: admin,
      payload: { recordDate: day(0), payDate: day(0) },
    });
    expect(ok.statusCode).toBe(200);
    const paid = await call(t.app, { method: 'POST', url: `/v1/distributions/${ok.json().distribution._id}/pay`, as: admin });
    expect(paid.statusCode).toBe(200);
    const recs = await queryRows<{ holder_id: string; units: number }>(
      t.app,
      sql`SELECT holder_id, units FROM distribution_holders WHERE distribution_id = ${ok.json().distribution._id}`,
    );
    expect(recs.find((r) => r.holder_id === c.id)?.units).toBe(4);
    expect(recs.find((r) => r.holder_id === a.id)).toBeUndefined();
  });

  it('a randomized run conserves units and money', async () => {
    const { propertyId, investors } = await market([20, 20, 20, 20], 2000);
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 60; i++) {
      const who = investors[Math.floor(rnd() * investors.length)];
      const side = rnd() < 0.5 ? 'BUY' : 'SELL';
      const price = Math.round((9 + rnd() * 2) * 100) / 100;
      const res = await order(who, propertyId, side, 1 + Math.floor(rnd() * 4), price);
      expect([201, 409]).toContain(res.statusCode);
      if (rnd() < 0.1 && res.statusCode === 201 && res.json().order.status === 'OPEN') {
        await call(t.app, { method: 'POST', url: `/v1/market/orders/${res.json().order._id}/cancel`, as: who });
      }
    }
    const [{ n }] = await queryRows<{ n: string }>(t.app, sql`SELECT count(*) AS n FROM trades WHERE property_id = ${propertyId}`);
    expect(Number(n)).toBeGreaterThan(5);
    expect(await invariantViolations(t.app)).toEqual([]);
  });

  itOnPostgres('concurrent buyers for the last units of an ask: exactly those units trade, the rest rest', async () => {
    const { propertyId, investors } = await market([5, 0, 0, 0, 0, 0]);
    const [seller, ...buyers] = investors;
    await order(seller, propertyId, 'SELL', 5, 10);
    const results = await Promise.all(buyers.map((b) => order(b, propertyId, 'BUY', 2, 10)));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const filled = results.reduce((s, r) => s + r.json().order.filled, 0);
    expect(filled).toBe(5);
    expect((await units(seller, propertyId)).units).toBe(0);
  });

  itOnPostgres('cancel racing a fill: either the cancel or the fill wins, never both', async () => {
    const { propertyId, investors } = await market([10, 0]);
    const [seller, buyer] = investors;
    for (let i = 0; i < 5; i++) {
      const ask = (await order(seller, propertyId, 'SELL', 1, 10)).json().order;
      const [c, b] = await Promise.all([
        call(t.app, { method: 'POST', url: `/v1/market/orders/${ask._id}/cancel`, as: seller }),
        order(buyer, propertyId, 'BUY', 1, 10),
      ]);
      const bought = b.json().order.filled === 1;
      expect(c.statusCode === 200).toBe(!bought);
      if (!bought) await call(t.app, { method: 'POST', url: `/v1/market/orders/${b.json().order._id}/cancel`, as: buyer });
    }
  });

  it('the service statement is what the bench calls', async () => {
    const { propertyId, investors } = await market([3, 0]);
    const placed = await placeStatement(
      t.app.db,
      investors[0].id,
      { propertyId, side: 'SELL', units: 1, priceCents: 1000, goodUntil: null },
      100,
      20,
    );
    expect(placed.order?.status).toBe('OPEN');
  });
  // POST /v1/market/orders may let a session it read lately through without reading it again
  // (authenticateRechecked); place_market_orders checks each order's session and status itself.
  it('a session let through from memory is checked again by the batch: sign-out, status', async () => {
    const { propertyId, investors } = await market([4, 0], 100);
    const [seller, bidder] = investors;
    const open = async (u: TestUser) =>
      (await queryRows<{ n: number }>(t.app, sql`SELECT count(*)::int AS n FROM market_orders WHERE investor_id = ${u.id}`))[0].n;
    expect((await order(bidder, propertyId, 'BUY', 1, 10)).statusCode).toBe(201); // the session is now remembered
    expect((await order(seller, propertyId, 'SELL', 1, 12)).statusCode).toBe(201);

    await queryRows(t.app, sql`UPDATE users SET status = 'REJECTED' WHERE id = ${seller.id}`);
    expect((await order(seller, propertyId, 'SELL', 1, 12)).json()).toMatchObject({
      statusCode: 403,
      message: 'Your account verification was rejected: you cannot trade',
    });
    await queryRows(t.app, sql`UPDATE users SET status = 'VERIFIED' WHERE id = ${seller.id}`);

    expect((await call(t.app, { method: 'POST', url: '/v1/auth/logout', as: bidder })).statusCode).toBeLessThan(300);
    const before = await snapshot(t.app);
    expect((await order(bidder, propertyId, 'BUY', 1, 10)).json()).toMatchObject({
      statusCode: 401,
      message: 'Your session has expired or is invalid, please sign in again',
    });
    expect(await snapshot(t.app)).toBe(before);
    expect([await open(bidder), await open(seller)]).toEqual([1, 1]);
  });

  it('an account with an open market order cannot be closed (its money or units are on the book)', async () => {
    const { propertyId, investors } = await market([4, 0], 100);
    const [seller, bidder] = investors;
    expect((await order(bidder, propertyId, 'BUY', 2, 10)).statusCode).toBe(201);
    const res = await call(t.app, { method: 'DELETE', url: `/v1/users/${bidder.id}`, as: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('1 open market order (money or units held on the order book): cancel it first');
    expect((await order(seller, propertyId, 'SELL', 1, 12)).statusCode).toBe(201);
    const sellerRes = await call(t.app, { method: 'DELETE', url: `/v1/users/${seller.id}`, as: admin });
    expect(sellerRes.json().message).toContain('1 open market order (money or units held on the order book): cancel it first');
  });
  it('a date that does not exist is a 400, never a 500 (good-until, the admin trade list filters)', async () => {
    const { propertyId, investors } = await market([1, 0], 100);
    const [, b] = investors;
    for (const goodUntil of ['2099-02-30', '2099-13-01', '0000-01-01', '2099-00-10']) {
      const res = await order(b, propertyId, 'BUY', 1, 10, { goodUntil });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().message)).toMatch(/goodUntil (must be a valid date|has an invalid format)/);
    }
    expect((await order(b, propertyId, 'BUY', 1, 10, { goodUntil: '2099-02-28' })).statusCode).toBe(201);
    for (const q of ['from=2024-02-30', 'to=2024-13-01', 'from=0000-01-01']) {
      for (const url of [`/v1/admin/market/trades?${q}`, `/v1/admin/market/trades.csv?${q}`]) {
        const res = await call(t.app, { method: 'GET', url, as: admin });
        expect(res.statusCode).toBe(400);
      }
    }
    expect((await call(t.app, { method: 'GET', url: '/v1/admin/market/trades?from=2024-02-29&to=2024-03-01', as: admin })).statusCode).toBe(
      200,
    );
  });

  it('rejecting an investor takes their open orders off the book, releasing what they held; they are told', async () => {
    const { propertyId, investors } = await market([10, 0, 5], 100);
    const [seller, bidder, other] = investors;
    const cash = await walletBalance(t.app, bidder);
    expect((await order(bidder, propertyId, 'BUY', 2, 10)).statusCode).toBe(201);
    expect((await order(bidder, propertyId, 'BUY', 1, 9)).statusCode).toBe(201);
    expect((await order(other, propertyId, 'SELL', 3, 11)).statusCode).toBe(201);
    expect(await walletBalance(t.app, bidder)).toBeCloseTo(cash - 29, 2);
    for (const who of [bidder, other]) {
      const res = await call(t.app, {
        method: 'PATCH',
        url: `/v1/users/verify/${who.id}`,
        as: admin,
        payload: { status: 'REJECTED', reason: 'Document expired' },
      });
      expect(res.statusCode).toBe(200);
    }
    // The bids' money is back in the wallet, the ask's units are available again, the book is
    // empty (read in the database: a rejection ends the person's sessions).
    const [w] = await queryRows<{ balance_cents: string }>(t.app, sql`SELECT balance_cents FROM wallets WHERE user_id = ${bidder.id}`);
    expect(Number(w.balance_cents)).toBe(Math.round(cash * 100));
    const [h] = await queryRows<{ quantity: number; held_quantity: number }>(
      t.app,
      sql`SELECT quantity, held_quantity FROM holdings WHERE investor_id = ${other.id} AND property_id = ${propertyId}`,
    );
    expect(h).toEqual({ quantity: 5, held_quantity: 0 });
    const book = (await call(t.app, { method: 'GET', url: `/v1/market/properties/${propertyId}` })).json();
    expect(book).toMatchObject({ bids: [], asks: [] });
    const statuses = await queryRows<{ status: string }>(
      t.app,
      sql`SELECT status FROM market_orders WHERE investor_id IN (${bidder.id}, ${other.id})`,
    );
    expect(statuses.map((r) => r.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    // A seller meeting the old bid's price trades with nobody.
    const sell = await order(seller, propertyId, 'SELL', 2, 10);
    expect(sell.json().fills).toEqual([]);
    const [note] = await queryRows<{ body: string }>(
      t.app,
      sql`SELECT body FROM notifications WHERE user_id = ${bidder.id} AND kind = 'KYC_REJECTED'`,
    );
    expect(note.body).toContain('Your 2 open market orders were cancelled: only verified investors trade.');
  });

  it('a resting order whose investor is no longer verified is cancelled when met, never traded', async () => {
    const { propertyId, investors } = await market([10, 0, 0], 100);
    const [seller, rejected, buyer] = investors;
    const cash = await walletBalance(t.app, rejected);
    expect((await order(rejected, propertyId, 'BUY', 2, 10)).statusCode).toBe(201);
    expect((await order(seller, propertyId, 'SELL', 1, 11)).statusCode).toBe(201);
    // As if the rejection committed while this order was being placed (after it listed the open orders).
    await t.app.db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_after_unverified_market`);
    await t.app.db.execute(sql`UPDATE users SET status = 'REJECTED' WHERE id = ${rejected.id}`);
    await t.app.db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_after_unverified_market`);
    const sell = await order(seller, propertyId, 'SELL', 2, 10);
    expect(sell.statusCode).toBe(201);
    expect(sell.json().fills).toEqual([]);
    expect(sell.json().order).toMatchObject({ status: 'OPEN', remaining: 2 });
    expect(await walletBalance(t.app, rejected)).toBeCloseTo(cash, 2);
    const [bid] = await queryRows<{ status: string }>(t.app, sql`SELECT status FROM market_orders WHERE investor_id = ${rejected.id}`);
    expect(bid.status).toBe('CANCELLED');
    await t.app.db.execute(sql`UPDATE users SET status = 'VERIFIED' WHERE id = ${rejected.id}`);
    // The other way round: a verified buyer meets a rejected seller's ask, which leaves the book.
    await t.app.db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_after_unverified_market`);
    await t.app.db.execute(sql`UPDATE users SET status = 'REJECTED' WHERE id = ${seller.id}`);
    await t.app.db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_after_unverified_market`);
    const buy = await order(buyer, propertyId, 'BUY', 3, 11);
    expect(buy.json().fills).toEqual([]);
    expect(await units(seller, propertyId)).toMatchObject({ units: 10, held: 0 });
  });
  it("an admin cancelling an investor's order is audited and the investor is told", async () => {
    const { propertyId, investors } = await market([4, 0], 100);
    const [seller, bidder] = investors;
    const bid = (await order(bidder, propertyId, 'BUY', 2, 9.5)).json().order;
    const ask = (await order(seller, propertyId, 'SELL', 3, 11)).json().order;
    for (const o of [bid, ask]) {
      const res = await call(t.app, { method: 'POST', url: `/v1/market/orders/${o._id}/cancel`, as: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'CANCELLED' });
    }
    const audit = await queryRows<{ action: string; target_id: string; actor_id: string }>(
      t.app,
      sql`SELECT action, target_id, actor_id FROM audit_log WHERE action = 'market.order.cancel' AND target_id IN (${bid._id}, ${ask._id}) ORDER BY created_at`,
    );
    expect(audit).toEqual([
      { action: 'market.order.cancel', target_id: bid._id, actor_id: admin.id },
      { action: 'market.order.cancel', target_id: ask._id, actor_id: admin.id },
    ]);
    const notes = await queryRows<{ user_id: string; body: string }>(
      t.app,
      sql`SELECT user_id, body FROM notifications WHERE kind = 'MARKET_ORDER_CANCELLED' AND user_id IN (${bidder.id}, ${seller.id}) ORDER BY created_at`,
    );
    expect(notes).toEqual([
      {
        user_id: bidder.id,
        body: 'Our team cancelled your buy order for 2 units of “Test Residences” at $9.50 per unit. The $19.00 it held is back in your wallet. Contact support if you have questions.',
      },
      {
        user_id: seller.id,
        body: 'Our team cancelled your sell order for 3 units of “Test Residences” at $11.00 per unit. The 3 units it held are available to sell again. Contact support if you have questions.',
      },
    ]);
    // The investor's own cancel is neither audited nor notified.
    const own = (await order(bidder, propertyId, 'BUY', 1, 9)).json().order;
    expect((await call(t.app, { method: 'POST', url: `/v1/market/orders/${own._id}/cancel`, as: bidder })).statusCode).toBe(200);
    expect(await queryRows(t.app, sql`SELECT 1 FROM audit_log WHERE target_id = ${own._id}`)).toEqual([]);
  });
});

// Migration 0110: the API sends the orders for one property that arrive while its previous
// batch is in the database together, one transaction per batch, each order in its own
// subtransaction. These call the batch statement directly (the batcher's own tests are in
// batcher.test.ts).
describe('secondary market: batches (place_market_orders)', () => {
  const FEE = 100;
  const BAND = 20;
  const o = (who: TestUser, side: 'BUY' | 'SELL', units: number, cents: number, extra: Partial<BatchOrder> = {}): BatchOrder => ({
    investor: who.id,
    side,
    units,
    price: cents,
    goodUntil: null,
    key: null,
    hash: null,
    ...extra,
  });
  const batch = (propertyId: string, orders: BatchOrder[]) => placeBatchStatement(t.app.db, propertyId, orders, FEE, BAND);
  const fills = (r: BatchResult) =>
    ((r.trades ?? []) as { units: number; price_cents: number | string }[]).map((x) => [x.units, Number(x.price_cents)]);
  const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(t.app, q))[0].n);

  it('settles its orders one after another; a refused order in the middle leaves nothing behind and gets its own message', async () => {
    const { propertyId, investors } = await market([10, 10, 0, 0]);
    const [a, b, c, d] = investors;
    expect((await order(b, propertyId, 'SELL', 1, 9.5)).statusCode).toBe(201);
    expect((await order(a, propertyId, 'SELL', 3, 10)).statusCode).toBe(201);
    const aBalance = await walletBalance(t.app, a);
    const results = await batch(propertyId, [
      // Takes b's unit at $9.50, then meets a's own ask: refused as a whole, b's unit untouched.
      o(a, 'BUY', 2, 1000),
      // So b's unit is still there for d.
      o(d, 'BUY', 1, 1000),
      o(c, 'BUY', 2, 1000),
      // c holds the 2 units bought just before in this batch, not 100.
      o(c, 'SELL', 100, 1000),
      // The band's reference reads this batch's trades (market_reference_price), but their 3
      // units are too few for an average: it stays the unit price ($10.00).
      o(c, 'SELL', 2, 1201),
      o(c, 'SELL', 2, 1200),
    ]);
    expect(results).toHaveLength(6);
    expect(results[0].error).toEqual({
      code: 'TS409',
      message: 'This order would trade with your own sell order at $10.00: cancel that order first',
      constraint: null,
    });
    expect(fills(results[1])).toEqual([[1, 950]]);
    expect(fills(results[2])).toEqual([[2, 1000]]);
    expect(results[3].error).toMatchObject({ code: 'TS409', message: 'You have 2 units available to sell' });
    expect(results[4].error).toMatchObject({
      code: 'TS400',
      message: 'The price must be within 20% of the reference price $10.00 (unit price): between $8.00 and $12.00',
    });
    expect(results[5].order).toMatchObject({ status: 'OPEN', remaining: 2, side: 'SELL' });
    // Nothing of the refused orders: no order row, no trade, no hold, no notice.
    expect(await count(sql`SELECT count(*) AS n FROM market_orders WHERE investor_id = ${a.id} AND side = 'BUY'`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM market_orders WHERE investor_id = ${c.id} AND side = 'SELL'`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM trades WHERE property_id = ${propertyId}`)).toBe(2);
    expect(await count(sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${a.id} AND kind = 'MARKET_ORDER_FILLED'`)).toBe(1);
    expect(await walletBalance(t.app, a)).toBeCloseTo(aBalance + 20 - 0.2, 2);
    expect(await units(b, propertyId)).toMatchObject({ units: 9, held: 0 });
    expect(await units(a, propertyId)).toMatchObject({ units: 8, held: 1 });
    expect(await units(c, propertyId)).toMatchObject({ units: 2, held: 2 });
    expect(await units(d, propertyId)).toMatchObject({ units: 1, held: 0 });
    const last = await queryRows<{ last_price_cents: string }>(
      t.app,
      sql`SELECT last_price_cents FROM market_properties WHERE property_id = ${propertyId}`,
    );
    expect(Number(last[0].last_price_cents)).toBe(1000);
  });

  it("one Idempotency-Key twice in a batch: the second is the first's replay; a refused order's key is free again", async () => {
    const { propertyId, investors } = await market([5, 0], 50);
    const [, b] = investors;
    const results = await batch(propertyId, [
      o(b, 'BUY', 1, 900, { key: 'k-1', hash: 'h-1' }),
      o(b, 'BUY', 1, 900, { key: 'k-1', hash: 'h-1' }),
      o(b, 'BUY', 100, 1000, { key: 'k-2', hash: 'h-2' }),
    ]);
    const first = results[0] as { order: { id: string } };
    expect(results[1].replay).toEqual({ hash: 'h-1', status: 201, response: results[0] });
    expect(results[2].error).toMatchObject({
      code: 'TS409',
      message: expect.stringMatching(/^Your wallet has \$[\d,.]+ available; this order needs \$1,000\.00$/),
    });
    expect(await count(sql`SELECT count(*) AS n FROM market_orders WHERE investor_id = ${b.id}`)).toBe(1);
    const [again] = await batch(propertyId, [o(b, 'BUY', 2, 900, { key: 'k-2', hash: 'h-3' })]);
    expect(again.replay).toBeUndefined();
    expect(again.order).toMatchObject({ units: 2, status: 'OPEN' });
    expect((again.order as { id: string }).id).not.toBe(first.order.id);
  });

  it("an order's own error (a date that does not exist) refuses it alone; a halted book refuses every order with the reason", async () => {
    const { propertyId, investors } = await market([5, 0]);
    const [a, b] = investors;
    const results = await batch(propertyId, [
      o(a, 'SELL', 1, 1000),
      o(b, 'BUY', 1, 1000, { goodUntil: '2031-02-30' }),
      o(b, 'BUY', 1, 1000),
    ]);
    expect(results[0].order).toMatchObject({ status: 'OPEN' });
    expect(results[1].error).toMatchObject({ code: '22008' });
    expect(fills(results[2])).toEqual([[1, 1000]]);
    await call(t.app, { method: 'POST', url: `/v1/admin/market/properties/${propertyId}/halt`, as: admin, payload: { reason: 'Audit' } });
    const halted = await batch(propertyId, [o(a, 'SELL', 1, 1000), o(b, 'BUY', 1, 1000)]);
    expect(halted.map((r) => r.error?.message)).toEqual([
      'Trading in this property is halted: Audit',
      'Trading in this property is halted: Audit',
    ]);
    expect(await count(sql`SELECT count(*) AS n FROM market_orders WHERE property_id = ${propertyId}`)).toBe(2);
  });

  it('many orders at once through the API: each caller gets its own answer; units and money add up', async () => {
    const { propertyId, investors } = await market([6, 6, 6, 0, 0, 0], 500);
    const sellers = investors.slice(0, 3);
    const buyers = investors.slice(3);
    const requests = [
      ...sellers.map((s, i) => ({ who: s, side: 'SELL' as const, units: 2 + i, price: 10 })),
      ...buyers.map((b, i) => ({ who: b, side: 'BUY' as const, units: 1 + i, price: 10 })),
      ...sellers.map((s) => ({ who: s, side: 'SELL' as const, units: 100, price: 10 })),
    ];
    const before = { ...marketBatcher(t.app).stats };
    const answers = await Promise.all(requests.map((r) => order(r.who, propertyId, r.side, r.units, r.price)));
    // All of them went through the API's batcher.
    expect(marketBatcher(t.app).stats.orders - before.orders).toBe(requests.length);
    answers.forEach((res, i) => {
      const r = requests[i];
      if (r.units === 100) {
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toMatch(/^You have \d+ units? available to sell$/);
      } else {
        expect(res.statusCode).toBe(201);
        expect(res.json().order).toMatchObject({ side: r.side, units: r.units, price: r.price });
        // A placing order's fills are its own, as taker.
        for (const f of res.json().fills) expect(f).toMatchObject({ side: r.side, role: 'TAKER' });
      }
    });
    // Whatever the order they were taken in, all at one price: the 6 units bid for trade (of
    // 9 offered), and every trade was answered once, to its taker.
    const taken = answers.reduce((n, res) => n + (res.statusCode === 201 ? (res.json().order.filled as number) : 0), 0);
    expect(taken).toBe(6);
    expect(await count(sql`SELECT coalesce(sum(units), 0) AS n FROM trades WHERE property_id = ${propertyId}`)).toBe(taken);
  });
});
