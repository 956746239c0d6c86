import { loadCountries, type Country } from './countries';
import { loadPhoneCheck, type PhoneCheck } from './phone';

let check: PhoneCheck;
let byCode: (iso2: string) => Country;
beforeAll(async () => {
  const countries = await loadCountries();
  check = await loadPhoneCheck();
  byCode = (iso2) => countries.find((c) => c.iso2 === iso2)!;
});

test.each([
  ['07911 123456', 'GB', '+44 7911 123456'],
  ['+44 7911 123456', 'GB', '+44 7911 123456'],
  ['(202) 555-0143', 'US', '+1 202 555 0143'],
  ['06 12 34 56 78', 'FR', '+33 6 12 34 56 78'],
  ['050 123 4567', 'AE', '+971 50 123 4567'],
])('%s is a valid number of %s', (phone, iso2, international) => {
  expect(check(phone, byCode(iso2))).toEqual({ valid: true, international });
});

test.each([
  ['', 'GB'],
  ['123', 'GB'],
  ['+1 202 555 0143', 'GB'], // another country's number
  ['07911 123456', 'US'],
  ['+44 7911 12345678901', 'GB'],
])('%s is refused for %s', (phone, iso2) => {
  expect(check(phone, byCode(iso2)).valid).toBe(false);
});
