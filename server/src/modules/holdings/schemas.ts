import { Type, type Static } from 'typebox';
import type { Holding } from 'shared-api/contract';
import { assertSame, DateTime, Id, type Same } from '../../lib/schema';
import { PropertySummarySchema } from '../orders';

export const HoldingSchema = Type.Object({
  _id: Id,
  investorId: Id,
  propertyId: Id,
  property: PropertySummarySchema,
  quantity: Type.Integer(),
  amountInvested: Type.Number(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
assertSame<Same<Static<typeof HoldingSchema>, Holding>>();

export const InvestorIdParams = Type.Object({ investorId: Id }, { additionalProperties: false });
