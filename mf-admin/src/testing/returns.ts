// Issue 18 fixtures for the console: a report and the distribution it declares, figures by
// the contract's own rules (distributionFigures), so the screens are checked against them.
import type { Appraisal, Distribution, IncomeReport } from 'shared-api/contract';
import { distributionFigures } from 'shared-api/contract/dashboard';

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
    managementFee: f.feeCents / 100,
    netIncome: f.netIncomeCents / 100,
    carriedLossIn: 0,
    distributable: f.distributableCents / 100,
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
    ...overrides,
  };
}
