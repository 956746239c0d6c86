import {
  cumulativeAt,
  distributionFigures,
  holdingValue,
  managementFeeCents,
  heldSinceRecords,
  monthEnds,
  realizedAnnualYield,
  reinvestUnits,
  splitLargestRemainder,
  valueAt,
} from './returns';

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('splitLargestRemainder', () => {
  test('1 cent among 3 equal holders goes to the smallest id', () => {
    const m = splitLargestRemainder(1, [
      { id: 'c', units: 1 },
      { id: 'a', units: 1 },
      { id: 'b', units: 1 },
    ]);
    expect(Object.fromEntries(m)).toEqual({ a: 1, b: 0, c: 0 });
  });
  test('remainders go to the largest fractional parts', () => {
    // 100 cents over 3/3/1 of 7: exact 42.857, 42.857, 14.286 -> 43, 43, 14
    const m = splitLargestRemainder(100, [
      { id: 'x', units: 3 },
      { id: 'y', units: 3 },
      { id: 'z', units: 1 },
    ]);
    expect(Object.fromEntries(m)).toEqual({ x: 43, y: 43, z: 14 });
  });
  test('odd totals and 10,000 holders: the sum is exact and every share within a cent', () => {
    const holders = Array.from({ length: 10_000 }, (_, i) => ({ id: `h${String(i).padStart(5, '0')}`, units: 1 + (i % 7) }));
    const all = holders.reduce((a, h) => a + h.units, 0);
    for (const total of [1, 9_999, 10_001, 123_456_789, 99_999_999_997]) {
      const m = splitLargestRemainder(total, holders);
      expect(sum(m)).toBe(total);
      for (const h of holders) expect(Math.abs(m.get(h.id)! - (total * h.units) / all)).toBeLessThan(1);
    }
  });
  test('nothing to split, nobody to pay', () => {
    expect(sum(splitLargestRemainder(0, [{ id: 'a', units: 5 }]))).toBe(0);
    expect(splitLargestRemainder(10, []).size).toBe(0);
  });
});

describe('distribution figures', () => {
  test('fee is 8% of the gross rent, half up', () => {
    expect(managementFeeCents(100_000, 800)).toBe(8_000);
    expect(managementFeeCents(12_345, 800)).toBe(988); // 987.6
    expect(managementFeeCents(6_25, 800)).toBe(50);
    expect(managementFeeCents(1_00, 0)).toBe(0);
  });
  test('net = rent - expenses - fee; a loss is carried forward and taken off the next', () => {
    const loss = distributionFigures(100_000, 150_000, 800, 0);
    expect(loss).toEqual({ feeCents: 8_000, netIncomeCents: -58_000, distributableCents: 0, carriedLossOutCents: 58_000 });
    const next = distributionFigures(200_000, 50_000, 800, loss.carriedLossOutCents);
    expect(next).toEqual({ feeCents: 16_000, netIncomeCents: 134_000, distributableCents: 76_000, carriedLossOutCents: 0 });
    const partly = distributionFigures(100_000, 50_000, 800, 100_000);
    expect(partly).toEqual({ feeCents: 8_000, netIncomeCents: 42_000, distributableCents: 0, carriedLossOutCents: 58_000 });
  });
});

describe('holding figures', () => {
  test('realized yield is income over cost, annualized', () => {
    const now = new Date('2026-07-01T00:00:00Z');
    expect(realizedAnnualYield(500, 10_000, new Date(now.getTime() - 365 * 86_400_000), now)).toBe(5);
    expect(realizedAnnualYield(250, 10_000, new Date(now.getTime() - 182.5 * 86_400_000), now)).toBe(5);
    expect(realizedAnnualYield(0, 10_000, '2026-01-01', now)).toBeNull();
    // Less than 30 days held counts as 30 days.
    expect(realizedAnnualYield(100, 10_000, new Date(now.getTime() - 86_400_000), now)).toBeCloseTo(12.17, 2);
  });
  test('value is the cost until the first appraisal', () => {
    expect(holdingValue({ quantity: 10, costCents: 50_000, valuePerUnitCents: null, incomeCents: 700 })).toEqual({
      currentValueCents: 50_000,
      unrealizedGainCents: 0,
      totalReturnCents: 700,
    });
    expect(holdingValue({ quantity: 10, costCents: 50_000, valuePerUnitCents: 5_500, incomeCents: 700 })).toEqual({
      currentValueCents: 55_000,
      unrealizedGainCents: 5_000,
      totalReturnCents: 5_700,
    });
  });
  test('series: month ends then today; cumulative income; value by the appraisal of the time', () => {
    const dates = monthEnds('2026-01-15T10:00:00Z', new Date('2026-03-10T00:00:00Z'));
    expect(dates).toEqual(['2026-01-31', '2026-02-28', '2026-03-10']);
    expect(
      cumulativeAt(dates, [
        { date: '2026-02-01', cents: 150 },
        { date: '2026-03-01', cents: 50 },
      ]),
    ).toEqual([
      { date: '2026-01-31', amount: 0 },
      { date: '2026-02-28', amount: 1.5 },
      { date: '2026-03-10', amount: 2 },
    ]);
    expect(
      valueAt(
        dates,
        [
          { date: '2026-01-15', propertyId: 'p', units: 2, costCents: 1_000 },
          { date: '2026-03-01', propertyId: 'p', units: 1, costCents: 500 },
        ],
        [{ propertyId: 'p', date: '2026-02-10', valuePerUnitCents: 600 }],
      ),
    ).toEqual([
      { date: '2026-01-31', amount: 10 },
      { date: '2026-02-28', amount: 12 },
      { date: '2026-03-10', amount: 18 },
    ]);
  });
  test('units of record before the first purchase count from the record date', () => {
    const purchases = [
      { date: '2026-06-01', propertyId: 'p', units: 3, costCents: 300 },
      { date: '2026-06-05', propertyId: 'p', units: 2, costCents: 200 },
      { date: '2026-06-01', propertyId: 'q', units: 1, costCents: 50 },
    ];
    expect(
      heldSinceRecords(purchases, [
        { propertyId: 'p', date: '2026-01-05', units: 4 },
        { propertyId: 'p', date: '2026-02-05', units: 5 },
      ]),
    ).toEqual([
      { date: '2026-01-05', propertyId: 'p', units: 3, costCents: 300 },
      { date: '2026-01-05', propertyId: 'p', units: 1, costCents: 100 },
      { date: '2026-06-05', propertyId: 'p', units: 1, costCents: 100 },
      { date: '2026-06-01', propertyId: 'q', units: 1, costCents: 50 },
    ]);
    // Records after the first purchase change nothing.
    expect(heldSinceRecords(purchases, [{ propertyId: 'q', date: '2026-07-01', units: 1 }])).toEqual([
      purchases[0],
      purchases[1],
      purchases[2],
    ]);
  });
  test('reinvest buys whole units; the rest stays', () => {
    expect(reinvestUnits(1_050, 500, 10)).toEqual({ units: 2, leftCents: 50 });
    expect(reinvestUnits(1_050, 500, 1)).toEqual({ units: 1, leftCents: 550 });
    expect(reinvestUnits(499, 500, 10)).toEqual({ units: 0, leftCents: 499 });
  });
});
