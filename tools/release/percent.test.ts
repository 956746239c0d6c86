import { parsePercent, parseSteps } from './percent';

describe('parsePercent', () => {
  test.each(['0', '1', '5', '10', '99', '100'])('accepts "%s"', (s) => {
    expect(parsePercent(s)).toBe(Number(s));
  });
  test.each([
    '',
    ' ',
    ' 10',
    '10 ',
    '10%',
    '1e1',
    '0x0a',
    '0b1',
    '0o7',
    '010',
    '00',
    '10.5',
    '10.0',
    '-1',
    '-0',
    '+5',
    '101',
    '1000',
    'NaN',
    'Infinity',
    'ten',
    '٣',
  ])('refuses "%s"', (s) => {
    expect(() => parsePercent(s)).toThrow(/must be a whole number from 0 to 100/);
  });
  test('numbers: whole 0-100 only', () => {
    expect(parsePercent(0)).toBe(0);
    expect(parsePercent(100)).toBe(100);
    for (const n of [-1, 101, 10.5, NaN, Infinity]) expect(() => parsePercent(n)).toThrow(/whole number/);
    for (const v of [null, undefined, true, {}, []]) expect(() => parsePercent(v)).toThrow(/whole number/);
  });
});

describe('parseSteps', () => {
  test('increasing steps ending at 100', () => {
    expect(parseSteps('1,5,25,50,100')).toEqual([1, 5, 25, 50, 100]);
    expect(parseSteps('100')).toEqual([100]);
  });
  test.each(['', '5,1,100', '1,1,100', '0,50,100', '1,5,50', '1,5.5,100', '1,,100', '1, 5,100', '1e1,100'])('refuses "%s"', (s) => {
    expect(() => parseSteps(s)).toThrow();
  });
});
