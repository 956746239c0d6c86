// Wallets: the balance and what is held (read from the ledger module), deposits (a checkout)
// and withdrawals (a payout request, held at once).
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  centsToDollars,
  MONEY_MESSAGES,
  type Checkout,
  type DepositBody,
  type Payout,
  type PayoutDestination,
  type Wallet,
  type WithdrawBody,
} from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { checkouts, payouts, users, type PayoutRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { amountCents, moneyTx } from '../../lib/money';
import type { Actor } from '../../lib/actor';
import { createCheckout } from '../payments';
import { destinationsById } from '../payout-destinations';
import { idempotent, walletOf, type Answer, type IdempotencyInput } from '../ledger';

export async function myWallet(app: FastifyInstance, actor: Actor): Promise<Wallet> {
  return walletOf(app.db, actor.id);
}

export async function userWallet(app: FastifyInstance, userId: string): Promise<Wallet> {
  const [u] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound('User not found');
  return walletOf(app.db, userId);
}

export function toPayout(p: PayoutRow, destinations?: Map<string, PayoutDestination>): Payout {
  return {
    _id: p.id,
    userId: p.userId,
    amount: centsToDollars(p.amountCents),
    status: p.status,
    reason: p.reason,
    createdAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt ? p.decidedAt.toISOString() : null,
    bankReference: p.bankReference,
    destination: (p.payoutDestinationId && destinations?.get(p.payoutDestinationId)) || null,
  };
}

/** Payout rows with their destinations (masked). */
export async function toPayouts(db: Executor, rows: PayoutRow[]): Promise<Payout[]> {
  const destinations = await destinationsById(
    db,
    rows.map((r) => r.payoutDestinationId),
  );
  return rows.map((r) => toPayout(r, destinations));
}

export async function deposit(
  app: FastifyInstance,
  actor: Actor,
  idem: IdempotencyInput,
  returnOrigin: string | null,
  body: DepositBody,
): Promise<Answer<Checkout>> {
  return createCheckout(app, actor, idem, returnOrigin, { purpose: 'DEPOSIT', amount: body.amount, returnPath: body.returnPath });
}

/** A withdrawal request: the amount leaves the balance at once (held) until an admin decides. */
export async function withdraw(app: FastifyInstance, me: Actor, idem: IdempotencyInput, body: WithdrawBody): Promise<Answer<Payout>> {
  const cents = amountCents(body.amount);
  return idempotent(
    app,
    me.id,
    idem,
    201,
    async (tx) => {
      const [row] = await tx
        .insert(payouts)
        .values({ userId: me.id, amountCents: cents, payoutDestinationId: body.payoutDestinationId })
        .returning();
      return (await toPayouts(tx, [row]))[0];
    },
    { overdraft: MONEY_MESSAGES.overBalance },
  );
}

export const MY_PAYOUTS_LIMIT = 200;

export async function myPayouts(app: FastifyInstance, actor: Actor): Promise<Payout[]> {
  const rows = await app.db
    .select()
    .from(payouts)
    .where(eq(payouts.userId, actor.id))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(MY_PAYOUTS_LIMIT);
  return toPayouts(app.db, rows);
}

/**
 * Every reason an account cannot be closed now ([] when it can): live or under-review
 * listings, pending orders (its own, or on its listings), open checkouts, requested
 * withdrawals, holdings, money in the wallet. One SQL function (migration 0040) answers
 * both this and the database's own refusal of the closing.
 */
export async function accountClosingRefusals(db: Executor, userId: string): Promise<string[]> {
  // Checkouts past their time are expired first: they can no longer be paid.
  await db
    .update(checkouts)
    .set({ status: 'EXPIRED' })
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'OPEN'), lt(checkouts.expiresAt, sql`now()`)));
  const rows = (await db.execute(sql`SELECT account_closing_refusals(${userId}) AS reason`)) as unknown as { rows: { reason: string }[] };
  return rows.rows.map((r) => r.reason);
}

/** A person cancels their own REQUESTED withdrawal: the hold is released (WITHDRAWAL_RELEASE). Idempotent. */
export async function cancelWithdrawal(app: FastifyInstance, me: Actor, id: string): Promise<Payout> {
  return moneyTx(app, async (tx) => {
    const [p] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!p || p.userId !== me.id) throw notFound('Withdrawal not found');
    if (p.status === 'CANCELLED') return (await toPayouts(tx, [p]))[0];
    if (p.status !== 'REQUESTED') throw conflict(`This withdrawal is already ${p.status.toLowerCase()}`);
    const [row] = await tx.update(payouts).set({ status: 'CANCELLED', decidedBy: me.id }).where(eq(payouts.id, id)).returning();
    return (await toPayouts(tx, [row]))[0];
  });
}
