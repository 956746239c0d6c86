// Recently listed catalogue pages, kept in memory as the JSON sent (issue 11: the public
// list at speed). A page is cached under the catalogue version it was read at: migration 0030's triggers
// take the next `catalogue_version` on every change to listings, their files or progress
// notes (orders moving the unit counters included). Before serving a cached page the API
// reads the version (one tiny query, shared by the requests arriving meanwhile) and uses
// the page only if nothing changed since; a page also expires after CATALOGUE_CACHE_MS
// (default 1000; 0 turns the cache off), which bounds the one race left: a page read while
// a change was being committed. Admins' lists (any status, signed links) are not cached.
//
// A cached page is also kept compressed (brotli, gzip), made once on the first request
// that accepts it: clients that send Accept-Encoding (browsers, nginx passing theirs on)
// get a fraction of the bytes, and neither the API nor nginx compresses the page again.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

const TTL_MS = (() => {
  const v = Number(process.env.CATALOGUE_CACHE_MS ?? 1000);
  return Number.isFinite(v) && v >= 0 ? v : 1000;
})();
const MAX_ENTRIES = 256;

/** Bodies smaller than this go out as they are (compression would gain little). */
const MIN_COMPRESS_BYTES = 1024;

export type ContentEncoding = 'br' | 'gzip';
// No cache: the header is the client's to choose, and a cache keyed by it would grow without bound.
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** The coding a request's Accept-Encoding prefers of brotli and gzip (q-values honoured, `;q=0` refuses), or null. */
export function preferredEncoding(header: string | string[] | undefined): ContentEncoding | null {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  return value ? (encodings.negotiate(value) as ContentEncoding | null) : null;
}

/** A serialized catalogue page, with its compressed forms made on first use. */
export class CataloguePage {
  private readonly encoded = new Map<ContentEncoding, Buffer>();
  constructor(
    readonly json: string,
    private readonly compress = true,
  ) {}

  /** The body for a request's Accept-Encoding, and its Content-Encoding (none: the JSON as it is). */
  for(acceptEncoding: string | string[] | undefined): { body: string | Buffer; encoding?: ContentEncoding } {
    if (!this.compress || this.json.length < MIN_COMPRESS_BYTES) return { body: this.json };
    const encoding = preferredEncoding(acceptEncoding);
    if (!encoding) return { body: this.json };
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 5,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.json),
              },
            })
          : gzipSync(this.json, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return { body, encoding };
  }
}

interface Entry {
  version: string;
  at: number;
  value: Promise<CataloguePage>;
}
interface State {
  entries: Map<string, Entry>;
  reading: Promise<string> | null;
}
const states = new WeakMap<FastifyInstance, State>();

function stateOf(app: FastifyInstance): State {
  let s = states.get(app);
  if (!s) states.set(app, (s = { entries: new Map(), reading: null }));
  return s;
}

/** The catalogue's current version (server-rendered pages and the sitemap are cached under it too); concurrent callers share one read. */
export function catalogueVersion(app: FastifyInstance): Promise<string> {
  return version(app, stateOf(app));
}

/** The catalogue's current version; concurrent callers share one read. */
function version(app: FastifyInstance, s: State): Promise<string> {
  s.reading ??= app.db
    .execute(sql`SELECT last_value::text AS v FROM catalogue_version`)
    .then((r) => String((r as unknown as { rows: { v: string }[] }).rows[0]?.v ?? '0'))
    .finally(() => {
      s.reading = null;
    });
  return s.reading;
}

/**
 * The page for `key` from memory when the catalogue has not changed since it was read,
 * else `load()` (which reads and serializes it; requests for the same page meanwhile share
 * that load).
 */
export async function cachedCatalogue(app: FastifyInstance, key: string, load: () => Promise<string>): Promise<CataloguePage> {
  // Uncached, a page is read for one response: compressing it would cost more than it saves here.
  if (TTL_MS === 0) return new CataloguePage(await load(), false);
  const s = stateOf(app);
  const v = await version(app, s);
  const hit = s.entries.get(key);
  if (hit && hit.version === v && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = load().then((json) => new CataloguePage(json));
  const entry: Entry = { version: v, at: Date.now(), value };
  s.entries.delete(key);
  s.entries.set(key, entry);
  value.catch(() => {
    if (s.entries.get(key) === entry) s.entries.delete(key);
  });
  if (s.entries.size > MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value as string);
  return value;
}
