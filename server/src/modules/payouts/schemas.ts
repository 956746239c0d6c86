import { Type, type Static } from 'typebox';
import {
  PAYOUT_BANK_REFERENCE_MAX,
  PAYOUT_STATUSES,
  PAYOUT_SORTS,
  SORT_ORDERS,
  ROLES,
  USER_STATUSES,
  type AdminPayout,
  type CreatePayoutBatchBody,
  type DecidePayoutBody,
  type PayoutBatch,
  type PayPayoutsBody,
  type PayoutBatchExport,
  type PayoutsQuery,
  type Reconciliation,
  type ReconciliationQuery,
} from 'shared-api/contract';
import { MAX_PAYOUT_BATCH, RECONCILIATION_KINDS } from 'shared-api/contract/admin';
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
  batchId: Type.Optional(Type.Union([Id, Type.Null()])),
});
assertSame<Same<Static<typeof AdminPayoutSchema>, AdminPayout>>();

export const PayoutsQuerySchema = Type.Object(
  {
    sort: Type.Optional(StringEnum(PAYOUT_SORTS)),
    order: Type.Optional(StringEnum(SORT_ORDERS)),
    status: Type.Optional(StringEnum(PAYOUT_STATUSES)),
    userId: Type.Optional(Id),
    ...PageQuery,
  },
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

export const CreatePayoutBatchSchema = Type.Object(
  {
    payoutIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: MAX_PAYOUT_BATCH })),
    all: Type.Optional(Type.Boolean()),
    reexport: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof CreatePayoutBatchSchema>, CreatePayoutBatchBody>>();

export const PayoutBatchSchema = Type.Object({
  _id: Id,
  createdBy: Id,
  createdAt: Type.String({ format: 'date-time' }),
  payoutIds: Type.Array(Id),
  count: Type.Integer(),
  total: Type.Number(),
  currency: Type.String(),
  reexport: Type.Boolean(),
  csvSha256: Type.String(),
  xmlSha256: Type.String(),
});
assertSame<Same<Static<typeof PayoutBatchSchema>, PayoutBatch>>();

export const PayoutBatchExportSchema = Type.Object({ batch: PayoutBatchSchema, csv: Type.String(), xml: Type.String() });
assertSame<Same<Static<typeof PayoutBatchExportSchema>, PayoutBatchExport>>();

export const ReconciliationQuerySchema = Type.Object(
  { date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof ReconciliationQuerySchema>, ReconciliationQuery>>();

const Dollars = Type.Union([Type.Number(), Type.Null()]);
const Side = Type.Object({ moneyIn: Type.Number(), moneyOut: Type.Number(), count: Type.Integer() });
export const ReconciliationSchema = Type.Object({
  date: Type.String(),
  providerName: Type.String(),
  totals: Type.Object({ ledger: Side, provider: Side, payouts: Side }),
  differences: Type.Array(
    Type.Object({
      kind: StringEnum(RECONCILIATION_KINDS),
      reference: Type.String(),
      checkoutId: Type.Union([Type.String(), Type.Null()]),
      payoutId: Type.Union([Id, Type.Null()]),
      ledgerEntryId: Type.Union([Id, Type.Null()]),
      ledgerAmount: Dollars,
      providerAmount: Dollars,
      payoutAmount: Dollars,
      at: Type.String({ format: 'date-time' }),
    }),
  ),
});
assertSame<Same<Static<typeof ReconciliationSchema>, Reconciliation>>();

/** Most withdrawals marked paid in one call. */
export const MAX_PAY_AT_ONCE = 100;
export const PayPayoutsSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { payoutId: Id, bankReference: Type.String({ minLength: 1, maxLength: PAYOUT_BANK_REFERENCE_MAX }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_PAY_AT_ONCE },
    ),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof PayPayoutsSchema>, PayPayoutsBody>>();
