import { Type, type Static } from 'typebox';
import {
  LEDGER_ENTRY_TYPES,
  ORDER_STATUSES,
  PAYOUT_STATUSES,
  EXPORT_JOB_STATUSES,
  type ExportJob,
  type LedgerEntry,
  type LedgerTotals,
  type MyLedgerPage,
  type MyTransactionsQuery,
  type TransactionsQuery,
} from 'shared-api/contract';
import { assertSame, dateOnly, DateTime, Id, Nullable, PageOf, CursorPageQuery, StringEnum, type Same } from '../../lib/schema';

export const LedgerEntrySchema = Type.Object({
  _id: Id,
  userId: Id,
  type: StringEnum(LEDGER_ENTRY_TYPES),
  amount: Type.Number({ description: 'Signed dollars: positive credits the wallet, negative debits it' }),
  balanceAfter: Type.Number(),
  orderId: Nullable(Id),
  propertyId: Nullable(Id),
  payoutId: Nullable(Id),
  checkoutId: Nullable(Id),
  description: Type.String(),
  createdAt: DateTime,
});
assertSame<Same<Static<typeof LedgerEntrySchema>, LedgerEntry>>();

const n = () => Type.Optional(Type.Number());
export const LedgerTotalsSchema = Type.Object({
  count: Type.Integer(),
  credits: Type.Number(),
  debits: Type.Number(),
  net: Type.Number(),
  byType: Type.Object({
    DEPOSIT: n(),
    WITHDRAWAL_HOLD: n(),
    WITHDRAWAL_RELEASE: n(),
    ORDER_HOLD: n(),
    ORDER_REFUND: n(),
    OWNER_PAYOUT: n(),
    SUBSCRIPTION_FEE: n(),
    DISTRIBUTION_FUNDING: n(),
    DISTRIBUTION_PAYMENT: n(),
    MANAGEMENT_FEE: n(),
    FEE_REVENUE: n(),
    DISTRIBUTION_PAYMENT_REVERSAL: n(),
    DISTRIBUTION_FUNDING_REVERSAL: n(),
    MANAGEMENT_FEE_REVERSAL: n(),
    FEE_REVENUE_REVERSAL: n(),
    TRADE_HOLD: n(),
    TRADE_REFUND: n(),
    TRADE_BUY: n(),
    TRADE_SELL: n(),
    TRADE_FEE: n(),
    SALE_FUNDING: n(),
    SALE_PROCEEDS: n(),
    SALE_FEE: n(),
    SALE_FEE_REVENUE: n(),
  }),
});
assertSame<Same<Static<typeof LedgerTotalsSchema>, LedgerTotals>>();

export const LedgerPageSchema = Type.Object({
  ...PageOf(LedgerEntrySchema).properties,
  totals: Type.Union([LedgerTotalsSchema, Type.Null()]),
});

export const MyLedgerPageSchema = Type.Object({
  ...PageOf(LedgerEntrySchema).properties,
  orderStatuses: Type.Record(Type.String(), StringEnum(ORDER_STATUSES), {
    description: "The status of the order behind each of the page's ORDER_HOLD entries, by order id",
  }),
  payoutStatuses: Type.Record(Type.String(), StringEnum(PAYOUT_STATUSES), {
    description: "The status of the withdrawal behind each of the page's WITHDRAWAL_HOLD entries, by payout id",
  }),
});
assertSame<Same<Static<typeof MyLedgerPageSchema>, MyLedgerPage>>();

const filters = { type: Type.Optional(StringEnum(LEDGER_ENTRY_TYPES)) };
const adminFilters = {
  ...filters,
  userId: Type.Optional(Id),
  propertyId: Type.Optional(Id),
  from: Type.Optional(dateOnly('YYYY-MM-DD (UTC), inclusive')),
  to: Type.Optional(dateOnly('YYYY-MM-DD (UTC), inclusive')),
};

export const MyTransactionsQuerySchema = Type.Object({ ...filters, ...CursorPageQuery }, { additionalProperties: false });
assertSame<Same<Static<typeof MyTransactionsQuerySchema>, MyTransactionsQuery>>();

export const TransactionsQuerySchema = Type.Object({ ...adminFilters, ...CursorPageQuery }, { additionalProperties: false });
assertSame<Same<Static<typeof TransactionsQuerySchema>, TransactionsQuery>>();

export const MyExportQuerySchema = Type.Object(filters, { additionalProperties: false });
export const ExportQuerySchema = Type.Object(adminFilters, { additionalProperties: false });

export const ExportJobSchema = Type.Object({
  _id: Id,
  status: StringEnum(EXPORT_JOB_STATUSES),
  rows: Nullable(Type.Integer({ minimum: 0, description: 'Entries in the file, once DONE' })),
  size: Nullable(Type.Integer({ minimum: 0, description: 'Bytes, once DONE' })),
  error: Nullable(Type.String()),
  createdAt: DateTime,
  finishedAt: Nullable(DateTime),
  downloadUrl: Nullable(Type.String({ description: 'A signed path to the file, valid for a while (LINK_TTL_MINUTES), once DONE' })),
});
assertSame<Same<Static<typeof ExportJobSchema>, ExportJob>>();

export const ExportFileQuerySchema = Type.Object(
  { exp: Type.Optional(Type.String({ maxLength: 20 })), sig: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);
