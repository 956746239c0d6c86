// Transactions are views of the ledger: the signed-in user's entries, and every entry for
// admins (filters, totals). Also as CSV for the wallet and admin transaction pages.
import { and, count, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  centsToDollars,
  type CursorPageQuery,
  type LedgerEntry,
  type LedgerPage,
  type LedgerTotals,
  type MyLedgerPage,
  type MyTransactionsQuery,
  type Page,
  type TransactionsQuery,
} from 'shared-api/contract';
import { myEntryLabel } from 'shared-api/labels';
import { ledgerEntries, orders, payouts, users, type LedgerRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import type { Actor } from '../../lib/actor';
import { PgDialect } from 'drizzle-orm/pg-core';
import { csvStream, type CsvColumn } from './csv';
import { finishPage, planPage, totalOf } from '../../lib/list-page';

export function toLedgerEntry(e: LedgerRow): LedgerEntry {
  return {
    _id: e.id,
    userId: e.userId,
    type: e.type,
    amount: centsToDollars(e.amountCents),
    balanceAfter: centsToDollars(e.balanceAfterCents),
    orderId: e.orderId,
    propertyId: e.propertyId,
    payoutId: e.payoutId,
    checkoutId: e.checkoutId,
    description: e.description,
    createdAt: e.createdAt.toISOString(),
  };
}

const DAY = 86_400_000;

function filters(q: TransactionsQuery): SQL[] {
  const where: SQL[] = [];
  if (q.type) where.push(eq(ledgerEntries.type, q.type));
  if (q.userId) where.push(eq(ledgerEntries.userId, q.userId));
  if (q.propertyId) where.push(eq(ledgerEntries.propertyId, q.propertyId));
  const from = q.from ? Date.parse(`${q.from}T00:00:00Z`) : null;
  const to = q.to ? Date.parse(`${q.to}T00:00:00Z`) + DAY : null;
  if (from !== null && to !== null && from >= to) throw badRequest('from must not be after to');
  if (from !== null) where.push(gte(ledgerEntries.createdAt, new Date(from)));
  if (to !== null) where.push(lt(ledgerEntries.createdAt, new Date(to)));
  return where;
}

// One wallet's entries in the order its balance moved; across wallets, the order of insertion.
// Both keys are unique, so they page by keyset alone: (user_id, wallet_seq) and seq (with
// (type, seq) and (property_id, seq)) are indexed.
async function pageOf(app: FastifyInstance, where: SQL[], q: CursorPageQuery, oneWallet: boolean): Promise<Page<LedgerEntry>> {
  const cond = where.length > 0 ? and(...where) : undefined;
  const plan = planPage(q, ledgerEntries, cond, [
    { expr: oneWallet ? sql`${ledgerEntries.walletSeq}` : sql`${ledgerEntries.seq}`, cast: 'bigint' },
  ]);
  const fetched = await app.db
    .select({ ...getTableColumns(ledgerEntries), _k: sql<string>`${plan.keyText}` })
    .from(ledgerEntries)
    .where(and(cond, plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.limit);
  const { rows, nextCursor, prevCursor } = finishPage(fetched, plan);
  return {
    items: rows.map(toLedgerEntry),
    ...(await totalOf(app.db, ledgerEntries, cond, plan)),
    page: plan.page,
    pageSize: plan.pageSize,
    nextCursor,
    prevCursor,
  };
}

async function totals(app: FastifyInstance, where: SQL[]): Promise<LedgerTotals> {
  const rows = await app.db
    .select({
      type: ledgerEntries.type,
      n: count(),
      sum: sql<string>`sum(${ledgerEntries.amountCents})`,
      credits: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.amountCents} > 0), 0)`,
      debits: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.amountCents} < 0), 0)`,
    })
    .from(ledgerEntries)
    .where(where.length > 0 ? and(...where) : undefined)
    .groupBy(ledgerEntries.type);
  const credits = rows.reduce((a, r) => a + Number(r.credits), 0);
  const debits = rows.reduce((a, r) => a + Number(r.debits), 0);
  return {
    count: rows.reduce((a, r) => a + r.n, 0),
    credits: centsToDollars(credits),
    debits: centsToDollars(debits),
    net: centsToDollars(credits + debits),
    byType: Object.fromEntries(rows.map((r) => [r.type, centsToDollars(Number(r.sum))])),
  };
}

/**
 * The signed-in user's entries, and where the page's holds stand: the status of each
 * ORDER_HOLD's order and each WITHDRAWAL_HOLD's withdrawal (two queries for the page, not
 * one call per row from the wallet). Orders removed from the lists by an admin still count:
 * their holds were refunded.
 */
export async function myTransactions(app: FastifyInstance, actor: Actor, q: MyTransactionsQuery): Promise<MyLedgerPage> {
  const me = actor.id;
  const page = await pageOf(app, [eq(ledgerEntries.userId, me), ...filters(q)], q, true);
  const ids = (type: LedgerEntry['type'], of: (e: LedgerEntry) => string | null) => [
    ...new Set(page.items.flatMap((e) => (e.type === type && of(e) ? [of(e) as string] : []))),
  ];
  const orderIds = ids('ORDER_HOLD', (e) => e.orderId);
  const payoutIds = ids('WITHDRAWAL_HOLD', (e) => e.payoutId);
  const [orderRows, payoutRows] = await Promise.all([
    orderIds.length === 0
      ? []
      : app.db
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(and(inArray(orders.id, orderIds), eq(orders.investorId, me))),
    payoutIds.length === 0
      ? []
      : app.db
          .select({ id: payouts.id, status: payouts.status })
          .from(payouts)
          .where(and(inArray(payouts.id, payoutIds), eq(payouts.userId, me))),
  ]);
  return {
    ...page,
    orderStatuses: Object.fromEntries(orderRows.map((r) => [r.id, r.status])),
    payoutStatuses: Object.fromEntries(payoutRows.map((r) => [r.id, r.status])),
  };
}

export async function myTransaction(app: FastifyInstance, actor: Actor, id: string): Promise<LedgerEntry> {
  const [row] = await app.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, id), eq(ledgerEntries.userId, actor.id)))
    .limit(1);
  if (!row) throw notFound('Transaction not found');
  return toLedgerEntry(row);
}

export async function allTransactions(app: FastifyInstance, q: TransactionsQuery): Promise<LedgerPage> {
  const where = filters(q);
  const page = await pageOf(app, where, q, Boolean(q.userId));
  // Summing is a read of every selected entry: only for selections counted exactly.
  return { ...page, totals: page.totalIsEstimate ? null : await totals(app, where) };
}

export async function transaction(app: FastifyInstance, id: string): Promise<LedgerEntry> {
  const [row] = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id)).limit(1);
  if (!row) throw notFound('Transaction not found');
  return toLedgerEntry(row);
}

// ---- CSV ----

/** A ledger line as the exports read it (raw from the cursor: snake_case, bigints as text). */
interface CsvRow {
  id: string;
  user_id: string;
  email?: string | null;
  type: string;
  amount_cents: string | number;
  balance_after_cents: string | number;
  order_id: string | null;
  property_id: string | null;
  payout_id: string | null;
  checkout_id: string | null;
  description: string;
  created_at: string | Date;
}
const money = (cents: string | number) => (Number(cents) / 100).toFixed(2);
const iso = (d: string | Date) => (d instanceof Date ? d : new Date(d)).toISOString();
const COLUMNS: CsvColumn<CsvRow>[] = [
  { title: 'Date (UTC)', value: (e) => iso(e.created_at) },
  { title: 'Type', value: (e) => e.type },
  { title: 'Amount (USD)', value: (e) => money(e.amount_cents), numeric: true },
  { title: 'Balance after (USD)', value: (e) => money(e.balance_after_cents), numeric: true },
  { title: 'Description', value: (e) => e.description },
  { title: 'Order', value: (e) => e.order_id ?? '' },
  { title: 'Property', value: (e) => e.property_id ?? '' },
  { title: 'Payout', value: (e) => e.payout_id ?? '' },
  { title: 'Checkout', value: (e) => e.checkout_id ?? '' },
  { title: 'Entry', value: (e) => e.id },
];
/** The holder's own export adds the entry's name as their wallet and statements show it. */
const MY_COLUMNS: CsvColumn<CsvRow>[] = [...COLUMNS, { title: 'Name', value: (e) => myEntryLabel(e.type) }];
const ADMIN_COLUMNS: CsvColumn<CsvRow>[] = [
  COLUMNS[0],
  { title: 'User', value: (e) => e.user_id },
  { title: 'E-mail', value: (e) => e.email ?? '' },
  ...COLUMNS.slice(1),
];

/** An export: the file's name and its CSV text, produced while it is sent. */
export interface CsvExport {
  filename: string;
  csv: AsyncGenerator<string>;
  /** Rows written so far (all of them once `csv` is done). */
  rows(): number;
}

/** Refuses filters an export cannot run with (before a background job is recorded). */
export function checkFilters(q: TransactionsQuery): void {
  filters(q);
}

const dialect = new PgDialect();

/**
 * Every matching entry, newest first, read from a cursor a batch at a time: no ceiling on
 * the rows, and memory that does not grow with them. `signal` (the client went away) stops
 * the read and cancels its statement on the server.
 */
function csvExport(app: FastifyInstance, where: SQL[], admin: boolean, oneWallet: boolean, signal?: AbortSignal): CsvExport {
  const cond = where.length > 0 ? sql` WHERE ${and(...where)}` : sql``;
  const order = oneWallet ? sql`${ledgerEntries.walletSeq} DESC` : sql`${ledgerEntries.seq} DESC`;
  const query = sql`SELECT ${ledgerEntries.id} AS id, ${ledgerEntries.userId} AS user_id, ${ledgerEntries.type} AS type,
      ${ledgerEntries.amountCents} AS amount_cents, ${ledgerEntries.balanceAfterCents} AS balance_after_cents,
      ${ledgerEntries.orderId} AS order_id, ${ledgerEntries.propertyId} AS property_id, ${ledgerEntries.payoutId} AS payout_id,
      ${ledgerEntries.checkoutId} AS checkout_id, ${ledgerEntries.description} AS description, ${ledgerEntries.createdAt} AS created_at
      ${admin ? sql`, ${users.email} AS email` : sql``}
    FROM ${ledgerEntries}${admin ? sql` JOIN ${users} ON ${users.id} = ${ledgerEntries.userId}` : sql``}${cond}
    ORDER BY ${order}`;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const rows = app.database.cursor<CsvRow>(text, params, { batchSize: 2000, signal });
  const day = new Date().toISOString().slice(0, 10);
  const counter = { rows: 0 };
  return {
    filename: `tessera-transactions-${day}.csv`,
    csv: csvStream(admin ? ADMIN_COLUMNS : MY_COLUMNS, rows, counter),
    rows: () => counter.rows,
  };
}

export function exportMyTransactions(app: FastifyInstance, actor: Actor, q: MyTransactionsQuery, signal?: AbortSignal): CsvExport {
  return csvExport(app, [eq(ledgerEntries.userId, actor.id), ...filters(q)], false, true, signal);
}

export function exportTransactions(app: FastifyInstance, q: TransactionsQuery, signal?: AbortSignal): CsvExport {
  return csvExport(app, filters(q), true, Boolean(q.userId), signal);
}
