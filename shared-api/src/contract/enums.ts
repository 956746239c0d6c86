export const ROLES = ['INVESTOR', 'PROPERTY_OWNER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['PENDING', 'VERIFIED', 'REJECTED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Onboarding "user type". */
export const ENTITY_TYPES = ['INDIVIDUAL', 'BUSINESS_ENTITY'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Sign-up "use as" select values (spec 6: the owner option's value is OWNER). */
export const SIGNUP_USER_TYPES = ['INVESTOR', 'OWNER'] as const;
export type SignupUserType = (typeof SIGNUP_USER_TYPES)[number];

export const PROPERTY_TYPES = ['OFF_PLAN', 'RENTAL_READY'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  OFF_PLAN: 'Off Plan',
  RENTAL_READY: 'Rental Ready',
};
/** The property-list filter labels RENTAL_READY differently (spec 4). */
export const PROPERTY_TYPE_FILTER_LABELS: Record<PropertyType, string> = {
  OFF_PLAN: 'Off Plan',
  RENTAL_READY: 'Rental/Residency Ready',
};

export const PROPERTY_STATUSES = ['PENDING_REVIEW', 'ACTIVE', 'REJECTED', 'FUNDED', 'SOLD'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
/** Statuses anyone may see: live listings, and sold ones with their final figures (the catalogue lists live ones only). */
export const PUBLIC_PROPERTY_STATUSES: readonly PropertyStatus[] = ['ACTIVE', 'FUNDED', 'SOLD'];

export const ORDER_STATUSES = ['PENDING', 'COMPLETED', 'REJECTED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Every movement of money is one ledger entry of one of these types. */
export const LEDGER_ENTRY_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_RELEASE',
  'ORDER_HOLD',
  'ORDER_REFUND',
  'OWNER_PAYOUT',
  'SUBSCRIPTION_FEE',
  // Issue 18: the owner funds a distribution and pays the management fee; holders receive
  // their payment, the platform revenue account the fee.
  'DISTRIBUTION_FUNDING',
  'DISTRIBUTION_PAYMENT',
  'MANAGEMENT_FEE',
  'FEE_REVENUE',
  // A paid distribution corrected: each of the entries above reversed by its opposite.
  'DISTRIBUTION_PAYMENT_REVERSAL',
  'DISTRIBUTION_FUNDING_REVERSAL',
  'MANAGEMENT_FEE_REVERSAL',
  'FEE_REVENUE_REVERSAL',
  // Issue 20: the secondary market. A bid holds its money (TRADE_HOLD) and releases it per fill
  // or when it leaves the book (TRADE_REFUND); the buyer pays (TRADE_BUY), the seller receives
  // (TRADE_SELL) and pays the trading fee (TRADE_FEE); the platform receives FEE_REVENUE.
  'TRADE_HOLD',
  'TRADE_REFUND',
  'TRADE_BUY',
  'TRADE_SELL',
  'TRADE_FEE',
  // A property's sale: the owner funds the holders' proceeds (SALE_FUNDING) and pays the sale
  // fee (SALE_FEE); holders receive SALE_PROCEEDS, the platform revenue account SALE_FEE_REVENUE.
  'SALE_FUNDING',
  'SALE_PROCEEDS',
  'SALE_FEE',
  'SALE_FEE_REVENUE',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** CANCELLED: the person withdrew their own request before review (issue 16); the hold is released. */
export const PAYOUT_STATUSES = ['REQUESTED', 'PAID', 'REJECTED', 'CANCELLED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const CHECKOUT_PURPOSES = ['DEPOSIT', 'SUBSCRIPTION'] as const;
export type CheckoutPurpose = (typeof CHECKOUT_PURPOSES)[number];
export const CHECKOUT_STATUSES = ['OPEN', 'PAID', 'DECLINED', 'EXPIRED'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** OPEN: the team's turn; WAITING: an admin replied, the person's turn; CLOSED (answering reopens it). */
export const SUPPORT_STATUSES = ['OPEN', 'WAITING', 'CLOSED'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_KINDS = ['TICKET', 'CONTACT'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];
export const SUPPORT_AUTHOR_ROLES = ['ADMIN', 'PERSON'] as const;
export type SupportAuthorRole = (typeof SUPPORT_AUTHOR_ROLES)[number];
/** An admin's e-mailed reply to a contact-form message: stored, then sent (or failed, to send again). */
export const SUPPORT_MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type SupportMailStatus = (typeof SUPPORT_MAIL_STATUSES)[number];

export const OTP_PURPOSES = ['VERIFY_EMAIL', 'RESET_PASSWORD'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export const INVESTOR_TYPES = ['RESTRICTED', 'SOPHISTICATED'] as const;
export type InvestorType = (typeof INVESTOR_TYPES)[number];
