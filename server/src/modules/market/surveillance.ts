// Market surveillance: the flags market_raise_flags (a market rule, run by the market job)
// raises for patterns that look like wash trading, and the admins' queue that reviews them.
// A review (dismiss or escalate, with a note) is audited in the same transaction.
import type { FastifyInstance } from 'fastify';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Page } from 'shared-api/contract';
import {
  MARKET_FLAG_MESSAGES,
  type MarketFlag,
  type MarketFlagKind,
  type MarketFlagStatus,
  type MarketFlagsQuery,
  type ReviewMarketFlagBody,
} from 'shared-api/contract/market';
import type { Executor } from '../../db/client';
import { marketFlags } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { finishPage, planPage, totalOf } from '../../lib/list-page';

type FlagRow = typeof marketFlags.$inferSelect;

interface Names {
  people: Map<string, { name: string; email: string }>;
  properties: Map<string, { name: string; unitPrice: number }>;
}

const resultRows = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

async function namesOf(db: Executor, flags: FlagRow[]): Promise<Names> {
  const userIds = [...new Set(flags.flatMap((f) => [f.userA, f.userB, ...(f.reviewedBy ? [f.reviewedBy] : [])]))];
  const propertyIds = [...new Set(flags.flatMap((f) => (f.propertyId ? [f.propertyId] : [])))];
  const people = new Map<string, { name: string; email: string }>();
  const properties = new Map<string, { name: string; unitPrice: number }>();
  if (userIds.length > 0) {
    const list = resultRows<{ id: string; first_name: string; last_name: string; email: string }>(
      await db.execute(
        sql`SELECT id, first_name, last_name, email FROM users WHERE id IN (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
    for (const u of list) people.set(u.id, { name: `${u.first_name} ${u.last_name}`.trim(), email: u.email });
  }
  if (propertyIds.length > 0) {
    const list = resultRows<{ id: string; name: string; unit_price_cents: string | number }>(
      await db.execute(
        sql`SELECT id, name, unit_price_cents FROM properties WHERE id IN (${sql.join(
          propertyIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
    for (const p of list) properties.set(p.id, { name: p.name, unitPrice: Number(p.unit_price_cents) / 100 });
  }
  return { people, properties };
}

function flagOf(f: FlagRow, names: Names): MarketFlag {
  const person = (id: string) => ({ _id: id, name: names.people.get(id)?.name ?? '', email: names.people.get(id)?.email ?? '' });
  const property = f.propertyId ? names.properties.get(f.propertyId) : undefined;
  const d = f.detail;
  const int = (v: unknown) => (v === undefined || v === null ? undefined : Number(v));
  const time = (v: unknown) => (typeof v === 'string' ? new Date(v).toISOString() : undefined);
  const detail: MarketFlag['detail'] = {};
  const put = <K extends keyof MarketFlag['detail']>(k: K, v: MarketFlag['detail'][K] | undefined) => {
    if (v !== undefined) detail[k] = v;
  };
  put('trades', int(d.trades));
  put('units', int(d.units));
  put('devices', int(d.devices));
  put('last4', typeof d.last4 === 'string' ? d.last4 : undefined);
  put('firstTradeAt', time(d.firstTradeAt));
  put('lastTradeAt', time(d.lastTradeAt));
  return {
    _id: f.id,
    kind: f.kind as MarketFlagKind,
    status: f.status as MarketFlagStatus,
    property: f.propertyId ? { _id: f.propertyId, name: property?.name ?? '', unitPrice: property?.unitPrice ?? 0 } : null,
    accounts: [person(f.userA), person(f.userB)],
    detail,
    createdAt: f.createdAt.toISOString(),
    lastSeenAt: f.lastSeenAt.toISOString(),
    reviewedAt: f.reviewedAt ? f.reviewedAt.toISOString() : null,
    reviewerEmail: f.reviewedBy ? (names.people.get(f.reviewedBy)?.email ?? null) : null,
    reviewNote: f.reviewNote,
  };
}

/** The admins' queue, newest first, paged by keyset (market_flags_*keyset_idx). */
export async function listFlags(app: FastifyInstance, q: MarketFlagsQuery): Promise<Page<MarketFlag>> {
  const cond: SQL | undefined = q.status ? eq(marketFlags.status, q.status) : undefined;
  const plan = planPage(q, marketFlags, cond, [
    { expr: sql`${marketFlags.createdAt}`, cast: 'timestamptz' },
    { expr: sql`${marketFlags.id}`, cast: 'uuid' },
  ]);
  const fetched = await app.db
    .select({ ...getTableColumns(marketFlags), _k: sql<string>`${plan.keyText}` })
    .from(marketFlags)
    .where(and(cond, plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.limit);
  const { rows, nextCursor, prevCursor } = finishPage(fetched, plan);
  const names = await namesOf(app.db, rows);
  return {
    items: rows.map((r) => flagOf(r, names)),
    ...(await totalOf(app.db, marketFlags, cond, plan)),
    page: plan.page,
    pageSize: plan.pageSize,
    nextCursor,
    prevCursor,
  };
}

/** How many flags wait for a review (the admin dashboard's "Needs attention"). */
export async function openFlagCount(db: Executor): Promise<number> {
  const [r] = resultRows<{ n: string | number }>(await db.execute(sql`SELECT count(*) AS n FROM market_flags WHERE status = 'OPEN'`));
  return Number(r?.n ?? 0);
}

/** Dismisses or escalates an open flag, with a note; audited. */
export async function reviewFlag(app: FastifyInstance, me: Actor, id: string, body: ReviewMarketFlagBody): Promise<MarketFlag> {
  const note = body.note.trim();
  if (note.length === 0) throw badRequest(MARKET_FLAG_MESSAGES.noteRequired);
  const status: MarketFlagStatus = body.decision === 'DISMISS' ? 'DISMISSED' : 'ESCALATED';
  return app.db.transaction(async (tx) => {
    const [current] = await tx.select().from(marketFlags).where(eq(marketFlags.id, id)).for('update');
    if (!current) throw notFound(MARKET_FLAG_MESSAGES.notFound);
    if (current.status !== 'OPEN') throw conflict(MARKET_FLAG_MESSAGES.reviewed);
    const [updated] = await tx
      .update(marketFlags)
      .set({ status, reviewedBy: me.id, reviewedAt: sql`now()`, reviewNote: note })
      .where(eq(marketFlags.id, id))
      .returning();
    await audit(tx, me, {
      action: body.decision === 'DISMISS' ? 'market.flag.dismiss' : 'market.flag.escalate',
      targetType: 'market_flag',
      targetId: id,
      detail: { kind: current.kind, propertyId: current.propertyId, accounts: [current.userA, current.userB], note },
    });
    return flagOf(updated, await namesOf(tx, [updated]));
  });
}

/** The surveillance job's pass: raises the flags of the patterns seen; returns how many are new. */
export async function raiseFlags(db: Executor): Promise<number> {
  const [r] = resultRows<{ n: string | number }>(await db.execute(sql`SELECT market_raise_flags() AS n`));
  return Number(r?.n ?? 0);
}
