import { Type, type Static } from 'typebox';
import type {
  AdminInvestorMetrics,
  AdminListingMetrics,
  AdminMetrics,
  AdminOwnerMetrics,
  AuditEntry,
  AuditExportQuery,
  AuditQuery,
} from 'shared-api/contract';
import { AUDIT_SORTS, SORT_ORDERS } from 'shared-api/contract';
import { assertSame, CursorPageQuery, DateTime, Id, StringEnum, type Same } from '../../lib/schema';
import { ByTypeSchema, DatedAmountSchema, DatedCountSchema, ListingsByStatusSchema, UsersByStatusSchema } from '../users';

export const AdminMetricsSchema = Type.Object({
  investors: Type.Integer(),
  owners: Type.Integer(),
  admins: Type.Integer(),
  properties: Type.Integer(),
  listingsByStatus: ListingsByStatusSchema,
  usersByStatus: UsersByStatusSchema,
  totalInvested: Type.Number(),
  pendingOrders: Type.Integer(),
  walletBalances: Type.Number(),
  openMarketFlags: Type.Integer(),
  submittedCases: Type.Integer(),
  pendingApprovals: Type.Integer(),
  pendingRevisions: Type.Integer(),
  pendingProgressReviews: Type.Integer(),
  submittedReports: Type.Integer(),
  refusedDistributions: Type.Integer(),
  requestedPayouts: Type.Integer(),
  openTickets: Type.Integer(),
  signUpsOverTime: Type.Array(Type.Object({ date: Type.String(), investors: Type.Integer(), owners: Type.Integer() })),
  investedOverTime: Type.Array(DatedAmountSchema),
});
assertSame<Same<Static<typeof AdminMetricsSchema>, AdminMetrics>>();

export const InvestorMetricsSchema = Type.Object({
  total: Type.Integer(),
  byStatus: UsersByStatusSchema,
  subscribed: Type.Integer(),
  onboardingCompleted: Type.Integer(),
  emailVerified: Type.Integer(),
  signUpsOverTime: Type.Array(DatedCountSchema),
  totalInvested: Type.Number(),
  walletBalances: Type.Number(),
});
assertSame<Same<Static<typeof InvestorMetricsSchema>, AdminInvestorMetrics>>();

export const ListingMetricsSchema = Type.Object({
  total: Type.Integer(),
  byStatus: ListingsByStatusSchema,
  byType: ByTypeSchema,
  byState: Type.Array(Type.Object({ state: Type.String(), count: Type.Integer() })),
  unitsTotal: Type.Integer(),
  unitsSold: Type.Integer(),
  unitsReserved: Type.Integer(),
  totalValue: Type.Number(),
  amountRaised: Type.Number(),
  listedOverTime: Type.Array(DatedCountSchema),
});
assertSame<Same<Static<typeof ListingMetricsSchema>, AdminListingMetrics>>();

export const OwnerMetricsSchema = Type.Object({
  total: Type.Integer(),
  byStatus: UsersByStatusSchema,
  withListings: Type.Integer(),
  signUpsOverTime: Type.Array(DatedCountSchema),
  topOwners: Type.Array(Type.Object({ ownerId: Id, name: Type.String(), listings: Type.Integer(), amountRaised: Type.Number() })),
});
assertSame<Same<Static<typeof OwnerMetricsSchema>, AdminOwnerMetrics>>();

export const AuditEntrySchema = Type.Object({
  _id: Id,
  actorId: Id,
  actorEmail: Type.String(),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.String(),
  createdAt: DateTime,
});
assertSame<Same<Static<typeof AuditEntrySchema>, AuditEntry>>();

export const AuditQuerySchema = Type.Object(
  {
    sort: Type.Optional(StringEnum(AUDIT_SORTS)),
    order: Type.Optional(StringEnum(SORT_ORDERS)),
    action: Type.Optional(Type.String({ maxLength: 64 })),
    actorId: Type.Optional(Id),
    ...CursorPageQuery,
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof AuditQuerySchema>, AuditQuery>>();

/** The CSV export takes the list's filters, never its paging: it is every matching row. */
export const AuditExportQuerySchema = Type.Object(
  { action: Type.Optional(Type.String({ maxLength: 64 })), actorId: Type.Optional(Id) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof AuditExportQuerySchema>, AuditExportQuery>>();
