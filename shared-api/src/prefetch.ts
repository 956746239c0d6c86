// The first screen's data, asked for while the page's code is still loading (issue 11).
//
// A visitor's first `/properties` or `/properties/:id` otherwise waits for the shell, the
// remote's manifest, its entry, the page's module and the shared chunks it needs before the
// page even asks the API — and only then learns which photo to fetch. The shell's entry
// (shell/src/index.ts) calls `prefetchFirstScreen` before anything else, so the API call and
// the first photo travel alongside the code. The endpoint functions (endpoints/properties.ts)
// take a prefetched answer when one matches their request exactly, and otherwise ask as usual.
//
// Only anonymous visitors are prefetched for: a signed-in person's answer can depend on who
// they are (an admin sees every status; an owner sees their own pending listing), and the
// prefetch carries no token. Entries live on `window`, so the shell's copy of this module
// (bundled into main.js, not shared) and shared-api's copy see the same ones.
//
// This file imports nothing but constants: it runs before the shared modules are negotiated.
import { PROPERTY_PAGE_SIZE, STORAGE_KEYS } from './contract/constants';
import { CARD_IMAGE_SIZES, LEAD_PHOTO_SIZES } from './contract/image-sizes';

const REGISTRY = '__tesseraPrefetch__';
/** A prefetched answer is used only this soon after it was asked for. */
export const PREFETCH_MAX_AGE_MS = 10_000;

interface Entry {
  at: number;
  response: Promise<Response>;
  /** The parsed answer, once a 2xx answer has arrived and been read: the page can render it at once. */
  body?: unknown;
  /** Sent with the page by the server: what the visitor already sees, so it never goes stale. */
  seeded?: boolean;
}

// In a browser the entries live on `window`; in the server's renderer (the public pages'
// Node build) on `globalThis`, filled and emptied around one synchronous render.
function registry(): Map<string, Entry> | null {
  const host = typeof window !== 'undefined' ? window : typeof globalThis !== 'undefined' ? globalThis : null;
  if (!host) return null;
  const w = host as unknown as Record<string, Map<string, Entry> | undefined>;
  return (w[REGISTRY] ??= new Map());
}

/**
 * Answers the page already has: the server rendered the page with them and sent them in
 * the HTML (docs/frontend.md, "Public pages as HTML"). The page's first render takes them
 * (peekPrefetched) and its endpoint call gets them (takePrefetched): no second request.
 * `url` is the absolute address the API client asks (apiUrl).
 */
export function seedPrefetched(url: string, body: unknown): void {
  const map = registry();
  if (!map || body === undefined || body === null) return;
  // Never read (the body is there), but an entry always has one.
  const answered = { ok: true, status: 200, json: () => Promise.resolve(body), clone: () => answered };
  const response = Promise.resolve(answered as unknown as Response);
  map.set(url, { at: Date.now(), response, body, seeded: true });
}

/** Drops every entry (the server's renderer, after a render). */
export function clearPrefetched(): void {
  registry()?.clear();
}

/** One key for a request however its query is ordered: `v1/properties?page=1&pageSize=12`. */
export function requestKey(path: string, params: Record<string, string> = {}): string {
  const clean = path.replace(/^\/+/, '');
  const qs = new URLSearchParams(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
  return qs ? `${clean}?${qs}` : clean;
}

/**
 * The prefetched answer to exactly this request (its absolute URL, as the API client would
 * ask it: an API configured on another origin never matches), once: it is removed as it is
 * taken. Null when there is none or it is stale. A prefetch that failed or answered other
 * than 2xx calls `ask`, so the caller asks again the usual way (headers, retries, errors).
 */
export function takePrefetched<T>(url: string, ask: () => Promise<T>): Promise<T> | null {
  const entry = take(url, () => true);
  if (!entry) return null;
  if (entry.body !== undefined) return Promise.resolve(entry.body as T);
  return entry.response.then(
    (res) => (res.ok ? (res.json() as Promise<T>) : ask()),
    () => ask(),
  );
}

/**
 * The prefetched answer to exactly this request if it has already arrived (a 2xx, read),
 * taken like `takePrefetched`; otherwise undefined, and an entry still on its way stays
 * for `takePrefetched`. A page renders it in its first render instead of a skeleton.
 */
export function peekPrefetched<T>(url: string): T | undefined {
  return take(url, (e) => e.body !== undefined)?.body as T | undefined;
}

/** Removes and returns the entry for `url` when `wanted` accepts it; null when there is none, it is not wanted, or it is stale. */
function take(url: string, wanted: (e: Entry) => boolean): Entry | null {
  const map = registry();
  const entry = map?.get(url);
  if (!map || !entry || !wanted(entry)) return null;
  map.delete(url);
  return !entry.seeded && Date.now() - entry.at > PREFETCH_MAX_AGE_MS ? null : entry;
}

/** Whether a first-screen answer is on its way or waiting to be taken (the page needs no HTTP client to show it). */
export function prefetchPending(): boolean {
  return (registry()?.size ?? 0) > 0;
}

function signedIn(): boolean {
  try {
    return Boolean(localStorage.getItem(STORAGE_KEYS.accessToken));
  } catch {
    return false;
  }
}

/**
 * The first screen's answers the server rendered the page with (by request key, as
 * `requestKey` names them), handed to the page: an anonymous visitor's page shows them
 * without asking again. A signed-in person's answers may differ (prefetchFirstScreen), so
 * theirs are asked as usual.
 */
export function seedFirstScreen(data: Record<string, unknown>, origin: string = window.location.origin): void {
  if (signedIn()) return;
  for (const [key, body] of Object.entries(data)) seedPrefetched(`${origin}/${key}`, body);
}

interface Photo {
  srcset?: string;
  url: string;
}

/** Asks the browser for the photo the page will show first (the largest paint), at the size it will choose. */
function preloadPhoto(doc: Document, photo: Photo | undefined, sizes: string): void {
  if (!photo) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  if (photo.srcset) {
    link.setAttribute('imagesrcset', photo.srcset);
    link.setAttribute('imagesizes', sizes);
  } else {
    link.href = photo.url;
  }
  link.setAttribute('fetchpriority', 'high');
  doc.head.appendChild(link);
}

export interface PrefetchOptions {
  /** Sent as `X-Client-Versions`, like every call of the API client (`shell@1.0.0,mf_public@1.1.0`). */
  clientVersions?: string;
}

function start(
  path: string,
  params: Record<string, string>,
  firstPhoto: (body: unknown) => Photo | undefined,
  sizes: string,
  doc: Document,
  opts: PrefetchOptions,
): void {
  const map = registry();
  if (!map) return;
  const url = `${window.location.origin}/${requestKey(path, params)}`;
  // The server sent this answer with the page (seedPrefetched): nothing to ask.
  if (map.has(url)) return;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.clientVersions) headers['X-Client-Versions'] = opts.clientVersions;
  const response = fetch(url, { headers, credentials: 'same-origin' });
  const entry: Entry = { at: Date.now(), response };
  map.set(url, entry);
  // Read once it arrives: the photo starts as soon as the answer says which, and the page
  // finds the answer ready (peekPrefetched). Each reader reads its own clone of the response.
  response
    .then((res) => (res.ok ? res.clone().json() : null))
    .then((body: unknown) => {
      if (body === null || body === undefined) return;
      entry.body = body;
      preloadPhoto(doc, firstPhoto(body), sizes);
    })
    .catch(() => undefined);
}

const PROPERTY_PAGE = /^\/properties\/([^/]+)\/?$/;

/**
 * Starts the first screen's API call (and its first photo) for the page at `location`, when
 * there is one to start: `/properties` without filters (its first page), `/properties/:id`.
 */
export function prefetchFirstScreen(
  location: Pick<Location, 'pathname' | 'search'>,
  doc: Document = document,
  opts: PrefetchOptions = {},
): void {
  try {
    if (signedIn()) return;
    const path = location.pathname;
    if ((path === '/properties' || path === '/properties/') && new URLSearchParams(location.search).toString() === '') {
      start(
        'v1/properties',
        { page: '1', pageSize: String(PROPERTY_PAGE_SIZE) },
        (b) => (b as { items?: { images?: Photo[] }[] }).items?.[0]?.images?.[0],
        CARD_IMAGE_SIZES,
        doc,
        opts,
      );
      return;
    }
    const m = PROPERTY_PAGE.exec(path);
    if (m)
      start(
        `v1/properties/${encodeURIComponent(decodeURIComponent(m[1]))}`,
        {},
        (b) => (b as { images?: Photo[] }).images?.[0],
        LEAD_PHOTO_SIZES,
        doc,
        opts,
      );
  } catch {
    // A prefetch is only ever a head start: the page asks again if it is missing.
  }
}
