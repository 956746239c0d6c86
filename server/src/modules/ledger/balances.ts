// Balances and holds as the ledger keeps them: the balance is the sum of a wallet's entries
// (kept on the wallet row by ledger_entry_apply); what is held is what the money triggers
// took from it for an open purpose (a pending order, a requested withdrawal, an open bid)
// and will capture or release when that purpose is decided.
import { sql } from 'drizzle-orm';
import { centsToDollars, type Wallet } from 'shared-api/contract';
import type { Executor } from '../../db/client';

/** A wallet's balance and holds, in cents. */
export interface BalanceCents {
  balance: number;
  ordersHeld: number;
  payoutsHeld: number;
  bidsHeld: number;
}

export async function balanceCents(db: Executor, userId: string): Promise<BalanceCents> {
  const rows = (await db.execute(sql`
    SELECT
      (SELECT balance_cents FROM wallets WHERE user_id = ${userId}) AS balance,
      (SELECT coalesce(sum(amount_cents), 0) FROM orders WHERE investor_id = ${userId} AND status = 'PENDING') AS orders_held,
      (SELECT coalesce(sum(amount_cents), 0) FROM payouts WHERE user_id = ${userId} AND status = 'REQUESTED') AS payouts_held,
      (SELECT coalesce(sum(remaining::bigint * price_cents), 0) FROM market_orders WHERE investor_id = ${userId} AND status = 'OPEN' AND side = 'BUY') AS bids_held
  `)) as unknown as {
    rows: { balance: string | number | null; orders_held: string | number; payouts_held: string | number; bids_held: string | number }[];
  };
  const r = rows.rows[0];
  return {
    balance: Number(r.balance ?? 0),
    ordersHeld: Number(r.orders_held),
    payoutsHeld: Number(r.payouts_held),
    bidsHeld: Number(r.bids_held),
  };
}

/** A person's wallet as the API shows it. */
export async function walletOf(db: Executor, userId: string): Promise<Wallet> {
  const b = await balanceCents(db, userId);
  return {
    userId,
    balance: centsToDollars(b.balance),
    held: centsToDollars(b.ordersHeld + b.payoutsHeld + b.bidsHeld),
    currency: 'USD',
  };
}
