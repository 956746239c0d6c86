// Platform money figures for the admin dashboard, from orders and wallets.
import { sql } from 'drizzle-orm';
import { centsToDollars, type AdminMetrics } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { cumulativeSeries } from '../../lib/series';

export type PlatformMoney = Pick<AdminMetrics, 'totalInvested' | 'pendingOrders' | 'walletBalances' | 'investedOverTime'>;

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
