import type { LedgerEntry, OrderStatus, PayoutStatus } from 'shared-api/contract';
import type { StatusTone } from 'shared-ui/display';

export interface EntryStatus {
  label: string;
  tone: StatusTone;
}

const done: EntryStatus = { label: 'Completed', tone: 'success' };

/**
 * Where the money of one ledger entry stands. Most entries are final; a hold follows its
 * order (held until approved, invested, or refunded) or its withdrawal request (held until
 * paid, or released), as the ledger page says (MyLedgerPage's orderStatuses and
 * payoutStatuses). Null when the page does not say.
 */
export function entryStatus(
  e: LedgerEntry,
  orders: Readonly<Record<string, OrderStatus>>,
  payouts: Readonly<Record<string, PayoutStatus>>,
): EntryStatus | null {
  if (e.type === 'ORDER_HOLD' && e.orderId) {
    const s = orders[e.orderId];
    if (!s) return null;
    if (s === 'PENDING') return { label: 'Held', tone: 'warning' };
    if (s === 'COMPLETED') return { label: 'Invested', tone: 'success' };
    return { label: 'Refunded', tone: 'neutral' };
  }
  if (e.type === 'WITHDRAWAL_HOLD' && e.payoutId) {
    const s = payouts[e.payoutId];
    if (!s) return null;
    if (s === 'REQUESTED') return { label: 'Held', tone: 'warning' };
    if (s === 'PAID') return { label: 'Paid out', tone: 'success' };
    return { label: 'Released', tone: 'neutral' };
  }
  return done;
}
