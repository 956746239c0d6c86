// Phone numbers checked with libphonenumber-js (its small "min" metadata) against the
// chosen country, loaded on demand.
import type * as PhoneLibModule from './phone-lib';
import type { Country } from './countries';

type PhoneLib = typeof PhoneLibModule;

let loading: Promise<PhoneLib> | null = null;

export function loadPhoneLib(): Promise<PhoneLib> {
  loading ??= import(/* webpackChunkName: "phone" */ './phone-lib').catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

export type PhoneCheck = (phone: string, country: Country) => PhoneResult;
export type PhoneResult = { valid: true; international: string } | { valid: false };

/**
 * A number is accepted when it is a valid number of the chosen country: written
 * nationally ("07911 123456" for the UK) or internationally with one of the
 * country's calling codes ("+44 7911 123456").
 */
export function makePhoneCheck(lib: PhoneLib): PhoneCheck {
  return (phone, country) => {
    const text = phone.trim();
    if (!text) return { valid: false };
    const region = lib.isSupportedCountry(country.iso2) ? country.iso2 : undefined;
    let parsed;
    try {
      parsed = lib.parsePhoneNumberFromString(text, region);
    } catch {
      return { valid: false };
    }
    if (!parsed || !parsed.isValid()) return { valid: false };
    // Same calling code as the country. (The small metadata cannot always tell regions
    // that share a code apart: it reads a UK mobile as Guernsey's, so the code is compared.)
    const expected = region ? [lib.getCountryCallingCode(region)] : country.callingCodes.map(String);
    if (!expected.includes(parsed.countryCallingCode)) return { valid: false };
    return { valid: true, international: parsed.formatInternational() };
  };
}

/** Loads the library and returns the check. */
export async function loadPhoneCheck(): Promise<PhoneCheck> {
  return makePhoneCheck(await loadPhoneLib());
}
