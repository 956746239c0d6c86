// The public catalogue (GET /v1/properties for everyone but admins), read at a cost that
// follows the page, not the number of listings:
// - every sort walks a partial index of live listings in its own order (migration 1040),
//   the id breaking ties in the same direction;
// - `nextCursor` (the last row's sort key and id) reads the next page by one row comparison
//   at any depth; page numbers skip rows inside the index and stop at MAX_CATALOGUE_PAGE
//   (400 past it, saying how to narrow the search);
// - totals come from catalogue_counts (a trigger keeps live listings per status, state and
//   type); a name search counts its matches up to CATALOGUE_SEARCH_COUNT_CAP and says when
//   its total is only a lower bound;
// - name and address search is ILIKE, served by a trigram index where pg_trgm exists.
// The one-second page cache (catalogue-cache.ts) sits in front of this.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CATALOGUE_MESSAGES,
  CATALOGUE_SEARCH_COUNT_CAP,
  MAX_CATALOGUE_PAGE,
  PROPERTY_PAGE_SIZE,
  PUBLIC_PROPERTY_STATUSES,
  type CataloguePage,
  type PropertiesQuery,
  type PropertySort,
} from 'shared-api/contract';
import { properties } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { filesJson, isPublic, toProperties, updatesJson, type Extras } from './service';
import { fundedRatio } from './figures';

/**
 * Live: on sale in the catalogue. Written as literals, the very predicate of the partial
 * indexes, so the planner can prove they apply (a parameter could not be).
 */
export const LIVE = sql.raw(`"properties"."status" IN ('ACTIVE', 'FUNDED') AND "properties"."suspended_at" IS NULL`);

interface SortSpec {
  key: SQL;
  descending: boolean;
  /** The key as the cursor carries it (text: exact, whatever the type). */
  text: SQL;
  /** The cursor's key text back as a value of the key's type. */
  value: (text: string) => SQL;
  /** The shape of a valid key text (checked before SQL casts it: a forged cursor is a 400, not a 500). */
  shape: RegExp;
}
const BIGINT = /^-?\d{1,18}$/;
const NUMERIC = /^-?\d{1,20}(\.\d{1,30})?$/;
// Timestamps as integer microseconds since the epoch: exact, and no date text to parse.
const timestampKey = (column: SQL): Pick<SortSpec, 'key' | 'text' | 'value' | 'shape'> => ({
  key: column,
  text: sql`(extract(epoch FROM ${column}) * 1000000)::bigint::text`,
  value: (t) => sql`(timestamptz 'epoch' + ${t}::bigint * interval '1 microsecond')`,
  shape: BIGINT,
});
const numberKey = (column: SQL, type: 'bigint' | 'numeric'): Pick<SortSpec, 'key' | 'text' | 'value' | 'shape'> => ({
  key: column,
  text: sql`(${column})::text`,
  value: (t) => sql`${t}::${sql.raw(type)}`,
  shape: type === 'bigint' ? BIGINT : NUMERIC,
});
const SORTS: Record<PropertySort, SortSpec> = {
  newest: { ...timestampKey(sql`${properties.createdAt}`), descending: true },
  price_asc: { ...numberKey(sql`${properties.unitPriceCents}`, 'bigint'), descending: false },
  price_desc: { ...numberKey(sql`${properties.unitPriceCents}`, 'bigint'), descending: true },
  roi_desc: { ...numberKey(sql`${properties.roiInFiveYears}`, 'numeric'), descending: true },
  funded: { ...numberKey(fundedRatio, 'numeric'), descending: true },
};

const orderOf = (s: SortSpec) => (s.descending ? [desc(s.key), desc(properties.id)] : [asc(s.key), asc(properties.id)]);

interface Cursor {
  sort: PropertySort;
  key: string;
  id: string;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.sort, c.key, c.id])).toString('base64url');
}

/** The cursor a request carries, or a 400 when it is not one of ours for this sort. */
export function decodeCursor(text: string, sort: PropertySort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== sort ||
    typeof parsed[1] !== 'string' ||
    parsed[1].length > 64 ||
    typeof parsed[2] !== 'string' ||
    !UUID.test(parsed[2]) ||
    !SORTS[sort].shape.test(parsed[1])
  )
    throw badRequest(CATALOGUE_MESSAGES.badCursor);
  return { sort, key: parsed[1], id: parsed[2] };
}

/** The search text as an ILIKE pattern: its own %, _ and \ match themselves. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(q: PropertiesQuery): { where: SQL[]; search: boolean } {
  const where: SQL[] = [LIVE];
  if (q.status) where.push(eq(properties.status, q.status));
  if (q.state) where.push(eq(properties.state, q.state));
  if (q.type) where.push(eq(properties.type, q.type));
  const text = q.searchName?.trim();
  if (text) {
    const pattern = likePattern(text);
    where.push(or(ilike(properties.name, pattern), ilike(properties.address, pattern)) as SQL);
  }
  return { where, search: Boolean(text) };
}

/**
 * The statement of the filters' total: the counters' sum, or a name search's count up to the
 * cap (one row past it). The count walks the page's own order: the planner then finds a
 * common word's matches along the sort's index (stopping at the cap) and a rare one's in the
 * trigram index, never by reading the table.
 */
function totalQuery(q: PropertiesQuery, where: SQL[], search: boolean, order: SQL[]): SQL {
  if (search)
    return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${properties} WHERE ${and(...where)} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${CATALOGUE_SEARCH_COUNT_CAP + 1}) m`;
  const facets: SQL[] = [sql`TRUE`];
  if (q.status) facets.push(sql`status = ${q.status}`);
  if (q.state) facets.push(sql`state = ${q.state}`);
  if (q.type) facets.push(sql`type = ${q.type}`);
  return sql`SELECT coalesce(sum(n), 0)::int AS n FROM catalogue_counts WHERE ${sql.join(facets, sql` AND `)}`;
}

/**
 * The two statements of a catalogue page (its rows, its total), or a 400 for a page past the
 * cap or a cursor that is not ours. Exported for the plan checks (test/catalogue-read-path.test.ts).
 */
export function catalogueQueries(app: FastifyInstance, q: PropertiesQuery) {
  if (q.status && !isPublic(q.status)) throw badRequest(`status must be one of: ${PUBLIC_PROPERTY_STATUSES.join(', ')}`);
  const sort = q.sort ?? 'newest';
  const spec = SORTS[sort];
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? PROPERTY_PAGE_SIZE;
  const cursor = q.after ? decodeCursor(q.after, sort) : null;
  if (!cursor && page > MAX_CATALOGUE_PAGE) throw badRequest(CATALOGUE_MESSAGES.tooDeep);
  const { where, search } = conditions(q);
  const order = orderOf(spec);
  const pageWhere = [...where];
  if (cursor)
    pageWhere.push(
      sql`(${spec.key}, ${properties.id}) ${sql.raw(spec.descending ? '<' : '>')} (${spec.value(cursor.key)}, ${cursor.id}::uuid)`,
    );
  // The page's ids first (from the index, skipping rows there for a page number), then
  // those rows with their files and notes: one statement. One row more tells whether a next page exists.
  const ids = app.db
    .select({ id: properties.id })
    .from(properties)
    .where(and(...pageWhere))
    .orderBy(...order)
    .limit(pageSize + 1)
    .offset(cursor ? 0 : (page - 1) * pageSize);
  const rows = app.db
    .select({ row: properties, key: sql<string>`${spec.text}`, files: filesJson, updates: updatesJson })
    .from(properties)
    .where(inArray(properties.id, ids))
    .orderBy(...order);
  return { sort, page, pageSize, rows, total: totalQuery(q, where, search, order), search };
}

/** One page of the public catalogue. */
export async function listCatalogue(app: FastifyInstance, q: PropertiesQuery): Promise<CataloguePage> {
  const { sort, page, pageSize, rows: rowsQuery, total: totalSql, search } = catalogueQueries(app, q);
  const [rows, counted] = await Promise.all([rowsQuery, app.db.execute(totalSql)]);
  const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  const extras: Extras = {
    fileRows: shown.flatMap((r) => r.files),
    updates: shown.flatMap((r) => r.updates.map((u) => ({ ...u, createdAt: new Date(u.createdAt) }))),
  };
  return {
    items: await toProperties(
      app,
      app.db,
      shown.map((r) => r.row),
      extras,
    ),
    total: search ? Math.min(n, CATALOGUE_SEARCH_COUNT_CAP) : n,
    page,
    pageSize,
    nextCursor: rows.length > pageSize && last ? encodeCursor({ sort, key: last.key, id: last.row.id }) : null,
    totalExact: !search || n <= CATALOGUE_SEARCH_COUNT_CAP,
  };
}

/**
 * The key a public catalogue page is cached under (catalogue-cache.ts). The public list is
 * the same for every visitor, signed in or not.
 */
export function publicCatalogueKey(q: PropertiesQuery): string {
  return JSON.stringify([
    q.searchName?.trim() ?? '',
    q.status ?? '',
    q.state ?? '',
    q.type ?? '',
    q.sort ?? 'newest',
    q.page ?? 1,
    q.pageSize ?? PROPERTY_PAGE_SIZE,
    q.after ?? '',
  ]);
}

/** Every live listing's id and last change, in id order: one walk of the sitemap's index. */
export async function liveListings(app: FastifyInstance): Promise<{ id: string; updatedAt: Date }[]> {
  return app.db.select({ id: properties.id, updatedAt: properties.updatedAt }).from(properties).where(LIVE).orderBy(asc(properties.id));
}
