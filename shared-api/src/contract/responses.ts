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
import type { LedgerEntry, Page, Payout, Property, User } from './types';
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

/**
 * A page of the public catalogue. `nextCursor` asks for the page after this one at any depth
 * (null: this is the last). `totalExact` is false when `total` is a lower bound: a name search
 * counts its matches up to CATALOGUE_SEARCH_COUNT_CAP.
 */
export type CataloguePage = Page<Property> & { nextCursor?: string | null; totalExact?: boolean };
/** `totals` is null when the selection is larger than the server sums per request: narrow it. */
export type LedgerPage = Page<LedgerEntry> & { totals: LedgerTotals | null };

export const EXPORT_JOB_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** What a background export's person is told (notifications, the job's error). */
export const EXPORT_MESSAGES = {
  failedTitle: 'Your ledger export could not be finished',
  /** The job's error and the notice's body when the server running it stopped midway. */
  interrupted: 'The server preparing it stopped before it was finished. Please ask for the export again.',
  /** The body of a failure notice for any other cause. */
  failed: 'Something went wrong while it was prepared. Please ask for the export again.',
} as const;

/**
 * A ledger export run in the background (POST /v1/transactions/export-jobs, admins): its
 * person is notified when it is ready. `downloadUrl` (a signed path, for a while) once DONE;
 * EXPIRED once the file is removed (its download window is over); FAILED also when the
 * process running it died (its person is told).
 */
export interface ExportJob {
  _id: string;
  status: ExportJobStatus;
  rows: number | null;
  size: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  downloadUrl: string | null;
}

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

/** batchId: the latest bank file it was sent in (null: in none yet). */
export type AdminPayout = Payout & { user?: PayoutUser; batchId?: string | null };

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
