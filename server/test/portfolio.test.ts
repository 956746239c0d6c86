// The portfolio engine with the lots rules, through the real app on a real database
// (PGlite; PostgreSQL with DATABASE_URL): primary orders and market trades become lots and
// FIFO disposals, and every screen's figures agree. Every test ends with the money
// invariants (units in open lots = holdings among them) intact.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PortfolioReturns, PortfolioSummary, UserMetrics } from 'shared-api/contract';
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

const today = () => new Date().toISOString().slice(0, 10);

/** A FUNDED property at $10 a unit sold to the given holders, each with `cash` dollars left. */
async function funded(units: number[], cash = 1000) {
  const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
  const { _id } = await makeProperty(t.app, owner, {
    approveAs: admin,
    body: { totalQuantity: units.reduce((a, b) => a + b, 0), unitPrice: 10 },
  });
  const investors: TestUser[] = [];
  for (const n of units) {
    const inv = await makeInvestor(t, n * 10 + cash);
    if (n > 0) expect((await placeOrder(t.app, inv, _id, n)).statusCode).toBe(201);
    investors.push(inv);
  }
  const pending = await queryRows<{ id: string }>(t.app, sql`SELECT id FROM orders WHERE property_id = ${_id} AND status = 'PENDING'`);
  for (const o of pending) {
    expect(
      (await call(t.app, { method: 'PATCH', url: `/v1/orders/${o.id}/review`, as: admin, payload: { decision: 'APPROVE' } })).statusCode,
    ).toBe(200);
  }
  return { propertyId: _id, investors };
}

async function trade(seller: TestUser, buyer: TestUser, propertyId: string, units: number, price: number) {
  const s = await call(t.app, {
    method: 'POST',
    url: '/v1/market/orders',
    as: seller,
    payload: { propertyId, side: 'SELL', units, price },
  });
  expect(s.statusCode).toBe(201);
  const b = await call(t.app, { method: 'POST', url: '/v1/market/orders', as: buyer, payload: { propertyId, side: 'BUY', units, price } });
  expect(b.statusCode).toBe(201);
  expect(b.json().order.status).toBe('FILLED');
}

const get = async <T>(as: TestUser, url: string) => {
  const r = await call(t.app, { method: 'GET', url, as });
  expect(r.statusCode).toBe(200);
  return r.json<T>();
};

describe('portfolio accounting', () => {
  it('FIFO across partial sales with the fee, an appraisal; every screen shows the same value and return', async () => {
    const { propertyId, investors } = await funded([10, 10, 0]);
    const [a, b, c] = investors;
    // A buys 5 more from B at $12 (B pays the 1% fee: $0.60).
    await trade(b, a, propertyId, 5, 12);
    // A sells 12 at $11 to C (fee $1.32): lot 1's 10 units (cost $100, proceeds $110, fee $1.10: +$8.90),
    // then 2 of lot 2 (cost $24, proceeds $22, fee $0.22: -$2.22).
    await trade(a, c, propertyId, 12, 11);
    const disposals = await queryRows<{ units: number; cost_cents: string; proceeds_cents: string; fee_cents: string; gain_cents: string }>(
      t.app,
      sql`SELECT d.units, d.cost_cents, d.proceeds_cents, d.fee_cents, d.gain_cents FROM lot_disposals d JOIN lots l ON l.id = d.lot_id
          WHERE d.investor_id = ${a.id} ORDER BY d.seq`,
    );
    expect(
      disposals.map((d) => [d.units, Number(d.cost_cents), Number(d.proceeds_cents), Number(d.fee_cents), Number(d.gain_cents)]),
    ).toEqual([
      [10, 10_000, 11_000, 110, 890],
      [2, 2_400, 2_200, 22, -222],
    ]);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: `/v1/properties/${propertyId}/appraisals`,
          as: admin,
          payload: { valuePerUnit: 13, appraisedOn: today() },
        })
      ).statusCode,
    ).toBe(201);

    const p = await get<PortfolioSummary>(a, '/v1/portfolio');
    const cash = await walletBalance(t.app, a);
    expect(p.holdings).toHaveLength(1);
    expect(p.holdings[0]).toMatchObject({
      units: 3,
      cost: 36,
      markPerUnit: 13,
      markSource: 'APPRAISAL',
      marketPrice: 11,
      value: 39,
      realizedGain: 6.68,
      unrealizedGain: 3,
      totalReturn: 9.68,
      fees: 1.32,
    });
    expect(p.totals).toMatchObject({ cash, holdingsValue: 39, accountValue: Math.round((cash + 39) * 100) / 100, totalReturn: 9.68 });
    expect(p.valueOverTime.at(-1)?.amount).toBe(p.totals.accountValue);
    expect(p.investedOverTime.at(-1)?.amount).toBe(36);

    // The returns screen and the overview read the same engine.
    const r = await get<PortfolioReturns>(a, '/v1/holdings/returns');
    expect(r.total).toMatchObject({
      accountValue: p.totals.accountValue,
      currentValue: 39,
      realizedGain: 6.68,
      totalReturn: 9.68,
      cost: 36,
    });
    expect(r.holdings[0]).toMatchObject({ currentValue: 39, realizedGain: 6.68, totalReturn: 9.68, markPerUnit: 13, marketPrice: 11 });
    expect(r.valueOverTime.at(-1)?.amount).toBe(p.totals.accountValue);
    const m = await get<UserMetrics>(a, '/v1/users/me/metrics');
    expect(m.accountValue).toBe(p.totals.accountValue);
    expect(m.portfolioValue).toBe(39);

    // B sold 5 of its 10 at $12: +$9.40; its 5 left are worth $65 against $50.
    const pb = await get<PortfolioSummary>(b, '/v1/portfolio');
    expect(pb.totals).toMatchObject({ realizedGain: 9.4, unrealizedGain: 15, totalReturn: 24.4, fees: 0.6 });
    // C bought 12 at $11 = $132, marked at $156.
    const pc = await get<PortfolioSummary>(c, '/v1/portfolio');
    expect(pc.totals).toMatchObject({ invested: 132, holdingsValue: 156, realizedGain: 0, totalReturn: 24 });
  });

  it('random trades: units conserved, total return = value + what the ledger says the trades gave, series end at the cards', async () => {
    const { propertyId, investors } = await funded([20, 20, 20, 0], 2000);
    let seed = 20261127;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const held = new Map(investors.map((u, i) => [u.id, i < 3 ? 20 : 0]));
    for (let step = 0; step < 12; step++) {
      const sellers = investors.filter((u) => (held.get(u.id) as number) > 0);
      const seller = sellers[Math.floor(rand() * sellers.length)];
      const buyers = investors.filter((u) => u.id !== seller.id);
      const buyer = buyers[Math.floor(rand() * buyers.length)];
      const units = 1 + Math.floor(rand() * (held.get(seller.id) as number));
      const price = Math.round((9.3 + rand() * 1.4) * 100) / 100;
      await trade(seller, buyer, propertyId, units, price);
      held.set(seller.id, (held.get(seller.id) as number) - units);
      held.set(buyer.id, (held.get(buyer.id) as number) + units);
    }
    let units = 0;
    for (const u of investors) {
      const p = await get<PortfolioSummary>(u, '/v1/portfolio');
      const h = p.holdings.find((x) => x.propertyId === propertyId);
      expect(h?.units ?? 0).toBe(held.get(u.id));
      units += h?.units ?? 0;
      // What the units cost and gave back, from the ledger (fees included).
      const [flow] = await queryRows<{ cents: string }>(
        t.app,
        sql`SELECT coalesce(sum(amount_cents) FILTER (WHERE type IN ('TRADE_BUY', 'TRADE_SELL', 'TRADE_FEE')), 0)
                 - coalesce((SELECT sum(amount_cents) FROM orders WHERE investor_id = ${u.id} AND status = 'COMPLETED'), 0) AS cents
            FROM ledger_entries WHERE user_id = ${u.id} AND property_id = ${propertyId}`,
      );
      const valueCents = Math.round(p.totals.holdingsValue * 100);
      expect(Math.round(p.totals.totalReturn * 100)).toBe(valueCents + Number(flow.cents));
      expect(Math.round(p.totals.totalReturn * 100)).toBe(
        Math.round(p.totals.income * 100) + Math.round(p.totals.realizedGain * 100) + Math.round(p.totals.unrealizedGain * 100),
      );
      expect(p.valueOverTime.at(-1)?.amount).toBe(p.totals.accountValue);
      expect(p.investedOverTime.at(-1)?.amount).toBe(p.totals.invested);
      expect(p.totals.cash).toBe(await walletBalance(t.app, u));
    }
    expect(units).toBe(60);
  });

  it("the migration's replay of the history writes the lots and disposals the rules wrote", async () => {
    // After the tests above (orders, partial sales across lots, fees): rebuild both tables with
    // migration 1070's replay, the rules' triggers off, and compare.
    const shape = async () => ({
      lots: await queryRows(
        t.app,
        sql`SELECT investor_id, property_id, source, order_id, trade_id, acquired_at, units, cost_cents, remaining_units, remaining_cost_cents
            FROM lots ORDER BY investor_id, property_id, acquired_at, order_id, trade_id`,
      ),
      disposals: await queryRows(
        t.app,
        sql`SELECT d.trade_id, l.order_id, l.trade_id AS lot_trade, d.investor_id, d.units, d.cost_cents, d.proceeds_cents, d.fee_cents, d.gain_cents
            FROM lot_disposals d JOIN lots l ON l.id = d.lot_id ORDER BY d.trade_id, l.acquired_at, l.order_id, l.trade_id`,
      ),
    });
    const before = await shape();
    expect(before.disposals.length).toBeGreaterThan(2);
    const migration = readFileSync(path.join(__dirname, '../src/db/migrations/1070_portfolio_lots.sql'), 'utf8');
    const replay = migration.slice(migration.indexOf('-- The history so far'));
    // One statement per query: the two INSERTs, then the DO block (semicolons inside it).
    const doAt = replay.indexOf('DO $$');
    const statements = [
      ...replay
        .slice(0, doAt)
        .split(/;\s*\n/)
        .filter((x) => x.includes('INSERT')),
      replay.slice(doAt),
    ];
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`DELETE FROM lot_disposals`);
      await tx.execute(sql`DELETE FROM lots`);
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
    expect(await shape()).toEqual(before);
  });
});
