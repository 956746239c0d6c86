import { PROPERTY_PAGE_SIZE, PROPERTY_TYPES, US_STATES, type PropertiesQuery, type PropertyType } from 'shared-api/contract';

export interface PropertyFilters {
  /** Search text (the API's searchName). */
  q: string;
  /** Two-letter state code, or '' for every location. */
  state: string;
  type: PropertyType | '';
  /** 1-based. */
  page: number;
}

const STATE_CODES = new Set<string>(US_STATES.map((s) => s.code));

/** Filters from the URL's query string; anything unknown is ignored. */
export function readFilters(params: URLSearchParams): PropertyFilters {
  const state = (params.get('state') ?? '').toUpperCase();
  const type = params.get('type') ?? '';
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    state: STATE_CODES.has(state) ? state : '',
    type: (PROPERTY_TYPES as readonly string[]).includes(type) ? (type as PropertyType) : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL query string of some filters (defaults left out). */
export function writeFilters(f: PropertyFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.state) p.set('state', f.state);
  if (f.type) p.set('type', f.type);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/**
 * The catalogue's canonical query string ('' or '?…'): the filters the page really shows, as
 * the page writes them (unknown keys, defaults and values it ignores left out), so every
 * spelling of one catalogue page names the same canonical URL.
 */
export function canonicalQuery(params: URLSearchParams): string {
  const qs = writeFilters(readFilters(params)).toString();
  return qs ? `?${qs}` : '';
}

/** What the server is asked for: it does the filtering. */
export function toQuery(f: PropertyFilters): PropertiesQuery {
  return {
    searchName: f.q.trim() || undefined,
    state: f.state || undefined,
    type: f.type || undefined,
    page: f.page,
    pageSize: PROPERTY_PAGE_SIZE,
  };
}

export function hasFilters(f: PropertyFilters): boolean {
  return !!(f.q.trim() || f.state || f.type);
}
