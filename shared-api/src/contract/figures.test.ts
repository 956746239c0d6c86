// Spec 3: derived property figures.
import { amountRaised, annualReturn, progressPercent, totalValue, unitsSold } from './figures';

const property = { totalQuantity: 1000, availableQuantity: 250, unitPrice: 120.5, roiInFiveYears: 40 };

describe('amountRaised = (totalQuantity - availableQuantity) × unitPrice', () => {
  test('typical', () => {
    expect(unitsSold(property)).toBe(750);
    expect(amountRaised(property)).toBe(90375);
  });
  test('nothing sold, everything sold', () => {
    expect(amountRaised({ ...property, availableQuantity: 1000 })).toBe(0);
    expect(amountRaised({ ...property, availableQuantity: 0 })).toBe(120500);
  });
  test('exact to the cent (no floating drift)', () => {
    // 0.1 × 3 in floating point is 0.30000000000000004.
    expect(amountRaised({ totalQuantity: 3, availableQuantity: 0, unitPrice: 0.1, roiInFiveYears: 0 })).toBe(0.3);
    expect(amountRaised({ totalQuantity: 7, availableQuantity: 0, unitPrice: 19.99, roiInFiveYears: 0 })).toBe(139.93);
  });
});

describe('totalValue = unitPrice × totalQuantity', () => {
  test('typical and exact', () => {
    expect(totalValue(property)).toBe(120500);
    expect(totalValue({ totalQuantity: 3, unitPrice: 0.1 })).toBe(0.3);
    expect(totalValue({ totalQuantity: 0, unitPrice: 50 })).toBe(0);
  });
});

describe('annualReturn = roiInFiveYears / 5 (percent)', () => {
  test.each([
    [40, 8],
    [0, 0],
    [12.5, 2.5],
    [7, 1.4],
    [10, 2],
    [33.33, 6.67],
  ])('%p over five years → %p a year', (roi, expected) => {
    expect(annualReturn({ roiInFiveYears: roi })).toBe(expected);
  });
});

describe('progressPercent = current / maximum as a percent', () => {
  test('typical', () => {
    expect(progressPercent(25, 100)).toBe(25);
    expect(progressPercent(90375, 120500)).toBeCloseTo(75, 10);
    expect(progressPercent(1, 3)).toBeCloseTo(33.333, 2);
  });
  test('clamped to 0–100', () => {
    expect(progressPercent(150, 100)).toBe(100);
    expect(progressPercent(-5, 100)).toBe(0);
  });
  test('zero, negative or missing maximum gives 0', () => {
    expect(progressPercent(10, 0)).toBe(0);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(10, -1)).toBe(0);
    expect(progressPercent(Number.NaN, 10)).toBe(0);
    expect(progressPercent(10, Number.POSITIVE_INFINITY)).toBe(0);
  });
});
