import { canonicalQuery, hasFilters, readFilters, toQuery, writeFilters } from './filters';

test('reads known filters from the URL and ignores the rest', () => {
  expect(readFilters(new URLSearchParams('q=loft&state=ca&type=OFF_PLAN&page=3'))).toEqual({
    q: 'loft',
    state: 'CA',
    type: 'OFF_PLAN',
    page: 3,
  });
  expect(readFilters(new URLSearchParams('state=XX&type=CASTLE&page=-2'))).toEqual({ q: '', state: '', type: '', page: 1 });
});

test('writes only what differs from the defaults', () => {
  expect(writeFilters({ q: ' loft ', state: 'NY', type: '', page: 1 }).toString()).toBe('q=loft&state=NY');
  expect(writeFilters({ q: '', state: '', type: 'RENTAL_READY', page: 2 }).toString()).toBe('type=RENTAL_READY&page=2');
});

test('the server filters: searchName, state, type, page', () => {
  expect(toQuery({ q: 'loft', state: 'NY', type: 'OFF_PLAN', page: 2 })).toEqual({
    searchName: 'loft',
    state: 'NY',
    type: 'OFF_PLAN',
    page: 2,
    pageSize: 12,
  });
  expect(toQuery({ q: ' ', state: '', type: '', page: 1 })).toEqual({
    searchName: undefined,
    state: undefined,
    type: undefined,
    page: 1,
    pageSize: 12,
  });
  expect(hasFilters({ q: '', state: '', type: '', page: 4 })).toBe(false);
});

test('the canonical query names what the page shows, whatever the URL spelled', () => {
  expect(canonicalQuery(new URLSearchParams(''))).toBe('');
  expect(canonicalQuery(new URLSearchParams('page=1&type=ALL&state=XX&utm_source=x'))).toBe('');
  expect(canonicalQuery(new URLSearchParams('page=abc&state=%3Cscript%3E&q=%20loft%20'))).toBe('?q=loft');
  expect(canonicalQuery(new URLSearchParams('page=2.0&state=ca&type=OFF_PLAN&type=RENTAL_READY&page=3'))).toBe(
    '?state=CA&type=OFF_PLAN&page=2',
  );
  expect(canonicalQuery(new URLSearchParams(`q=${'a'.repeat(500)}`))).toBe(`?q=${'a'.repeat(100)}`);
});
