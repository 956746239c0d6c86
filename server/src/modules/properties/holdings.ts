// Who holds units of a property, and whether a property may still be deleted.
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { centsToDollars, type ActiveInvestor } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { holdings, orders, users } from '../../db/schema';

export async function investorsOfProperty(db: Executor, propertyId: string): Promise<ActiveInvestor[]> {
  return (await investorsOfProperties(db, [propertyId])).get(propertyId) ?? [];
}

/** The holders of several properties in one query, by property (largest holding first). */
export async function investorsOfProperties(db: Executor, propertyIds: string[]): Promise<Map<string, ActiveInvestor[]>> {
  const byProperty = new Map<string, ActiveInvestor[]>(propertyIds.map((id) => [id, []]));
  if (propertyIds.length === 0) return byProperty;
  const rows = await db
    .select({
      propertyId: holdings.propertyId,
      investorId: holdings.investorId,
      firstName: users.firstName,
      lastName: users.lastName,
      quantity: holdings.quantity,
      cents: holdings.amountInvestedCents,
    })
    .from(holdings)
    .innerJoin(users, eq(users.id, holdings.investorId))
    .where(inArray(holdings.propertyId, propertyIds))
    .orderBy(holdings.propertyId, desc(holdings.quantity), holdings.investorId);
  for (const r of rows)
    byProperty.get(r.propertyId)?.push({
      investorId: r.investorId,
      firstName: r.firstName,
      lastName: r.lastName,
      quantity: r.quantity,
      amountInvested: centsToDollars(r.cents),
    });
  return byProperty;
}

/**
 * Why a property cannot be deleted, or null when it can: investors hold units, orders are
 * pending, or orders (even closed ones) point at it from the ledger, which keeps its history.
 */
export async function deletionRefusal(db: Executor, propertyId: string): Promise<string | null> {
  const [h] = await db
    .select({ holders: sql<number>`count(*)`.mapWith(Number), units: sql<number>`coalesce(sum(${holdings.quantity}), 0)`.mapWith(Number) })
    .from(holdings)
    .where(eq(holdings.propertyId, propertyId));
  if (h.holders > 0) {
    return `This property cannot be deleted: ${h.holders} ${h.holders === 1 ? 'investor holds' : 'investors hold'} ${h.units} ${h.units === 1 ? 'unit' : 'units'} of it`;
  }
  const [o] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${orders.status} = 'PENDING')`.mapWith(Number),
      all: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.propertyId, propertyId)));
  if (o.pending > 0) return `This property cannot be deleted: ${o.pending} ${o.pending === 1 ? 'order is' : 'orders are'} pending`;
  if (o.all > 0) return 'This property cannot be deleted: it has orders on record, which the ledger keeps';
  return null;
}

/** Whether a person holds units of a property, or has an order for it pending (issue 16: they always see it). */
export async function holdsOrAwaits(db: Executor, userId: string, propertyId: string): Promise<boolean> {
  const [held] = await db
    .select({ id: holdings.id })
    .from(holdings)
    .where(and(eq(holdings.investorId, userId), eq(holdings.propertyId, propertyId), gt(holdings.quantity, 0)))
    .limit(1);
  if (held) return true;
  const [pending] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.investorId, userId), eq(orders.propertyId, propertyId), eq(orders.status, 'PENDING')))
    .limit(1);
  return pending !== undefined;
}
