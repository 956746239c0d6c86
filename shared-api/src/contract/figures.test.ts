// Spec 3: derived property figures, with issue 16's reading: sold = COMPLETED orders only.
import { amountRaised, annualReturn, fundingPercent, progressPercent, raisedCents, totalValue, unitsReserved, unitsSold } from './figures';

// 1000 units: 600 sold (completed orders), 150 reserved (pending orders), 250 available.
const property = {
  totalQuantity: 1000,
  availableQuantity: 250,
  reservedQuantity: 150,
  soldQuantity: 600,
  unitPrice: 120.5,
  roiInFiveYears: 40,
};

describe('sold, reserved, raised (issue 16: pending orders reserve units, they do not sell them)', () => {
  test('units sold are the completed units, reserved the pending ones', () => {
    expect(unitsSold(property)).toBe(600);
    expect(unitsReserved(property)).toBe(150);
    expect(unitsSold(property) + unitsReserved(property) + property.availableQuantity).toBe(property.totalQuantity);
  });
  test('amount raised = units sold × unitPrice; reserved units raise nothing', () => {
    expect(amountRaised(property)).toBe(72300);
    expect(amountRaised({ ...property, soldQuantity: 0 })).toBe(0);
    expect(amountRaised({ ...property, soldQuantity: 1000 })).toBe(120500);
    expect(raisedCents(600, 12050)).toBe(7_230_000);
  });
  test('exact to the cent (no floating drift)', () => {
    // 0.1 × 3 in floating point is 0.30000000000000004.
    expect(amountRaised({ soldQuantity: 3, unitPrice: 0.1 })).toBe(0.3);
    expect(amountRaised({ soldQuantity: 7, unitPrice: 19.99 })).toBe(139.93);
  });
  test('funding percent counts sold units only', () => {
    expect(fundingPercent(property)).toBe(60);
    expect(fundingPercent({ totalQuantity: 10, soldQuantity: 0 })).toBe(0);
    expect(fundingPercent({ totalQuantity: 0, soldQuantity: 0 })).toBe(0);
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
