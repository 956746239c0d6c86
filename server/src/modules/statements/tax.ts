// The year-end tax document of one person (UTC calendar year): income by property (what a
// 1099-DIV reports), every disposal lot by lot with proceeds, cost basis, fees, gain and
// holding period (what a 1099-B reports), and for owners a yearly summary by property (with
// what a property's sale charged them). It is
// informational: Tessera files no tax form. Built from the ledger and the FIFO disposals, and
// refused (500) unless the disposals agree with the seller's ledger lines trade by trade.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { StatementPerson } from './service';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Executor, q: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(q)) as unknown as Rows<T>).rows;
const num = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));
const asDate = (v: string | Date): Date => (v instanceof Date ? v : new Date(v));
const dialect = new PgDialect();

/** SHORT: held one year or less; LONG: more than one year (the US rule). */
export type HoldingTerm = 'SHORT' | 'LONG';

export interface TaxIncomeLine {
  propertyId: string | null;
  propertyName: string;
  payments: number;
  cents: number;
}

export interface TaxDisposalLine {
  disposalId: string;
  /** The trade that sold the units, or null when the property's sale retired them (saleId). */
  tradeId: string | null;
  saleId: string | null;
  propertyId: string;
  propertyName: string;
  acquiredAt: Date;
  disposedAt: Date;
  units: number;
  proceedsCents: number;
  costCents: number;
  feeCents: number;
  gainCents: number;
  term: HoldingTerm;
}

export interface TaxDisposalTotals {
  lines: number;
  units: number;
  proceedsCents: number;
  costCents: number;
  feeCents: number;
  gainCents: number;
}

export interface TaxOwnerLine {
  propertyId: string;
  propertyName: string;
  /** Sale proceeds received (OWNER_PAYOUT). */
  proceedsCents: number;
  /** Distributions funded for the holders (DISTRIBUTION_FUNDING, negative). */
  fundedCents: number;
  /** Management fees charged (MANAGEMENT_FEE, negative). */
  managementFeesCents: number;
  /** The property's sale: the net proceeds the owner's wallet paid its holders (SALE_FUNDING, negative). */
  saleFundedCents: number;
  /** The property's sale: the platform's sale fee charged to the owner (SALE_FEE, negative). */
  saleFeeCents: number;
}

export interface TaxDocument {
  person: StatementPerson;
  year: number;
  start: Date;
  end: Date;
  /** The year has not ended: figures are to `generatedAt`. */
  toDate: boolean;
  generatedAt: Date;
  income: TaxIncomeLine[];
  incomeTotalCents: number;
  disposals: TaxDisposalLine[];
  shortTerm: TaxDisposalTotals;
  longTerm: TaxDisposalTotals;
  disposalTotals: TaxDisposalTotals;
  /** The owner's yearly summary; null for anyone who is not a property owner. */
  owner: { lines: TaxOwnerLine[]; totals: Omit<TaxOwnerLine, 'propertyId' | 'propertyName'> } | null;
}

const emptyTotals = (): TaxDisposalTotals => ({ lines: 0, units: 0, proceedsCents: 0, costCents: 0, feeCents: 0, gainCents: 0 });

/** The tax year of a URL's `YYYY`, or null when malformed. */
export function taxYearRange(year: string): { year: number; start: Date; end: Date } | null {
  if (!/^\d{4}$/.test(year) || Number(year) < 1970) return null;
  const y = Number(year);
  return { year: y, start: new Date(Date.UTC(y, 0, 1)), end: new Date(Date.UTC(y + 1, 0, 1)) };
}

/** A tax document whose disposal lines are read from a cursor: the totals first, by SQL. */
export interface StreamedTaxDocument {
  document: Omit<TaxDocument, 'disposals'>;
  /** How many disposal lines `disposals` holds (known before any is read). */
  count: number;
  /** The disposal lines in the order they happened, a batch at a time; stops when `signal` aborts. */
  disposals: AsyncGenerator<TaxDisposalLine[]>;
}

const LINES_PER_BATCH = 500;

interface RawDisposal {
  id: string;
  trade_id: string | null;
  sale_id: string | null;
  property_id: string;
  property_name: string;
  acquired_at: string | Date;
  disposed_at: string | Date;
  units: number;
  proceeds_cents: string;
  cost_cents: string;
  fee_cents: string;
  gain_cents: string;
  long_term: boolean;
}

const toDisposal = (d: RawDisposal): TaxDisposalLine => ({
  disposalId: d.id,
  tradeId: d.trade_id,
  saleId: d.sale_id,
  propertyId: d.property_id,
  propertyName: d.property_name,
  acquiredAt: asDate(d.acquired_at),
  disposedAt: asDate(d.disposed_at),
  units: num(d.units),
  proceedsCents: num(d.proceeds_cents),
  costCents: num(d.cost_cents),
  feeCents: num(d.fee_cents),
  gainCents: num(d.gain_cents),
  term: d.long_term ? 'LONG' : 'SHORT',
});

/**
 * The year's figures summed and reconciled by SQL before anything is sent (a 500 and nothing
 * produced when the disposals disagree with the seller's ledger lines, trade by trade); the
 * disposal lines then from a cursor on `database`, up to the last disposal the totals counted,
 * so lines and totals always describe the same rows, however many there are.
 */
export async function streamTaxDocument(
  database: Pick<Database, 'cursor'>,
  db: Executor,
  person: StatementPerson,
  range: { year: number; start: Date; end: Date },
  signal?: AbortSignal,
  now = new Date(),
): Promise<StreamedTaxDocument> {
  const from = range.start.toISOString();
  const to = range.end.toISOString();
  const userId = person.id;

  const income = await rowsOf<{ property_id: string | null; property_name: string | null; n: string; cents: string }>(
    db,
    // Net of corrections: a reversed payment takes its income back.
    sql`SELECT e.property_id, p.name AS property_name, count(*) FILTER (WHERE e.type = 'DISTRIBUTION_PAYMENT') AS n, sum(e.amount_cents) AS cents
        FROM ledger_entries e LEFT JOIN properties p ON p.id = e.property_id
        WHERE e.user_id = ${userId} AND e.type IN ('DISTRIBUTION_PAYMENT', 'DISTRIBUTION_PAYMENT_REVERSAL')
          AND e.created_at >= ${from}::timestamptz AND e.created_at < ${to}::timestamptz
        GROUP BY e.property_id, p.name ORDER BY sum(e.amount_cents) DESC, p.name`,
  );

  // The totals per holding period, the last disposal they count, and how many of the year's
  // trades and sales disagree with the seller's ledger (what TRADE_SELL gave and TRADE_FEE
  // cost; what SALE_PROCEEDS paid, no fee of the holder's own), in one statement: one snapshot.
  const [sums] = await rowsOf<{
    upto: string | null;
    mismatched: string;
    short_lines: string;
    short_units: string | null;
    short_proceeds: string | null;
    short_cost: string | null;
    short_fee: string | null;
    short_gain: string | null;
    long_lines: string;
    long_units: string | null;
    long_proceeds: string | null;
    long_cost: string | null;
    long_fee: string | null;
    long_gain: string | null;
  }>(
    db,
    sql`WITH d AS MATERIALIZED (
          SELECT d.seq, d.trade_id, d.sale_id, d.units, d.proceeds_cents, d.cost_cents, d.fee_cents, d.gain_cents,
                 (d.disposed_at AT TIME ZONE 'UTC')::date > ((l.acquired_at AT TIME ZONE 'UTC')::date + interval '1 year') AS long_term
          FROM lot_disposals d JOIN lots l ON l.id = d.lot_id
          WHERE d.investor_id = ${userId} AND d.disposed_at >= ${from}::timestamptz AND d.disposed_at < ${to}::timestamptz
        ), per_source AS (
          SELECT trade_id, sale_id, coalesce('trade:' || trade_id, 'sale:' || sale_id) AS ref, sum(proceeds_cents) AS proceeds, sum(fee_cents) AS fee
          FROM d GROUP BY trade_id, sale_id
        ), ledger AS (
          SELECT 'trade:' || e.trade_id AS ref, coalesce(sum(e.amount_cents) FILTER (WHERE e.type = 'TRADE_SELL'), 0) AS proceeds,
                 coalesce(-sum(e.amount_cents) FILTER (WHERE e.type = 'TRADE_FEE'), 0) AS fee
          FROM ledger_entries e
          WHERE e.user_id = ${userId} AND e.type IN ('TRADE_SELL', 'TRADE_FEE') AND e.trade_id IN (SELECT trade_id FROM per_source)
          GROUP BY e.trade_id
          UNION ALL
          SELECT 'sale:' || e.sale_id, sum(e.amount_cents), 0
          FROM ledger_entries e
          WHERE e.user_id = ${userId} AND e.type = 'SALE_PROCEEDS' AND e.sale_id IN (SELECT sale_id FROM per_source)
          GROUP BY e.sale_id
        )
        SELECT (SELECT max(seq) FROM d) AS upto,
               -- A holder whose share of a sale rounded to nothing has no entry for it: it paid $0.00.
               (SELECT count(*) FROM per_source t
                  FULL JOIN ledger g ON g.ref = t.ref
                 WHERE t.proceeds IS NULL
                    OR (g.proceeds IS NULL AND (t.trade_id IS NOT NULL OR t.proceeds <> 0 OR t.fee <> 0))
                    OR t.proceeds <> g.proceeds OR t.fee <> g.fee)
               + (SELECT count(*) FROM d WHERE d.gain_cents <> d.proceeds_cents - d.fee_cents - d.cost_cents) AS mismatched,
               count(*) FILTER (WHERE NOT long_term) AS short_lines, sum(units) FILTER (WHERE NOT long_term) AS short_units,
               sum(proceeds_cents) FILTER (WHERE NOT long_term) AS short_proceeds, sum(cost_cents) FILTER (WHERE NOT long_term) AS short_cost,
               sum(fee_cents) FILTER (WHERE NOT long_term) AS short_fee, sum(gain_cents) FILTER (WHERE NOT long_term) AS short_gain,
               count(*) FILTER (WHERE long_term) AS long_lines, sum(units) FILTER (WHERE long_term) AS long_units,
               sum(proceeds_cents) FILTER (WHERE long_term) AS long_proceeds, sum(cost_cents) FILTER (WHERE long_term) AS long_cost,
               sum(fee_cents) FILTER (WHERE long_term) AS long_fee, sum(gain_cents) FILTER (WHERE long_term) AS long_gain
        FROM d`,
  );
  if (num(sums.mismatched) > 0) throw new HttpError(500, 'The tax document does not reconcile with the ledger; it was not produced');
  const totalsOf = (t: 'short' | 'long'): TaxDisposalTotals => ({
    lines: num(sums[`${t}_lines`]),
    units: num(sums[`${t}_units`]),
    proceedsCents: num(sums[`${t}_proceeds`]),
    costCents: num(sums[`${t}_cost`]),
    feeCents: num(sums[`${t}_fee`]),
    gainCents: num(sums[`${t}_gain`]),
  });
  const shortTerm = totalsOf('short');
  const longTerm = totalsOf('long');
  const disposalTotals = emptyTotals();
  for (const t of [shortTerm, longTerm]) {
    disposalTotals.lines += t.lines;
    disposalTotals.units += t.units;
    disposalTotals.proceedsCents += t.proceedsCents;
    disposalTotals.costCents += t.costCents;
    disposalTotals.feeCents += t.feeCents;
    disposalTotals.gainCents += t.gainCents;
  }

  let owner: TaxDocument['owner'] = null;
  if (person.role === 'PROPERTY_OWNER') {
    // A property's sale is the owner's too: the holders' net proceeds it funded and the sale
    // fee, each its own line, so the summary accounts for every entry the sale wrote to it.
    const rows = await rowsOf<{
      property_id: string;
      property_name: string;
      proceeds: string;
      funded: string;
      fees: string;
      sale_funded: string;
      sale_fee: string;
    }>(
      db,
      sql`SELECT e.property_id, p.name AS property_name,
                 coalesce(sum(e.amount_cents) FILTER (WHERE e.type = 'OWNER_PAYOUT'), 0) AS proceeds,
                 coalesce(sum(e.amount_cents) FILTER (WHERE e.type IN ('DISTRIBUTION_FUNDING', 'DISTRIBUTION_FUNDING_REVERSAL')), 0) AS funded,
                 coalesce(sum(e.amount_cents) FILTER (WHERE e.type IN ('MANAGEMENT_FEE', 'MANAGEMENT_FEE_REVERSAL')), 0) AS fees,
                 coalesce(sum(e.amount_cents) FILTER (WHERE e.type = 'SALE_FUNDING'), 0) AS sale_funded,
                 coalesce(sum(e.amount_cents) FILTER (WHERE e.type = 'SALE_FEE'), 0) AS sale_fee
          FROM ledger_entries e JOIN properties p ON p.id = e.property_id
          WHERE e.user_id = ${userId}
            AND e.type IN ('OWNER_PAYOUT', 'DISTRIBUTION_FUNDING', 'MANAGEMENT_FEE', 'DISTRIBUTION_FUNDING_REVERSAL', 'MANAGEMENT_FEE_REVERSAL',
                           'SALE_FUNDING', 'SALE_FEE')
            AND e.created_at >= ${from}::timestamptz AND e.created_at < ${to}::timestamptz
          GROUP BY e.property_id, p.name ORDER BY p.name, e.property_id`,
    );
    const ownerLines = rows.map((r) => ({
      propertyId: r.property_id,
      propertyName: r.property_name,
      proceedsCents: num(r.proceeds),
      fundedCents: num(r.funded),
      managementFeesCents: num(r.fees),
      saleFundedCents: num(r.sale_funded),
      saleFeeCents: num(r.sale_fee),
    }));
    const sum = (k: keyof Omit<TaxOwnerLine, 'propertyId' | 'propertyName'>) => ownerLines.reduce((a, l) => a + l[k], 0);
    owner = {
      lines: ownerLines,
      totals: {
        proceedsCents: sum('proceedsCents'),
        fundedCents: sum('fundedCents'),
        managementFeesCents: sum('managementFeesCents'),
        saleFundedCents: sum('saleFundedCents'),
        saleFeeCents: sum('saleFeeCents'),
      },
    };
  }

  const incomeLines = income.map((r) => ({
    propertyId: r.property_id,
    propertyName: r.property_name ?? (r.property_id ? 'Unknown property' : 'No property'),
    payments: num(r.n),
    cents: num(r.cents),
  }));
  // Holding period per lot, on UTC calendar days: long term when the disposal's day is after
  // the acquisition day's anniversary (held more than one year).
  const { sql: text, params } = dialect.sqlToQuery(
    sql`SELECT d.id, d.trade_id, d.sale_id, d.property_id, p.name AS property_name, l.acquired_at, d.disposed_at, d.units,
               d.proceeds_cents, d.cost_cents, d.fee_cents, d.gain_cents,
               (d.disposed_at AT TIME ZONE 'UTC')::date > ((l.acquired_at AT TIME ZONE 'UTC')::date + interval '1 year') AS long_term
        FROM lot_disposals d JOIN lots l ON l.id = d.lot_id JOIN properties p ON p.id = d.property_id
        WHERE d.investor_id = ${userId} AND d.disposed_at >= ${from}::timestamptz AND d.disposed_at < ${to}::timestamptz
          AND d.seq <= ${num(sums.upto)}
        ORDER BY d.disposed_at, d.seq`,
  );
  async function* disposals(): AsyncGenerator<TaxDisposalLine[]> {
    if (disposalTotals.lines === 0) return;
    let read = 0;
    for await (const batch of database.cursor<RawDisposal>(text, params, { batchSize: LINES_PER_BATCH, signal })) {
      read += batch.length;
      yield batch.map(toDisposal);
    }
    if (read !== disposalTotals.lines) throw new HttpError(500, 'The tax document does not reconcile with the ledger; it was not produced');
  }
  return {
    document: {
      person,
      year: range.year,
      start: range.start,
      end: range.end,
      toDate: range.end.getTime() > now.getTime(),
      generatedAt: now,
      income: incomeLines,
      incomeTotalCents: incomeLines.reduce((a, l) => a + l.cents, 0),
      shortTerm,
      longTerm,
      disposalTotals,
      owner,
    },
    count: disposalTotals.lines,
    disposals: disposals(),
  };
}

/** The whole document in memory (the PDF: at most PDF_MAX_LINES lines, checked on `count` first). */
export async function collectTaxDocument({ document, disposals }: StreamedTaxDocument): Promise<TaxDocument> {
  const lines: TaxDisposalLine[] = [];
  for await (const batch of disposals) for (const l of batch) lines.push(l);
  return { ...document, disposals: lines };
}
