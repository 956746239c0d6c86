// The year-end tax document of one person (UTC calendar year): income by property (what a
// 1099-DIV reports), every disposal lot by lot with proceeds, cost basis, fees, gain and
// holding period (what a 1099-B reports), and for owners a yearly summary by property. It is
// informational: Tessera files no tax form. Built from the ledger and the FIFO disposals, and
// refused (500) unless the disposals agree with the seller's ledger lines trade by trade.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { StatementPerson } from './service';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Executor, q: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(q)) as unknown as Rows<T>).rows;
const num = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));
const asDate = (v: string | Date): Date => (v instanceof Date ? v : new Date(v));

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
const addTo = (t: TaxDisposalTotals, d: TaxDisposalLine) => {
  t.lines += 1;
  t.units += d.units;
  t.proceedsCents += d.proceedsCents;
  t.costCents += d.costCents;
  t.feeCents += d.feeCents;
  t.gainCents += d.gainCents;
};

/** The tax year of a URL's `YYYY`, or null when malformed. */
export function taxYearRange(year: string): { year: number; start: Date; end: Date } | null {
  if (!/^\d{4}$/.test(year) || Number(year) < 1970) return null;
  const y = Number(year);
  return { year: y, start: new Date(Date.UTC(y, 0, 1)), end: new Date(Date.UTC(y + 1, 0, 1)) };
}

export async function buildTaxDocument(
  db: Executor,
  person: StatementPerson,
  range: { year: number; start: Date; end: Date },
  now = new Date(),
): Promise<TaxDocument> {
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

  // Holding period per lot, on UTC calendar days: long term when the disposal's day is after
  // the acquisition day's anniversary (held more than one year).
  const disposals = await rowsOf<{
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
  }>(
    db,
    sql`SELECT d.id, d.trade_id, d.sale_id, d.property_id, p.name AS property_name, l.acquired_at, d.disposed_at, d.units,
               d.proceeds_cents, d.cost_cents, d.fee_cents, d.gain_cents,
               (d.disposed_at AT TIME ZONE 'UTC')::date > ((l.acquired_at AT TIME ZONE 'UTC')::date + interval '1 year') AS long_term
        FROM lot_disposals d JOIN lots l ON l.id = d.lot_id JOIN properties p ON p.id = d.property_id
        WHERE d.investor_id = ${userId} AND d.disposed_at >= ${from}::timestamptz AND d.disposed_at < ${to}::timestamptz
        ORDER BY d.disposed_at, d.seq`,
  );

  // What the seller's ledger says each of these trades gave (gross) and cost (fee), and each
  // property's sale paid (its proceeds, no fee of the holder's own).
  const ledgerTrades = await rowsOf<{ ref: string; sell: string | null; fee: string | null }>(
    db,
    sql`SELECT 'trade:' || e.trade_id AS ref, sum(e.amount_cents) FILTER (WHERE e.type = 'TRADE_SELL') AS sell,
               -sum(e.amount_cents) FILTER (WHERE e.type = 'TRADE_FEE') AS fee
        FROM ledger_entries e
        WHERE e.user_id = ${userId} AND e.type IN ('TRADE_SELL', 'TRADE_FEE')
          AND e.trade_id IN (SELECT trade_id FROM lot_disposals WHERE investor_id = ${userId}
                               AND disposed_at >= ${from}::timestamptz AND disposed_at < ${to}::timestamptz)
        GROUP BY e.trade_id
        UNION ALL
        SELECT 'sale:' || e.sale_id, sum(e.amount_cents), 0
        FROM ledger_entries e
        WHERE e.user_id = ${userId} AND e.type = 'SALE_PROCEEDS'
          AND e.sale_id IN (SELECT sale_id FROM lot_disposals WHERE investor_id = ${userId}
                              AND disposed_at >= ${from}::timestamptz AND disposed_at < ${to}::timestamptz)
        GROUP BY e.sale_id`,
  );

  const lines: TaxDisposalLine[] = disposals.map((d) => ({
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
  }));
  const shortTerm = emptyTotals();
  const longTerm = emptyTotals();
  const disposalTotals = emptyTotals();
  const perTrade = new Map<string, { proceeds: number; fee: number }>();
  for (const d of lines) {
    addTo(d.term === 'LONG' ? longTerm : shortTerm, d);
    addTo(disposalTotals, d);
    const ref = d.tradeId ? `trade:${d.tradeId}` : `sale:${d.saleId}`;
    const t = perTrade.get(ref) ?? { proceeds: 0, fee: 0 };
    t.proceeds += d.proceedsCents;
    t.fee += d.feeCents;
    perTrade.set(ref, t);
  }
  const ledger = new Map(ledgerTrades.map((r) => [r.ref, { proceeds: num(r.sell), fee: num(r.fee) }]));
  // A holder whose share of a sale rounded to nothing has no entry for it: it paid $0.00.
  const paidBy = (ref: string) => ledger.get(ref) ?? (ref.startsWith('sale:') ? { proceeds: 0, fee: 0 } : undefined);
  const agrees =
    [...ledger.keys()].every((ref) => perTrade.has(ref)) &&
    [...perTrade].every(([ref, t]) => paidBy(ref)?.proceeds === t.proceeds && paidBy(ref)?.fee === t.fee) &&
    lines.every((d) => d.gainCents === d.proceedsCents - d.feeCents - d.costCents);
  if (!agrees) throw new HttpError(500, 'The tax document does not reconcile with the ledger; it was not produced');

  let owner: TaxDocument['owner'] = null;
  if (person.role === 'PROPERTY_OWNER') {
    const rows = await rowsOf<{ property_id: string; property_name: string; proceeds: string; funded: string; fees: string }>(
      db,
      sql`SELECT e.property_id, p.name AS property_name,
                 coalesce(sum(e.amount_cents) FILTER (WHERE e.type = 'OWNER_PAYOUT'), 0) AS proceeds,
                 coalesce(sum(e.amount_cents) FILTER (WHERE e.type IN ('DISTRIBUTION_FUNDING', 'DISTRIBUTION_FUNDING_REVERSAL')), 0) AS funded,
                 coalesce(sum(e.amount_cents) FILTER (WHERE e.type IN ('MANAGEMENT_FEE', 'MANAGEMENT_FEE_REVERSAL')), 0) AS fees
          FROM ledger_entries e JOIN properties p ON p.id = e.property_id
          WHERE e.user_id = ${userId}
            AND e.type IN ('OWNER_PAYOUT', 'DISTRIBUTION_FUNDING', 'MANAGEMENT_FEE', 'DISTRIBUTION_FUNDING_REVERSAL', 'MANAGEMENT_FEE_REVERSAL')
            AND e.created_at >= ${from}::timestamptz AND e.created_at < ${to}::timestamptz
          GROUP BY e.property_id, p.name ORDER BY p.name, e.property_id`,
    );
    const ownerLines = rows.map((r) => ({
      propertyId: r.property_id,
      propertyName: r.property_name,
      proceedsCents: num(r.proceeds),
      fundedCents: num(r.funded),
      managementFeesCents: num(r.fees),
    }));
    owner = {
      lines: ownerLines,
      totals: {
        proceedsCents: ownerLines.reduce((a, l) => a + l.proceedsCents, 0),
        fundedCents: ownerLines.reduce((a, l) => a + l.fundedCents, 0),
        managementFeesCents: ownerLines.reduce((a, l) => a + l.managementFeesCents, 0),
      },
    };
  }

  const incomeLines = income.map((r) => ({
    propertyId: r.property_id,
    propertyName: r.property_name ?? (r.property_id ? 'Unknown property' : 'No property'),
    payments: num(r.n),
    cents: num(r.cents),
  }));
  return {
    person,
    year: range.year,
    start: range.start,
    end: range.end,
    toDate: range.end.getTime() > now.getTime(),
    generatedAt: now,
    income: incomeLines,
    incomeTotalCents: incomeLines.reduce((a, l) => a + l.cents, 0),
    disposals: lines,
    shortTerm,
    longTerm,
    disposalTotals,
    owner,
  };
}
