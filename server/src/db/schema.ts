// Drizzle view of the tables the numbered SQL migrations create (the SQL is the source of truth).
import { bigint, boolean, char, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  AdminRole,
  CheckoutPurpose,
  CheckoutStatus,
  EntityType,
  InvestorType,
  LedgerEntryType,
  NotificationKind,
  OrderStatus,
  OtpPurpose,
  PayoutStatus,
  ProgressUpdateStatus,
  PropertyStatus,
  PropertyType,
  Role,
  SupportAuthorRole,
  SupportKind,
  SupportMailStatus,
  SupportStatus,
  UserStatus,
  PayoutDestinationKind,
  KycCaseKind,
  KycCaseStatus,
  KycChecklist,
  KycRejectionReason,
} from 'shared-api/contract';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  role: text('role').$type<Role>().notNull(),
  /** Admins only (users_admin_role_check): what this admin may do (ADMIN_ACCESS). */
  adminRole: text('admin_role').$type<AdminRole>(),
  status: text('status').$type<UserStatus>().notNull().default('PENDING'),
  emailVerified: boolean('email_verified').notNull().default(false),
  isSubscribed: boolean('is_subscribed').notNull().default(false),
  onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
  country: text('country'),
  phone: text('phone'),
  userType: text('user_type').$type<EntityType>(),
  businessName: text('business_name'),
  rejectionReason: text('rejection_reason'),
  claimableTokens: integer('claimable_tokens').notNull().default(0),
  avatarFileId: uuid('avatar_file_id'),
  /** The demo seed's printed accounts only: ADMIN_2FA_REQUIRED lets them act with a password. */
  twoFactorExempt: boolean('two_factor_exempt').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  /** The last step-up (code or password) in this session. */
  reauthAt: ts('reauth_at'),
});

export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id').primaryKey(),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: ts('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const userRecoveryCodes = pgTable('user_recovery_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const signinChallenges = pgTable('signin_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const emailChanges = pgTable('email_changes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  cancelledAt: ts('cancelled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const userPasskeys = pgTable('user_passkeys', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  credentialId: text('credential_id').notNull(),
  /** The COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull(),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
});

export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose').$type<'REGISTER' | 'SIGNIN' | 'SECOND_FACTOR' | 'STEP_UP'>().notNull(),
  userId: uuid('user_id'),
  sessionId: uuid('session_id'),
  signinTokenHash: text('signin_token_hash'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const otpCodes = pgTable('otp_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  purpose: text('purpose').$type<OtpPurpose>().notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const properties = pgTable('properties', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  state: char('state', { length: 2 }).notNull(),
  description: text('description').notNull().default(''),
  type: text('type').$type<PropertyType>().notNull(),
  status: text('status').$type<PropertyStatus>().notNull().default('PENDING_REVIEW'),
  totalQuantity: integer('total_quantity').notNull(),
  availableQuantity: integer('available_quantity').notNull(),
  /** Units in PENDING orders, and in COMPLETED ones (= holdings); moved by the order triggers only. */
  reservedQuantity: integer('reserved_quantity').notNull().default(0),
  settledQuantity: integer('settled_quantity').notNull().default(0),
  unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
  roiInFiveYears: numeric('roi_in_five_years', { precision: 7, scale: 2, mode: 'number' }).notNull(),
  progress: integer('progress'),
  rejectionReason: text('rejection_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Set when the owner is rejected (migration 0040): not buyable until an admin resumes it. */
  suspendedAt: ts('suspended_at'),
  suspendedReason: text('suspended_reason'),
});

export type FileKind =
  | 'AVATAR'
  | 'KYC'
  | 'BUSINESS_KYC'
  | 'PROPERTY_IMAGE'
  | 'PROPERTY_DOCUMENT'
  | 'INCOME_RECEIPT'
  | 'APPRAISAL_DOCUMENT'
  | 'PROPOSAL_DOCUMENT';
export interface FileVariant {
  key: string;
  width: number;
}

export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  propertyId: uuid('property_id'),
  kind: text('kind').$type<FileKind>().notNull(),
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  variants: jsonb('variants').$type<FileVariant[]>().notNull().default([]),
  /** Order of a listing's images (0 = cover) and documents (issue 16). */
  position: integer('position').notNull().default(0),
  /** Set while the file is staged for a revision of a live listing (property_id is then null). */
  revisionId: uuid('revision_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Proposed field values of a revision (only the changed ones; price in cents). */
export interface RevisionFields {
  name?: string;
  address?: string;
  state?: string;
  description?: string;
  totalQuantity?: number;
  unitPriceCents?: number;
  roiInFiveYears?: number;
  progress?: number;
}

export const propertyRevisions = pgTable('property_revisions', {
  id: uuid('id').primaryKey().defaultRandom(),
  propertyId: uuid('property_id').notNull(),
  status: text('status').$type<'PENDING' | 'APPROVED' | 'REJECTED'>().notNull().default('PENDING'),
  fields: jsonb('fields').$type<RevisionFields>().notNull().default({}),
  images: jsonb('images').$type<string[]>().notNull(),
  documents: jsonb('documents').$type<string[]>().notNull(),
  reason: text('reason'),
  createdBy: uuid('created_by').notNull(),
  decidedBy: uuid('decided_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
});

export const progressUpdates = pgTable('progress_updates', {
  id: uuid('id').primaryKey().defaultRandom(),
  propertyId: uuid('property_id').notNull(),
  percent: integer('percent').notNull(),
  note: text('note').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Migration 1260: a backward update waits for review (PENDING_REVIEW) before it is applied. */
  status: text('status').$type<ProgressUpdateStatus>().notNull().default('APPLIED'),
  previousPercent: integer('previous_percent'),
  decidedBy: uuid('decided_by'),
  decidedAt: ts('decided_at'),
  reviewReason: text('review_reason'),
  /** Migration 1280: the owner or the admin who asked; that admin may not approve it. */
  requestedBy: uuid('requested_by'),
});

export const questionnaires = pgTable('questionnaires', {
  userId: uuid('user_id').primaryKey(),
  investorType: text('investor_type').$type<InvestorType>().notNull(),
  highNetWorthInvestor: boolean('high_net_worth_investor').notNull(),
  annualIncome100OrMore: boolean('annual_income_100_or_more'),
  annualIncomeValue: integer('annual_income_value'),
  netAssets: boolean('net_assets'),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
});

export const supportTickets = pgTable('support_tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').$type<SupportKind>().notNull(),
  userId: uuid('user_id'),
  name: text('name'),
  email: text('email'),
  phoneNumber: text('phone_number'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  status: text('status').$type<SupportStatus>().notNull().default('OPEN'),
  createdAt: ts('created_at').notNull().defaultNow(),
  closedAt: ts('closed_at'),
  closedBy: uuid('closed_by'),
  assignedTo: uuid('assigned_to'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const supportMessages = pgTable('support_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  ticketId: uuid('ticket_id').notNull(),
  authorId: uuid('author_id'),
  authorRole: text('author_role').$type<SupportAuthorRole>().notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  emailStatus: text('email_status').$type<SupportMailStatus>(),
  emailSentAt: ts('email_sent_at'),
  emailError: text('email_error'),
  emailAttempts: integer('email_attempts').notNull().default(0),
});

export const auditLog = pgTable('audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  actorId: uuid('actor_id').notNull(),
  actorEmail: text('actor_email').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  ip: text('ip').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// ---- Money (migrations 0010–0014; the triggers there move the money) ----

export const wallets = pgTable('wallets', {
  userId: uuid('user_id').primaryKey(),
  balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  entryCount: bigint('entry_count', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: uuid('id').primaryKey().defaultRandom(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  userId: uuid('user_id').notNull(),
  /** 1, 2, 3, … within the wallet, in the order the balance moved. */
  walletSeq: bigint('wallet_seq', { mode: 'number' }).notNull(),
  type: text('type').$type<LedgerEntryType>().notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
  orderId: uuid('order_id'),
  propertyId: uuid('property_id'),
  payoutId: uuid('payout_id'),
  checkoutId: uuid('checkout_id'),
  description: text('description').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  investorId: uuid('investor_id').notNull(),
  propertyId: uuid('property_id').notNull(),
  quantity: integer('quantity').notNull(),
  unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: text('status').$type<OrderStatus>().notNull().default('PENDING'),
  reason: text('reason'),
  decidedBy: uuid('decided_by'),
  decidedAt: ts('decided_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const holdings = pgTable('holdings', {
  id: uuid('id').primaryKey().defaultRandom(),
  investorId: uuid('investor_id').notNull(),
  propertyId: uuid('property_id').notNull(),
  quantity: integer('quantity').notNull(),
  amountInvestedCents: bigint('amount_invested_cents', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const checkouts = pgTable('checkouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  purpose: text('purpose').$type<CheckoutPurpose>().notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  tokens: integer('tokens').notNull().default(0),
  status: text('status').$type<CheckoutStatus>().notNull().default('OPEN'),
  provider: text('provider').notNull(),
  providerRef: text('provider_ref'),
  checkoutUrl: text('checkout_url'),
  returnPath: text('return_path').notNull(),
  /** The public origin the checkout was started from (migration 0041); null: PUBLIC_URL. */
  returnOrigin: text('return_origin'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  settledAt: ts('settled_at'),
});

export const payouts = pgTable('payouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: text('status').$type<PayoutStatus>().notNull().default('REQUESTED'),
  reason: text('reason'),
  decidedBy: uuid('decided_by'),
  decidedAt: ts('decided_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Migration 1150: the transfer's bank reference, required to mark one paid. */
  bankReference: text('bank_reference'),
  /** Migration 0090: required for new withdrawals, null for older ones. */
  payoutDestinationId: uuid('payout_destination_id'),
});

/** Migration 1230: bank files of withdrawals (CSV, pain.001) and the payouts sent in each. */
export const payoutBatches = pgTable('payout_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdBy: uuid('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  payoutCount: integer('payout_count').notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  reexport: boolean('reexport').notNull().default(false),
  csvSha256: char('csv_sha256', { length: 64 }).notNull(),
  xmlSha256: char('xml_sha256', { length: 64 }).notNull(),
});

export const payoutBatchItems = pgTable('payout_batch_items', {
  batchId: uuid('batch_id').notNull(),
  payoutId: uuid('payout_id').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
});

/** Migration 0090: bank accounts withdrawals are paid to; the full numbers sealed (AES-256-GCM). */
export const payoutDestinations = pgTable('payout_destinations', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').$type<PayoutDestinationKind>().notNull(),
  holderName: text('holder_name').notNull(),
  country: text('country').notNull(),
  last4: text('last4').notNull(),
  detailsSealed: text('details_sealed').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  removedAt: ts('removed_at'),
});

export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code'),
  /** Rows from before migration 1020 only (ledger/sql/idempotency_claim.sql reads it). */
  response: jsonb('response'),
  /** The operation's result (ledger/sql/idempotency_store.sql). */
  result: jsonb('result'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').$type<NotificationKind>().notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  link: text('link'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  readAt: ts('read_at'),
  emailStatus: text('email_status').$type<'PENDING' | 'SENT' | 'SKIPPED' | 'FAILED'>().notNull().default('PENDING'),
  emailAttempts: integer('email_attempts').notNull().default(0),
  emailNextAt: ts('email_next_at').notNull().defaultNow(),
  emailSentAt: ts('email_sent_at'),
  emailError: text('email_error'),
  /** 0: security and money notices, mailed before lane 1 (everything else). */
  emailLane: smallint('email_lane').notNull().default(1),
});

export const notificationEmailOptouts = pgTable('notification_email_optouts', {
  userId: uuid('user_id').notNull(),
  kind: text('kind').$type<NotificationKind>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type PropertyRow = typeof properties.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type RevisionRow = typeof propertyRevisions.$inferSelect;
export type SupportRow = typeof supportTickets.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutDestinationRow = typeof payoutDestinations.$inferSelect;

// ---- Market surveillance (migration 1100) ----

export const marketFlags = pgTable('market_flags', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  propertyId: uuid('property_id'),
  userA: uuid('user_a').notNull(),
  userB: uuid('user_b').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  status: text('status').notNull().default('OPEN'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  evidenceAt: ts('evidence_at').notNull(),
  reviewedBy: uuid('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
  reviewNote: text('review_note'),
});

// ---- Verification cases (migration 1220) ----

export const kycCases = pgTable('kyc_cases', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').$type<KycCaseKind>().notNull(),
  status: text('status').$type<KycCaseStatus>().notNull().default('SUBMITTED'),
  documentCount: integer('document_count').notNull().default(0),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
  checklist: jsonb('checklist').$type<KycChecklist>().notNull().default({}),
  decidedAt: ts('decided_at'),
  decidedBy: uuid('decided_by'),
  reasonCode: text('reason_code').$type<KycRejectionReason>(),
  decisionNote: text('decision_note'),
});

export const kycCaseNotes = pgTable('kyc_case_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  caseId: uuid('case_id').notNull(),
  authorId: uuid('author_id').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
