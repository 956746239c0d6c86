// The nationality picker's data: countries-list (names, ISO 3166 two- and three-letter
// codes, calling codes, currencies), loaded on demand so pages without a picker never
// download it.
export interface Country {
  /** ISO 3166-1 alpha-2, e.g. 'GB'. */
  iso2: string;
  /** ISO 3166-1 alpha-3, e.g. 'GBR'. */
  iso3: string;
  /** English short name, e.g. 'United Kingdom': what the profile stores as `country`. */
  name: string;
  /** Other names the dataset knows ('UK', 'Britain'), for search and for reading stored names. */
  aliases: string[];
  /** International calling codes without '+', e.g. [44]. */
  callingCodes: number[];
  /** ISO 4217 codes, e.g. ['GBP']. */
  currencies: string[];
}

let loading: Promise<Country[]> | null = null;

/** Every country, sorted by name; the first call downloads the dataset. */
export function loadCountries(): Promise<Country[]> {
  loading ??= import(/* webpackChunkName: "countries" */ 'countries-list')
    .then((m) =>
      m
        .getCountryDataList()
        .map((c) => ({
          iso2: c.iso2,
          iso3: c.iso3,
          name: c.name,
          aliases: c.alias ?? [],
          callingCodes: c.phone,
          currencies: c.currency,
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en')),
    )
    .catch((err: unknown) => {
      // A failed download may be retried on the next call.
      loading = null;
      throw err;
    });
  return loading;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** The country a stored name (or alias, or code) refers to. */
export function findCountry(countries: readonly Country[], value: string | null | undefined): Country | null {
  if (!value) return null;
  const v = fold(value);
  if (!v) return null;
  return (
    countries.find((c) => fold(c.name) === v) ??
    countries.find((c) => c.aliases.some((a) => fold(a) === v)) ??
    countries.find((c) => c.iso2.toLowerCase() === v || c.iso3.toLowerCase() === v) ??
    null
  );
}

/** "+44", or "+1, +1268" for several codes. */
export function callingCodeLabel(c: Country): string {
  return c.callingCodes.map((n) => `+${n}`).join(', ');
}

/** Search over name, aliases, both codes and calling codes ("uk", "gbr", "+44", "44"). */
export function matchesCountry(c: Country, query: string): boolean {
  const q = fold(query).replace(/^\+/, '');
  if (!q) return true;
  if (fold(c.name).includes(q)) return true;
  if (c.aliases.some((a) => fold(a).includes(q))) return true;
  if (c.iso2.toLowerCase() === q || c.iso3.toLowerCase() === q) return true;
  return /^\d+$/.test(q) && c.callingCodes.some((n) => String(n).startsWith(q));
}

/** How well a country matches a query: lower is better; null when it does not match. */
export function countryRank(c: Country, query: string): number | null {
  if (!matchesCountry(c, query)) return null;
  const q = fold(query).replace(/^\+/, '');
  if (!q) return 0;
  const name = fold(c.name);
  if (name.startsWith(q)) return 0;
  if (c.iso2.toLowerCase() === q || c.iso3.toLowerCase() === q || c.aliases.some((a) => fold(a).startsWith(q))) return 1;
  if (name.split(/[\s\-(),.']+/).some((w) => w.startsWith(q))) return 2;
  if (name.includes(q) || c.aliases.some((a) => fold(a).includes(q))) return 3;
  return 4;
}

/**
 * The countries matching a query, best first (issue 16): names that start with the typed text
 * ("ger" → Germany before Algeria), then exact codes and aliases, then a word of the name,
 * then anywhere in it, then calling codes; the list's own order within each group.
 */
export function searchCountries(list: readonly Country[], query: string): Country[] {
  return list
    .map((c, i) => ({ c, i, r: countryRank(c, query) }))
    .filter((x): x is { c: Country; i: number; r: number } => x.r !== null)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.c);
}
