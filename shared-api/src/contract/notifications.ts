// Notices to a person (issue 19): what happened to their money, documents, listings,
// market orders and support tickets. Written by the server in the same transaction as
// the change (an outbox), shown by the shell's bell and, per preference, e-mailed.

export const NOTIFICATION_KINDS = [
  'EMAIL_VERIFIED',
  'KYC_VERIFIED',
  'KYC_REJECTED',
  'LISTING_APPROVED',
  'LISTING_REJECTED',
  'LISTING_SUSPENDED',
  'ORDER_APPROVED',
  'ORDER_REJECTED',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_DECLINED',
  'DEPOSIT_RECEIVED',
  'DISTRIBUTION_PAID',
  'MARKET_ORDER_FILLED',
  'MARKET_ORDER_CANCELLED',
  'SUPPORT_REPLY',
  'PAYOUT_DESTINATION_CHANGED',
  'EXPORT_READY',
  'EXPORT_FAILED',
  'TWO_FACTOR_CHANGED',
  'INCOME_REPORT_DECIDED',
  'DISTRIBUTION_REFUSED',
  'LISTING_REVISION_DECIDED',
  'LISTING_RESUMED',
  'HOLDING_SUSPENDED',
  'APPRAISAL_VOIDED',
  'DISTRIBUTION_CANCELLED',
  'DISTRIBUTION_CORRECTED',
  'LISTING_HANDED_OVER',
  'PROPOSAL_OPENED',
  'PROPOSAL_CLOSING',
  'PROPOSAL_RESULT',
  'PROPERTY_SOLD',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds that always come by e-mail too: security and money-critical notices a person
 * cannot switch off in Profile (everything else is e-mailed unless they opt out).
 */
export const MANDATORY_EMAIL_KINDS: readonly NotificationKind[] = [
  'KYC_REJECTED',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_DECLINED',
  'PAYOUT_DESTINATION_CHANGED',
  'TWO_FACTOR_CHANGED',
  'DISTRIBUTION_REFUSED',
];

/**
 * What each kind is about, as a person reads it: the Profile's switches ("Also e-mail me
 * when…" + label) and the server's e-mail settings share this map.
 */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  EMAIL_VERIFIED: 'my e-mail address is verified',
  KYC_VERIFIED: 'my identity documents are verified',
  KYC_REJECTED: 'my identity documents are rejected',
  LISTING_APPROVED: 'a listing of mine is approved',
  LISTING_REJECTED: 'a listing of mine is rejected',
  LISTING_SUSPENDED: 'a listing of mine is suspended',
  ORDER_APPROVED: 'an order of mine is approved',
  ORDER_REJECTED: 'an order of mine is rejected',
  WITHDRAWAL_PAID: 'a withdrawal is paid',
  WITHDRAWAL_DECLINED: 'a withdrawal is declined',
  DEPOSIT_RECEIVED: 'a deposit reaches my wallet',
  DISTRIBUTION_PAID: 'a distribution is paid to me',
  MARKET_ORDER_FILLED: 'a market order of mine is filled',
  MARKET_ORDER_CANCELLED: 'an administrator cancels a market order of mine',
  SUPPORT_REPLY: 'support replies to me',
  PAYOUT_DESTINATION_CHANGED: 'my payout bank accounts change',
  EXPORT_READY: 'an export I asked for is ready',
  EXPORT_FAILED: 'an export I asked for could not be finished',
  TWO_FACTOR_CHANGED: 'two-factor sign-in is turned on or off',
  INCOME_REPORT_DECIDED: 'an income report of mine is approved or rejected',
  DISTRIBUTION_REFUSED: 'a distribution cannot be paid from my wallet',
  LISTING_REVISION_DECIDED: 'changes to a listing of mine are approved or rejected',
  LISTING_RESUMED: 'a listing of mine, or one I hold, is back on sale',
  HOLDING_SUSPENDED: 'a property I hold is suspended',
  APPRAISAL_VOIDED: 'an appraisal of a property I hold is withdrawn',
  DISTRIBUTION_CANCELLED: 'a distribution of a listing of mine is cancelled',
  DISTRIBUTION_CORRECTED: 'a distribution paid to me or from my wallet is corrected',
  LISTING_HANDED_OVER: 'a listing is handed over to me, or from me to another owner',
  PROPOSAL_OPENED: 'a vote opens on a property I hold',
  PROPOSAL_CLOSING: 'a vote I can take part in closes within a day',
  PROPOSAL_RESULT: 'a vote I took part in is decided or cancelled',
  PROPERTY_SOLD: 'a property I hold, or a listing of mine, is sold',
};

export interface Notification {
  _id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path in the app (e.g. '/investor/orders'), or null. */
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

/** GET /v1/notifications?page=&pageSize= (newest first; pageSize ≤ 50, default 20). */
export interface NotificationsPage {
  items: Notification[];
  total: number;
  page: number;
  pageSize: number;
  /** Unread notices of this person, all pages. */
  unread: number;
}

/**
 * GET /v1/notifications/preferences and PUT (body: `{ email: { KIND: boolean, … } }`, partial).
 * `email[kind]`: whether that kind also comes by e-mail (default true); kinds in
 * `mandatory` are always true and cannot be switched off (PUT refuses with 400).
 */
export interface NotificationPreferences {
  email: Record<NotificationKind, boolean>;
  mandatory: NotificationKind[];
}

/** One server-sent event of GET /v1/events (the `data:` line, JSON). */
export interface RealtimeMessage {
  topic: string;
  type: string;
  data?: Record<string, string | number | boolean | null>;
}
