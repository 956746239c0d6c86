import { Type, type Static } from 'typebox';
import type { CreatePayoutDestinationBody, PayoutDestination, PayoutDestinationDetails } from 'shared-api/contract';
import { PAYOUT_DESTINATION_KINDS } from 'shared-api/contract/dashboard';
import { assertSame, DateTime, Id, Nullable, StringEnum, type Same } from '../../lib/schema';

export const PayoutDestinationSchema = Type.Object({
  _id: Id,
  kind: StringEnum(PAYOUT_DESTINATION_KINDS),
  holderName: Type.String(),
  country: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  last4: Type.String({ description: 'The last four characters: the only part of the number ever shown to the person' }),
  createdAt: DateTime,
  removedAt: Nullable(DateTime),
});
assertSame<Same<Static<typeof PayoutDestinationSchema>, PayoutDestination>>();

export const PayoutDestinationDetailsSchema = Type.Object({
  ...PayoutDestinationSchema.properties,
  routingNumber: Nullable(Type.String()),
  accountNumber: Nullable(Type.String()),
  iban: Nullable(Type.String()),
  bic: Nullable(Type.String()),
});
assertSame<Same<Static<typeof PayoutDestinationDetailsSchema>, PayoutDestinationDetails>>();

// Field formats are checked by the service (one clear message per field), not here.
const text = (maxLength: number) => Type.String({ maxLength });
export const CreatePayoutDestinationSchema = Type.Union([
  Type.Object(
    { kind: Type.Literal('US_ACH'), holderName: text(200), routingNumber: text(40), accountNumber: text(40) },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('IBAN'), holderName: text(200), iban: text(60), bic: text(20) }, { additionalProperties: false }),
]);
assertSame<Same<Static<typeof CreatePayoutDestinationSchema>, CreatePayoutDestinationBody>>();
