// The mirror wakes when the ledger changes: the database rule chain_mirror_wake notifies
// chain_mirror once per statement on holdings, and the chain plugin runs the mirror shortly
// after. The plugin's periodic run is off here (mirrorEveryMs 0) and the test never runs the
// mirror itself, so whatever reaches the chain got there through the wake-up.
import { sql } from 'drizzle-orm';
import { approvePendingOrders, call, makeInvestor, makeProperty, makeUser, placeOrder, queryRows, type TestUser } from './helper';
import { describeOnAnvil, startChainApp, unitBalances, type ChainTestApp } from './chain-helper';

let c: ChainTestApp;

describeOnAnvil()('the chain mirror wakes on ledger changes', () => {
  beforeAll(async () => {
    c = await startChainApp({}, { mirrorEveryMs: 0, wakeOnChange: true });
  }, 180_000);
  afterAll(async () => {
    await c?.close();
  });

  /** Polls the chain until the balances are `want` (at most 15 s); answers what it saw last. */
  async function chainReaches(propertyId: string, users: TestUser[], want: number[]): Promise<number[] | null> {
    const until = Date.now() + 15_000;
    let seen: number[] | null = null;
    while (Date.now() < until) {
      seen = await unitBalances(c.chain, propertyId, users);
      if (seen && seen.every((n, i) => n === want[i])) return seen;
      await new Promise((r) => setTimeout(r, 250));
    }
    return seen;
  }

  it('a completed order, then a market trade, reach the chain within seconds without a periodic run', async () => {
    const { t } = c;
    const admin = await makeUser(t.app, 'ADMIN');
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    const { _id: propertyId } = await makeProperty(t.app, owner, { approveAs: admin, body: { totalQuantity: 10, unitPrice: 10 } });
    const seller = await makeInvestor(t, 1000);
    const buyer = await makeInvestor(t, 1000);
    expect((await placeOrder(t.app, seller, propertyId, 10)).statusCode).toBe(201);

    // Count what one settlement sends: equal notifications of a transaction fold into one.
    const wakes: string[] = [];
    const unlisten = await t.app.database.listen('chain_mirror', (p) => wakes.push(p));
    try {
      await approvePendingOrders(t.app, admin, propertyId);
      // The first run also deploys the platform's contracts and the unit token.
      expect(await chainReaches(propertyId, [seller, buyer], [10, 0])).toEqual([10, 0]);

      await c.chain.idle();
      wakes.length = 0;
      const started = Date.now();
      const trade = (as: TestUser, side: 'BUY' | 'SELL') =>
        call(t.app, { method: 'POST', url: '/v1/market/orders', as, payload: { propertyId, side, units: 4, price: 10 } });
      expect((await trade(seller, 'SELL')).statusCode).toBe(201);
      expect((await trade(buyer, 'BUY')).statusCode).toBe(201);
      const held = await queryRows<{ investor_id: string; quantity: number }>(
        t.app,
        sql`SELECT investor_id, quantity FROM holdings WHERE property_id = ${propertyId}`,
      );
      expect([seller, buyer].map((u) => held.find((h) => h.investor_id === u.id)?.quantity)).toEqual([6, 4]);
      expect(await chainReaches(propertyId, [seller, buyer], [6, 4])).toEqual([6, 4]);
      expect(Date.now() - started).toBeLessThan(15_000);
      // The matching trade moved two holdings in one transaction: one wake-up.
      expect(wakes).toEqual(['']);
    } finally {
      await unlisten();
    }
    expect(await c.chain.differences()).toEqual([]);
  }, 120_000);
});
