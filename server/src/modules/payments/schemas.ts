import { Type, type Static } from 'typebox';
import { CHECKOUT_PURPOSES, CHECKOUT_STATUSES, type Checkout, type CreateCheckoutBody } from 'shared-api/contract';
import { assertSame, DateTime, Id, StringEnum, type Same } from '../../lib/schema';

export const CheckoutSchema = Type.Object({
  _id: Id,
  purpose: StringEnum(CHECKOUT_PURPOSES),
  amount: Type.Number(),
  status: StringEnum(CHECKOUT_STATUSES),
  checkoutUrl: Type.String(),
  createdAt: DateTime,
});
assertSame<Same<Static<typeof CheckoutSchema>, Checkout>>();

/** Dollars with at most two decimals; checked by parseAmount for readable messages. */
export const Amount = Type.Number({ description: 'Dollars, greater than zero, at most two decimals' });
export const ReturnPath = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'A path on this site ("/dashboard/wallet"); ?checkout=<id> is added on return',
});

export const CreateCheckoutSchema = Type.Object(
  {
    purpose: StringEnum(CHECKOUT_PURPOSES),
    amount: Type.Optional(Type.Number({ description: 'Dollars; required for DEPOSIT, ignored for SUBSCRIPTION ($15)' })),
    returnPath: ReturnPath,
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof CreateCheckoutSchema>, CreateCheckoutBody>>();

export const SandboxDecisionSchema = Type.Object(
  { decision: StringEnum(['pay', 'decline'] as const), token: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
