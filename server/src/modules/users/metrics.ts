// Money figures of a person's dashboard, from the ledger, orders and holdings.
import { sql } from 'drizzle-orm';
import { centsToDollars, type PropertyType, type UserMetrics } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { cumulativeSeries } from '../../lib/series';

export type MoneyMetrics = Pick<
  UserMetrics,
  | 'portfolioValue'
  | 'totalInvested'
  | 'holdingsCount'
  | 'walletBalance'
  | 'pendingOrders'
  | 'allocationByProperty'
  | 'allocationByType'
  | 'investedOverTime'
  | 'payoutsReceived'
>;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Executor, q: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(q)) as unknown as Rows<T>).rows;

export async function moneyMetricsForUser(db: Executor, userId: string): Promise<MoneyMetrics> {
  const held = await rowsOf<{ property_id: string; name: string; type: PropertyType; quantity: number; invested: string; value: string }>(
    db,
    sql`SELECT h.property_id, p.name, p.type, h.quantity, h.amount_invested_cents AS invested, h.quantity::numeric * p.unit_price_cents AS value
        FROM holdings h JOIN properties p ON p.id = h.property_id
        WHERE h.investor_id = ${userId}
        ORDER BY h.amount_invested_cents DESC, h.property_id`,
  );
  const [figures] = await rowsOf<{ balance: string | null; pending: string; payouts: string }>(
    db,
    sql`SELECT (SELECT balance_cents FROM wallets WHERE user_id = ${userId}) AS balance,
               (SELECT count(*) FROM orders WHERE investor_id = ${userId} AND status = 'PENDING') AS pending,
               (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE user_id = ${userId} AND type = 'OWNER_PAYOUT') AS payouts`,
  );
  const byDay = await rowsOf<{ day: string; cents: string }>(
    db,
    sql`SELECT to_char(decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(amount_cents) AS cents
        FROM orders WHERE investor_id = ${userId} AND status = 'COMPLETED' GROUP BY 1`,
  );
  const byType = new Map<PropertyType, number>();
  for (const h of held) byType.set(h.type, (byType.get(h.type) ?? 0) + Number(h.invested));
  return {
    portfolioValue: centsToDollars(held.reduce((a, h) => a + Number(h.value), 0)),
    totalInvested: centsToDollars(held.reduce((a, h) => a + Number(h.invested), 0)),
    holdingsCount: held.length,
    walletBalance: centsToDollars(Number(figures.balance ?? 0)),
    pendingOrders: Number(figures.pending),
    allocationByProperty: held.map((h) => ({ propertyId: h.property_id, name: h.name, amount: centsToDollars(Number(h.invested)) })),
    allocationByType: [...byType].map(([type, cents]) => ({ type, amount: centsToDollars(cents) })),
    investedOverTime: cumulativeSeries(byDay),
    payoutsReceived: centsToDollars(Number(figures.payouts)),
  };
}
