// The portfolio engine on hand-computed cases and on random histories (a seeded generator:
// fast-check is not a dependency). Pure: no database; test/portfolio.test.ts runs the lots
// rules and the engine together through the app.
import {
  computePortfolio,
  xirr,
  type EngineAppraisal,
  type EngineDisposal,
  type EngineIncome,
  type EngineInput,
  type EngineLot,
} from '../src/modules/portfolio/engine';

const P = { id: 'p1', name: 'Harbor Lofts', unitPriceCents: 10_000, lastTrade: null };

/** A reference FIFO: the lots and disposals the database rules would record for these trades. */
function fifo(
  events: (
    | { kind: 'buy'; day: string; units: number; costCents: number }
    | { kind: 'sell'; day: string; units: number; grossCents: number; feeCents: number }
  )[],
  propertyId = 'p1',
): { lots: EngineLot[]; disposals: EngineDisposal[] } {
  const lots: EngineLot[] = [];
  const disposals: EngineDisposal[] = [];
  for (const e of events) {
    if (e.kind === 'buy') {
      lots.push({
        propertyId,
        day: e.day,
        units: e.units,
        costCents: e.costCents,
        remainingUnits: e.units,
        remainingCostCents: e.costCents,
      });
      continue;
    }
    let left = e.units;
    let gross = e.grossCents;
    let fee = e.feeCents;
    for (const l of lots) {
      if (left === 0) break;
      if (l.remainingUnits === 0) continue;
      const take = Math.min(l.remainingUnits, left);
      const cost = take === l.remainingUnits ? l.remainingCostCents : Math.floor((l.remainingCostCents * take) / l.remainingUnits);
      const g = take === left ? gross : Math.floor((gross * take) / left);
      const f = take === left ? fee : Math.floor((fee * take) / left);
      l.remainingUnits -= take;
      l.remainingCostCents -= cost;
      disposals.push({ propertyId, day: e.day, units: take, costCents: cost, proceedsCents: g, feeCents: f, gainCents: g - f - cost });
      left -= take;
      gross -= g;
      fee -= f;
    }
    if (left > 0) throw new Error('oversold');
  }
  return { lots, disposals };
}

const input = (over: Partial<EngineInput>): EngineInput => ({
  today: '2026-06-30',
  properties: [P],
  lots: [],
  disposals: [],
  income: [],
  appraisals: [],
  cash: [],
  ...over,
});

describe('portfolio engine: hand-computed', () => {
  it('FIFO across partial sales, fees on the sale, income, an appraisal change', () => {
    // Buy 10 at $100, then 10 at $120 ($1,200); sell 4 at $130 (fee 1%: $5.20), then 10 at $90 (fee $9).
    const { lots, disposals } = fifo([
      { kind: 'buy', day: '2026-01-10', units: 10, costCents: 100_000 },
      { kind: 'buy', day: '2026-02-10', units: 10, costCents: 120_000 },
      { kind: 'sell', day: '2026-03-10', units: 4, grossCents: 52_000, feeCents: 520 },
      { kind: 'sell', day: '2026-04-10', units: 10, grossCents: 90_000, feeCents: 900 },
    ]);
    // First sale: 4 of lot 1 (cost $400): 520 - 5.20 - 400 = $114.80.
    // Second: 6 of lot 1 ($600, proceeds $540, fee $5.40) = -$65.40; 4 of lot 2 ($480, $360, $3.60) = -$123.60.
    expect(disposals.map((d) => d.gainCents)).toEqual([11_480, -6_540, -12_360]);
    const r = computePortfolio(
      input({
        lots,
        disposals,
        income: [{ propertyId: 'p1', day: '2026-05-01', cents: 3_000 }],
        appraisals: [
          { propertyId: 'p1', day: '2026-01-01', valuePerUnitCents: 11_000 },
          { propertyId: 'p1', day: '2026-06-01', valuePerUnitCents: 12_500 },
        ],
        cash: [
          { day: '2026-01-10', balanceCents: 50_000 },
          { day: '2026-06-15', balanceCents: 77_000 },
        ],
      }),
    );
    const h = r.holdings[0];
    // 6 units of lot 2 left: cost $720, marked at $125 = $750.
    expect(h).toMatchObject({
      units: 6,
      costCents: 72_000,
      markCents: 12_500,
      markSource: 'APPRAISAL',
      markDate: '2026-06-01',
      valueCents: 75_000,
    });
    expect(h.realizedCents).toBe(11_480 - 6_540 - 12_360);
    expect(h.unrealizedCents).toBe(3_000);
    expect(h.incomeCents).toBe(3_000);
    expect(h.feesCents).toBe(520 + 900);
    expect(h.totalReturnCents).toBe(3_000 - 7_420 + 3_000);
    expect(r.totals.accountValueCents).toBe(77_000 + 75_000);
    // Every series ends at the cards.
    expect(r.valueOverTime.at(-1)).toEqual({ date: '2026-06-30', cents: r.totals.accountValueCents });
    expect(r.investedOverTime.at(-1)?.cents).toBe(r.totals.investedCents);
    expect(r.incomeOverTime.at(-1)?.cents).toBe(r.totals.incomeCents);
    // Day by day: after the first purchase, 10 units at the January appraisal + cash.
    expect(r.valueOverTime[0]).toEqual({ date: '2026-01-10', cents: 10 * 11_000 + 50_000 });
    expect(r.investedOverTime.find((p) => p.date === '2026-03-10')?.cents).toBe(60_000 + 120_000);
    expect(r.incomeOverTime.find((p) => p.date === '2026-04-30')?.cents).toBe(0);
    expect(r.incomeOverTime.find((p) => p.date === '2026-05-01')?.cents).toBe(3_000);
  });

  it('selling at a loss lowers the total return; realized yield does not jump with a sale', () => {
    const buys = [{ kind: 'buy' as const, day: '2026-01-01', units: 10, costCents: 100_000 }];
    const income: EngineIncome[] = [{ propertyId: 'p1', day: '2026-03-01', cents: 2_000 }];
    const appraisals: EngineAppraisal[] = [{ propertyId: 'p1', day: '2026-01-01', valuePerUnitCents: 10_000 }];
    const before = computePortfolio(input({ ...fifo(buys), income, appraisals }));
    // Sell 2 units at $95 with a $1.90 fee: a loss of $11.90.
    const after = computePortfolio(
      input({ ...fifo([...buys, { kind: 'sell', day: '2026-06-29', units: 2, grossCents: 19_000, feeCents: 190 }]), income, appraisals }),
    );
    expect(after.totals.realizedCents).toBe(-1_190);
    expect(after.totals.totalReturnCents).toBe(before.totals.totalReturnCents - 1_190);
    expect(after.totals.realizedYield).not.toBeNull();
    // On average capital a sale the day before barely moves the yield (income over the
    // remaining cost would have jumped by a quarter, 8 of 10 units left).
    expect(after.totals.realizedYield as number).toBeCloseTo(before.totals.realizedYield as number, 1);
  });

  it('the issue price is the mark until the first appraisal; the last trade is shown beside it', () => {
    const r = computePortfolio(
      input({
        properties: [{ ...P, lastTrade: { priceCents: 9_900, day: '2026-06-20' } }],
        ...fifo([{ kind: 'buy', day: '2026-06-01', units: 3, costCents: 30_000 }]),
      }),
    );
    expect(r.holdings[0]).toMatchObject({
      markCents: 10_000,
      markSource: 'ISSUE_PRICE',
      markDate: null,
      marketPriceCents: 9_900,
      marketPriceDate: '2026-06-20',
    });
    expect(r.totals.holdingsValueCents).toBe(30_000);
  });

  it('a reinvestment is one more lot at its own cost', () => {
    const r = computePortfolio(
      input({
        ...fifo([
          { kind: 'buy', day: '2026-01-01', units: 10, costCents: 100_000 },
          { kind: 'buy', day: '2026-04-01', units: 1, costCents: 10_000 },
        ]),
        income: [{ propertyId: 'p1', day: '2026-04-01', cents: 10_500 }],
        cash: [{ day: '2026-04-01', balanceCents: 500 }],
      }),
    );
    expect(r.totals).toMatchObject({
      investedCents: 110_000,
      holdingsValueCents: 110_000,
      incomeCents: 10_500,
      totalReturnCents: 10_500,
      accountValueCents: 110_500,
    });
  });

  it('XIRR: 10% over one year', () => {
    expect(
      xirr([
        { day: 0, cents: -100_000 },
        { day: 365, cents: 110_000 },
      ]),
    ).toBeCloseTo(10, 2);
    expect(xirr([{ day: 0, cents: -100 }])).toBeNull();
  });
});

/** mulberry32: a small seeded generator, so a failure replays. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('portfolio engine: random histories', () => {
  it('units conserved; total = income + realized + unrealized with fees counted; series end at the cards', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = rng(seed);
      const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
      const props = ['a', 'b', 'c'].map((id) => ({ id, name: id, unitPriceCents: int(500, 20_000), lastTrade: null }));
      const start = Date.UTC(2025, 0, 1);
      const days = Array.from({ length: int(1, 40) }, () => new Date(start + int(0, 500) * 86_400_000).toISOString().slice(0, 10)).sort();
      const byProp = new Map(props.map((p) => [p.id, [] as Parameters<typeof fifo>[0]]));
      const held = new Map(props.map((p) => [p.id, 0]));
      const income: EngineIncome[] = [];
      const appraisals: EngineAppraisal[] = [];
      let cash = int(0, 1_000_000);
      const cashDays = [{ day: days[0], balanceCents: cash }];
      let bought = 0;
      let sold = 0;
      let cashIn = 0; // purchases paid, sale proceeds net of fees, income: what the investments gave and took
      for (const day of days) {
        const p = props[int(0, 2)];
        const k = r();
        const units = held.get(p.id) as number;
        if (k < 0.45 || units === 0) {
          const n = int(1, 50);
          const cost = n * int(100, 30_000);
          byProp.get(p.id)?.push({ kind: 'buy', day, units: n, costCents: cost });
          held.set(p.id, units + n);
          bought += n;
          cashIn -= cost;
        } else if (k < 0.7) {
          const n = int(1, units);
          const gross = n * int(100, 30_000);
          const fee = Math.floor((gross * 100 + 5000) / 10000);
          byProp.get(p.id)?.push({ kind: 'sell', day, units: n, grossCents: gross, feeCents: fee });
          held.set(p.id, units - n);
          sold += n;
          cashIn += gross - fee;
        } else if (k < 0.85) {
          const c = int(1, 5_000);
          income.push({ propertyId: p.id, day, cents: c });
          cashIn += c;
        } else {
          appraisals.push({ propertyId: p.id, day, valuePerUnitCents: int(100, 30_000) });
        }
        cash = Math.max(0, cash + int(-5_000, 5_000));
        cashDays.push({ day, balanceCents: cash });
      }
      const lots: EngineLot[] = [];
      const disposals: EngineDisposal[] = [];
      for (const [id, evs] of byProp) {
        const f = fifo(evs, id);
        lots.push(...f.lots);
        disposals.push(...f.disposals);
      }
      lots.sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : 0));
      const today = new Date(start + 520 * 86_400_000).toISOString().slice(0, 10);
      const out = computePortfolio({ today, properties: props, lots, disposals, income, appraisals, cash: cashDays });
      const t = out.totals;
      const ctx = `seed ${seed}`;
      expect([ctx, out.holdings.reduce((a, h) => a + h.units, 0)]).toEqual([ctx, bought - sold]);
      expect([ctx, t.totalReturnCents]).toEqual([ctx, t.incomeCents + t.realizedCents + t.unrealizedCents]);
      // Fees counted: the return is what the investments gave back (net of every fee) plus what they are worth.
      expect([ctx, t.totalReturnCents]).toEqual([ctx, cashIn + t.holdingsValueCents]);
      expect([ctx, t.accountValueCents]).toEqual([ctx, cash + t.holdingsValueCents]);
      expect([ctx, out.valueOverTime.at(-1)?.cents]).toEqual([ctx, t.accountValueCents]);
      expect([ctx, out.investedOverTime.at(-1)?.cents]).toEqual([ctx, t.investedCents]);
      expect([ctx, out.incomeOverTime.at(-1)?.cents]).toEqual([ctx, t.incomeCents]);
      for (const h of out.holdings) expect([ctx, h.totalReturnCents]).toEqual([ctx, h.incomeCents + h.realizedCents + h.unrealizedCents]);
    }
  });
});
