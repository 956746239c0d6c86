// Request bodies and query strings of the HTTP API (spec 7), shared by the server's
// schemas and the endpoint functions.
import type {
  CheckoutPurpose,
  CheckoutStatus,
  EntityType,
  LedgerEntryType,
  OrderStatus,
  OtpPurpose,
  PayoutStatus,
  PropertyStatus,
  PropertyType,
  Role,
  SupportKind,
  SupportStatus,
  UserStatus,
} from './enums';

export interface SignupBody {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface SigninBody {
  email: string;
  password: string;
}

export interface OtpGenerateBody {
  email: string;
  purpose: OtpPurpose;
}

export interface OtpVerifyBody {
  email: string;
  code: string;
  purpose: OtpPurpose;
}

export interface ResetPasswordBody {
  email: string;
  code: string;
  newPassword: string;
}

/** The profile fields a person may change themselves (never role, status, subscription or money). */
export interface UpdateMeBody {
  firstName?: string;
  lastName?: string;
  country?: string | null;
  phone?: string | null;
  userType?: EntityType | null;
  businessName?: string | null;
}

/** What an admin may change on someone's profile. */
export type AdminUpdateUserBody = UpdateMeBody;

export interface UpdatePasswordBody {
  currentPassword: string;
  newPassword: string;
}

/** Spec 7: "complete onboarding with status PENDING". */
export interface CompleteOnboardingBody {
  status?: 'PENDING';
}

export interface VerifyUserBody {
  status: Exclude<UserStatus, 'PENDING'>;
  /** Required when rejecting. */
  reason?: string;
}

export interface PageQuery {
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

/**
 * Admin lists page by number (shareable, down to a capped depth) or by cursor: `after` the
 * `nextCursor` of a page, or `before` its `prevCursor` (any depth). With a cursor, `page`
 * is only the number the list shows.
 */
export interface CursorPageQuery extends PageQuery {
  after?: string;
  before?: string;
}

/** Which way an admin list sorts by its `sort` column (default: descending). */
export type SortOrder = 'asc' | 'desc';
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** The columns an admin may sort a list by (the server refuses any other with 400). */
export const USER_SORTS = ['createdAt', 'name', 'email', 'status', 'country'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const ORDER_SORTS = ['createdAt', 'amount', 'quantity', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const AUDIT_SORTS = ['createdAt', 'action'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];
export const PAYOUT_SORTS = ['createdAt', 'amount', 'status'] as const;
export type PayoutSort = (typeof PAYOUT_SORTS)[number];
export const SUPPORT_SORTS = ['updatedAt', 'createdAt', 'subject', 'status'] as const;
export type SupportSort = (typeof SUPPORT_SORTS)[number];

export interface UsersQuery extends CursorPageQuery {
  /** Default createdAt; ties are broken by id, the same way, so pages never repeat a row. */
  sort?: UserSort;
  order?: SortOrder;
  role?: Role;
  status?: UserStatus;
  /** Matches name and e-mail. */
  q?: string;
}

export const PROPERTY_SORTS = ['newest', 'price_asc', 'price_desc', 'roi_desc', 'funded'] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];

export interface PropertiesQuery extends PageQuery {
  searchName?: string;
  /** The public list shows ACTIVE and FUNDED only; admins may ask for any status. */
  status?: PropertyStatus;
  /** Two-letter US state code. */
  state?: string;
  type?: PropertyType;
  sort?: PropertySort;
  /** The previous page's `nextCursor`: the page after it, however deep (`page` is then only echoed); named as the admin lists' `after`. */
  after?: string;
}

export interface OwnedPropertiesQuery extends PageQuery {
  searchName?: string;
  status?: PropertyStatus;
}

/** A new listing. Money in dollars (at most two decimals). */
export interface PropertyInput {
  name: string;
  address: string;
  state: string;
  description?: string;
  totalQuantity: number;
  unitPrice: number;
  roiInFiveYears: number;
}

export interface OffPlanPropertyInput extends PropertyInput {
  /** Construction progress at listing time, 0–100 (default 0). */
  progress?: number;
}

export type PropertyUpdate = Partial<PropertyInput>;
export type OffPlanPropertyUpdate = Partial<OffPlanPropertyInput>;

export interface ReviewPropertyBody {
  decision: 'APPROVE' | 'REJECT';
  /** Required when rejecting. */
  reason?: string;
}

export interface ProgressUpdateBody {
  percent: number;
  note?: string;
}

/** POST /support from a signed-in user. */
export interface SupportTicketBody {
  subject: string;
  message: string;
}

/** POST /support from the landing page's contact form (anyone). */
export interface ContactBody {
  name: string;
  phoneNumber: string;
  email: string;
  subject: string;
  message: string;
}

export interface SupportQuery extends PageQuery {
  /** Default updatedAt, descending; ties by id. */
  sort?: SupportSort;
  order?: SortOrder;
  status?: SupportStatus;
  kind?: SupportKind;
  /** Admins: 'me', 'unassigned' or an admin's user id. */
  assignee?: string;
}

/** POST /v1/support/mine/{id}/messages (the person's answer) and /v1/support/{id}/messages (an admin's reply). */
export interface SupportMessageBody {
  body: string;
}

/** PATCH /v1/support/{id}/assignee: 'me' takes the ticket, null leaves it unassigned. */
export interface SupportAssignBody {
  assignee: 'me' | null;
}

export interface AuditQuery extends CursorPageQuery {
  sort?: AuditSort;
  order?: SortOrder;
  action?: string;
  actorId?: string;
}

/** The audit CSV: the list's filters, every matching row. */
export type AuditExportQuery = Pick<AuditQuery, 'action' | 'actorId'>;

// ---- Money (wallets, payments, orders, payouts, transactions) ----

/** Options of the calls that move money: the same key from the same user has one effect. */
export interface IdempotencyOptions {
  /** Sent as the `Idempotency-Key` header (1–255 visible ASCII characters). */
  idempotencyKey?: string;
}

/** POST /v1/payments/checkouts. `amount` (dollars) is required for DEPOSIT and ignored for SUBSCRIPTION ($15). */
export interface CreateCheckoutBody {
  purpose: CheckoutPurpose;
  amount?: number;
  /** Same-origin path the browser returns to, e.g. "/dashboard/wallet"; `?checkout=<id>` is appended. */
  returnPath: string;
}

/** POST /v1/wallets/deposit: starts a DEPOSIT checkout. */
export interface DepositBody {
  amount: number;
  returnPath: string;
}

/** POST /v1/wallets/withdraw: a payout request; the amount is held at once. */
export interface WithdrawBody {
  amount: number;
  /** One of the person's own live payout destinations (required). */
  payoutDestinationId: string;
}

/** POST /v1/orders. The unit price is read from the property, never from the client. */
export interface CreateOrderBody {
  propertyId: string;
  quantity: number;
}

export interface OrdersQuery extends CursorPageQuery {
  /** Admin lists only. */
  sort?: OrderSort;
  order?: SortOrder;
  status?: OrderStatus;
  /** Admin lists only. */
  propertyId?: string;
}

/** PATCH /v1/orders/{id}/review (admins): APPROVE completes a PENDING order, REJECT refunds it. */
export interface ReviewOrderBody {
  decision: 'APPROVE' | 'REJECT';
  reason?: string;
}

/** POST /v1/orders/review (admins): several PENDING orders decided at once, all or none.
 *  1–100 distinct ids; a REJECT needs a reason (shown to each investor). */
export interface ReviewOrdersBody {
  orderIds: string[];
  decision: 'APPROVE' | 'REJECT';
  reason?: string;
}

/** GET /v1/admin/checkouts: checkouts by status (OPEN: started, not yet paid). */
export interface AdminCheckoutsQuery extends PageQuery {
  status?: CheckoutStatus;
}

export interface PayoutsQuery extends PageQuery {
  /** Default createdAt, descending; ties by id. */
  sort?: PayoutSort;
  order?: SortOrder;
  status?: PayoutStatus;
  userId?: string;
}

/** POST /v1/payouts/paid (admins): several withdrawals marked paid at once, all or none. */
export interface PayPayoutsBody {
  items: { payoutId: string; bankReference: string }[];
}

/** PATCH /v1/payouts/{id} (admins): PAID, or REJECTED (the hold is released). */
export interface DecidePayoutBody {
  status: 'PAID' | 'REJECTED';
  reason?: string;
  /** Required for PAID: the bank's reference for the transfer (1–100 characters). */
  bankReference?: string;
}

/** The signed-in user's ledger. */
export interface MyTransactionsQuery extends CursorPageQuery {
  type?: LedgerEntryType;
}

/** Every ledger entry (admins). `from` and `to` are YYYY-MM-DD (UTC), both inclusive. */
export interface TransactionsQuery extends MyTransactionsQuery {
  userId?: string;
  propertyId?: string;
  from?: string;
  to?: string;
}
