import { MONEY_MESSAGES } from 'shared-api/contract';
import { checkAmount } from './amount';

test('accepts dollars with up to two decimals, commas and a leading $', () => {
  expect(checkAmount('25')).toEqual({ ok: true, cents: 2500, dollars: 25 });
  expect(checkAmount(' 1,250.5 ')).toEqual({ ok: true, cents: 125050, dollars: 1250.5 });
  expect(checkAmount('$0.01')).toEqual({ ok: true, cents: 1, dollars: 0.01 });
});

test('says what is wrong, in the contract words', () => {
  expect(checkAmount('')).toEqual({ ok: false, message: MONEY_MESSAGES.required });
  expect(checkAmount('1,2,3')).toEqual({ ok: false, message: MONEY_MESSAGES.notNumber });
  expect(checkAmount('abc')).toEqual({ ok: false, message: MONEY_MESSAGES.notNumber });
  expect(checkAmount('0')).toEqual({ ok: false, message: MONEY_MESSAGES.notPositive });
  expect(checkAmount('-5')).toEqual({ ok: false, message: MONEY_MESSAGES.notPositive });
  expect(checkAmount('1.005')).toEqual({ ok: false, message: MONEY_MESSAGES.tooManyDecimals });
});

test('a withdrawal cannot exceed the balance; a deposit has a ceiling', () => {
  expect(checkAmount('100.01', { max: 100, kind: 'balance' })).toEqual({ ok: false, message: MONEY_MESSAGES.overBalance });
  expect(checkAmount('100', { max: 100, kind: 'balance' })).toMatchObject({ ok: true, cents: 10000 });
  expect(checkAmount('1000000.01', { max: 1_000_000, kind: 'deposit' })).toEqual({
    ok: false,
    message: 'Amount is too large: a single deposit can be at most $1,000,000.00',
  });
});
