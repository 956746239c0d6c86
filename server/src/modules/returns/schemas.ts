// Route schemas of the returns module; the static types are checked against the contract.
import { Type, type Static } from 'typebox';
import type {
  AdminDistributions,
  Appraisal,
  ApprovedRepair,
  ApproveIncomeReportBody,
  CancelDistributionBody,
  CorrectDistributionBody,
  CorrectDistributionResult,
  CreateAppraisalBody,
  Distribution,
  DistributionDetail,
  DistributionsQuery,
  IncomeProducingState,
  IncomeReport,
  IncomeReportBody,
  IncomeReportsQuery,
  PayDistributionResult,
  PortfolioReturns,
  PropertyPerformance,
  ReinvestBody,
  ReinvestSetting,
  RejectIncomeReportBody,
  VoidAppraisalBody,
} from 'shared-api/contract';
import {
  CORRECTION_REASON_MAX,
  CORRECTION_REASON_MIN,
  DISTRIBUTION_STATUSES,
  EXPENSE_CATEGORIES,
  INCOME_REPORT_STATUSES,
  MAX_CORRECTION_REASON,
  MAX_REPORT_NOTE,
} from 'shared-api/contract/dashboard';
import { assertSame, dateOnly, DateTime, Id, Nullable, StringEnum, type Same } from '../../lib/schema';

const Day = dateOnly('YYYY-MM-DD');
const Money = Type.Number({ description: 'dollars, at most two decimals' });

const FileRefSchema = Type.Object({ _id: Id, url: Type.String(), name: Type.String(), mimeType: Type.String(), size: Type.Integer() });
const ExpensesSchema = Type.Object(
  Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, Money])) as Record<(typeof EXPENSE_CATEGORIES)[number], typeof Money>,
);
const ExpensesInput = Type.Partial(ExpensesSchema, { additionalProperties: false });

export const IncomeReportBodySchema = Type.Object(
  {
    propertyId: Id,
    periodStart: Day,
    periodEnd: Day,
    grossRent: Money,
    expenses: ExpensesInput,
    note: Type.Optional(Type.String({ maxLength: MAX_REPORT_NOTE })),
    approvedRepairs: Type.Optional(
      Type.Array(Type.Object({ proposalId: Id, spent: Money }, { additionalProperties: false }), { maxItems: 50 }),
    ),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof IncomeReportBodySchema>, IncomeReportBody>>();

export const ApprovedRepairSchema = Type.Object({
  proposalId: Id,
  title: Type.String(),
  approvedOn: Day,
  budget: Money,
  spent: Money,
  line: Type.String(),
});
assertSame<Same<Static<typeof ApprovedRepairSchema>, ApprovedRepair>>();

export const IncomeReportSchema = Type.Object({
  _id: Id,
  propertyId: Id,
  propertyName: Type.String(),
  ownerId: Id,
  periodStart: Day,
  periodEnd: Day,
  grossRent: Money,
  expenses: ExpensesSchema,
  totalExpenses: Money,
  note: Type.String(),
  status: StringEnum(INCOME_REPORT_STATUSES),
  rejectionReason: Nullable(Type.String()),
  decidedAt: Nullable(DateTime),
  createdAt: DateTime,
  receipts: Type.Array(FileRefSchema),
  distributionId: Nullable(Id),
  approvedRepairs: Type.Array(ApprovedRepairSchema),
});
assertSame<Same<Static<typeof IncomeReportSchema>, IncomeReport>>();

export const IncomeReportsQuerySchema = Type.Object(
  { status: Type.Optional(StringEnum(INCOME_REPORT_STATUSES)), propertyId: Type.Optional(Id) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof IncomeReportsQuerySchema>, IncomeReportsQuery>>();

export const ApproveBodySchema = Type.Object(
  { recordDate: Type.Optional(Day), payDate: Type.Optional(Day) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof ApproveBodySchema>, ApproveIncomeReportBody>>();
export const RejectBodySchema = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false });
assertSame<Same<Static<typeof RejectBodySchema>, RejectIncomeReportBody>>();

export const DistributionSchema = Type.Object({
  _id: Id,
  reportId: Id,
  propertyId: Id,
  propertyName: Type.String(),
  periodStart: Day,
  periodEnd: Day,
  grossRent: Money,
  totalExpenses: Money,
  expenses: ExpensesSchema,
  feePercent: Type.Number(),
  managementFee: Money,
  netIncome: Money,
  carriedLossIn: Money,
  distributable: Money,
  carriedLossOut: Money,
  perUnit: Nullable(Type.Number()),
  totalUnits: Nullable(Type.Integer()),
  recordDate: Day,
  payDate: Day,
  status: StringEnum(DISTRIBUTION_STATUSES),
  refusedReason: Nullable(Type.String()),
  refusedAt: Nullable(DateTime),
  recordedAt: Nullable(DateTime),
  paidAt: Nullable(DateTime),
  cancelReason: Nullable(Type.String()),
  cancelledAt: Nullable(DateTime),
  correctionReason: Nullable(Type.String()),
  correctedAt: Nullable(DateTime),
  correctsId: Nullable(Id),
  correctedById: Nullable(Id),
  createdAt: DateTime,
});
assertSame<Same<Static<typeof DistributionSchema>, Distribution>>();

export const CancelDistributionSchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: MAX_CORRECTION_REASON }) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof CancelDistributionSchema>, CancelDistributionBody>>();

export const ApproveResultSchema = Type.Object({ report: IncomeReportSchema, distribution: DistributionSchema });

export const DistributionDetailSchema = Type.Object({
  ...DistributionSchema.properties,
  holders: Type.Array(Type.Object({ holderId: Id, name: Type.String(), isOwner: Type.Boolean(), units: Type.Integer(), amount: Money })),
});
assertSame<Same<Static<typeof DistributionDetailSchema>, DistributionDetail>>();

export const DistributionsQuerySchema = Type.Object(
  { status: Type.Optional(StringEnum(DISTRIBUTION_STATUSES)), propertyId: Type.Optional(Id), refused: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof DistributionsQuerySchema>, DistributionsQuery>>();

export const AdminDistributionsSchema = Type.Object({ items: Type.Array(DistributionSchema), revenueBalance: Money });
assertSame<Same<Static<typeof AdminDistributionsSchema>, AdminDistributions>>();

export const CorrectDistributionSchema = Type.Object(
  {
    totalCents: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'the corrected total to distribute, in cents' }),
    reason: Type.String({ minLength: CORRECTION_REASON_MIN, maxLength: CORRECTION_REASON_MAX }),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof CorrectDistributionSchema>, CorrectDistributionBody>>();

export const CorrectResultSchema = Type.Object({ original: DistributionSchema, correction: Nullable(DistributionSchema) });
assertSame<Same<Static<typeof CorrectResultSchema>, CorrectDistributionResult>>();

export const PayResultSchema = Type.Object({
  result: StringEnum(['PAID', 'ALREADY_PAID', 'REFUSED'] as const),
  distribution: DistributionSchema,
});
assertSame<Same<Static<typeof PayResultSchema>, PayDistributionResult>>();

export const IncomeStateSchema = Type.Object({
  propertyId: Id,
  constructionCompletedAt: Nullable(DateTime),
  incomeProducing: Type.Boolean(),
});
assertSame<Same<Static<typeof IncomeStateSchema>, IncomeProducingState>>();

export const CreateAppraisalSchema = Type.Object(
  {
    valuePerUnit: Money,
    appraisedOn: Day,
    note: Type.Optional(Type.String({ maxLength: 1000 })),
    confirmLargeChange: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const VoidAppraisalSchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: MAX_CORRECTION_REASON }) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof VoidAppraisalSchema>, VoidAppraisalBody>>();
assertSame<Same<Static<typeof CreateAppraisalSchema>, CreateAppraisalBody>>();

export const AppraisalSchema = Type.Object({
  _id: Id,
  propertyId: Id,
  valuePerUnit: Money,
  appraisedOn: Day,
  note: Type.String(),
  document: Nullable(FileRefSchema),
  createdAt: DateTime,
  voidedAt: Nullable(DateTime),
  voidReason: Nullable(Type.String()),
});
assertSame<Same<Static<typeof AppraisalSchema>, Appraisal>>();

export const PerformanceSchema = Type.Object({
  propertyId: Id,
  latestAppraisal: Nullable(AppraisalSchema),
  appraisals: Type.Array(AppraisalSchema),
  distributions: Type.Array(DistributionSchema),
  incomeProducing: Type.Boolean(),
});
assertSame<Same<Static<typeof PerformanceSchema>, PropertyPerformance>>();

const Point = Type.Object({ date: Day, amount: Money });
const HolderDistributionSchema = Type.Object({ ...DistributionSchema.properties, myUnits: Type.Integer(), myAmount: Money });
export const PortfolioReturnsSchema = Type.Object({
  holdings: Type.Array(
    Type.Object({
      propertyId: Id,
      propertyName: Type.String(),
      quantity: Type.Integer(),
      cost: Money,
      firstPurchaseAt: DateTime,
      incomeReceived: Money,
      incomeThisYear: Money,
      realizedAnnualYield: Nullable(Type.Number()),
      projectedAnnualReturn: Type.Number(),
      valuePerUnit: Nullable(Type.Number()),
      appraisedOn: Nullable(Day),
      markPerUnit: Money,
      marketPrice: Nullable(Money),
      marketPriceDate: Nullable(Day),
      currentValue: Money,
      unrealizedGain: Money,
      realizedGain: Money,
      totalReturn: Money,
      totalReturnPercent: Type.Number(),
      reinvest: Type.Boolean(),
      distributions: Type.Array(HolderDistributionSchema),
    }),
  ),
  total: Type.Object({
    cost: Money,
    currentValue: Money,
    cash: Money,
    accountValue: Money,
    incomeReceived: Money,
    incomeThisYear: Money,
    unrealizedGain: Money,
    realizedGain: Money,
    fees: Money,
    totalReturn: Money,
    totalReturnPercent: Type.Number(),
    realizedAnnualYield: Nullable(Type.Number()),
    moneyWeightedReturn: Nullable(Type.Number()),
    projectedAnnualReturn: Type.Number(),
  }),
  incomeOverTime: Type.Array(Point),
  valueOverTime: Type.Array(Point),
  investedOverTime: Type.Array(Point),
});
assertSame<Same<Static<typeof PortfolioReturnsSchema>, PortfolioReturns>>();

export const ReinvestBodySchema = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
assertSame<Same<Static<typeof ReinvestBodySchema>, ReinvestBody>>();
export const ReinvestSchema = Type.Object({ propertyId: Id, enabled: Type.Boolean() });
assertSame<Same<Static<typeof ReinvestSchema>, ReinvestSetting>>();
