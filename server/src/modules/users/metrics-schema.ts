import { Type, type Static } from 'typebox';
import { PROPERTY_TYPES, type UserMetrics } from 'shared-api/contract';
import { assertSame, Id, StringEnum, type Same } from '../../lib/schema';

const n = () => Type.Optional(Type.Integer({ minimum: 0 }));

export const ListingsByStatusSchema = Type.Object({ PENDING_REVIEW: n(), ACTIVE: n(), REJECTED: n(), FUNDED: n() });
export const UsersByStatusSchema = Type.Object({ PENDING: n(), VERIFIED: n(), REJECTED: n() });
export const ByTypeSchema = Type.Object({ OFF_PLAN: n(), RENTAL_READY: n() });
export const DatedCountSchema = Type.Object({ date: Type.String(), count: Type.Integer() });
export const DatedAmountSchema = Type.Object({ date: Type.String(), amount: Type.Number() });

export const UserMetricsSchema = Type.Object({
  portfolioValue: Type.Number(),
  accountValue: Type.Number(),
  totalInvested: Type.Number(),
  holdingsCount: Type.Integer(),
  walletBalance: Type.Number(),
  pendingOrders: Type.Integer(),
  claimableTokens: Type.Number(),
  allocationByProperty: Type.Array(Type.Object({ propertyId: Id, name: Type.String(), amount: Type.Number() })),
  allocationByType: Type.Array(Type.Object({ type: StringEnum(PROPERTY_TYPES), amount: Type.Number() })),
  investedOverTime: Type.Array(DatedAmountSchema),
  listingsByStatus: ListingsByStatusSchema,
  unitsSold: Type.Integer(),
  unitsReserved: Type.Integer(),
  amountRaised: Type.Number(),
  payoutsReceived: Type.Number(),
});
assertSame<Same<Static<typeof UserMetricsSchema>, UserMetrics>>();
