// Transactions are views of the ledger: the signed-in user's entries, and every entry for
// admins (filters, totals). Also as CSV for the wallet and admin transaction pages.
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  centsToDollars,
  type LedgerEntry,
  type LedgerPage,
  type LedgerTotals,
  type MyLedgerPage,
  type MyTransactionsQuery,
  type Page,
  type TransactionsQuery,
} from 'shared-api/contract';
import { ledgerEntries, orders, payouts, users, type LedgerRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import type { Actor } from '../../lib/actor';
import { csvDocument, type CsvColumn } from './csv';

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

/** One wallet's entries in the order its balance moved; across wallets, the order of insertion. */
const newestFirst = (oneWallet: boolean) => (oneWallet ? [desc(ledgerEntries.walletSeq)] : [desc(ledgerEntries.seq)]);

async function pageOf(
  app: FastifyInstance,
  where: SQL[],
  q: { page?: number; pageSize?: number },
  oneWallet: boolean,
): Promise<Page<LedgerEntry>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await app.db.select({ total: count() }).from(ledgerEntries).where(cond);
  const rows = await app.db
    .select()
    .from(ledgerEntries)
    .where(cond)
    .orderBy(...newestFirst(oneWallet))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: rows.map(toLedgerEntry), total, page, pageSize };
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
  return { ...(await pageOf(app, where, q, Boolean(q.userId))), totals: await totals(app, where) };
}

export async function transaction(app: FastifyInstance, id: string): Promise<LedgerEntry> {
  const [row] = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id)).limit(1);
  if (!row) throw notFound('Transaction not found');
  return toLedgerEntry(row);
}

// ---- CSV ----

export const CSV_MAX_ROWS = 100_000;

type CsvRow = LedgerRow & { email?: string | null };
const money = (cents: number) => (cents / 100).toFixed(2);
const COLUMNS: CsvColumn<CsvRow>[] = [
  { title: 'Date (UTC)', value: (e) => e.createdAt.toISOString() },
  { title: 'Type', value: (e) => e.type },
  { title: 'Amount (USD)', value: (e) => money(e.amountCents), numeric: true },
  { title: 'Balance after (USD)', value: (e) => money(e.balanceAfterCents), numeric: true },
  { title: 'Description', value: (e) => e.description },
  { title: 'Order', value: (e) => e.orderId ?? '' },
  { title: 'Property', value: (e) => e.propertyId ?? '' },
  { title: 'Payout', value: (e) => e.payoutId ?? '' },
  { title: 'Checkout', value: (e) => e.checkoutId ?? '' },
  { title: 'Entry', value: (e) => e.id },
];
const ADMIN_COLUMNS: CsvColumn<CsvRow>[] = [
  COLUMNS[0],
  { title: 'User', value: (e) => e.userId },
  { title: 'E-mail', value: (e) => e.email ?? '' },
  ...COLUMNS.slice(1),
];

/** An export: the file's name and its CSV text (the route sends it as an attachment). */
export interface CsvExport {
  filename: string;
  csv: string;
}

async function csvExport(app: FastifyInstance, where: SQL[], admin: boolean, oneWallet: boolean): Promise<CsvExport> {
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await app.db.select({ total: count() }).from(ledgerEntries).where(cond);
  if (total > CSV_MAX_ROWS)
    throw badRequest(`${total} entries match; an export holds at most ${CSV_MAX_ROWS}. Narrow the dates or filters.`);
  const rows: CsvRow[] = admin
    ? (
        await app.db
          .select({ e: ledgerEntries, email: users.email })
          .from(ledgerEntries)
          .innerJoin(users, eq(users.id, ledgerEntries.userId))
          .where(cond)
          .orderBy(...newestFirst(oneWallet))
      ).map((r) => ({ ...r.e, email: r.email }))
    : await app.db
        .select()
        .from(ledgerEntries)
        .where(cond)
        .orderBy(...newestFirst(oneWallet));
  const day = new Date().toISOString().slice(0, 10);
  return { filename: `tessera-transactions-${day}.csv`, csv: csvDocument(admin ? ADMIN_COLUMNS : COLUMNS, rows) };
}

export async function exportMyTransactions(app: FastifyInstance, actor: Actor, q: MyTransactionsQuery): Promise<CsvExport> {
  return csvExport(app, [eq(ledgerEntries.userId, actor.id), ...filters(q)], false, true);
}

export async function exportTransactions(app: FastifyInstance, q: TransactionsQuery): Promise<CsvExport> {
  return csvExport(app, filters(q), true, Boolean(q.userId));
}
