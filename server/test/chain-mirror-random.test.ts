// The mirror under concurrent market trades: random orders from six investors race one another
// and the mirror job itself; after the run the unit token's balances must equal the holdings
// exactly and the reconciliation must find nothing. The orders' seed is printed, so a failure
// can be replayed (CHAIN_RANDOM_SEED). On PostgreSQL the orders really run concurrently.
import { sql } from 'drizzle-orm';
import { invariantViolations, makeUser, queryRows } from './helper';
import { describeOnAnvil, heldProperty, marketOrder, startChainApp, type ChainTestApp } from './chain-helper';

/** mulberry32: a small seeded generator, so a run can be repeated. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let withChain: ChainTestApp;

describeOnAnvil()('the chain mirror under concurrent market trades', () => {
  beforeAll(async () => {
    withChain = await startChainApp();
  }, 180_000);
  afterAll(async () => {
    await withChain?.close();
  });

  it('after a random run of racing orders and mirror runs, chain balances equal holdings', async () => {
    const { t, chain } = withChain;
    const seed = Number(process.env.CHAIN_RANDOM_SEED ?? Date.now() % 1_000_000);
    console.log(`chain-mirror-random seed ${seed}`);
    const next = random(seed);

    const admin = await makeUser(t.app, 'ADMIN');
    const { propertyId, investors } = await heldProperty(t, admin, [10, 10, 10, 10, 0, 0]);
    expect(await chain.runOnce()).toMatchObject({ propertiesMirrored: 1, propertiesPending: 0 });

    const pick = <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)];
    for (let round = 0; round < 6; round++) {
      const orders = Array.from({ length: 8 }, () => ({
        as: pick(investors),
        side: (next() < 0.5 ? 'BUY' : 'SELL') as 'BUY' | 'SELL',
        units: 1 + Math.floor(next() * 3),
        price: pick([9, 10, 11]),
      }));
      const [statuses] = await Promise.all([
        Promise.all(orders.map((o) => marketOrder(t, o.as, propertyId, o.side, o.units, o.price).then((r) => r.statusCode))),
        // The mirror runs while the orders settle: it must never leave a wrong balance behind.
        chain.runOnce(),
      ]);
      // A refusal (too few units or dollars) is fine; a server error never is.
      for (const s of statuses) expect([201, 400, 409, 422]).toContain(s);
    }

    const [{ trades }] = await queryRows<{ trades: number }>(
      t.app,
      sql`SELECT count(*)::int AS trades FROM trades WHERE property_id = ${propertyId}`,
    );
    // The run must have traded, or it proves nothing.
    expect(trades).toBeGreaterThan(0);
    console.log(`chain-mirror-random seed ${seed}: ${trades} trades`);

    const last = await chain.runOnce();
    expect(last).toMatchObject({ propertiesPending: 0 });
    expect(await chain.differences()).toEqual([]);

    const held = await queryRows<{ investor_id: string; quantity: number }>(
      t.app,
      sql`SELECT investor_id, quantity FROM holdings WHERE property_id = ${propertyId}`,
    );
    const { chain: client } = await chain.client();
    const token = await chain.tokenOf(propertyId);
    if (!token) throw new Error('no token');
    let onChain = 0;
    for (const u of investors) {
      const address = await chain.addressOf(u.id);
      const balance = address ? Number(await client.unitBalance(token, address as `0x${string}`)) : 0;
      onChain += balance;
      expect({ investor: u.id, balance }).toEqual({ investor: u.id, balance: held.find((h) => h.investor_id === u.id)?.quantity ?? 0 });
    }
    expect(onChain).toBe(held.reduce((a, h) => a + h.quantity, 0));
    expect(await invariantViolations(t.app)).toEqual([]);
  }, 240_000);
});
