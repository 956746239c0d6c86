// Response shapes beyond the domain types (types.ts).
import type {
  CheckoutPurpose,
  CheckoutStatus,
  LedgerEntryType,
  OrderStatus,
  PayoutStatus,
  PropertyStatus,
  PropertyType,
  Role,
  UserStatus,
} from './enums';
import type { LedgerEntry, Page, Payout, User } from './types';
import type { PropertyWithRevision } from './revisions';

export interface MessageResult {
  message: string;
}

export interface SignupResult {
  message: string;
  user: User;
}

/** A password change ends every session; the caller gets a fresh token. */
export interface UpdatePasswordResult {
  message: string;
  accessToken: string;
}

export interface HealthStatus {
  status: 'ok';
  service: 'tessera-api';
  version: string;
  database: 'postgres' | 'pglite';
  time: string;
}

export interface DatedCount {
  date: string;
  count: number;
}

export interface AdminInvestorMetrics {
  total: number;
  byStatus: Partial<Record<UserStatus, number>>;
  subscribed: number;
  onboardingCompleted: number;
  emailVerified: number;
  signUpsOverTime: DatedCount[];
  /** Money figures (dollars); zero until orders and wallets exist. */
  totalInvested: number;
  walletBalances: number;
}

export interface AdminListingMetrics {
  total: number;
  byStatus: Partial<Record<PropertyStatus, number>>;
  byType: Partial<Record<PropertyType, number>>;
  byState: { state: string; count: number }[];
  unitsTotal: number;
  unitsSold: number;
  /** Units in pending orders (not sold). */
  unitsReserved: number;
  /** Dollars. */
  totalValue: number;
  amountRaised: number;
  listedOverTime: DatedCount[];
}

export interface AdminOwnerMetrics {
  total: number;
  byStatus: Partial<Record<UserStatus, number>>;
  withListings: number;
  signUpsOverTime: DatedCount[];
  topOwners: { ownerId: string; name: string; listings: number; amountRaised: number }[];
}

/** The owner's view of one listing: the property and its figures. */
export interface OwnerPropertyView extends PropertyWithRevision {
  unitsSold: number;
  unitsReserved: number;
  amountRaised: number;
  totalValue: number;
  investorsCount: number;
}

export interface ActiveInvestor {
  investorId: string;
  firstName: string;
  lastName: string;
  quantity: number;
  amountInvested: number;
}

/** Who holds units of a property and how many. */
export interface ActiveInvestments {
  propertyId: string;
  unitsSold: number;
  investors: ActiveInvestor[];
}

// ---- Money ----

/** Sums of the entries a ledger query matches (all pages), in dollars. */
export interface LedgerTotals {
  count: number;
  /** Sum of the positive entries. */
  credits: number;
  /** Sum of the negative entries (a negative number). */
  debits: number;
  net: number;
  byType: Partial<Record<LedgerEntryType, number>>;
}

export type LedgerPage = Page<LedgerEntry> & { totals: LedgerTotals };

/**
 * A page of the signed-in user's ledger, with where its holds stand: the status of the
 * order behind each ORDER_HOLD entry and of the withdrawal behind each WITHDRAWAL_HOLD
 * entry of the page (keyed by order and payout id), so a wallet asks once per page.
 */
export type MyLedgerPage = Page<LedgerEntry> & {
  orderStatuses: Record<string, OrderStatus>;
  payoutStatuses: Record<string, PayoutStatus>;
};

/** The person behind a payout request, for the admins' review list. */
export interface PayoutUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  /** Verification status (issue 16: shown beside pending withdrawals). */
  status: UserStatus;
}

export type AdminPayout = Payout & { user?: PayoutUser };

/** A checkout in the admins' list (issue 16: open ones shown with the person's status). */
export interface AdminCheckout {
  _id: string;
  userId: string;
  purpose: CheckoutPurpose;
  amount: number;
  status: CheckoutStatus;
  createdAt: string;
  expiresAt: string;
  user?: PayoutUser;
}
