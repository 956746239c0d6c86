// Platform money figures for the admin dashboard, from orders and wallets.
import { sql } from 'drizzle-orm';
import { centsToDollars, type AdminMetrics } from 'shared-api/contract';
import type { Executor } from '../../db/client';

export type PlatformMoney = Pick<AdminMetrics, 'totalInvested' | 'pendingOrders' | 'walletBalances' | 'investedOverTime'>;

export const MONEY_TREND_DAYS = 30;

/**
 * Money invested (COMPLETED orders, by the day they completed) as a running total over
 * the last 30 days, one point a day; [] when nothing was ever invested.
 */
export function cumulativeSeries(
  byDay: { day: string; cents: string | number }[],
  days = MONEY_TREND_DAYS,
): { date: string; amount: number }[] {
  if (byDay.length === 0) return [];
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
  let running = byDay.filter((d) => d.day < dates[0]).reduce((a, d) => a + Number(d.cents), 0);
  const map = new Map(byDay.map((d) => [d.day, Number(d.cents)]));
  return dates.map((date) => {
    running += map.get(date) ?? 0;
    return { date, amount: centsToDollars(running) };
  });
}

type Rows<T> = { rows: T[] };

export async function platformMoneyFigures(db: Executor): Promise<PlatformMoney> {
  const [f] = (
    (await db.execute(sql`
    SELECT (SELECT coalesce(sum(amount_cents), 0) FROM orders WHERE status = 'COMPLETED') AS invested,
           (SELECT count(*) FROM orders WHERE status = 'PENDING') AS pending,
           (SELECT coalesce(sum(balance_cents), 0) FROM wallets) AS balances
  `)) as unknown as Rows<{ invested: string; pending: string; balances: string }>
  ).rows;
  const byDay = (
    (await db.execute(sql`
    SELECT to_char(decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(amount_cents) AS cents
    FROM orders WHERE status = 'COMPLETED' GROUP BY 1
  `)) as unknown as Rows<{ day: string; cents: string }>
  ).rows;
  return {
    totalInvested: centsToDollars(Number(f.invested)),
    pendingOrders: Number(f.pending),
    walletBalances: centsToDollars(Number(f.balances)),
    investedOverTime: cumulativeSeries(byDay),
  };
}

/** Money invested by investors (dollars): COMPLETED orders. */
export async function investedByInvestors(db: Executor): Promise<{ total: number }> {
  return { total: (await platformMoneyFigures(db)).totalInvested };
}
