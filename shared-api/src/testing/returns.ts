// Returns (issue 18): p1's income reports, distributions and appraisals, and an investor's
// returns, with figures computed by the contract's own rules (distributionFigures,
// holdingValue, …), so a test that finds them on screen proves the page shows the
// contract's computation.
import type { Appraisal, Distribution, HolderDistribution, HoldingReturns, IncomeReport, PortfolioReturns } from '../contract';
import { distributionFigures, holdingValue, percentOf, realizedAnnualYield, splitLargestRemainder } from '../contract/dashboard';

/** Dollars of a figure in cents. */
const d = (cents: number) => cents / 100;

const EXPENSES = {
  management: 800,
  maintenanceRepairs: 250.5,
  propertyTax: 0,
  insurance: 120,
  hoa: 0,
  utilities: 0,
  reserve: 100,
  other: 0,
};

export function makeReport(overrides: Partial<IncomeReport> = {}): IncomeReport {
  return {
    _id: 'r1',
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    ownerId: 'o1',
    periodStart: '2026-05-01',
    periodEnd: '2026-05-31',
    grossRent: 5000,
    expenses: EXPENSES,
    totalExpenses: 1270.5,
    note: 'May rent, one unit repainted',
    status: 'SUBMITTED',
    rejectionReason: null,
    decidedAt: null,
    createdAt: '2026-06-02T10:00:00.000Z',
    receipts: [{ _id: 'f1', url: '/download/receipt.pdf', name: 'paint-invoice.pdf', mimeType: 'application/pdf', size: 2048 }],
    distributionId: null,
    approvedRepairs: [],
    ...overrides,
  };
}

/** The distribution of `makeReport()` at the default 8% fee. */
export function makeDistribution(overrides: Partial<Distribution> = {}): Distribution {
  const f = distributionFigures(500_000, 127_050, 800, 0);
  return {
    _id: 'dist1',
    reportId: 'r1',
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    periodStart: '2026-05-01',
    periodEnd: '2026-05-31',
    grossRent: 5000,
    totalExpenses: 1270.5,
    expenses: EXPENSES,
    feePercent: 8,
    managementFee: d(f.feeCents),
    netIncome: d(f.netIncomeCents),
    carriedLossIn: 0,
    distributable: d(f.distributableCents),
    carriedLossOut: 0,
    perUnit: null,
    totalUnits: null,
    recordDate: '2030-06-05',
    payDate: '2030-06-12',
    status: 'DECLARED',
    refusedReason: null,
    refusedAt: null,
    recordedAt: null,
    paidAt: null,
    cancelReason: null,
    cancelledAt: null,
    correctionReason: null,
    correctedAt: null,
    correctsId: null,
    correctedById: null,
    createdAt: '2026-06-04T00:00:00.000Z',
    ...overrides,
  };
}

export function makeAppraisal(overrides: Partial<Appraisal> = {}): Appraisal {
  return {
    _id: 'a1',
    propertyId: 'p1',
    valuePerUnit: 52.5,
    appraisedOn: '2026-06-30',
    note: 'Annual valuation',
    document: null,
    createdAt: '2026-07-01T00:00:00.000Z',
    voidedAt: null,
    voidReason: null,
    ...overrides,
  };
}

/** The clock of the investor's returns: July 1, 2026. */
export const NOW = new Date('2026-07-01T12:00:00Z');

/** One paid distribution of a property with 2,000 units: rent and expenses in cents, fee 8%. */
export function makeHolderDistribution(
  over: { id?: string; rentCents?: number; expensesCents?: number; myUnits?: number; periodStart?: string; periodEnd?: string } = {},
): HolderDistribution {
  const rentCents = over.rentCents ?? 1_234_567;
  const expensesCents = over.expensesCents ?? 310_000;
  const myUnits = over.myUnits ?? 40;
  const totalUnits = 2000;
  const f = distributionFigures(rentCents, expensesCents, 800, 0);
  const split = splitLargestRemainder(f.distributableCents, [
    { id: 'me', units: myUnits },
    { id: 'others', units: 1333 },
    { id: 'owner', units: totalUnits - myUnits - 1333 },
  ]);
  return {
    _id: over.id ?? 'd1',
    reportId: 'r1',
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    periodStart: over.periodStart ?? '2026-05-01',
    periodEnd: over.periodEnd ?? '2026-05-31',
    grossRent: d(rentCents),
    totalExpenses: d(expensesCents),
    expenses: {
      management: d(expensesCents),
      maintenanceRepairs: 0,
      propertyTax: 0,
      insurance: 0,
      hoa: 0,
      utilities: 0,
      reserve: 0,
      other: 0,
    },
    feePercent: 8,
    managementFee: d(f.feeCents),
    netIncome: d(f.netIncomeCents),
    carriedLossIn: 0,
    distributable: d(f.distributableCents),
    carriedLossOut: d(f.carriedLossOutCents),
    perUnit: f.distributableCents / 100 / totalUnits,
    totalUnits,
    recordDate: '2026-06-05',
    payDate: '2026-06-12',
    status: 'PAID',
    cancelReason: null,
    cancelledAt: null,
    correctionReason: null,
    correctedAt: null,
    correctsId: null,
    correctedById: null,
    refusedReason: null,
    refusedAt: null,
    recordedAt: '2026-06-05T00:00:00.000Z',
    paidAt: '2026-06-12T00:00:00.000Z',
    createdAt: '2026-06-04T00:00:00.000Z',
    myUnits,
    myAmount: d(split.get('me') ?? 0),
  };
}

/** A holding of 40 units bought for $2,000 on Feb 1, appraised at $52.37 a unit, with one distribution. */
export function makeHoldingReturns(over: Partial<HoldingReturns> & { valuePerUnitCents?: number | null } = {}): HoldingReturns {
  const dist = makeHolderDistribution();
  const incomeCents = Math.round(dist.myAmount * 100);
  const costCents = 200_000;
  const vpu = over.valuePerUnitCents === undefined ? 5237 : over.valuePerUnitCents;
  const v = holdingValue({ quantity: 40, costCents, valuePerUnitCents: vpu, incomeCents });
  const { valuePerUnitCents: _omit, ...rest } = over;
  void _omit;
  return {
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    quantity: 40,
    cost: d(costCents),
    firstPurchaseAt: '2026-02-01T10:00:00.000Z',
    incomeReceived: d(incomeCents),
    incomeThisYear: d(incomeCents),
    realizedAnnualYield: realizedAnnualYield(incomeCents, costCents, '2026-02-01T10:00:00.000Z', NOW),
    projectedAnnualReturn: 8,
    valuePerUnit: vpu === null ? null : d(vpu),
    appraisedOn: vpu === null ? null : '2026-06-30',
    markPerUnit: vpu === null ? 50 : d(vpu),
    marketPrice: null,
    marketPriceDate: null,
    currentValue: d(v.currentValueCents),
    unrealizedGain: d(v.unrealizedGainCents),
    realizedGain: 0,
    totalReturn: d(v.totalReturnCents),
    totalReturnPercent: percentOf(v.totalReturnCents, costCents),
    reinvest: false,
    distributions: [dist],
    ...rest,
  };
}

export function makeReturns(holdings: HoldingReturns[] = [makeHoldingReturns()]): PortfolioReturns {
  const sum = (f: (h: HoldingReturns) => number) => holdings.reduce((a, h) => a + Math.round(f(h) * 100), 0);
  const cost = sum((h) => h.cost);
  const income = sum((h) => h.incomeReceived);
  const gain = sum((h) => h.unrealizedGain);
  return {
    holdings,
    total: {
      cost: d(cost),
      currentValue: d(sum((h) => h.currentValue)),
      cash: 0,
      accountValue: d(sum((h) => h.currentValue)),
      incomeReceived: d(income),
      incomeThisYear: d(sum((h) => h.incomeThisYear)),
      unrealizedGain: d(gain),
      realizedGain: 0,
      fees: 0,
      totalReturn: d(gain + income),
      totalReturnPercent: percentOf(gain + income, cost),
      realizedAnnualYield: realizedAnnualYield(income, cost, '2026-02-01T10:00:00.000Z', NOW),
      moneyWeightedReturn: null,
      projectedAnnualReturn: 8,
    },
    incomeOverTime: [
      { date: '2026-05-31', amount: 0 },
      { date: '2026-06-30', amount: d(income) },
    ],
    valueOverTime: [
      { date: '2026-05-31', amount: d(cost) },
      { date: '2026-06-30', amount: d(sum((h) => h.currentValue)) },
    ],
    investedOverTime: [
      { date: '2026-05-31', amount: d(cost) },
      { date: '2026-06-30', amount: d(cost) },
    ],
  };
}
