import { Type, type Static } from 'typebox';
import type { PortfolioSummary } from 'shared-api/contract';
import { assertSame, dateOnly, DateTime, Id, Nullable, StringEnum, type Same } from '../../lib/schema';

const Day = dateOnly('YYYY-MM-DD');
const Money = Type.Number({ description: 'dollars, at most two decimals' });
const Point = Type.Object({ date: Day, amount: Money });

export const PortfolioSummarySchema = Type.Object({
  asOf: DateTime,
  holdings: Type.Array(
    Type.Object({
      propertyId: Id,
      propertyName: Type.String(),
      units: Type.Integer(),
      cost: Money,
      markPerUnit: Money,
      markSource: StringEnum(['APPRAISAL', 'ISSUE_PRICE'] as const),
      markDate: Nullable(Day),
      marketPrice: Nullable(Money),
      marketPriceDate: Nullable(Day),
      value: Money,
      income: Money,
      realizedGain: Money,
      unrealizedGain: Money,
      totalReturn: Money,
      fees: Money,
    }),
  ),
  totals: Type.Object({
    cash: Money,
    holdingsValue: Money,
    accountValue: Money,
    invested: Money,
    income: Money,
    realizedGain: Money,
    unrealizedGain: Money,
    totalReturn: Money,
    fees: Money,
    moneyWeightedReturn: Nullable(Type.Number()),
    realizedYield: Nullable(Type.Number()),
  }),
  valueOverTime: Type.Array(Point),
  investedOverTime: Type.Array(Point),
  incomeOverTime: Type.Array(Point),
});
assertSame<Same<Static<typeof PortfolioSummarySchema>, PortfolioSummary>>();
