// Holdings: the units an investor owns, one row per property, credited only when an order
// completes (migration 0011). Each comes with the property's current figures.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { centsToDollars, type Holding } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { holdings, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import type { Actor } from '../../lib/actor';
import { propertySummaries } from '../properties';

type HoldingRow = typeof holdings.$inferSelect;

async function toHoldings(app: FastifyInstance, db: Executor, rows: HoldingRow[]): Promise<Holding[]> {
  const summaries = await propertySummaries(
    app,
    db,
    rows.map((r) => r.propertyId),
  );
  return rows.flatMap((h) => {
    const property = summaries.get(h.propertyId);
    if (!property) return [];
    return [
      {
        _id: h.id,
        investorId: h.investorId,
        propertyId: h.propertyId,
        property,
        quantity: h.quantity,
        amountInvested: centsToDollars(h.amountInvestedCents),
        createdAt: h.createdAt.toISOString(),
        updatedAt: h.updatedAt.toISOString(),
      },
    ];
  });
}

async function holdingsOf(app: FastifyInstance, investorId: string): Promise<Holding[]> {
  const rows = await app.db
    .select()
    .from(holdings)
    .where(eq(holdings.investorId, investorId))
    .orderBy(desc(holdings.amountInvestedCents), holdings.id);
  return toHoldings(app, app.db, rows);
}

export async function myHoldings(app: FastifyInstance, actor: Actor): Promise<Holding[]> {
  return holdingsOf(app, actor.id);
}

/** The investor's holding of one property, or null when they hold none. */
export async function myHolding(app: FastifyInstance, actor: Actor, propertyId: string): Promise<Holding | null> {
  const rows = await app.db
    .select()
    .from(holdings)
    .where(and(eq(holdings.investorId, actor.id), eq(holdings.propertyId, propertyId)))
    .limit(1);
  return (await toHoldings(app, app.db, rows))[0] ?? null;
}

export async function investorHoldings(app: FastifyInstance, investorId: string): Promise<Holding[]> {
  const [u] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, investorId)).limit(1);
  if (!u) throw notFound('User not found');
  return holdingsOf(app, investorId);
}
