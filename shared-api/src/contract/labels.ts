// The words every screen shows for the API's codes: statuses, kinds, ledger entry types,
// audit actions. One list, so the admin console, the dashboards and the e-mails' screens
// never name a status two ways. Where the person concerned reads a code differently from
// the team (their own ledger, their own support ticket), the `MY_` map is theirs.
//
// Not part of 'shared-api/contract' (which the shell bundles eagerly into main.js for the
// first visit to / and /properties, and which holds the few labels those pages show):
// the subpath 'shared-api/labels', a lazy shared module loaded with the first dashboard
// page that imports it. Types only from the contract, so no second copy of its code.
import type {
  CheckoutPurpose,
  EntityType,
  InvestorType,
  LedgerEntryType,
  OrderStatus,
  PayoutStatus,
  PropertyStatus,
  Role,
  SupportKind,
  SupportStatus,
  UserStatus,
} from './enums';
import type { Distribution, DistributionStatus, IncomeReportStatus } from './returns';

export const ROLE_LABELS: Record<Role, string> = { INVESTOR: 'Investor', PROPERTY_OWNER: 'Property owner', ADMIN: 'Admin' };

export const USER_STATUS_LABELS: Record<UserStatus, string> = { PENDING: 'Pending', VERIFIED: 'Verified', REJECTED: 'Rejected' };

export const ENTITY_TYPE_LABELS: Record<EntityType, string> = { INDIVIDUAL: 'Individual', BUSINESS_ENTITY: 'Business entity' };

/** The questionnaire's investor categories (spec 5). */
export const INVESTOR_TYPE_LABELS: Record<InvestorType, string> = {
  RESTRICTED: 'Restricted Investor',
  SOPHISTICATED: 'Self-Certified Sophisticated Investor',
};

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

export const CHECKOUT_PURPOSE_LABELS: Record<CheckoutPurpose, string> = { DEPOSIT: 'Deposit', SUBSCRIPTION: 'Subscription' };

/** A ledger entry's type as the team reads any account's ledger. */
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

/** A ledger entry's type as the account's holder reads their own wallet. */
export const MY_LEDGER_TYPE_LABELS: Record<LedgerEntryType, string> = {
  ...LEDGER_TYPE_LABELS,
  WITHDRAWAL_HOLD: 'Withdrawal',
  ORDER_HOLD: 'Order',
  OWNER_PAYOUT: 'Sale proceeds',
  DISTRIBUTION_FUNDING: 'Distribution funded',
  DISTRIBUTION_PAYMENT: 'Rental income',
};

export const SUPPORT_KIND_LABELS: Record<SupportKind, string> = { TICKET: 'Ticket', CONTACT: 'Contact form' };

/** A support ticket's status as the team reads it (WAITING: the person's turn). */
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = { OPEN: 'Open', WAITING: 'Waiting for the person', CLOSED: 'Closed' };

/** A support ticket's status as the person who opened it reads it. */
export const MY_SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = { ...SUPPORT_STATUS_LABELS, WAITING: 'Waiting for you' };

export const REPORT_STATUS_LABELS: Record<IncomeReportStatus, string> = {
  SUBMITTED: 'Awaiting review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

export const DISTRIBUTION_STATUS_LABELS: Record<DistributionStatus, string> = {
  DECLARED: 'Declared',
  RECORDED: 'Holders recorded',
  PAID: 'Paid',
};

/** A distribution's status in words: "Refused" while its last payment attempt was refused and it is not paid since. */
export function distributionStatusLabel(d: Pick<Distribution, 'status' | 'refusedReason'>): string {
  return d.status !== 'PAID' && d.refusedReason ? 'Refused' : DISTRIBUTION_STATUS_LABELS[d.status];
}

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
  'payout.destination.view': 'Viewed the bank account of a withdrawal',
  'support.close': 'Closed a support ticket',
  'support.reply': 'Replied to a support ticket',
  'support.resend': 'Sent a support reply again',
  'support.assign': 'Took a support ticket',
  'support.unassign': 'Unassigned a support ticket',
};

/** An audit action in words: its label, or the code in sentence case ("wallet.adjust" → "Wallet adjust"). */
export function actionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim().toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}
