// The exits module's request and response schemas, each checked against its contract type.
import { Type, type Static } from 'typebox';
import type { PropertySale, RecordSaleBody, SoldPropertyFigures } from 'shared-api/contract';
import { assertSame, DateOnly, DateTime, Id, type Same } from '../../lib/schema';

export const RecordSaleSchema = Type.Object(
  {
    price: Type.Number({ description: 'What the buyer paid, in dollars' }),
    costs: Type.Number({ description: 'The sale costs paid out of the price, in dollars' }),
    soldOn: DateOnly,
    documents: Type.Optional(Type.Array(Id, { maxItems: 20, description: "Ids of the listing's documents evidencing the sale" })),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof RecordSaleSchema>, RecordSaleBody>>();

export const PropertySaleSchema = Type.Object({
  _id: Type.String(),
  propertyId: Type.String(),
  propertyName: Type.String(),
  price: Type.Number(),
  costs: Type.Number(),
  feeBps: Type.Integer(),
  fee: Type.Number(),
  net: Type.Number(),
  ownerKept: Type.Number(),
  paidToHolders: Type.Number(),
  holders: Type.Integer(),
  totalUnits: Type.Integer(),
  soldOn: Type.String(),
  documents: Type.Array(Type.String()),
  note: Type.String(),
  recordedBy: Type.String(),
  recordedAt: DateTime,
});
assertSame<Same<Static<typeof PropertySaleSchema>, PropertySale>>();

export const SoldPropertyFiguresSchema = Type.Object({
  propertyId: Type.String(),
  name: Type.String(),
  soldOn: Type.String(),
  salePrice: Type.Number(),
  costs: Type.Number(),
  fee: Type.Number(),
  netProceeds: Type.Number(),
  totalUnits: Type.Integer(),
  unitPrice: Type.Number(),
  proceedsPerUnit: Type.Number(),
  incomePaidPerUnit: Type.Number(),
  incomePaid: Type.Number(),
  totalReturnPct: Type.Number(),
});
assertSame<Same<Static<typeof SoldPropertyFiguresSchema>, SoldPropertyFigures>>();
