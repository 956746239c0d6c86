// How the investor area names statuses and ledger entry types.
import type { LedgerEntryType, OrderStatus, PayoutStatus, SupportStatus } from 'shared-api/contract';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

export const LEDGER_TYPE_LABELS: Record<LedgerEntryType, string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL_HOLD: 'Withdrawal',
  WITHDRAWAL_RELEASE: 'Withdrawal released',
  ORDER_HOLD: 'Order',
  ORDER_REFUND: 'Order refund',
  OWNER_PAYOUT: 'Sale proceeds',
  SUBSCRIPTION_FEE: 'Subscription fee',
  DISTRIBUTION_FUNDING: 'Distribution funded',
  DISTRIBUTION_PAYMENT: 'Rental income',
  MANAGEMENT_FEE: 'Management fee',
  FEE_REVENUE: 'Management fee revenue',
  TRADE_HOLD: 'Trade (held)',
  TRADE_REFUND: 'Trade refund',
  TRADE_BUY: 'Units bought',
  TRADE_SELL: 'Units sold',
  TRADE_FEE: 'Trading fee',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  REQUESTED: 'Requested',
  PAID: 'Paid',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  OPEN: 'Open',
  WAITING: 'Waiting for you',
  CLOSED: 'Closed',
};

/** Waiting for the person is their call to act: shown in the warning colour. */
export const SUPPORT_STATUS_TONES = { OPEN: 'info', WAITING: 'warning', CLOSED: 'neutral' } as const satisfies Record<
  SupportStatus,
  string
>;
