// The batcher (lib/batcher.ts, used by the market and by buying) without a database: what goes
// in which batch, and which caller gets which answer. Batches are released by hand, so nothing
// here depends on timing.
import { BatchOrderError, type BatchResult } from '../src/lib/batcher';
import { MarketBatcher, type BatchOrder } from '../src/modules/market/batcher';

const order = (investor: string): BatchOrder => ({ investor, side: 'BUY', units: 1, price: 100, goodUntil: null, key: null, hash: null });

/** A runner whose batches wait until the test answers them. */
function runner() {
  const calls: { propertyId: string; orders: BatchOrder[]; answer: (r: BatchResult[]) => void; fail: (e: unknown) => void }[] = [];
  const run = (propertyId: string, orders: BatchOrder[]) =>
    new Promise<BatchResult[]>((answer, fail) => {
      calls.push({ propertyId, orders, answer, fail });
    });
  return { calls, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const placedAs = (o: BatchOrder): BatchResult => ({ order: { investor_id: o.investor } });

describe('the batcher (lib/batcher.ts, as the market uses it)', () => {
  it('sends an order alone when nothing is in flight; orders arriving meanwhile go together next, each answered with its own result', async () => {
    const { calls, run } = runner();
    // The defaults: at most 50 orders a batch, one batch in flight per property.
    const b = new MarketBatcher(run);
    const first = b.place('p1', order('a'));
    const rest = ['b', 'c', 'd'].map((who) => b.place('p1', order(who)));
    expect(calls.map((c) => c.orders.map((o) => o.investor))).toEqual([['a']]);
    calls[0].answer(calls[0].orders.map(placedAs));
    await expect(first).resolves.toEqual({ order: { investor_id: 'a' } });
    await tick();
    expect(calls.map((c) => c.orders.map((o) => o.investor))).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1].answer([
      placedAs(calls[1].orders[0]),
      { error: { code: 'TS409', message: 'You have 0 units available to sell', constraint: null } },
      placedAs(calls[1].orders[2]),
    ]);
    await expect(rest[0]).resolves.toEqual({ order: { investor_id: 'b' } });
    const refused = await rest[1].catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BatchOrderError);
    expect(refused).toMatchObject({ code: 'TS409', message: 'You have 0 units available to sell' });
    expect((refused as BatchOrderError).constraint).toBeUndefined();
    await expect(rest[2]).resolves.toEqual({ order: { investor_id: 'd' } });
    expect(b.stats).toEqual({ batches: 2, orders: 4, largest: 3 });
  });

  it('a failed batch fails its own orders only; batches are at most `max` orders; books do not wait for each other', async () => {
    const { calls, run } = runner();
    const b = new MarketBatcher(run, 2, 1);
    const a1 = b.place('p1', order('a1'));
    const other = b.place('p2', order('x'));
    const queued = ['a2', 'a3', 'a4'].map((who) => b.place('p1', order(who)));
    expect(calls.map((c) => [c.propertyId, c.orders.length])).toEqual([
      ['p1', 1],
      ['p2', 1],
    ]);
    const boom = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    calls[0].fail(boom);
    await expect(a1).rejects.toBe(boom);
    await tick();
    // The next batch is the next two queued (max 2), then the last one.
    expect(calls.slice(2).map((c) => c.orders.map((o) => o.investor))).toEqual([['a2', 'a3']]);
    calls[2].answer(calls[2].orders.map(placedAs));
    await tick();
    expect(calls.slice(3).map((c) => c.orders.map((o) => o.investor))).toEqual([['a4']]);
    calls[3].answer([]);
    await expect(queued[2]).rejects.toThrow('A batch statement answered 0 results for 1 orders');
    await expect(queued[0]).resolves.toEqual({ order: { investor_id: 'a2' } });
    calls[1].answer([placedAs(calls[1].orders[0])]);
    await expect(other).resolves.toEqual({ order: { investor_id: 'x' } });
  });

  it('keeps up to `depth` batches of one book in flight', async () => {
    const { calls, run } = runner();
    const b = new MarketBatcher(run, 50, 2);
    const all = ['a', 'b', 'c', 'd'].map((who) => b.place('p1', order(who)));
    // a and b each went at once (two in flight); c and d wait for one of them.
    expect(calls.map((c) => c.orders.map((o) => o.investor))).toEqual([['a'], ['b']]);
    calls[1].answer(calls[1].orders.map(placedAs));
    await expect(all[1]).resolves.toEqual({ order: { investor_id: 'b' } });
    await tick();
    expect(calls.map((c) => c.orders.map((o) => o.investor))).toEqual([['a'], ['b'], ['c', 'd']]);
    calls[0].answer(calls[0].orders.map(placedAs));
    calls[2].answer(calls[2].orders.map(placedAs));
    await expect(Promise.all(all)).resolves.toHaveLength(4);
  });
});
