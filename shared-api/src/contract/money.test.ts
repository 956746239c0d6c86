import { MONEY_MESSAGES, centsToDollars, dollarsToCents, parseAmount } from './money';

const ok = (cents: number) => ({ ok: true, cents });
const bad = (message: string) => ({ ok: false, message });

describe('parseAmount', () => {
  test('positive numbers and numeric strings become integer cents', () => {
    expect(parseAmount(15)).toEqual(ok(1500));
    expect(parseAmount(0.01)).toEqual(ok(1));
    expect(parseAmount(1234.5)).toEqual(ok(123450));
    expect(parseAmount('1234.56')).toEqual(ok(123456));
    expect(parseAmount('  42 ')).toEqual(ok(4200));
    expect(parseAmount('007.5')).toEqual(ok(750));
  });
  test('negative amounts', () => {
    expect(parseAmount(-5)).toEqual(bad(MONEY_MESSAGES.notPositive));
    expect(parseAmount('-5')).toEqual(bad(MONEY_MESSAGES.notPositive));
    expect(parseAmount('-0.001')).toEqual(bad(MONEY_MESSAGES.notPositive));
    expect(parseAmount(-1e21)).toEqual(bad(MONEY_MESSAGES.notPositive));
    expect(parseAmount('-99999999999999999999')).toEqual(bad(MONEY_MESSAGES.notPositive));
  });
  test('zero', () => {
    expect(parseAmount(0)).toEqual(bad(MONEY_MESSAGES.notPositive));
    expect(parseAmount(-0)).toEqual(bad(MONEY_MESSAGES.notPositive));
    expect(parseAmount('0')).toEqual(bad(MONEY_MESSAGES.notPositive));
    expect(parseAmount('0.00')).toEqual(bad(MONEY_MESSAGES.notPositive));
    expect(parseAmount('-0')).toEqual(bad(MONEY_MESSAGES.notPositive));
  });
  test('three decimals are too many; two are fine', () => {
    expect(parseAmount(1.234)).toEqual(bad(MONEY_MESSAGES.tooManyDecimals));
    expect(parseAmount('1.234')).toEqual(bad(MONEY_MESSAGES.tooManyDecimals));
    expect(parseAmount('1.230')).toEqual(bad(MONEY_MESSAGES.tooManyDecimals));
    expect(parseAmount(0.1 + 0.2)).toEqual(bad(MONEY_MESSAGES.tooManyDecimals));
    expect(parseAmount('1.23')).toEqual(ok(123));
    expect(parseAmount('1.2')).toEqual(ok(120));
  });
  test('non-numbers', () => {
    for (const input of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      null,
      undefined,
      true,
      {},
      [],
      '',
      '  ',
      'abc',
      '12abc',
      '1,000',
      '$5',
      '.5',
      '5.',
      '+5',
      '1 000',
      '0x10',
      '١٢',
    ]) {
      expect(parseAmount(input)).toEqual(bad(MONEY_MESSAGES.notNumber));
    }
  });
  test('exponent forms', () => {
    expect(parseAmount(1e21)).toEqual(bad(MONEY_MESSAGES.tooLarge));
    expect(parseAmount(1e-7)).toEqual(bad(MONEY_MESSAGES.tooManyDecimals));
    expect(parseAmount('1e3')).toEqual(bad(MONEY_MESSAGES.notNumber));
    expect(parseAmount('1E3')).toEqual(bad(MONEY_MESSAGES.notNumber));
    // Numbers below 1e21 print without an exponent and parse normally.
    expect(parseAmount(1e3)).toEqual(ok(100000));
  });
  test('beyond 2^53 cents is too large; the largest safe amount passes', () => {
    expect(parseAmount('90071992547409.91')).toEqual(ok(Number.MAX_SAFE_INTEGER));
    expect(parseAmount('90071992547409.92')).toEqual(bad(MONEY_MESSAGES.tooLarge));
    expect(parseAmount(2 ** 53)).toEqual(bad(MONEY_MESSAGES.tooLarge));
    expect(parseAmount('9007199254740993')).toEqual(bad(MONEY_MESSAGES.tooLarge));
    expect(parseAmount('1' + '0'.repeat(30))).toEqual(bad(MONEY_MESSAGES.tooLarge));
  });
});

describe('cents and dollars', () => {
  test('round trip', () => {
    expect(centsToDollars(123456)).toBe(1234.56);
    expect(dollarsToCents(1234.56)).toBe(123456);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
  });
});
