import { badOf, compare, fisherOneSided, logGamma, wilson } from './stats';

describe('Wilson score interval', () => {
  test('known values (95 %)', () => {
    // 10 of 100: [0.0552, 0.1744] (Wilson 1927; any statistics table).
    const w = wilson(10, 100);
    expect(w.rate).toBe(0.1);
    expect(w.low).toBeCloseTo(0.0552, 3);
    expect(w.high).toBeCloseTo(0.1744, 3);
    // 0 of 50: [0, 0.0714] — never a zero-width interval like the normal approximation's.
    expect(wilson(0, 50).low).toBe(0);
    expect(wilson(0, 50).high).toBeCloseTo(0.0714, 3);
    // All failed: the upper bound is 1.
    expect(wilson(20, 20).high).toBeCloseTo(1, 10);
    expect(wilson(20, 20).low).toBeCloseTo(0.8389, 3);
  });
  test('no loads: no information', () => {
    expect(wilson(0, 0)).toEqual({ rate: 0, low: 0, high: 1 });
  });
  test('narrows as loads grow', () => {
    const a = wilson(5, 100);
    const b = wilson(500, 10_000);
    expect(b.high - b.low).toBeLessThan(a.high - a.low);
  });
});

describe('Fisher exact test (one-sided, canary worse)', () => {
  test('logGamma matches factorials', () => {
    expect(logGamma(1)).toBeCloseTo(0, 10);
    expect(logGamma(6)).toBeCloseTo(Math.log(120), 10);
    expect(logGamma(101)).toBeCloseTo(363.73937555556347, 8);
  });
  test('known p-values', () => {
    // Canary 3/10 bad, stable 0/10: hypergeometric tail = C(10,3)/C(20,3) = 120/1140.
    expect(fisherOneSided(3, 10, 0, 10)).toBeCloseTo(120 / 1140, 10);
    // Equal rates: far from significant.
    expect(fisherOneSided(5, 100, 5, 100)).toBeGreaterThan(0.4);
    // The canary better than the stable: p near 1.
    expect(fisherOneSided(0, 100, 10, 100)).toBeCloseTo(1, 6);
    // Clearly worse with many loads.
    expect(fisherOneSided(60, 1000, 10, 1000)).toBeLessThan(1e-8);
  });
  test('no bad loads, or no canary loads: p = 1', () => {
    expect(fisherOneSided(0, 100, 0, 100)).toBe(1);
    expect(fisherOneSided(0, 0, 5, 100)).toBe(1);
  });
  test('stays finite with millions of loads', () => {
    const p = fisherOneSided(1200, 1_000_000, 1000, 1_000_000);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.001);
  });
});

describe('compare', () => {
  test('error rate = (failures + errors) / (loads + failures), both versions', () => {
    const c = compare({ loads: 194, failures: 6, errors: 4 }, { loads: 997, failures: 3, errors: 2 });
    expect(c.canary).toMatchObject({ bad: 10, n: 200, rate: 0.05 });
    expect(c.stable).toMatchObject({ bad: 5, n: 1000, rate: 0.005 });
    expect(c.excess).toBeCloseTo(0.045, 10);
    expect(c.pValue).toBeLessThan(0.001);
  });
  test('failed loads are attempts too; never more bad pages than attempts', () => {
    expect(badOf({ loads: 0, failures: 3, errors: 0 })).toEqual({ bad: 3, n: 3 });
    expect(badOf({ loads: 1, failures: 0, errors: 5 })).toEqual({ bad: 1, n: 1 });
  });
});
