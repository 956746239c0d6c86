import { compareProportions, normalCdf, wilsonInterval } from './stats';

describe('wilsonInterval', () => {
  test('matches published values', () => {
    // 10 of 100: 95 % Wilson interval 0.0552–0.1744 (Newcombe 1998, table I method 3).
    const i = wilsonInterval(10, 100);
    expect(i.low).toBeCloseTo(0.0552, 4);
    expect(i.high).toBeCloseTo(0.1744, 4);
    // 0 of 10: 0–0.2775.
    const zero = wilsonInterval(0, 10);
    expect(zero.low).toBe(0);
    expect(zero.high).toBeCloseTo(0.2775, 4);
  });
  test('stays in [0, 1] at the edges, and knows nothing without data', () => {
    const all = wilsonInterval(5, 5);
    expect(all.high).toBe(1);
    expect(all.low).toBeGreaterThan(0.5);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
  test('narrows as n grows', () => {
    const small = wilsonInterval(1, 20);
    const big = wilsonInterval(100, 2000);
    expect(big.high - big.low).toBeLessThan(small.high - small.low);
  });
  test('refuses impossible counts', () => {
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(Number.NaN, 2)).toThrow(RangeError);
  });
});

test('normalCdf', () => {
  expect(normalCdf(0)).toBeCloseTo(0.5, 6);
  expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
  expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 5);
});

describe('compareProportions', () => {
  test('a clearly worse canary is flagged', () => {
    const c = compareProportions({ bad: 30, n: 200 }, { bad: 10, n: 1000 });
    expect(c.worse).toBe(true);
    expect(c.z).toBeGreaterThan(5);
    expect(c.pValue).toBeLessThan(0.001);
    expect(c.difference).toBeCloseTo(0.14, 6);
    expect(c.test).toMatch(/two-proportion z-test/);
  });
  test('the same rate, or a better canary, is not', () => {
    expect(compareProportions({ bad: 5, n: 500 }, { bad: 10, n: 1000 }).worse).toBe(false);
    const better = compareProportions({ bad: 0, n: 300 }, { bad: 20, n: 1000 });
    expect(better.worse).toBe(false);
    expect(better.pValue).toBeGreaterThan(0.5);
  });
  test('a textbook value: 2 of 40 vs 1 of 400 gives z ≈ 3.83', () => {
    // pooled p = 3/440; se = sqrt(p(1-p)(1/40+1/400)); z = (0.05-0.0025)/se
    const c = compareProportions({ bad: 2, n: 40 }, { bad: 1, n: 400 });
    const p = 3 / 440;
    expect(c.z).toBeCloseTo((0.05 - 0.0025) / Math.sqrt(p * (1 - p) * (1 / 40 + 1 / 400)), 9);
    expect(c.worse).toBe(true);
  });
  test('no data or no errors: no evidence', () => {
    expect(compareProportions({ bad: 0, n: 0 }, { bad: 3, n: 100 })).toMatchObject({ z: 0, pValue: 0.5, worse: false });
    expect(compareProportions({ bad: 0, n: 50 }, { bad: 0, n: 100 })).toMatchObject({ z: 0, worse: false });
  });
});
