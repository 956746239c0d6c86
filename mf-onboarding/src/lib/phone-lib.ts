// The parts of libphonenumber-js (small "min" metadata) the phone check uses; imported
// lazily through this module so the bundler can leave the rest of the library out.
export { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
