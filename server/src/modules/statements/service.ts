// Statements over the ledger: a monthly statement (YYYY-MM) or an annual tax summary (YYYY)
// of one wallet, in UTC. The period's lines are the wallet's entries after the last one
// recorded before the period and up to the last one recorded before its end, in wallet
// order; so opening + the lines = closing holds by the ledger's own balance chain, and the
// service checks it before anything is sent.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role, StatementCategory, StatementPeriod, StatementPeriodRange, StatementPeriods } from 'shared-api/contract';
import { parseStatementPeriod, STATEMENT_CATEGORIES, STATEMENT_CATEGORY_LABELS, statementEntryKind } from 'shared-api/contract/dashboard';
import type { Executor } from '../../db/client';
import { badRequest, HttpError, notFound } from '../../lib/http-error';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Executor, q: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(q)) as unknown as Rows<T>).rows;

/** A statement holds at most this many lines (a CSV export's limit too). */
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
  label: string;
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
  /** Money in and out over the period, whatever the category. */
  creditsCents: number;
  debitsCents: number;
  lines: StatementLine[];
}

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

export async function buildStatement(
  db: Executor,
  person: StatementPerson,
  range: StatementPeriodRange,
  now = new Date(),
): Promise<Statement> {
  const userId = person.id;
  const toDate = range.end.getTime() > now.getTime();
  // The wallet's balance chain at both ends: the last entry recorded before each instant.
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
  const closeSeq = Math.max(num(b.close_seq), openSeq);
  const openingCents = num(b.open_bal);
  const closingCents = b.close_seq === null ? openingCents : num(b.close_bal);
  if (closeSeq - openSeq > STATEMENT_MAX_LINES) {
    throw badRequest(
      `${closeSeq - openSeq} entries in this period; a statement holds at most ${STATEMENT_MAX_LINES}. Ask for a month instead of the year.`,
    );
  }
  const raw = await rowsOf<{
    id: string;
    wallet_seq: string;
    created_at: string | Date;
    type: string;
    property_id: string | null;
    property_name: string | null;
    description: string;
    amount_cents: string;
    balance_after_cents: string;
  }>(
    db,
    sql`SELECT e.id, e.wallet_seq, e.created_at, e.type, e.property_id, p.name AS property_name, e.description, e.amount_cents, e.balance_after_cents
        FROM ledger_entries e LEFT JOIN properties p ON p.id = e.property_id
        WHERE e.user_id = ${userId} AND e.wallet_seq > ${openSeq} AND e.wallet_seq <= ${closeSeq}
        ORDER BY e.wallet_seq`,
  );
  const lines: StatementLine[] = raw.map((r) => {
    const kind = statementEntryKind(r.type);
    return {
      entryId: r.id,
      walletSeq: num(r.wallet_seq),
      date: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
      type: r.type,
      label: kind.label,
      category: kind.category,
      propertyId: r.property_id,
      propertyName: r.property_name,
      description: r.description,
      amountCents: num(r.amount_cents),
      balanceAfterCents: num(r.balance_after_cents),
    };
  });

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
  let creditsCents = 0;
  let debitsCents = 0;
  for (const l of lines) {
    const c = byCategory.get(l.category)!;
    c.count += 1;
    c.totalCents += l.amountCents;
    let t = c.byType.find((x) => x.type === l.type);
    if (!t) c.byType.push((t = { type: l.type, label: l.label, count: 0, totalCents: 0 }));
    t.count += 1;
    t.totalCents += l.amountCents;
    if (l.amountCents > 0) creditsCents += l.amountCents;
    else debitsCents += l.amountCents;
    const perProperty = l.category === 'INCOME' ? income : l.category === 'DISTRIBUTIONS_FUNDED' ? funded : null;
    if (perProperty) {
      const key = l.propertyId ?? '';
      const p = perProperty.get(key) ?? {
        propertyId: l.propertyId,
        propertyName: l.propertyName ?? (l.propertyId ? 'Unknown property' : 'No property'),
        count: 0,
        totalCents: 0,
      };
      p.count += 1;
      p.totalCents += l.amountCents;
      perProperty.set(key, p);
    }
  }

  // The figures must add up before anyone sees them.
  const moved = categories.reduce((a, c) => a + c.totalCents, 0);
  const last = lines.length > 0 ? lines[lines.length - 1].balanceAfterCents : openingCents;
  if (openingCents + moved !== closingCents || last !== closingCents || creditsCents + debitsCents !== moved) {
    throw new HttpError(500, 'The statement does not reconcile with the ledger; it was not produced');
  }

  return {
    person,
    period: range,
    toDate,
    generatedAt: now,
    openingCents,
    closingCents,
    categories,
    incomeByProperty: [...income.values()].sort(
      (a, b2) => Math.abs(b2.totalCents) - Math.abs(a.totalCents) || a.propertyName.localeCompare(b2.propertyName),
    ),
    fundedByProperty: [...funded.values()].sort(
      (a, b2) => Math.abs(b2.totalCents) - Math.abs(a.totalCents) || a.propertyName.localeCompare(b2.propertyName),
    ),
    creditsCents,
    debitsCents,
    lines,
  };
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
