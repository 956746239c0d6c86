// Orders: an investor buys units of a live listing at its price; the money is held and the
// units reserved until an admin approves (holding credited, owner paid) or rejects, or the
// investor cancels (refund, units released). The database triggers (migration 0011) move
// the units and the money; this module checks who may do what and shapes the answers.
import { and, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  centsToDollars,
  type CreateOrderBody,
  type Order,
  type OrdersQuery,
  type OrderSort,
  type OrderStatus,
  type Page,
  type PropertySummary,
  type ReviewOrderBody,
  type ReviewOrdersBody,
} from 'shared-api/contract';
import { ORDER_REVIEW_MAX, ORDER_REVIEW_MESSAGES } from 'shared-api/contract/admin';
import type { Executor, Tx } from '../../db/client';
import { ledgerEntries, orders, properties, users, type FileRow, type OrderRow, type PropertyRow } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { jsonRow } from '../../lib/json-row';
import { finishPage, planPage, sortedKey, totalOf, type KeyPart } from '../../lib/list-page';
import { moneyError, moneyStatement, moneyTx } from '../../lib/money';
import { Batcher, type BatchResult } from '../../lib/batcher';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { propertySummaries, toPropertySummary } from '../properties';
import { notices } from '../notifications';
import { answerOf, outcomeOf, type Answer, type IdempotencyInput, type StoredAnswer } from '../ledger';

export const INSUFFICIENT_BALANCE = 'Insufficient balance: your wallet does not cover this order';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function toOrders(app: FastifyInstance, db: Executor, rows: OrderRow[], withInvestor = false): Promise<Order[]> {
  const summaries = await propertySummaries(
    app,
    db,
    rows.map((r) => r.propertyId),
  );
  const people = new Map<string, NonNullable<Order['investor']>>();
  if (withInvestor && rows.length > 0) {
    const found = await db
      .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, status: users.status })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.investorId))]));
    for (const u of found) people.set(u._id, u);
  }
  return rows.map((o) => {
    const order = orderOf(o, summaries.get(o.propertyId) ?? null);
    const investor = people.get(o.investorId);
    if (investor) order.investor = investor;
    return order;
  });
}

function orderOf(o: OrderRow, property: PropertySummary | null): Order {
  return {
    _id: o.id,
    investorId: o.investorId,
    propertyId: o.propertyId,
    property,
    quantity: o.quantity,
    unitPrice: centsToDollars(o.unitPriceCents),
    amount: centsToDollars(o.amountCents),
    status: o.status,
    reason: o.reason,
    decidedAt: iso(o.decidedAt),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

interface Placed {
  replay?: StoredAnswer;
  order?: Record<string, unknown>;
  property?: Record<string, unknown>;
  images?: Record<string, unknown>[];
}

/** One order as place_orders() takes it. */
interface BuyOrder {
  investor: string;
  quantity: number;
  key: string | null;
  hash: string | null;
  /** The request's session, checked again in the statement (session_gate). */
  session: string | null;
}

/**
 * Buying is one statement per batch (place_orders): the orders for one listing that arrived
 * while its previous batch was in the database, each as place_order places it alone, in a
 * subtransaction of its own: the key looked up, the order inserted (its triggers price it
 * from the locked property row, never from the request, reserve the units and hold the money,
 * or refuse), and the answer's data kept with the key. One transaction per batch instead of
 * one per order: on a small host the transaction's round trip and commit cost more than the
 * order (docs/performance.md, "Group commit for buying; one batch in flight").
 */
async function placeBatch(db: Executor, propertyId: string, list: BuyOrder[]): Promise<BatchResult[]> {
  const res = (await db.execute(
    sql`SELECT r FROM place_orders(${propertyId}, ${JSON.stringify(list)}::jsonb) WITH ORDINALITY AS x(r, i) ORDER BY i`,
  )) as unknown as { rows: { r: BatchResult }[] };
  return res.rows.map((x) => x.r);
}

// One batcher per database (the app's plugins share app.db; tests build several apps).
const batchers = new WeakMap<object, Batcher<BuyOrder>>();

export function buyBatcher(app: FastifyInstance): Batcher<BuyOrder> {
  let b = batchers.get(app.db);
  if (!b) {
    b = new Batcher<BuyOrder>((propertyId, list) => moneyStatement(app, (db) => placeBatch(db, propertyId, list)));
    batchers.set(app.db, b);
  }
  return b;
}

/** The answer, from the data place_order returned (or kept): the same data, the same answer. */
function placedOrder(app: FastifyInstance, placed: Placed): Order {
  const row = jsonRow<OrderRow>(placed.order ?? {});
  const property = jsonRow<PropertyRow>(placed.property ?? {});
  const images = (placed.images ?? []).map((f) => jsonRow<FileRow>(f));
  return orderOf(row, toPropertySummary(app, property, images));
}

export async function createOrder(app: FastifyInstance, me: Actor, idem: IdempotencyInput, body: CreateOrderBody): Promise<Answer<Order>> {
  if (me.status !== 'VERIFIED') throw forbidden('Your account must be verified before you can invest');
  const key = idem.key();
  const hash = key === null ? null : idem.hash();
  let placed: Placed;
  try {
    // From a request, the session goes with the order: the statement checks it again, as the
    // route may have let it through from memory (authenticateRechecked).
    placed = (await buyBatcher(app).place(body.propertyId, {
      investor: me.id,
      quantity: body.quantity,
      key,
      hash,
      session: me.sessionId ?? null,
    })) as Placed;
  } catch (err) {
    throw moneyError(err, { overdraft: INSUFFICIENT_BALANCE });
  }
  return answerOf(outcomeOf(placed), 201, (result) => placedOrder(app, result));
}

// ---- Reading ----

const listed = isNull(orders.deletedAt);

/** The sortable columns (OrdersQuery.sort); createdAt is the one the keyset indexes have. */
const ORDER_SORT_KEYS: Record<OrderSort, KeyPart> = {
  createdAt: { expr: sql`${orders.createdAt}`, cast: 'timestamptz' },
  amount: { expr: sql`${orders.amountCents}`, cast: 'bigint' },
  quantity: { expr: sql`${orders.quantity}::bigint`, cast: 'bigint' },
  status: { expr: sql`${orders.status}`, cast: 'text' },
};

async function pageOf(app: FastifyInstance, where: SQL[], q: OrdersQuery, withInvestor: boolean): Promise<Page<Order>> {
  // Newest first, ties by id: the orders_listed_*_keyset_idx indexes have this order.
  const conds = [listed, ...where];
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.propertyId) conds.push(eq(orders.propertyId, q.propertyId));
  const cond = and(...conds);
  const plan = planPage(q, orders, cond, sortedKey(ORDER_SORT_KEYS[q.sort ?? 'createdAt'], sql`${orders.id}`), 20, q.order);
  const fetched = await app.db
    .select({ ...getTableColumns(orders), _k: sql<string>`${plan.keyText}` })
    .from(orders)
    .where(and(cond, plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.limit);
  const { rows, nextCursor, prevCursor } = finishPage(fetched, plan);
  return {
    items: await toOrders(app, app.db, rows, withInvestor),
    ...(await totalOf(app.db, orders, cond, plan)),
    page: plan.page,
    pageSize: plan.pageSize,
    nextCursor,
    prevCursor,
  };
}

export async function myOrders(app: FastifyInstance, actor: Actor, q: OrdersQuery): Promise<Page<Order>> {
  return pageOf(app, [eq(orders.investorId, actor.id)], q, false);
}

export async function allOrders(app: FastifyInstance, q: OrdersQuery): Promise<Page<Order>> {
  return pageOf(app, [], q, true);
}

export async function userOrders(app: FastifyInstance, userId: string, q: OrdersQuery): Promise<Page<Order>> {
  const [u] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound('User not found');
  return pageOf(app, [eq(orders.investorId, userId)], q, true);
}

async function findOrder(db: Executor, id: string, lock = false): Promise<OrderRow | null> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), listed))
    .limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** One order: its investor's, or any for admins; 404 for anyone else. */
export async function getOrder(app: FastifyInstance, me: Actor, id: string): Promise<Order> {
  const o = await findOrder(app.db, id);
  if (!o || (me.role !== 'ADMIN' && o.investorId !== me.id)) throw notFound('Order not found');
  return (await toOrders(app, app.db, [o], me.role === 'ADMIN'))[0];
}

// ---- Decisions ----

const STATUS_WORDS: Record<OrderStatus, string> = {
  PENDING: 'pending',
  COMPLETED: 'completed',
  REJECTED: 'rejected',
  CANCELLED: 'cancelled',
};

async function decide(tx: Tx, o: OrderRow, status: Exclude<OrderStatus, 'PENDING'>, by: string, reason: string | null): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status, decidedBy: by, reason, updatedAt: new Date() })
    .where(and(eq(orders.id, o.id), eq(orders.status, 'PENDING')))
    .returning();
  return row;
}

/** The investor's notice of an admin's decision (in the deciding transaction; the refund as the ledger holds it). */
async function notifyDecision(tx: Tx, o: OrderRow, reason: string | null): Promise<void> {
  const [p] = await tx.select({ name: properties.name }).from(properties).where(eq(properties.id, o.propertyId));
  const order = { investorId: o.investorId, id: o.id, propertyName: p?.name ?? 'a property', quantity: o.quantity };
  if (o.status === 'COMPLETED') {
    await notices.orderApproved(tx, { ...order, amountCents: o.amountCents });
    return;
  }
  const [refund] = await tx
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, o.id), eq(ledgerEntries.type, 'ORDER_REFUND')));
  await notices.orderRejected(tx, { ...order, refundCents: Number(refund?.cents ?? 0) }, reason);
}

/** The investor's own PENDING order: refunded, units released. */
export async function cancelOrder(app: FastifyInstance, me: Actor, id: string): Promise<Order> {
  return moneyTx(app, async (tx) => {
    const o = await findOrder(tx, id, true);
    if (!o || o.investorId !== me.id) throw notFound('Order not found');
    if (o.status !== 'PENDING') throw conflict(`Only a pending order can be cancelled; this one is ${STATUS_WORDS[o.status]}`);
    const row = await decide(tx, o, 'CANCELLED', me.id, null);
    return (await toOrders(app, tx, [row]))[0];
  });
}

/** Admins: APPROVE (COMPLETED: holding credited, owner paid) or REJECT (refund, units released). */
export async function reviewOrder(app: FastifyInstance, me: Actor, id: string, body: ReviewOrderBody): Promise<Order> {
  const reason = body.reason?.trim() || null;
  return moneyTx(app, async (tx) => {
    const o = await findOrder(tx, id, true);
    if (!o) throw notFound('Order not found');
    if (o.status !== 'PENDING') throw conflict(`Only a pending order can be approved or rejected; this one is ${STATUS_WORDS[o.status]}`);
    const row = await reviewInTx(tx, me, o, body.decision, reason);
    return (await toOrders(app, tx, [row], true))[0];
  });
}

/** One decision inside the caller's transaction: the order, the investor's notice, its own audit row. */
async function reviewInTx(tx: Tx, me: Actor, o: OrderRow, decision: ReviewOrderBody['decision'], reason: string | null): Promise<OrderRow> {
  const approve = decision === 'APPROVE';
  const row = await decide(tx, o, approve ? 'COMPLETED' : 'REJECTED', me.id, approve ? null : reason);
  await notifyDecision(tx, row, reason);
  await audit(tx, me, {
    action: approve ? 'order.approve' : 'order.reject',
    targetType: 'order',
    targetId: o.id,
    detail: {
      investorId: o.investorId,
      propertyId: o.propertyId,
      quantity: o.quantity,
      amount: centsToDollars(o.amountCents),
      from: o.status,
      to: row.status,
      ...(reason && !approve ? { reason } : {}),
    },
  });
  return row;
}

/**
 * Admins decide several PENDING orders at once: all or none, in one transaction (one order
 * missing, already decided or refused by the money rules, and nothing is written; the error
 * names it). Each order gets its own notice and audit row, as the single route writes. Locked
 * in id order, so two overlapping calls cannot deadlock. A REJECT needs a reason here: it is
 * shown to every investor of the lot.
 */
export async function reviewOrders(app: FastifyInstance, me: Actor, body: ReviewOrdersBody): Promise<Order[]> {
  const ids = body.orderIds;
  // The route's schema says the same; the approvals module runs a stored body through here too.
  if (ids.length === 0) throw badRequest(ORDER_REVIEW_MESSAGES.none);
  if (ids.length > ORDER_REVIEW_MAX) throw badRequest(ORDER_REVIEW_MESSAGES.tooMany);
  if (new Set(ids).size !== ids.length) throw badRequest(ORDER_REVIEW_MESSAGES.duplicateOrder);
  const reason = body.reason?.trim() || null;
  if (body.decision === 'REJECT' && !reason) throw badRequest(ORDER_REVIEW_MESSAGES.reasonRequired);
  const sorted = [...ids].sort();
  return moneyTx(app, async (tx) => {
    const done = new Map<string, OrderRow>();
    for (const id of sorted) {
      const o = await findOrder(tx, id, true);
      if (!o) throw notFound(`Order ${id} not found`);
      if (o.status !== 'PENDING') {
        throw conflict(`Order ${id} is ${STATUS_WORDS[o.status]}: only pending orders can be approved or rejected`);
      }
      try {
        done.set(id, await reviewInTx(tx, me, o, body.decision, reason));
      } catch (err) {
        // A money rule's refusal, named for its order; anything else (a deadlock to retry) as it is.
        const e = moneyError(err);
        if (e instanceof HttpError && e.statusCode < 500) throw new HttpError(e.statusCode, `Order ${id}: ${e.message}`);
        throw err;
      }
    }
    return toOrders(
      app,
      tx,
      ids.map((id) => done.get(id) as OrderRow),
      true,
    );
  });
}

/**
 * Admins remove a closed order (rejected or cancelled) from the lists. The row stays,
 * with its ledger entries: money history is never erased. Pending and completed orders
 * are refused (reject it first; a completed order backs a holding).
 */
export async function deleteOrder(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  await moneyTx(app, async (tx) => {
    const o = await findOrder(tx, id, true);
    if (!o) throw notFound('Order not found');
    if (o.status === 'PENDING') throw conflict('A pending order cannot be deleted; approve or reject it first');
    if (o.status === 'COMPLETED') throw conflict('A completed order backs a holding and cannot be deleted');
    await tx
      .update(orders)
      .set({ deletedAt: sql`now()` })
      .where(eq(orders.id, id));
    await audit(tx, actor, {
      action: 'order.delete',
      targetType: 'order',
      targetId: id,
      detail: { investorId: o.investorId, propertyId: o.propertyId, status: o.status, amount: centsToDollars(o.amountCents) },
    });
  });
}
