// Pages of the admin lists whose cost follows the page, not the table.
//
// Next and Previous follow a cursor (the last or first row's sort key): the query starts at
// that key in the list's index and reads one page, at any depth. A bare page number still
// works (shareable links, the first pages) through OFFSET, but only down to MAX_OFFSET rows;
// deeper numbers answer 400 saying how to get there. Totals are exact up to
// EXACT_COUNT_UP_TO rows (a count that stops there); past it they are the planner's
// estimate, flagged `totalIsEstimate`, so no page counts the whole table.
import { and, count, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { badRequest } from './http-error';

/** The deepest row a page number may start at (500 pages of 20). */
export const MAX_OFFSET = 10_000;
/** Totals up to this are exact; above it, estimated. */
export const EXACT_COUNT_UP_TO = 1_000;

export const BAD_CURSOR = 'This page link is no longer valid: go back to the first page';

export interface ListQuery {
  page?: number;
  pageSize?: number;
  after?: string;
  before?: string;
}

/** Which way a list's key runs: every key column the same way, so one row comparison pages it. */
export type SortOrder = 'asc' | 'desc';

export type KeyValue = string | number;

/**
 * One column of a list's sort key; every key column sorts the same way (descending, newest
 * first, unless the list was asked for another order). A key column is never null (a row
 * comparison with a null skips the row): coalesce a nullable one.
 */
export interface KeyPart {
  /** The column or expression, as the index has it. */
  expr: SQL;
  /** How a cursor's value is cast back for the comparison. */
  cast: 'timestamptz' | 'uuid' | 'bigint' | 'text';
}

/**
 * A timestamp as text with all its microseconds (a JS Date keeps milliseconds only, and a
 * cursor that rounds skips or repeats rows created in the same millisecond).
 */
export const exactTime = (column: SQL | unknown) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface PagePlan {
  page: number;
  pageSize: number;
  /** Rows to fetch: one more than the page, to know whether another follows. */
  limit: number;
  /** Rows before the page (a page number's), already applied in `where`. */
  offset: number;
  direction: 'after' | 'before' | null;
  /** The cursor's condition (undefined without a cursor). */
  where: SQL | undefined;
  orderBy: SQL[];
  /** The row's key as JSON text, to select as `_k`. */
  keyText: SQL;
  /** The list's order (newest first), for counting along the same index. */
  keyOrder: SQL;
}

/**
 * The key of a list sorted by a column the admin chose: that column, then the id, both the
 * same way, so rows that tie on the column keep one stable order across pages.
 */
export function sortedKey(column: KeyPart, id: SQL): KeyPart[] {
  return [column, { expr: id, cast: 'uuid' }];
}

function decode(cursor: string, arity: number): KeyValue[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  if (!Array.isArray(key) || key.length !== arity || !key.every((v) => typeof v === 'string' || typeof v === 'number'))
    throw badRequest(BAD_CURSOR);
  return key as KeyValue[];
}

/**
 * Validates the query and plans the page's read: a cursor's range, or for a page number the
 * key of its first row (an OFFSET over the index's keys alone, capped), then one page.
 */
export function planPage(
  q: ListQuery,
  table: PgTable,
  cond: SQL | undefined,
  keys: KeyPart[],
  defaultPageSize = 20,
  order: SortOrder = 'desc',
): PagePlan {
  const asc = order === 'asc';
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? defaultPageSize;
  if (q.after && q.before) throw badRequest('Give either after or before, not both');
  const cursor = q.after ?? q.before;
  const direction = q.after ? 'after' : q.before ? 'before' : null;
  const offset = cursor ? 0 : (page - 1) * pageSize;
  if (offset > MAX_OFFSET)
    throw badRequest(
      `Page ${page} is too deep to open by number: pages by number go down to row ${MAX_OFFSET} (page ${Math.floor(MAX_OFFSET / pageSize) + 1} at this page size). ` +
        'Narrow the list with its filters or search, or use Next and Previous, which go to any depth.',
    );
  const cols = sql.join(
    keys.map((k) => k.expr),
    sql`, `,
  );
  const way = asc ? sql`ASC` : sql`DESC`;
  const back = asc ? sql`DESC` : sql`ASC`;
  const desc = sql.join(
    keys.map((k) => sql`${k.expr} ${way}`),
    sql`, `,
  );
  let where: SQL | undefined;
  if (offset > 0) {
    // Skipping rows through the index's keys only (an index-only scan), not the rows.
    where = sql`(${cols}) ${asc ? sql`>=` : sql`<=`} (SELECT ${cols} FROM ${table} WHERE ${cond ?? sql`true`} ORDER BY ${desc} OFFSET ${offset} LIMIT 1)`;
  }
  if (cursor) {
    const values = decode(cursor, keys.length);
    const vals = sql.join(
      keys.map((k, i) => sql`${String(values[i])}::${sql.raw(k.cast)}`),
      sql`, `,
    );
    // Rows sort newest first: after a key means smaller; before it, greater (the other way
    // round for an ascending list).
    const smaller = (direction === 'after') !== asc;
    where = smaller ? sql`(${cols}) < (${vals})` : sql`(${cols}) > (${vals})`;
  }
  const orderBy = keys.map((k) => (direction === 'before' ? sql`${k.expr} ${back}` : sql`${k.expr} ${way}`));
  const keyText = sql`json_build_array(${sql.join(
    keys.map((k) => (k.cast === 'timestamptz' ? exactTime(k.expr) : k.cast === 'bigint' ? k.expr : sql`${k.expr}::text`)),
    sql`, `,
  )})::text`;
  return { page, pageSize, limit: pageSize + 1, offset, direction, where, orderBy, keyText, keyOrder: desc };
}

/**
 * ORDER BY of a list paged by number: the chosen column then the id, the same way (default
 * descending), so rows that tie on the column keep one order from page to page.
 */
export function sortedBy(column: SQL | AnyPgColumn, id: AnyPgColumn, order: SortOrder = 'desc'): SQL[] {
  return order === 'asc' ? [sql`${column} ASC`, sql`${id} ASC`] : [sql`${column} DESC`, sql`${id} DESC`];
}

export interface PageCursors<T> {
  rows: T[];
  nextCursor: string | null;
  prevCursor: string | null;
}

const encode = (keyText: string) => Buffer.from(keyText, 'utf8').toString('base64url');

/** The page's rows in list order, and the cursors of the pages beside it. */
export function finishPage<T extends { _k: string }>(fetched: T[], plan: PagePlan): PageCursors<Omit<T, '_k'>> {
  const more = fetched.length > plan.pageSize;
  const rows = fetched.slice(0, plan.pageSize);
  if (plan.direction === 'before') rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  let next: string | null;
  let prev: string | null;
  if (plan.direction === 'before') {
    next = last ? encode(last._k) : null;
    prev = more && first ? encode(first._k) : null;
  } else {
    next = more && last ? encode(last._k) : null;
    prev = first && (plan.direction === 'after' || plan.offset > 0) ? encode(first._k) : null;
  }
  return { rows: rows.map(({ _k: _drop, ...r }) => r), nextCursor: next, prevCursor: prev };
}

export interface Total {
  total: number;
  totalIsEstimate: boolean;
}

type Rows<T> = { rows: T[] };

/**
 * How many rows match: counted up to EXACT_COUNT_UP_TO (the count stops there), else the
 * planner's estimate for the same condition, never below what was counted.
 */
export async function totalOf(db: Executor, table: PgTable, cond: SQL | undefined, plan: PagePlan): Promise<Total> {
  // In the list's order, so the count walks the list's index (a filter value that is rare
  // early in the table never turns it into a long sequential read).
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(cond)
    .orderBy(plan.keyOrder)
    .limit(EXACT_COUNT_UP_TO + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: count() }).from(capped);
  if (n <= EXACT_COUNT_UP_TO) return { total: n, totalIsEstimate: false };
  const query = db
    .select({ one: sql`1` })
    .from(table)
    .where(and(cond));
  const explained = ((await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as Rows<{ 'QUERY PLAN': unknown }>).rows[0][
    'QUERY PLAN'
  ];
  const doc = (typeof explained === 'string' ? JSON.parse(explained) : explained) as { Plan: { 'Plan Rows': number } }[];
  const estimate = Math.round(doc[0]?.Plan?.['Plan Rows'] ?? 0);
  return { total: Math.max(n, estimate), totalIsEstimate: true };
}
