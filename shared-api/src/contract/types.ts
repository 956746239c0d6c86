// JSON shapes of the HTTP API (spec 3 and 7). Ids are `_id` strings, fields camelCase.
// Money on the wire is in dollars as a number with at most two decimals; the server
// keeps integer cents.
import type { AdminRole } from './admin-roles';
import type { SoldPropertyFigures } from './exits';
import type { PayoutDestination } from './payout-destinations';
import type {
  CheckoutPurpose,
  CheckoutStatus,
  EntityType,
  InvestorType,
  LedgerEntryType,
  OrderStatus,
  PayoutStatus,
  PropertyStatus,
  PropertyType,
  Role,
  SupportAuthorRole,
  SupportKind,
  SupportMailStatus,
  SupportStatus,
  UserStatus,
} from './enums';

export interface ImageRef {
  _id: string;
  url: string;
  /** Responsive variants, `srcset` syntax ("/download/x-480.webp 480w, ..."), when the server made them. */
  srcset?: string;
  width?: number;
  height?: number;
}

export interface FileRef {
  _id: string;
  url: string;
  /** Original file name as uploaded (display only). */
  name: string;
  mimeType: string;
  size: number;
}

export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  status: UserStatus;
  emailVerified: boolean;
  isSubscribed: boolean;
  onboardingCompleted: boolean;
  avatar: { url: string } | null;
  country: string | null;
  phone: string | null;
  userType: EntityType | null;
  businessName: string | null;
  rejectionReason: string | null;
  claimableTokens: number;
  createdAt: string;
  /**
   * Only in GET /v1/users/me: true for an admin whom ADMIN_2FA_REQUIRED refuses every admin
   * route until they set up a second factor (the console explains it up front).
   */
  twoFactorRequired?: boolean;
  /** An admin's role (what they may do, ADMIN_ACCESS); null for everyone else. */
  adminRole?: AdminRole | null;
}

export interface QuestionnaireAnswers {
  investorType: InvestorType;
  highNetWorthInvestor: boolean;
  annualIncome100OrMore: boolean | null;
  annualIncomeValue: number | null;
  netAssets: boolean | null;
}

/** What an admin sees of a person (spec 6: verify users, view their documents). */
export interface UserDetail extends User {
  kycDocuments: FileRef[];
  businessDocuments: FileRef[];
  questionnaire: (QuestionnaireAnswers & { submittedAt: string }) | null;
}

export interface AuthResult {
  accessToken: string;
  user: User;
}

export interface ProgressUpdate {
  _id: string;
  percent: number;
  note: string;
  createdAt: string;
}

export interface Property {
  _id: string;
  name: string;
  address: string;
  /** Two-letter US state code. */
  state: string;
  description: string;
  type: PropertyType;
  status: PropertyStatus;
  images: ImageRef[];
  documents: FileRef[];
  totalQuantity: number;
  /** Units that can still be bought (total - reserved - sold). */
  availableQuantity: number;
  /** Units in PENDING orders: reserved for their buyers, not sold (issue 16). */
  reservedQuantity: number;
  /** Units of COMPLETED orders: sold (issue 16; see figures.ts). */
  soldQuantity: number;
  /** Dollars per unit. */
  unitPrice: number;
  /** Percent over five years (40 means 40%; 8% a year). */
  roiInFiveYears: number;
  /** Off-plan construction progress, 0–100; null for rental-ready. */
  progress: number | null;
  /** The applied updates only: one held for review (or rejected) is not shown here. */
  progressUpdates: ProgressUpdate[];
  ownerId: string;
  rejectionReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set when the listing is suspended (its owner was rejected): shown, not buyable. */
  suspendedAt: string | null;
  suspendedReason: string | null;
}

/** GET /v1/properties/:id: a listing, with its sale's final figures once it is sold. */
export interface PropertyDetail extends Property {
  /** The sale's figures (as GET /v1/properties/:id/sale) when the property is SOLD, else null. */
  sale?: SoldPropertyFigures | null;
}

export type PropertySummary = Pick<
  Property,
  | '_id'
  | 'name'
  | 'address'
  | 'state'
  | 'type'
  | 'status'
  | 'images'
  | 'unitPrice'
  | 'roiInFiveYears'
  | 'totalQuantity'
  | 'availableQuantity'
  | 'reservedQuantity'
  | 'soldQuantity'
  | 'suspendedAt'
  | 'suspendedReason'
>;

export interface Page<T> {
  items: T[];
  /** Exact, or the database's estimate when `totalIsEstimate` (large admin lists). */
  total: number;
  page: number;
  pageSize: number;
  totalIsEstimate?: boolean;
  /** Lists paged by cursor: pass as `after` for the next page (null: this is the last). */
  nextCursor?: string | null;
  /** Pass as `before` for the previous page (null: this is the first). */
  prevCursor?: string | null;
}

export interface Order {
  _id: string;
  investorId: string;
  propertyId: string;
  property: PropertySummary | null;
  quantity: number;
  unitPrice: number;
  amount: number;
  status: OrderStatus;
  /** Why an admin rejected it (REJECTED only). */
  reason?: string | null;
  /** When it left PENDING (approved, rejected or cancelled). */
  decidedAt?: string | null;
  /** Admin lists: who placed it, with their verification status (issue 16). */
  investor?: { _id: string; firstName: string; lastName: string; email: string; status: UserStatus };
  createdAt: string;
  updatedAt: string;
}

export interface Holding {
  _id: string;
  investorId: string;
  propertyId: string;
  property: PropertySummary;
  quantity: number;
  amountInvested: number;
  createdAt: string;
  updatedAt: string;
}

export interface LedgerEntry {
  _id: string;
  userId: string;
  type: LedgerEntryType;
  /** Signed dollars: positive credits the wallet, negative debits it. */
  amount: number;
  /** Wallet balance right after this entry. */
  balanceAfter: number;
  orderId: string | null;
  propertyId: string | null;
  payoutId: string | null;
  checkoutId: string | null;
  description: string;
  createdAt: string;
}

export interface Wallet {
  userId: string;
  balance: number;
  /** Money held for pending withdrawals and pending orders (already out of balance). */
  held: number;
  currency: 'USD';
}

export interface Checkout {
  _id: string;
  purpose: CheckoutPurpose;
  amount: number;
  status: CheckoutStatus;
  /** Where the browser goes to pay (the provider's page). */
  checkoutUrl: string;
  createdAt: string;
}

export interface Payout {
  _id: string;
  userId: string;
  amount: number;
  status: PayoutStatus;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** The bank's reference for the transfer, once paid (null before, and for withdrawals paid before references were kept). */
  bankReference: string | null;
  /** The bank account it is paid to (issue 19), masked; null only for withdrawals made before destinations existed. */
  destination: PayoutDestination | null;
}

export interface SupportTicket {
  _id: string;
  kind: SupportKind;
  userId: string | null;
  name: string | null;
  email: string | null;
  phoneNumber: string | null;
  subject: string;
  message: string;
  status: SupportStatus;
  createdAt: string;
  closedAt: string | null;
  /** Last activity: the latest message, or the closing. */
  updatedAt: string;
  /** The admin who took it, or null. */
  assignedTo: string | null;
}

export interface SupportMessage {
  _id: string;
  ticketId: string;
  /** Null for a visitor's contact-form message. */
  authorId: string | null;
  authorRole: SupportAuthorRole;
  /** Who wrote it, as the reader should see it ("Support team" for an admin, on the person's side). */
  authorName: string;
  body: string;
  createdAt: string;
  /** An admin's reply to a contact-form message, sent by e-mail; null otherwise. */
  email: { status: SupportMailStatus; sentAt: string | null; error: string | null } | null;
}

/** GET /v1/support/mine/{id}: the ticket and its messages, oldest first (the first is the opening message). */
export interface SupportThread {
  ticket: SupportTicket;
  messages: SupportMessage[];
}

/** The person's account beside an admin's thread. */
export interface SupportPersonSummary {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  status: UserStatus;
  walletBalance: number;
  holdingsCount: number;
}

/** GET /v1/support/{id} (admins). */
export interface AdminSupportThread extends SupportThread {
  /** Null for a visitor's contact-form message (or a deleted account). */
  person: SupportPersonSummary | null;
  assignee: { _id: string; name: string } | null;
}

export interface UserMetrics {
  /** Units held x their marks (the portfolio engine's holdings value). */
  portfolioValue: number;
  /** Wallet balance + portfolioValue: the account value every investor screen shows. */
  accountValue: number;
  /** Cost of the units held (open lots). */
  totalInvested: number;
  holdingsCount: number;
  walletBalance: number;
  pendingOrders: number;
  claimableTokens: number;
  allocationByProperty: { propertyId: string; name: string; amount: number }[];
  allocationByType: { type: PropertyType; amount: number }[];
  /** Cost of the units held at each day's end since the first purchase. */
  investedOverTime: { date: string; amount: number }[];
  /** Owner figures (zero for investors). */
  listingsByStatus: Partial<Record<PropertyStatus, number>>;
  unitsSold: number;
  /** Units of the owner's listings in pending orders (not sold). */
  unitsReserved: number;
  amountRaised: number;
  payoutsReceived: number;
}

export interface AdminMetrics {
  investors: number;
  owners: number;
  admins: number;
  properties: number;
  listingsByStatus: Partial<Record<PropertyStatus, number>>;
  usersByStatus: Partial<Record<UserStatus, number>>;
  totalInvested: number;
  pendingOrders: number;
  walletBalances: number;
  /** Market surveillance flags waiting for a review. */
  openMarketFlags: number;
  /** Verification cases submitted and waiting for a decision. */
  submittedCases: number;
  /** Admin actions waiting for a second admin (four eyes). */
  pendingApprovals: number;
  /** Changes to live listings waiting for a review. */
  pendingRevisions: number;
  /** Off-plan progress updates going backwards, waiting for a review. */
  pendingProgressReviews: number;
  /** Owners' income reports waiting for a decision. */
  submittedReports: number;
  /** Declared distributions the owner's wallet could not pay (refused, not yet paid or cancelled). */
  refusedDistributions: number;
  /** Withdrawals waiting to be paid or rejected. */
  requestedPayouts: number;
  /** Support tickets waiting for the platform's answer. */
  openTickets: number;
  signUpsOverTime: { date: string; investors: number; owners: number }[];
  investedOverTime: { date: string; amount: number }[];
}

export interface AuditEntry {
  _id: string;
  actorId: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  detail: Record<string, unknown>;
  ip: string;
  createdAt: string;
}

/** Error body of every failed call. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string | string[];
}
