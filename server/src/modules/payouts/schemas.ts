import { Type, type Static } from 'typebox';
import {
  PAYOUT_BANK_REFERENCE_MAX,
  PAYOUT_STATUSES,
  ROLES,
  USER_STATUSES,
  type AdminPayout,
  type DecidePayoutBody,
  type PayoutsQuery,
} from 'shared-api/contract';
import { assertSame, Id, PageQuery, StringEnum, type Same } from '../../lib/schema';
import { PayoutSchema } from '../wallets';

export const AdminPayoutSchema = Type.Object({
  ...PayoutSchema.properties,
  user: Type.Optional(
    Type.Object({
      _id: Id,
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      role: StringEnum(ROLES),
      status: StringEnum(USER_STATUSES),
    }),
  ),
});
assertSame<Same<Static<typeof AdminPayoutSchema>, AdminPayout>>();

export const PayoutsQuerySchema = Type.Object(
  { status: Type.Optional(StringEnum(PAYOUT_STATUSES)), userId: Type.Optional(Id), ...PageQuery },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof PayoutsQuerySchema>, PayoutsQuery>>();

export const DecidePayoutSchema = Type.Object(
  {
    status: StringEnum(['PAID', 'REJECTED'] as const),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
    bankReference: Type.Optional(Type.String({ maxLength: PAYOUT_BANK_REFERENCE_MAX })),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof DecidePayoutSchema>, DecidePayoutBody>>();
