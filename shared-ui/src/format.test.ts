import { formatDate, formatMoney, formatNumber, formatPercent } from './format';

describe('formatNumber (comma thousands separators)', () => {
  test.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [1234567.891, '1,234,567.89'],
    [-9876543.2, '-9,876,543.2'],
  ])('%p → %p', (n, out) => {
    expect(formatNumber(n)).toBe(out);
  });
  test('decimals and non-numbers', () => {
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
    expect(formatNumber(1234.5678, 3)).toBe('1,234.568');
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(undefined)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatMoney (USD)', () => {
  test('two decimals by default', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(15)).toBe('$15.00');
    expect(formatMoney(1250000)).toBe('$1,250,000.00');
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatMoney(0.005)).toBe('$0.01');
  });
  test('auto drops .00 on whole amounts only', () => {
    expect(formatMoney(1250000, { cents: 'auto' })).toBe('$1,250,000');
    expect(formatMoney(20.5, { cents: 'auto' })).toBe('$20.50');
    expect(formatMoney(20.001, { cents: 'auto' })).toBe('$20');
  });
  test('never rounds to dollars', () => {
    expect(formatMoney(1234.56, { cents: 'never' })).toBe('$1,235');
  });
  test('non-numbers', () => {
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(Number.NaN)).toBe('—');
  });
});

describe('formatPercent (a percent number)', () => {
  test.each([
    [8, '8%'],
    [8.4, '8.4%'],
    [6.666, '6.67%'],
    [0, '0%'],
    [1250, '1,250%'],
  ])('%p → %p', (n, out) => {
    expect(formatPercent(n)).toBe(out);
  });
  test('non-numbers', () => {
    expect(formatPercent(undefined)).toBe('—');
  });
});

describe('formatDate', () => {
  // Midday UTC: the same calendar day in every time zone a test machine may use.
  const iso = '2025-03-07T12:00:00.000Z';
  test('short (default), long, datetime', () => {
    expect(formatDate(iso)).toBe('Mar 7, 2025');
    expect(formatDate(new Date(iso), 'long')).toBe('March 7, 2025');
    expect(formatDate(Date.parse(iso), 'datetime')).toMatch(/^Mar 7, 2025, \d{1,2}:\d{2}\s?(AM|PM)$/);
  });
  test('empty or invalid', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});
