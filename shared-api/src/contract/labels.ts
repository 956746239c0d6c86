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
  SOLD: 'Sold',
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
  DISTRIBUTION_PAYMENT_REVERSAL: 'Distribution payment reversed',
  DISTRIBUTION_FUNDING_REVERSAL: 'Distribution funding reversed',
  MANAGEMENT_FEE_REVERSAL: 'Management fee reversed',
  FEE_REVENUE_REVERSAL: 'Management fee revenue reversed',
  TRADE_HOLD: 'Trade (held)',
  TRADE_REFUND: 'Trade refund',
  TRADE_BUY: 'Units bought',
  TRADE_SELL: 'Units sold',
  TRADE_FEE: 'Trading fee',
  SALE_FUNDING: 'Property sale funding',
  SALE_PROCEEDS: 'Property sale proceeds',
  SALE_FEE: 'Property sale fee',
  SALE_FEE_REVENUE: 'Property sale fee revenue',
};

/** A ledger entry's type as the account's holder reads their own wallet. */
export const MY_LEDGER_TYPE_LABELS: Record<LedgerEntryType, string> = {
  ...LEDGER_TYPE_LABELS,
  WITHDRAWAL_HOLD: 'Withdrawal',
  ORDER_HOLD: 'Order',
  OWNER_PAYOUT: 'Sale proceeds',
  DISTRIBUTION_FUNDING: 'Distribution funded',
  DISTRIBUTION_PAYMENT: 'Rental income',
  DISTRIBUTION_PAYMENT_REVERSAL: 'Rental income reversed (corrected)',
  DISTRIBUTION_FUNDING_REVERSAL: 'Distribution funding returned (corrected)',
  MANAGEMENT_FEE_REVERSAL: 'Management fee returned (corrected)',
};

/** "SOME_NEW_TYPE" → "Some new type". */
function humanize(code: string): string {
  const words = code.toLowerCase().replace(/_+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Entry';
}

/**
 * What the holder's wallet, transaction list, statements (CSV and PDF) call an entry of any
 * type: the `MY_` label, or the code in sentence case for a type this build does not know.
 */
export function myEntryLabel(type: string): string {
  return Object.prototype.hasOwnProperty.call(MY_LEDGER_TYPE_LABELS, type)
    ? MY_LEDGER_TYPE_LABELS[type as LedgerEntryType]
    : humanize(type);
}

export type EntryOutcomeTone = 'success' | 'warning' | 'neutral';

export interface EntryOutcome {
  label: string;
  tone: EntryOutcomeTone;
}

/**
 * Where the money of one of the holder's entries stands, in the same words on every screen
 * and document. Most entries are final; a hold follows its order (held until approved,
 * invested, or refunded) or its withdrawal request (held until paid, or released). Null
 * when the hold's order or withdrawal is not known.
 */
export function myEntryOutcome(
  type: string,
  orderStatus: OrderStatus | null | undefined,
  payoutStatus: PayoutStatus | null | undefined,
): EntryOutcome | null {
  if (type === 'ORDER_HOLD') {
    if (!orderStatus) return null;
    if (orderStatus === 'PENDING') return { label: 'Held', tone: 'warning' };
    if (orderStatus === 'COMPLETED') return { label: 'Invested', tone: 'success' };
    return { label: 'Refunded', tone: 'neutral' };
  }
  if (type === 'WITHDRAWAL_HOLD') {
    if (!payoutStatus) return null;
    if (payoutStatus === 'REQUESTED') return { label: 'Held', tone: 'warning' };
    if (payoutStatus === 'PAID') return { label: 'Paid out', tone: 'success' };
    return { label: 'Released', tone: 'neutral' };
  }
  return { label: 'Completed', tone: 'success' };
}

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
  CANCELLED: 'Cancelled',
  CORRECTED: 'Corrected',
};

/** A distribution's status in words: "Refused" while its last payment attempt was refused and it is not paid since. */
export function distributionStatusLabel(d: Pick<Distribution, 'status' | 'refusedReason'>): string {
  return d.status !== 'PAID' && d.status !== 'CANCELLED' && d.status !== 'CORRECTED' && d.refusedReason
    ? 'Refused'
    : DISTRIBUTION_STATUS_LABELS[d.status];
}
