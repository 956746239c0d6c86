// Human words for the API's codes.
import type {
  LedgerEntryType,
  OrderStatus,
  PayoutStatus,
  PropertyStatus,
  SupportKind,
  SupportStatus,
  UserStatus,
} from 'shared-api/contract';

export const USER_STATUS_LABELS: Record<UserStatus, string> = { PENDING: 'Pending', VERIFIED: 'Verified', REJECTED: 'Rejected' };

export const PROPERTY_STATUS_LABELS: Record<PropertyStatus, string> = {
  PENDING_REVIEW: 'Pending review',
  ACTIVE: 'Active',
  REJECTED: 'Rejected',
  FUNDED: 'Funded',
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  REQUESTED: 'Requested',
  PAID: 'Paid',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = { OPEN: 'Open', WAITING: 'Waiting for the person', CLOSED: 'Closed' };
export const SUPPORT_STATUS_TONES = { OPEN: 'info', WAITING: 'warning', CLOSED: 'neutral' } as const satisfies Record<
  SupportStatus,
  string
>;
export const SUPPORT_ASSIGNEE_LABELS = { me: 'Assigned to me', unassigned: 'Unassigned' } as const;
export const ROLE_LABELS = { INVESTOR: 'Investor', PROPERTY_OWNER: 'Property owner', ADMIN: 'Admin' } as const;
export const SUPPORT_KIND_LABELS: Record<SupportKind, string> = { TICKET: 'Ticket', CONTACT: 'Contact form' };

export const LEDGER_TYPE_LABELS: Record<LedgerEntryType, string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL_HOLD: 'Withdrawal (held)',
  WITHDRAWAL_RELEASE: 'Withdrawal released',
  ORDER_HOLD: 'Order (held)',
  ORDER_REFUND: 'Order refund',
  OWNER_PAYOUT: 'Owner payout',
  SUBSCRIPTION_FEE: 'Subscription fee',
  DISTRIBUTION_FUNDING: 'Distribution funding',
  DISTRIBUTION_PAYMENT: 'Distribution payment',
  MANAGEMENT_FEE: 'Management fee',
  FEE_REVENUE: 'Management fee revenue',
  TRADE_HOLD: 'Trade (held)',
  TRADE_REFUND: 'Trade refund',
  TRADE_BUY: 'Units bought',
  TRADE_SELL: 'Units sold',
  TRADE_FEE: 'Trading fee',
};

/** Audit actions the server records; unknown ones are shown by `actionLabel`'s fallback. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'income_report.submit': 'Submitted an income report',
  'income_report.approve': 'Approved an income report',
  'income_report.reject': 'Rejected an income report',
  'distribution.pay': 'Paid a distribution',
  'appraisal.create': 'Recorded an appraisal',
  'appraisal.document': 'Attached an appraisal document',
  'property.income_producing': 'Converted a property to income-producing',
  'user.verify': 'Verified a person',
  'user.reject': 'Rejected a person',
  'user.update': 'Edited a person',
  'user.delete': 'Deleted a person',
  'admin.delete': 'Deleted an admin',
  'property.approve': 'Approved a listing',
  'property.reject': 'Rejected a listing',
  'property.update': 'Edited a listing',
  'property.delete': 'Deleted a listing',
  'order.approve': 'Approved an order',
  'order.reject': 'Rejected an order',
  'order.delete': 'Removed a closed order',
  'payout.paid': 'Marked a withdrawal paid',
  'payout.reject': 'Rejected a withdrawal',
  'support.close': 'Closed a support ticket',
  'support.reply': 'Replied to a support ticket',
  'support.resend': 'Sent a support reply again',
  'support.assign': 'Took a support ticket',
  'support.unassign': 'Unassigned a support ticket',
};

export function actionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim().toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}

/** Any code in sentence case: "PENDING_REVIEW" → "Pending review". */
export function codeLabel(code: string): string {
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : code;
}
