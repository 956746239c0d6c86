// Withdrawal requests for admins: the list, and the decision. PAID: the money has left
// (it was held since the request); REJECTED: the payouts trigger releases the hold.
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  centsToDollars,
  PAYOUT_MESSAGES,
  type AdminPayout,
  type DecidePayoutBody,
  type Page,
  type PayPayoutsBody,
  type PayoutsQuery,
  type PayoutSort,
} from 'shared-api/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { payouts, users } from '../../db/schema';
import { sortedBy } from '../../lib/list-page';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { moneyTx } from '../../lib/money';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { destinationsById } from '../payout-destinations';
import { toPayout, toPayouts } from '../wallets';
import { notices } from '../notifications';
import { latestBatchOf } from './batches';

const person = {
  _id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  status: users.status,
};

/** The sortable columns (PayoutsQuery.sort). */
const PAYOUT_SORT_COLUMNS: Record<PayoutSort, AnyPgColumn> = {
  createdAt: payouts.createdAt,
  amount: payouts.amountCents,
  status: payouts.status,
};

export async function listPayouts(app: FastifyInstance, q: PayoutsQuery): Promise<Page<AdminPayout>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const where: SQL[] = [];
  if (q.status) where.push(eq(payouts.status, q.status));
  if (q.userId) where.push(eq(payouts.userId, q.userId));
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await app.db.select({ total: count() }).from(payouts).where(cond);
  const rows = await app.db
    .select({ p: payouts, user: person })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(cond)
    .orderBy(...sortedBy(PAYOUT_SORT_COLUMNS[q.sort ?? 'createdAt'], payouts.id, q.order))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const destinations = await destinationsById(
    app.db,
    rows.map((r) => r.p.payoutDestinationId),
  );
  const batches = await latestBatchOf(
    app.db,
    rows.map((r) => r.p.id),
  );
  return {
    items: rows.map((r) => ({ ...toPayout(r.p, destinations), user: r.user, batchId: batches.get(r.p.id) ?? null })),
    total,
    page,
    pageSize,
  };
}

export async function decidePayout(app: FastifyInstance, me: Actor, id: string, body: DecidePayoutBody): Promise<AdminPayout> {
  const reason = body.reason?.trim() || null;
  const bankReference = body.status === 'PAID' ? body.bankReference?.trim() || null : null;
  // The payouts rule refuses it too; saying so first keeps the message free of a rolled-back lock.
  if (body.status === 'PAID' && !bankReference) throw badRequest(PAYOUT_MESSAGES.bankReferenceRequired);
  return moneyTx(app, (tx) => decideInTx(tx, me, id, body.status, reason, bankReference));
}

async function decideInTx(
  tx: Tx,
  me: Actor,
  id: string,
  status: DecidePayoutBody['status'],
  reason: string | null,
  bankReference: string | null,
): Promise<AdminPayout> {
  const [p] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  if (!p) throw notFound('Withdrawal not found');
  if (p.status !== 'REQUESTED') throw conflict(`This withdrawal is already ${p.status === 'PAID' ? 'paid' : 'rejected'}`);
  const [row] = await tx.update(payouts).set({ status, reason, bankReference, decidedBy: me.id }).where(eq(payouts.id, id)).returning();
  if (row.status === 'PAID') await notices.withdrawalPaid(tx, row);
  else await notices.withdrawalDeclined(tx, row, reason);
  await audit(tx, me, {
    action: status === 'PAID' ? 'payout.paid' : 'payout.reject',
    targetType: 'payout',
    targetId: id,
    detail: {
      userId: p.userId,
      amount: centsToDollars(p.amountCents),
      from: p.status,
      to: status,
      ...(reason ? { reason } : {}),
      ...(bankReference ? { bankReference } : {}),
    },
  });
  const [user] = await tx.select(person).from(users).where(eq(users.id, p.userId));
  return { ...(await toPayouts(tx, [row]))[0], user };
}

/**
 * Several withdrawals marked paid at once, each with its own bank reference: all or none (one
 * refused, already decided or missing, and nothing is marked). Locked in id order, so two
 * overlapping calls cannot deadlock.
 */
export async function payPayouts(app: FastifyInstance, me: Actor, body: PayPayoutsBody): Promise<AdminPayout[]> {
  const items = body.items.map((i) => ({ id: i.payoutId, bankReference: i.bankReference.trim() }));
  if (items.some((i) => !i.bankReference)) throw badRequest(PAYOUT_MESSAGES.bankReferenceRequired);
  if (new Set(items.map((i) => i.id)).size !== items.length) throw badRequest(PAYOUT_MESSAGES.duplicatePayout);
  const sorted = [...items].sort((a, b) => a.id.localeCompare(b.id));
  return moneyTx(app, async (tx) => {
    const done = new Map<string, AdminPayout>();
    for (const i of sorted) done.set(i.id, await decideInTx(tx, me, i.id, 'PAID', null, i.bankReference));
    return items.map((i) => done.get(i.id) as AdminPayout);
  });
}
