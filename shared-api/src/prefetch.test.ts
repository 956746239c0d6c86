// The first-screen prefetch: what it asks for, when, and how the endpoint functions take it.
import { CARD_IMAGE_SIZES, LEAD_PHOTO_SIZES, STORAGE_KEYS } from './contract';
import { PREFETCH_MAX_AGE_MS, clearPrefetched, prefetchFirstScreen, prefetchPending, requestKey, seedFirstScreen } from './prefetch';
// ./client is mocked below (jest hoists the mock above these imports).
import { getProperties, getProperty, peekProperties, peekProperty } from './endpoints/properties';

const asked: string[] = [];
/** The API's origin as configured (null: the page's own). */
let mockApiBase: string | null = null;
jest.mock('./client', () => ({
  apiUrl: (path: string) => `${mockApiBase ?? window.location.origin}/${path.replace(/^\/+/, '')}`,
  http: {
    get: (path: string, options?: { searchParams?: Record<string, string> }) => ({
      json: () => {
        asked.push(requestKey(path, options?.searchParams));
        return Promise.resolve({ from: 'http' });
      },
    }),
  },
}));

const PAGE = {
  items: [{ images: [{ url: '/download/a-960.webp', srcset: '/download/a-480.webp 480w, /download/a-960.webp 960w' }] }],
  total: 1,
};
let fetchMock: jest.Mock;

/** A fetch answer (jsdom has no Response): each read parses the body anew, as a clone would. */
function answer(body: unknown, status = 200) {
  const res = {
    ok: status >= 200 && status < 300,
    status,
    json: () => Promise.resolve(JSON.parse(JSON.stringify(body))),
    clone: () => res,
  };
  return Promise.resolve(res);
}
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  mockApiBase = null;
  asked.length = 0;
  localStorage.clear();
  document.head.replaceChildren();
  delete (window as unknown as Record<string, unknown>).__tesseraPrefetch__;
  fetchMock = jest.fn(() => answer(PAGE));
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('prefetchFirstScreen', () => {
  it('asks for the first catalogue page of an unfiltered /properties, and the page takes it instead of asking', async () => {
    prefetchFirstScreen({ pathname: '/properties', search: '' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe(`${window.location.origin}/v1/properties?page=1&pageSize=12`);
    // The page's own call, its query in another order, is answered by the prefetch.
    await expect(getProperties({ pageSize: 12, page: 1 })).resolves.toEqual(PAGE);
    expect(asked).toEqual([]);
    // Taken once: the next call asks the API.
    await expect(getProperties({ page: 1, pageSize: 12 })).resolves.toEqual({ from: 'http' });
    expect(asked).toEqual(['v1/properties?page=1&pageSize=12']);
  });

  it('carries X-Client-Versions like every call of the API client (issue 17)', () => {
    prefetchFirstScreen({ pathname: '/properties/p1', search: '' }, document, { clientVersions: 'shell@1.0.0,mf_public@1.1.0' });
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.headers).toEqual({ accept: 'application/json', 'X-Client-Versions': 'shell@1.0.0,mf_public@1.1.0' });
    // Without versions (nothing chosen yet), no empty header.
    prefetchFirstScreen({ pathname: '/properties', search: '' });
    expect((fetchMock.mock.calls[1][1] as RequestInit).headers).toEqual({ accept: 'application/json' });
  });

  it('preloads the first photo at the size the card shows it', async () => {
    prefetchFirstScreen({ pathname: '/properties', search: '' });
    for (let i = 0; i < 5; i++) await flush();
    const link = document.head.querySelector('link[rel="preload"]');
    expect(link).not.toBeNull();
    expect(link?.getAttribute('as')).toBe('image');
    expect(link?.getAttribute('imagesrcset')).toBe(PAGE.items[0].images[0].srcset);
    expect(link?.getAttribute('imagesizes')).toBe(CARD_IMAGE_SIZES);
    expect(link?.getAttribute('fetchpriority')).toBe('high');
  });

  it('asks for a property page, and preloads its lead photo', async () => {
    fetchMock.mockImplementation(() => answer({ _id: 'p 1', images: PAGE.items[0].images }));
    prefetchFirstScreen({ pathname: '/properties/p%201', search: '' });
    expect(fetchMock.mock.calls[0][0]).toBe(`${window.location.origin}/v1/properties/p%201`);
    await expect(getProperty('p 1')).resolves.toMatchObject({ _id: 'p 1' });
    expect(asked).toEqual([]);
    for (let i = 0; i < 5; i++) await flush();
    expect(document.head.querySelector('link[rel="preload"]')?.getAttribute('imagesizes')).toBe(LEAD_PHOTO_SIZES);
  });

  it('offers an answer that has arrived for the first render, once; not before it has arrived', async () => {
    let arrive: (v: unknown) => void = () => undefined;
    fetchMock.mockImplementation(() =>
      new Promise((r) => {
        arrive = r;
      }).then(() => answer(PAGE)),
    );
    expect(prefetchPending()).toBe(false);
    prefetchFirstScreen({ pathname: '/properties', search: '' });
    expect(prefetchPending()).toBe(true);
    expect(peekProperties({ page: 1, pageSize: 12 })).toBeUndefined();
    arrive(undefined);
    for (let i = 0; i < 5; i++) await flush();
    // Another query never matches; the same one, in any order, does, and takes it.
    expect(peekProperties({ page: 2, pageSize: 12 })).toBeUndefined();
    expect(peekProperties({ pageSize: 12, page: 1 })).toEqual(PAGE);
    expect(peekProperties({ page: 1, pageSize: 12 })).toBeUndefined();
    expect(prefetchPending()).toBe(false);
    await expect(getProperties({ page: 1, pageSize: 12 })).resolves.toEqual({ from: 'http' });
    expect(asked).toEqual(['v1/properties?page=1&pageSize=12']);
  });

  it('a property that has arrived is taken by the endpoint without asking again; an error answer is never offered', async () => {
    fetchMock.mockImplementation(() => answer({ _id: 'p1', images: [] }));
    prefetchFirstScreen({ pathname: '/properties/p1', search: '' });
    for (let i = 0; i < 5; i++) await flush();
    await expect(getProperty('p1')).resolves.toEqual({ _id: 'p1', images: [] });
    expect(peekProperty('p1')).toBeUndefined();

    fetchMock.mockImplementation(() => answer({ statusCode: 404 }, 404));
    prefetchFirstScreen({ pathname: '/properties/gone', search: '' });
    for (let i = 0; i < 5; i++) await flush();
    expect(peekProperty('gone')).toBeUndefined();
    await expect(getProperty('gone')).resolves.toEqual({ from: 'http' });
    expect(asked).toEqual(['v1/properties/gone']);
  });

  it('does nothing for a signed-in person, a filtered list or another page', () => {
    prefetchFirstScreen({ pathname: '/properties', search: '?state=CA' });
    prefetchFirstScreen({ pathname: '/', search: '' });
    prefetchFirstScreen({ pathname: '/dashboard/properties/abc', search: '' });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    prefetchFirstScreen({ pathname: '/properties', search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to the usual call when the prefetch failed, answered an error or is stale', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('network')));
    prefetchFirstScreen({ pathname: '/properties', search: '' });
    await expect(getProperties({ page: 1, pageSize: 12 })).resolves.toEqual({ from: 'http' });

    fetchMock.mockImplementationOnce(() => answer({ statusCode: 404 }, 404));
    prefetchFirstScreen({ pathname: '/properties/gone', search: '' });
    await expect(getProperty('gone')).resolves.toEqual({ from: 'http' });

    const now = Date.now();
    const spy = jest.spyOn(Date, 'now');
    spy.mockReturnValue(now);
    prefetchFirstScreen({ pathname: '/properties', search: '' });
    spy.mockReturnValue(now + PREFETCH_MAX_AGE_MS + 1);
    await expect(getProperties({ page: 1, pageSize: 12 })).resolves.toEqual({ from: 'http' });
    spy.mockRestore();
    expect(asked).toEqual(['v1/properties?page=1&pageSize=12', 'v1/properties/gone', 'v1/properties?page=1&pageSize=12']);
  });

  it('is not taken when the API is configured on another origin', async () => {
    prefetchFirstScreen({ pathname: '/properties', search: '' });
    mockApiBase = 'https://api.example.com';
    await expect(getProperties({ page: 1, pageSize: 12 })).resolves.toEqual({ from: 'http' });
    expect(asked).toEqual(['v1/properties?page=1&pageSize=12']);
  });

  it('never throws, even on a malformed address', () => {
    expect(() => prefetchFirstScreen({ pathname: '/properties/%E0%A4%A', search: '' })).not.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('seedFirstScreen (answers the server rendered the page with, issue 21)', () => {
  const PROPERTY = { _id: 'p1', name: 'Harbor Lofts' };

  it('the page shows them at once and its call takes them: nothing is asked, even long after', async () => {
    const now = Date.now();
    seedFirstScreen({ 'v1/properties/p1': PROPERTY, 'v1/properties?page=2&pageSize=12&state=AZ': PAGE });
    // What the visitor already sees never goes stale.
    jest.spyOn(Date, 'now').mockReturnValue(now + PREFETCH_MAX_AGE_MS * 10);
    try {
      expect(peekProperty('p1')).toEqual(PROPERTY);
      await expect(getProperties({ state: 'AZ', page: 2, pageSize: 12 })).resolves.toEqual(PAGE);
    } finally {
      jest.restoreAllMocks();
    }
    expect(asked).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the prefetch does not ask again for a seeded answer', async () => {
    seedFirstScreen({ 'v1/properties?page=1&pageSize=12': PAGE });
    prefetchFirstScreen({ pathname: '/properties', search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(peekProperties({ page: 1, pageSize: 12 })).toEqual(PAGE);
  });

  it('a signed-in person asks as usual (their answers may differ)', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    seedFirstScreen({ 'v1/properties/p1': PROPERTY });
    expect(prefetchPending()).toBe(false);
    await expect(getProperty('p1')).resolves.toEqual({ from: 'http' });
    clearPrefetched();
  });
});
