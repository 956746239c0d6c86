import { Type, type Static } from 'typebox';
import { PAYOUT_STATUSES, type DepositBody, type Payout, type Wallet, type WithdrawBody } from 'shared-api/contract';
import { assertSame, DateTime, Id, Nullable, StringEnum, type Same } from '../../lib/schema';
import { Amount, ReturnPath } from '../payments';
import { PayoutDestinationSchema } from '../payout-destinations';

export const WalletSchema = Type.Object({
  userId: Id,
  balance: Type.Number({ description: 'Available dollars (sum of the ledger entries)' }),
  held: Type.Number({ description: 'Dollars held for pending orders and withdrawals (already out of balance)' }),
  currency: StringEnum(['USD'] as const),
});
assertSame<Same<Static<typeof WalletSchema>, Wallet>>();

export const PayoutSchema = Type.Object({
  _id: Id,
  userId: Id,
  amount: Type.Number(),
  status: StringEnum(PAYOUT_STATUSES),
  reason: Nullable(Type.String()),
  createdAt: DateTime,
  decidedAt: Nullable(DateTime),
  bankReference: Nullable(Type.String()),
  destination: Nullable(PayoutDestinationSchema),
});
assertSame<Same<Static<typeof PayoutSchema>, Payout>>();

export const DepositSchema = Type.Object({ amount: Amount, returnPath: ReturnPath }, { additionalProperties: false });
assertSame<Same<Static<typeof DepositSchema>, DepositBody>>();

export const WithdrawSchema = Type.Object(
  { amount: Amount, payoutDestinationId: Type.String({ format: 'uuid', description: 'One of the own live payout destinations' }) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof WithdrawSchema>, WithdrawBody>>();
