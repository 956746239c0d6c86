// Wallets: the balance (the sum of the ledger entries, kept on the wallet row by the ledger
// trigger), what is held, deposits (a checkout) and withdrawals (a payout request, held at once).
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { centsToDollars, MONEY_MESSAGES, type Checkout, type DepositBody, type Payout, type Wallet, type WithdrawBody } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { payouts, users, type PayoutRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { idempotent } from '../../lib/idempotency';
import { amountCents } from '../../lib/money';
import { currentUser } from '../../plugins/auth';
import { createCheckout } from '../payments/service';

export async function walletOf(db: Executor, userId: string): Promise<Wallet> {
  const rows = (await db.execute(sql`
    SELECT
      (SELECT balance_cents FROM wallets WHERE user_id = ${userId}) AS balance,
      (SELECT coalesce(sum(amount_cents), 0) FROM orders WHERE investor_id = ${userId} AND status = 'PENDING') AS orders_held,
      (SELECT coalesce(sum(amount_cents), 0) FROM payouts WHERE user_id = ${userId} AND status = 'REQUESTED') AS payouts_held
  `)) as unknown as { rows: { balance: string | number | null; orders_held: string | number; payouts_held: string | number }[] };
  const r = rows.rows[0];
  return {
    userId,
    balance: centsToDollars(Number(r.balance ?? 0)),
    held: centsToDollars(Number(r.orders_held) + Number(r.payouts_held)),
    currency: 'USD',
  };
}

export async function myWallet(app: FastifyInstance, request: FastifyRequest): Promise<Wallet> {
  return walletOf(app.db, currentUser(request).id);
}

export async function userWallet(app: FastifyInstance, userId: string): Promise<Wallet> {
  const [u] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound('User not found');
  return walletOf(app.db, userId);
}

export function toPayout(p: PayoutRow): Payout {
  return {
    _id: p.id,
    userId: p.userId,
    amount: centsToDollars(p.amountCents),
    status: p.status,
    reason: p.reason,
    createdAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt ? p.decidedAt.toISOString() : null,
  };
}

export async function deposit(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: DepositBody): Promise<Checkout> {
  return createCheckout(app, request, reply, { purpose: 'DEPOSIT', amount: body.amount, returnPath: body.returnPath });
}

/** A withdrawal request: the amount leaves the balance at once (held) until an admin decides. */
export async function withdraw(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: WithdrawBody): Promise<Payout> {
  const me = currentUser(request);
  const cents = amountCents(body.amount);
  return idempotent(
    app,
    request,
    reply,
    201,
    async (tx) => {
      const [row] = await tx.insert(payouts).values({ userId: me.id, amountCents: cents }).returning();
      return toPayout(row);
    },
    { overdraft: MONEY_MESSAGES.overBalance },
  );
}

export const MY_PAYOUTS_LIMIT = 200;

export async function myPayouts(app: FastifyInstance, request: FastifyRequest): Promise<Payout[]> {
  const rows = await app.db
    .select()
    .from(payouts)
    .where(eq(payouts.userId, currentUser(request).id))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(MY_PAYOUTS_LIMIT);
  return rows.map(toPayout);
}

/**
 * Why an account cannot be closed while money is in it or on its way (the terms: "once you
 * have no pending orders or withdrawals"), or null when it can.
 */
export async function accountClosingRefusal(db: Executor, userId: string): Promise<string | null> {
  const rows = (await db.execute(sql`
    SELECT
      (SELECT coalesce(balance_cents, 0) FROM wallets WHERE user_id = ${userId}) AS balance,
      (SELECT count(*) FROM orders WHERE investor_id = ${userId} AND status = 'PENDING') AS pending,
      (SELECT count(*) FROM payouts WHERE user_id = ${userId} AND status = 'REQUESTED') AS withdrawals,
      (SELECT count(*) FROM holdings WHERE investor_id = ${userId}) AS holdings
  `)) as unknown as { rows: { balance: string | null; pending: string; withdrawals: string; holdings: string }[] };
  const r = rows.rows[0];
  if (Number(r.pending) > 0) return 'This account has pending orders: they must be approved, rejected or cancelled first';
  if (Number(r.withdrawals) > 0) return 'This account has withdrawals awaiting review: pay or reject them first';
  if (Number(r.balance ?? 0) > 0) return `This account still holds $${centsToDollars(Number(r.balance)).toFixed(2)} in its wallet: it must be withdrawn first`;
  if (Number(r.holdings) > 0) return 'This account holds units of properties and cannot be closed';
  return null;
}
