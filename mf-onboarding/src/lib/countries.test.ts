import { callingCodeLabel, findCountry, loadCountries, matchesCountry, searchCountries } from './countries';

test('the dataset gives names, both ISO codes, calling codes and currencies, sorted by name', async () => {
  const countries = await loadCountries();
  expect(countries.length).toBeGreaterThan(240);
  expect(countries.find((c) => c.iso2 === 'GB')).toMatchObject({
    iso3: 'GBR',
    name: 'United Kingdom',
    callingCodes: [44],
    currencies: ['GBP'],
  });
  const names = countries.map((c) => c.name);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  // Loaded once.
  expect(await loadCountries()).toBe(countries);
});

test('stored names, aliases and codes find their country', async () => {
  const countries = await loadCountries();
  expect(findCountry(countries, 'United States')?.iso2).toBe('US');
  expect(findCountry(countries, 'great britain')?.iso2).toBe('GB');
  expect(findCountry(countries, 'FRA')?.iso2).toBe('FR');
  expect(findCountry(countries, 'Atlantis')).toBeNull();
  expect(findCountry(countries, null)).toBeNull();
});

test('search matches names, codes and calling codes', async () => {
  const countries = await loadCountries();
  const gb = countries.find((c) => c.iso2 === 'GB')!;
  for (const q of ['united k', 'UK', 'gbr', 'gb', '+44', '44', '']) expect(matchesCountry(gb, q)).toBe(true);
  expect(matchesCountry(gb, 'france')).toBe(false);
  expect(matchesCountry(gb, '+33')).toBe(false);
  expect(callingCodeLabel(gb)).toBe('+44');
});

test('search ranks names that start with the typed text first (issue 16)', async () => {
  const countries = await loadCountries();
  const names = (q: string) => searchCountries(countries, q).map((c) => c.name);
  const ger = names('ger');
  expect(ger[0]).toBe('Germany');
  expect(ger).toContain('Algeria');
  expect(ger.indexOf('Germany')).toBeLessThan(ger.indexOf('Algeria'));
  expect(ger.indexOf('Germany')).toBeLessThan(ger.indexOf('Niger'));
  expect(names('Ger')[0]).toBe('Germany');
  expect(names('fra')[0]).toBe('France');
  expect(names('ind').slice(0, 2)).toEqual(['India', 'Indonesia']);
  // An exact code comes before names that merely contain the text.
  expect(names('us')[0]).toBe('United States');
  // Everything that matched is kept; nothing that did not.
  expect(
    names('ger').every((n) =>
      matchesCountry(
        countries.find((c) => c.name === n)!,
        'ger',
      ),
    ),
  ).toBe(true);
  expect(names('')).toHaveLength(countries.length);
});
