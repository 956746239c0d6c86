import { Type, type Static } from 'typebox';
import {
  ORDER_STATUSES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  USER_STATUSES,
  ORDER_SORTS,
  SORT_ORDERS,
  type CreateOrderBody,
  type Order,
  type OrdersQuery,
  type PropertySummary,
  type ReviewOrderBody,
  type ReviewOrdersBody,
} from 'shared-api/contract';
import { ORDER_REVIEW_MAX } from 'shared-api/contract/admin';
import { assertSame, DateTime, Id, Nullable, CursorPageQuery, StringEnum, type Same } from '../../lib/schema';
import { ImageRefSchema } from '../properties';

export const PropertySummarySchema = Type.Object({
  _id: Id,
  name: Type.String(),
  address: Type.String(),
  state: Type.String(),
  type: StringEnum(PROPERTY_TYPES),
  status: StringEnum(PROPERTY_STATUSES),
  images: Type.Array(ImageRefSchema),
  unitPrice: Type.Number(),
  roiInFiveYears: Type.Number(),
  totalQuantity: Type.Integer(),
  availableQuantity: Type.Integer(),
  reservedQuantity: Type.Integer(),
  soldQuantity: Type.Integer(),
  suspendedAt: Nullable(DateTime),
  suspendedReason: Nullable(Type.String()),
});
assertSame<Same<Static<typeof PropertySummarySchema>, PropertySummary>>();

export const OrderSchema = Type.Object({
  _id: Id,
  investorId: Id,
  propertyId: Id,
  property: Type.Union([PropertySummarySchema, Type.Null()]),
  quantity: Type.Integer(),
  unitPrice: Type.Number(),
  amount: Type.Number(),
  status: StringEnum(ORDER_STATUSES),
  reason: Type.Optional(Nullable(Type.String())),
  decidedAt: Type.Optional(Nullable(DateTime)),
  investor: Type.Optional(
    Type.Object({ _id: Id, firstName: Type.String(), lastName: Type.String(), email: Type.String(), status: StringEnum(USER_STATUSES) }),
  ),
  createdAt: DateTime,
  updatedAt: DateTime,
});
assertSame<Same<Static<typeof OrderSchema>, Order>>();

export const CreateOrderSchema = Type.Object(
  {
    propertyId: Id,
    quantity: Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'Units to buy, from 1 to the units available' }),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof CreateOrderSchema>, CreateOrderBody>>();

export const OrdersQuerySchema = Type.Object(
  {
    sort: Type.Optional(StringEnum(ORDER_SORTS)),
    order: Type.Optional(StringEnum(SORT_ORDERS)),
    status: Type.Optional(StringEnum(ORDER_STATUSES)),
    propertyId: Type.Optional(Id),
    ...CursorPageQuery,
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof OrdersQuerySchema>, OrdersQuery>>();

export const ReviewOrderSchema = Type.Object(
  { decision: StringEnum(['APPROVE', 'REJECT'] as const), reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof ReviewOrderSchema>, ReviewOrderBody>>();

export const ReviewOrdersSchema = Type.Object(
  {
    orderIds: Type.Array(Id, { minItems: 1, maxItems: ORDER_REVIEW_MAX, uniqueItems: true }),
    decision: StringEnum(['APPROVE', 'REJECT'] as const),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof ReviewOrdersSchema>, ReviewOrdersBody>>();

export const UserIdParams = Type.Object({ userId: Id }, { additionalProperties: false });

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      description:
        'Makes the call idempotent: the same key from the same user has one effect and gets the first response; reused with a different request: 422.',
    }),
  ),
});
