// Recently listed catalogue pages, kept in memory as the JSON sent (issue 11: the public
// list at speed). A page is cached under the catalogue version it was read at: migration 0030's triggers
// take the next `catalogue_version` on every change to listings, their files or progress
// notes (orders moving the unit counters included). Before serving a cached page the API
// reads the version (one tiny query, shared by the requests arriving meanwhile) and uses
// the page only if nothing changed since; a page also expires after CATALOGUE_CACHE_MS
// (default 1000; 0 turns the cache off), which bounds the one race left: a page read while
// a change was being committed. Admins' lists (any status, signed links) are not cached.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

const TTL_MS = (() => {
  const v = Number(process.env.CATALOGUE_CACHE_MS ?? 1000);
  return Number.isFinite(v) && v >= 0 ? v : 1000;
})();
const MAX_ENTRIES = 256;

interface Entry { version: string; at: number; value: Promise<string> }
interface State { entries: Map<string, Entry>; reading: Promise<string> | null }
const states = new WeakMap<FastifyInstance, State>();

function stateOf(app: FastifyInstance): State {
  let s = states.get(app);
  if (!s) states.set(app, (s = { entries: new Map(), reading: null }));
  return s;
}

/** The catalogue's current version; concurrent callers share one read. */
function version(app: FastifyInstance, s: State): Promise<string> {
  s.reading ??= app.db
    .execute(sql`SELECT last_value::text AS v FROM catalogue_version`)
    .then((r) => String((r as unknown as { rows: { v: string }[] }).rows[0]?.v ?? '0'))
    .finally(() => { s.reading = null; });
  return s.reading;
}

/**
 * The serialized page for `key` from memory when the catalogue has not changed since it
 * was read, else `load()` (which reads and serializes it; requests for the same page
 * meanwhile share that load).
 */
export async function cachedCatalogue(app: FastifyInstance, key: string, load: () => Promise<string>): Promise<string> {
  if (TTL_MS === 0) return load();
  const s = stateOf(app);
  const v = await version(app, s);
  const hit = s.entries.get(key);
  if (hit && hit.version === v && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = load();
  const entry: Entry = { version: v, at: Date.now(), value };
  s.entries.delete(key);
  s.entries.set(key, entry);
  value.catch(() => { if (s.entries.get(key) === entry) s.entries.delete(key); });
  if (s.entries.size > MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value as string);
  return value;
}
