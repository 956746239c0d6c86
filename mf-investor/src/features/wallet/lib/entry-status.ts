import type { LedgerEntry, OrderStatus, PayoutStatus } from 'shared-api/contract';
import { myEntryOutcome } from 'shared-api/labels';
import type { StatusTone } from 'shared-ui/display';

export interface EntryStatus {
  label: string;
  tone: StatusTone;
}

/**
 * Where the money of one ledger entry stands, in the words statements use too
 * (shared-api/labels), from the ledger page's orderStatuses and payoutStatuses. Null when
 * the page does not say.
 */
export function entryStatus(
  e: LedgerEntry,
  orders: Readonly<Record<string, OrderStatus>>,
  payouts: Readonly<Record<string, PayoutStatus>>,
): EntryStatus | null {
  return myEntryOutcome(e.type, e.orderId ? orders[e.orderId] : null, e.payoutId ? payouts[e.payoutId] : null);
}
