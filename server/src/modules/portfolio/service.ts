// Loads one investor's events for the engine: every query is keyed by the investor (or by
// the few properties they touched), so the cost follows their own history, not the
// platform's size (npm run bench:portfolio).
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { centsToDollars, type PortfolioSummary } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { computePortfolio, type EngineInput, type EnginePoint, type EngineResult } from './engine';

type Row = Record<string, unknown>;
async function rows<T = Row>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
/** The day income reached the wallet: the pay date, or the payment's day when paid before it. */
export const PAID_DAY = sql`least(d.pay_date, (d.paid_at AT TIME ZONE 'UTC')::date)`;
const DAY = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** The engine's input for one investor, as of `now`. */
export async function loadPortfolio(db: Executor, investorId: string, now: Date = new Date()): Promise<EngineInput> {
  const lots = await rows(
    db,
    sql`SELECT property_id, ${DAY(sql`acquired_at`)} AS day, units, cost_cents, remaining_units, remaining_cost_cents
        FROM lots WHERE investor_id = ${investorId} ORDER BY acquired_at, seq`,
  );
  const disposals = await rows(
    db,
    sql`SELECT property_id, ${DAY(sql`disposed_at`)} AS day, units, cost_cents, proceeds_cents, fee_cents, gain_cents
        FROM lot_disposals WHERE investor_id = ${investorId} ORDER BY disposed_at, seq`,
  );
  // Income is dated by its pay date, or the day it was paid when an admin paid it early.
  const income = await rows(
    db,
    sql`SELECT d.property_id, to_char(${PAID_DAY}, 'YYYY-MM-DD') AS day, x.cents
        FROM distribution_holders x JOIN distributions d ON d.id = x.distribution_id
        WHERE x.holder_id = ${investorId} AND NOT x.is_owner AND d.status = 'PAID' AND x.cents > 0 ORDER BY d.pay_date, d.seq`,
  );
  const ids = [...new Set([...lots, ...income].map((r) => String(r.property_id)))];
  const idList = ids.length
    ? sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
    : sql`NULL::uuid`;
  const properties = await rows(
    db,
    sql`SELECT p.id, p.name, p.unit_price_cents, t.price_cents AS trade_cents, ${DAY(sql`t.created_at`)} AS trade_day
        FROM properties p
        LEFT JOIN LATERAL (SELECT price_cents, created_at FROM trades WHERE property_id = p.id ORDER BY seq DESC LIMIT 1) t ON true
        WHERE p.id IN (${idList})`,
  );
  const appraisals = await rows(
    db,
    sql`SELECT property_id, to_char(appraised_on, 'YYYY-MM-DD') AS day, value_per_unit_cents
        FROM appraisals WHERE property_id IN (${idList}) AND voided_at IS NULL ORDER BY appraised_on, created_at`,
  );
  // The wallet's balance at the end of each day it moved: the day's last entry.
  const cash = await rows(
    db,
    sql`SELECT DISTINCT ON (day) day, balance_after_cents FROM (
          SELECT ${DAY(sql`created_at`)} AS day, wallet_seq, balance_after_cents FROM ledger_entries WHERE user_id = ${investorId}
        ) e ORDER BY day, wallet_seq DESC`,
  );
  return {
    today: utcDay(now),
    properties: properties.map((p) => ({
      id: String(p.id),
      name: String(p.name),
      unitPriceCents: Number(p.unit_price_cents),
      lastTrade: p.trade_cents === null ? null : { priceCents: Number(p.trade_cents), day: String(p.trade_day) },
    })),
    lots: lots.map((l) => ({
      propertyId: String(l.property_id),
      day: String(l.day),
      units: Number(l.units),
      costCents: Number(l.cost_cents),
      remainingUnits: Number(l.remaining_units),
      remainingCostCents: Number(l.remaining_cost_cents),
    })),
    disposals: disposals.map((d) => ({
      propertyId: String(d.property_id),
      day: String(d.day),
      units: Number(d.units),
      costCents: Number(d.cost_cents),
      proceedsCents: Number(d.proceeds_cents),
      feeCents: Number(d.fee_cents),
      gainCents: Number(d.gain_cents),
    })),
    income: income.map((i) => ({ propertyId: String(i.property_id), day: String(i.day), cents: Number(i.cents) })),
    appraisals: appraisals.map((a) => ({
      propertyId: String(a.property_id),
      day: String(a.day),
      valuePerUnitCents: Number(a.value_per_unit_cents),
    })),
    cash: cash.map((c) => ({ day: String(c.day), balanceCents: Number(c.balance_after_cents) })),
  };
}

/** The engine's figures for one investor (cents). */
export async function portfolioFigures(db: Executor, investorId: string, now: Date = new Date()): Promise<EngineResult> {
  return computePortfolio(await loadPortfolio(db, investorId, now));
}

/**
 * The last `days` days of a daily series (the dashboard's 30-day chart), in dollars: days
 * before its first point are 0 (nothing was held yet). [] when the series is empty.
 */
export function lastDays(series: EnginePoint[], days = 30): { date: string; amount: number }[] {
  if (series.length === 0) return [];
  const byDate = new Map(series.map((p) => [p.date, p.cents]));
  const end = Date.parse(`${series[series.length - 1].date}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, amount: centsToDollars(date < series[0].date ? 0 : (byDate.get(date) ?? 0)) };
  });
}

const points = (s: EnginePoint[]) => s.map((p) => ({ date: p.date, amount: centsToDollars(p.cents) }));

/** The engine's answer in dollars, as the contract reads it. */
export function toSummary(r: EngineResult, now: Date = new Date()): PortfolioSummary {
  const t = r.totals;
  return {
    asOf: now.toISOString(),
    holdings: r.holdings.map((h) => ({
      propertyId: h.propertyId,
      propertyName: h.propertyName,
      units: h.units,
      cost: centsToDollars(h.costCents),
      markPerUnit: centsToDollars(h.markCents),
      markSource: h.markSource,
      markDate: h.markDate,
      marketPrice: h.marketPriceCents === null ? null : centsToDollars(h.marketPriceCents),
      marketPriceDate: h.marketPriceDate,
      value: centsToDollars(h.valueCents),
      income: centsToDollars(h.incomeCents),
      realizedGain: centsToDollars(h.realizedCents),
      unrealizedGain: centsToDollars(h.unrealizedCents),
      totalReturn: centsToDollars(h.totalReturnCents),
      fees: centsToDollars(h.feesCents),
    })),
    totals: {
      cash: centsToDollars(t.cashCents),
      holdingsValue: centsToDollars(t.holdingsValueCents),
      accountValue: centsToDollars(t.accountValueCents),
      invested: centsToDollars(t.investedCents),
      income: centsToDollars(t.incomeCents),
      realizedGain: centsToDollars(t.realizedCents),
      unrealizedGain: centsToDollars(t.unrealizedCents),
      totalReturn: centsToDollars(t.totalReturnCents),
      fees: centsToDollars(t.feesCents),
      moneyWeightedReturn: t.moneyWeightedReturn,
      realizedYield: t.realizedYield,
    },
    valueOverTime: points(r.valueOverTime),
    investedOverTime: points(r.investedOverTime),
    incomeOverTime: points(r.incomeOverTime),
  };
}

export async function myPortfolio(app: FastifyInstance, actor: Actor, now: Date = new Date()): Promise<PortfolioSummary> {
  return toSummary(await portfolioFigures(app.db, actor.id, now), now);
}
