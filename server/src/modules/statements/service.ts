// Statements over the ledger: a monthly statement (YYYY-MM) or an annual tax summary (YYYY)
// of one wallet, in UTC. The period's lines are the wallet's entries after the last one
// recorded before the period and up to the last one recorded before its end, in wallet
// order; so opening + the lines = closing holds by the ledger's own balance chain, and the
// service checks it before anything is sent.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role, StatementCategory, StatementPeriod, StatementPeriodRange, StatementPeriods } from 'shared-api/contract';
import {
  parseStatementPeriod,
  STATEMENT_CATEGORIES,
  STATEMENT_CATEGORY_LABELS,
  STATEMENT_HOLD_RELEASE_TYPES,
  STATEMENT_MONEY_IN_CATEGORIES,
  statementEntryKind,
} from 'shared-api/contract/dashboard';
import { myEntryLabel, myEntryOutcome } from 'shared-api/labels';
import type { OrderStatus, PayoutStatus } from 'shared-api/contract';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { portfolioFigures } from '../portfolio';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Executor, q: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(q)) as unknown as Rows<T>).rows;

/** A statement loaded whole (the PDF's path) holds at most this many lines; the CSV streams any number. */
export const STATEMENT_MAX_LINES = 100_000;

export interface StatementPerson {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export interface StatementLine {
  entryId: string;
  walletSeq: number;
  date: Date;
  type: string;
  /** The wallet's name for the entry (shared-api/labels). */
  label: string;
  /** Where its money stands, as the wallet says ("Invested", "Held", "Released"…); '' when unknown. */
  status: string;
  category: StatementCategory;
  propertyId: string | null;
  propertyName: string | null;
  description: string;
  amountCents: number;
  balanceAfterCents: number;
}

export interface StatementTypeTotal {
  type: string;
  label: string;
  count: number;
  totalCents: number;
}

export interface StatementCategoryTotal {
  category: StatementCategory;
  label: string;
  count: number;
  totalCents: number;
  byType: StatementTypeTotal[];
}

export interface StatementPropertyTotal {
  propertyId: string | null;
  propertyName: string;
  count: number;
  totalCents: number;
}

export interface Statement {
  person: StatementPerson;
  period: StatementPeriodRange;
  /** The period has not ended: figures are to `generatedAt`. */
  toDate: boolean;
  generatedAt: Date;
  openingCents: number;
  closingCents: number;
  /** Every category, in the contract's order (zero when nothing moved). */
  categories: StatementCategoryTotal[];
  /** Income received (distribution payments), by property. */
  incomeByProperty: StatementPropertyTotal[];
  /** Distributions an owner funded for their holders, by property (negative). */
  fundedByProperty: StatementPropertyTotal[];
  /** Deposits and income: money that came into the wallet from outside. */
  moneyInCents: number;
  /** Holds given back (orders refunded, withdrawals and trade holds released): not money in. */
  holdsReleasedCents: number;
  /** Any other credit (sale proceeds, units sold, fee revenue…). */
  otherCreditsCents: number;
  /** Every debit (negative). moneyIn + holdsReleased + otherCredits + moneyOut = closing − opening. */
  moneyOutCents: number;
  /**
   * An investor's account value at the period's last day (or today, while it runs): the
   * portfolio engine's figure, the one every screen shows. null for other roles.
   */
  accountValue: { cents: number; asOf: string } | null;
  lines: StatementLine[];
}

const dialect = new PgDialect();
/** Lines a cursor read brings at a time (see streamStatement). */
const LINES_PER_BATCH = 500;
const num = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

export async function statementPerson(db: Executor, userId: string): Promise<StatementPerson> {
  const [u] = await rowsOf<{ id: string; first_name: string; last_name: string; business_name: string | null; email: string; role: Role }>(
    db,
    sql`SELECT id, first_name, last_name, business_name, email, role FROM users WHERE id = ${userId}`,
  );
  if (!u) throw notFound('User not found');
  const name = `${u.first_name} ${u.last_name}`.trim();
  return { id: u.id, name: u.business_name ? `${name} (${u.business_name})` : name, email: u.email, role: u.role };
}

/** The period of a URL, refused when malformed (400) or not started yet (404). */
export function statementRange(period: string, now = new Date()): StatementPeriodRange {
  const range = parseStatementPeriod(period);
  if (!range) throw badRequest('A statement period is YYYY-MM (a month) or YYYY (a year)');
  if (range.start.getTime() > now.getTime()) throw notFound('No statement yet: that period has not started');
  return range;
}

/** The wallet's balance chain at both ends of a period: the last entry recorded before each instant. */
async function balanceChain(
  db: Executor,
  userId: string,
  range: StatementPeriodRange,
): Promise<{ openSeq: number; closeSeq: number; openingCents: number; closingCents: number }> {
  const [b] = await rowsOf<{ open_seq: string | null; open_bal: string | null; close_seq: string | null; close_bal: string | null }>(
    db,
    sql`SELECT o.wallet_seq AS open_seq, o.balance_after_cents AS open_bal, c.wallet_seq AS close_seq, c.balance_after_cents AS close_bal
        FROM (SELECT 1) one
        LEFT JOIN LATERAL (SELECT wallet_seq, balance_after_cents FROM ledger_entries
                           WHERE user_id = ${userId} AND created_at < ${range.start.toISOString()}::timestamptz
                           ORDER BY wallet_seq DESC LIMIT 1) o ON true
        LEFT JOIN LATERAL (SELECT wallet_seq, balance_after_cents FROM ledger_entries
                           WHERE user_id = ${userId} AND created_at < ${range.end.toISOString()}::timestamptz
                           ORDER BY wallet_seq DESC LIMIT 1) c ON true`,
  );
  const openSeq = num(b.open_seq);
  const openingCents = num(b.open_bal);
  return {
    openSeq,
    closeSeq: Math.max(num(b.close_seq), openSeq),
    openingCents,
    closingCents: b.close_seq === null ? openingCents : num(b.close_bal),
  };
}

/** A ledger line as SQL reads it (bigints as text). */
interface RawLine {
  id: string;
  wallet_seq: string;
  created_at: string | Date;
  type: string;
  property_id: string | null;
  property_name: string | null;
  description: string;
  amount_cents: string;
  balance_after_cents: string;
  order_status: OrderStatus | null;
  payout_status: PayoutStatus | null;
}

/** The period's lines, in wallet order (loaded whole, or read from a cursor). */
const linesQuery = (userId: string, openSeq: number, closeSeq: number) =>
  sql`SELECT e.id, e.wallet_seq, e.created_at, e.type, e.property_id, p.name AS property_name, e.description, e.amount_cents, e.balance_after_cents,
             o.status AS order_status, w.status AS payout_status
      FROM ledger_entries e LEFT JOIN properties p ON p.id = e.property_id
      LEFT JOIN orders o ON o.id = e.order_id AND e.type = 'ORDER_HOLD'
      LEFT JOIN payouts w ON w.id = e.payout_id AND e.type = 'WITHDRAWAL_HOLD'
      WHERE e.user_id = ${userId} AND e.wallet_seq > ${openSeq} AND e.wallet_seq <= ${closeSeq}
      ORDER BY e.wallet_seq`;

function toLine(r: RawLine): StatementLine {
  return {
    entryId: r.id,
    walletSeq: num(r.wallet_seq),
    date: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
    type: r.type,
    label: myEntryLabel(r.type),
    status: myEntryOutcome(r.type, r.order_status, r.payout_status)?.label ?? '',
    category: statementEntryKind(r.type).category,
    propertyId: r.property_id,
    propertyName: r.property_name,
    description: r.description,
    amountCents: num(r.amount_cents),
    balanceAfterCents: num(r.balance_after_cents),
  };
}

/** The whole statement in memory, lines and all (the PDF; at most STATEMENT_MAX_LINES lines). */
export async function buildStatement(
  db: Executor,
  person: StatementPerson,
  range: StatementPeriodRange,
  now = new Date(),
): Promise<Statement> {
  const userId = person.id;
  const toDate = range.end.getTime() > now.getTime();
  const { openSeq, closeSeq, openingCents, closingCents } = await balanceChain(db, userId, range);
  if (closeSeq - openSeq > STATEMENT_MAX_LINES) {
    throw badRequest(
      `${closeSeq - openSeq} entries in this period; a statement holds at most ${STATEMENT_MAX_LINES}. Ask for a month instead of the year.`,
    );
  }
  const lines = (await rowsOf<RawLine>(db, linesQuery(userId, openSeq, closeSeq))).map(toLine);
  if (lines.length > 0 && lines[lines.length - 1].balanceAfterCents !== closingCents) {
    throw new HttpError(500, 'The statement does not reconcile with the ledger; it was not produced');
  }
  const totals = statementTotals(lines, openingCents, closingCents);
  return {
    person,
    period: range,
    toDate,
    generatedAt: now,
    openingCents,
    closingCents,
    ...totals,
    accountValue:
      person.role === 'INVESTOR' ? await accountValueOn(db, userId, toDate ? now : new Date(range.end.getTime() - 1), now) : null,
    lines,
  };
}

/** A statement whose lines are read as they are sent: its figures, and the lines a batch at a time. */
export interface StreamedStatement {
  statement: Omit<Statement, 'lines'>;
  /** How many lines `lines` holds (known before any is read). */
  count: number;
  /** Every line in wallet order, from a cursor (no ceiling on their number); stops when `signal` aborts. */
  lines: AsyncGenerator<StatementLine[]>;
}

/**
 * The statement for a CSV of any length: the figures summed by SQL (per type, property and
 * sign, in the order the types first appear, as the lines would sum them), checked against
 * the balance chain before anything is sent; the lines then from a cursor on `database`.
 */
export async function streamStatement(
  database: Pick<Database, 'cursor'>,
  db: Executor,
  person: StatementPerson,
  range: StatementPeriodRange,
  signal?: AbortSignal,
  now = new Date(),
): Promise<StreamedStatement> {
  const userId = person.id;
  const toDate = range.end.getTime() > now.getTime();
  const { openSeq, closeSeq, openingCents, closingCents } = await balanceChain(db, userId, range);
  const groups = await rowsOf<{ type: string; property_id: string | null; property_name: string | null; n: string; total: string }>(
    db,
    sql`SELECT e.type, e.property_id, p.name AS property_name, count(*) AS n, sum(e.amount_cents) AS total
        FROM ledger_entries e LEFT JOIN properties p ON p.id = e.property_id
        WHERE e.user_id = ${userId} AND e.wallet_seq > ${openSeq} AND e.wallet_seq <= ${closeSeq}
        GROUP BY e.type, e.property_id, p.name, sign(e.amount_cents) > 0
        ORDER BY min(e.wallet_seq)`,
  );
  const totals = statementTotals(
    groups.map((g) => ({
      type: g.type,
      label: myEntryLabel(g.type),
      category: statementEntryKind(g.type).category,
      propertyId: g.property_id,
      propertyName: g.property_name,
      count: num(g.n),
      amountCents: num(g.total),
    })),
    openingCents,
    closingCents,
  );
  const statement = {
    person,
    period: range,
    toDate,
    generatedAt: now,
    openingCents,
    closingCents,
    ...totals,
    accountValue:
      person.role === 'INVESTOR' ? await accountValueOn(db, userId, toDate ? now : new Date(range.end.getTime() - 1), now) : null,
  };
  const { sql: text, params } = dialect.sqlToQuery(linesQuery(userId, openSeq, closeSeq));
  // Small batches: each is parsed and written out in one go on the event loop, and other
  // requests wait that long (500 lines: a few ms).
  async function* lines(): AsyncGenerator<StatementLine[]> {
    let last = openingCents;
    for await (const batch of database.cursor<RawLine>(text, params, { batchSize: LINES_PER_BATCH, signal })) {
      const out = batch.map(toLine);
      last = out[out.length - 1].balanceAfterCents;
      yield out;
    }
    if (last !== closingCents) throw new HttpError(500, 'The statement does not reconcile with the ledger; it was not produced');
  }
  return { statement, count: totals.categories.reduce((a, c) => a + c.count, 0), lines: lines() };
}

/** Entries of one type (and property) and what they add up to: one line, or a group by SQL. */
interface StatementGroup {
  type: string;
  label: string;
  category: StatementCategory;
  propertyId: string | null;
  propertyName: string | null;
  /** Entries in the group (a line: 1). */
  count?: number;
  amountCents: number;
}

type StatementTotals = Pick<
  Statement,
  'categories' | 'incomeByProperty' | 'fundedByProperty' | 'moneyInCents' | 'holdsReleasedCents' | 'otherCreditsCents' | 'moneyOutCents'
>;

/**
 * The statement's figures from its lines (each a group of one) or from per-type sums; they
 * must add up to the balance chain before anyone sees them (a 500, nothing sent, otherwise).
 */
function statementTotals(groups: Iterable<StatementGroup>, openingCents: number, closingCents: number): StatementTotals {
  const categories: StatementCategoryTotal[] = STATEMENT_CATEGORIES.map((category) => ({
    category,
    label: STATEMENT_CATEGORY_LABELS[category],
    count: 0,
    totalCents: 0,
    byType: [],
  }));
  const byCategory = new Map(categories.map((c) => [c.category, c]));
  const income = new Map<string, StatementPropertyTotal>();
  const funded = new Map<string, StatementPropertyTotal>();
  let moneyInCents = 0;
  let holdsReleasedCents = 0;
  let otherCreditsCents = 0;
  let moneyOutCents = 0;
  for (const l of groups) {
    const n = l.count ?? 1;
    const c = byCategory.get(l.category)!;
    c.count += n;
    c.totalCents += l.amountCents;
    let t = c.byType.find((x) => x.type === l.type);
    if (!t) c.byType.push((t = { type: l.type, label: l.label, count: 0, totalCents: 0 }));
    t.count += n;
    t.totalCents += l.amountCents;
    // A group is all credits or all debits (the SQL groups by sign too).
    if (STATEMENT_MONEY_IN_CATEGORIES.includes(l.category)) moneyInCents += l.amountCents;
    else if (STATEMENT_HOLD_RELEASE_TYPES.includes(l.type)) holdsReleasedCents += l.amountCents;
    else if (l.amountCents > 0) otherCreditsCents += l.amountCents;
    else moneyOutCents += l.amountCents;
    const perProperty = l.category === 'INCOME' ? income : l.category === 'DISTRIBUTIONS_FUNDED' ? funded : null;
    if (perProperty) {
      const key = l.propertyId ?? '';
      const p = perProperty.get(key) ?? {
        propertyId: l.propertyId,
        propertyName: l.propertyName ?? (l.propertyId ? 'Unknown property' : 'No property'),
        count: 0,
        totalCents: 0,
      };
      p.count += n;
      p.totalCents += l.amountCents;
      perProperty.set(key, p);
    }
  }

  // The figures must add up before anyone sees them.
  const moved = categories.reduce((a, c) => a + c.totalCents, 0);
  if (openingCents + moved !== closingCents || moneyInCents + holdsReleasedCents + otherCreditsCents + moneyOutCents !== moved) {
    throw new HttpError(500, 'The statement does not reconcile with the ledger; it was not produced');
  }
  const byAmount = (a: StatementPropertyTotal, b2: StatementPropertyTotal) =>
    Math.abs(b2.totalCents) - Math.abs(a.totalCents) || a.propertyName.localeCompare(b2.propertyName);
  return {
    categories,
    incomeByProperty: [...income.values()].sort(byAmount),
    fundedByProperty: [...funded.values()].sort(byAmount),
    moneyInCents,
    holdsReleasedCents,
    otherCreditsCents,
    moneyOutCents,
  };
}

/** The engine's account value at the end of `day` (its value series' point for that day or before). */
async function accountValueOn(db: Executor, userId: string, day: Date, now: Date): Promise<{ cents: number; asOf: string }> {
  const asOf = day.toISOString().slice(0, 10);
  const { valueOverTime } = await portfolioFigures(db, userId, now);
  const point = valueOverTime.findLast((p) => p.date <= asOf);
  return { cents: point?.cents ?? 0, asOf };
}

/** Months and years with activity (and the running ones), newest first. */
export async function statementPeriods(db: Executor, userId: string, now = new Date()): Promise<StatementPeriods> {
  const rows = await rowsOf<{ month: string; n: string | number }>(
    db,
    sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS n
        FROM ledger_entries WHERE user_id = ${userId} GROUP BY 1`,
  );
  const months = new Map<string, number>(rows.map((r) => [r.month, num(r.n)]));
  const thisMonth = now.toISOString().slice(0, 7);
  if (!months.has(thisMonth)) months.set(thisMonth, 0);
  const years = new Map<string, number>();
  for (const [m, n] of months) years.set(m.slice(0, 4), (years.get(m.slice(0, 4)) ?? 0) + n);
  const list = (m: Map<string, number>): StatementPeriod[] =>
    [...m.entries()]
      .sort((a, b) => b[0].localeCompare(a[0]))
      .map(([period, entries]) => {
        const range = parseStatementPeriod(period)!;
        return { period, kind: range.kind, label: range.label, entries };
      });
  return { months: list(months), years: list(years) };
}

export async function userExists(app: FastifyInstance, userId: string): Promise<void> {
  const [u] = await rowsOf<{ id: string }>(app.db, sql`SELECT id FROM users WHERE id = ${userId}`);
  if (!u) throw notFound('User not found');
}
