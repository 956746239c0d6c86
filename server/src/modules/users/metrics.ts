// Money figures of a person's dashboard, from the ledger, orders and holdings.
import { sql } from 'drizzle-orm';
import { centsToDollars, type PropertyType, type UserMetrics } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { lastDays, portfolioFigures } from '../portfolio';

export type MoneyMetrics = Pick<
  UserMetrics,
  | 'portfolioValue'
  | 'accountValue'
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
  // Values and costs are the portfolio engine's (units x mark, cost of the open lots).
  const engine = await portfolioFigures(db, userId);
  const figuresOf = new Map(engine.holdings.map((h) => [h.propertyId, h]));
  const held = (
    await rowsOf<{ property_id: string; name: string; type: PropertyType }>(
      db,
      sql`SELECT h.property_id, p.name, p.type FROM holdings h JOIN properties p ON p.id = h.property_id WHERE h.investor_id = ${userId}`,
    )
  )
    .map((h) => ({ ...h, invested: figuresOf.get(h.property_id)?.costCents ?? 0 }))
    .sort((x, y) => y.invested - x.invested || x.property_id.localeCompare(y.property_id));
  const [figures] = await rowsOf<{ balance: string | null; pending: string; payouts: string }>(
    db,
    sql`SELECT (SELECT balance_cents FROM wallets WHERE user_id = ${userId}) AS balance,
               (SELECT count(*) FROM orders WHERE investor_id = ${userId} AND status = 'PENDING') AS pending,
               (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE user_id = ${userId} AND type = 'OWNER_PAYOUT') AS payouts`,
  );
  const byType = new Map<PropertyType, number>();
  for (const h of held) byType.set(h.type, (byType.get(h.type) ?? 0) + Number(h.invested));
  return {
    portfolioValue: centsToDollars(engine.totals.holdingsValueCents),
    accountValue: centsToDollars(engine.totals.accountValueCents),
    totalInvested: centsToDollars(engine.totals.investedCents),
    holdingsCount: held.length,
    walletBalance: centsToDollars(Number(figures.balance ?? 0)),
    pendingOrders: Number(figures.pending),
    allocationByProperty: held.map((h) => ({ propertyId: h.property_id, name: h.name, amount: centsToDollars(Number(h.invested)) })),
    allocationByType: [...byType].map(([type, cents]) => ({ type, amount: centsToDollars(cents) })),
    investedOverTime: lastDays(engine.investedOverTime),
    payoutsReceived: centsToDollars(Number(figures.payouts)),
  };
}
