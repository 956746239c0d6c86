import { screen, waitFor, within } from '@testing-library/react';
import * as sharedApi from 'shared-api';
import { fakeFile, renderPage } from 'shared-ui/testing';
import { formatMoney } from 'shared-ui/core';
import type { Distribution, IncomeReport } from 'shared-api/contract';
import { RETURNS_MESSAGES, distributionFigures } from 'shared-api/contract/dashboard';
import { makeListing } from 'shared-api/testing';
import { IncomeSection, fundedFromWallet } from './income-section';
import { validateIncomeForm, emptyIncomeForm, INCOME_FORM_MESSAGES } from './income-form';
import { getApprovedRepairsToReport } from 'shared-api/votes';
import { REPAIR_MESSAGES } from 'shared-api/contract/votes';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getPropertyPerformance: jest.fn(),
  getOwnedIncomeReports: jest.fn(),
  getOwnedDistributions: jest.fn(),
  submitIncomeReport: jest.fn(),
  addIncomeReportReceipts: jest.fn(),
  markConstructionComplete: jest.fn(),
}));
jest.mock('shared-api/votes', () => ({ getApprovedRepairsToReport: jest.fn(() => Promise.resolve([])) }));
const api = sharedApi as unknown as Record<string, jest.Mock>;

jest.setTimeout(40_000);

const funded = makeListing({ _id: 'p1', name: 'Maple Court', status: 'FUNDED', availableQuantity: 0 });
const f = distributionFigures(500_000, 127_050, 800, 0);
const zero = { management: 0, maintenanceRepairs: 0, propertyTax: 0, insurance: 0, hoa: 0, utilities: 0, reserve: 0, other: 0 };

function report(over: Partial<IncomeReport> = {}): IncomeReport {
  return {
    _id: 'r1',
    propertyId: 'p1',
    propertyName: 'Maple Court',
    ownerId: 'owner-1',
    periodStart: '2026-04-01',
    periodEnd: '2026-04-30',
    grossRent: 5000,
    expenses: { ...zero, management: 1270.5 },
    totalExpenses: 1270.5,
    note: '',
    status: 'REJECTED',
    rejectionReason: 'The tax receipt is missing',
    decidedAt: null,
    createdAt: '2026-05-02T10:00:00.000Z',
    receipts: [],
    distributionId: null,
    approvedRepairs: [],
    ...over,
  };
}

function dist(over: Partial<Distribution> = {}): Distribution {
  return {
    _id: 'd1',
    reportId: 'r0',
    propertyId: 'p1',
    propertyName: 'Maple Court',
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    grossRent: 5000,
    totalExpenses: 1270.5,
    expenses: { ...zero, management: 1270.5 },
    feePercent: 8,
    managementFee: f.feeCents / 100,
    netIncome: f.netIncomeCents / 100,
    carriedLossIn: 0,
    distributable: f.distributableCents / 100,
    carriedLossOut: 0,
    perUnit: 3.3295,
    totalUnits: 1000,
    recordDate: '2026-04-05',
    payDate: '2026-04-12',
    status: 'PAID',
    cancelReason: null,
    cancelledAt: null,
    correctionReason: null,
    correctedAt: null,
    correctsId: null,
    correctedById: null,
    refusedReason: null,
    refusedAt: null,
    recordedAt: null,
    paidAt: '2026-04-12T00:00:00.000Z',
    createdAt: '2026-04-04T00:00:00.000Z',
    ...over,
  };
}

beforeEach(() => {
  jest.clearAllMocks();
  api.getPropertyPerformance.mockResolvedValue({
    propertyId: 'p1',
    latestAppraisal: null,
    appraisals: [],
    distributions: [],
    incomeProducing: true,
  });
  api.getOwnedIncomeReports.mockResolvedValue([report()]);
  api.getOwnedDistributions.mockResolvedValue([
    dist(),
    dist({
      _id: 'd2',
      status: 'RECORDED',
      paidAt: null,
      refusedReason: 'Your wallet holds $12.00; this distribution needs $3,729.50 (net income and fee)',
    }),
  ]);
});

test('reports (status, rejection reason) and distributions (figures, refused with the reason, what the wallet funded)', async () => {
  renderPage(<IncomeSection property={funded} />);
  const reports = await screen.findByRole('table', { name: 'Income reports of Maple Court' });
  expect(reports).toHaveTextContent('Rejected');
  expect(reports).toHaveTextContent('The tax receipt is missing');
  const table = await screen.findByRole('table', { name: 'Distributions of Maple Court' });
  const [, paid, refused] = within(table).getAllByRole('row');
  expect(paid).toHaveTextContent('$5,000.00');
  expect(paid).toHaveTextContent(formatMoney(f.feeCents / 100));
  expect(paid).toHaveTextContent('$3,329.50');
  // The wallet paid the holders' net income and the fee: $3,329.50 + $400.00.
  expect(fundedFromWallet(dist())).toBe((f.distributableCents + f.feeCents) / 100);
  expect(paid).toHaveTextContent('$3,729.50');
  expect(refused).toHaveTextContent('Refused');
  expect(refused).toHaveTextContent('Your wallet holds $12.00');
});

test("a past report shows the repairs it carried, with the reserve's spending", async () => {
  const line = 'Repair approved by holders on Apr 20, 2026: budget $2,500.00 (“Fix the roof”)';
  api.getOwnedIncomeReports.mockResolvedValue([
    report({
      status: 'APPROVED',
      rejectionReason: null,
      approvedRepairs: [{ proposalId: 'v1', title: 'Fix the roof', approvedOn: '2026-04-20', budget: 2500, spent: 1800.25, line }],
    }),
    report({ _id: 'r2', periodStart: '2026-05-01', periodEnd: '2026-05-31' }),
  ]);
  renderPage(<IncomeSection property={funded} />);
  const reports = await screen.findByRole('table', { name: 'Income reports of Maple Court' });
  expect(within(reports).getByRole('columnheader', { name: 'Approved repairs' })).toBeInTheDocument();
  const [, carried, none] = within(reports).getAllByRole('row');
  const item = within(carried).getByRole('listitem');
  expect(item).toHaveTextContent(line);
  expect(item).toHaveTextContent('Spent from the reserve: $1,800.25');
  expect(within(none).queryByRole('listitem')).toBeNull();
});

test('the form: validation with the messages, then a review step, then submit with receipts', async () => {
  const created = report({ _id: 'r2', status: 'SUBMITTED', rejectionReason: null, periodStart: '2026-05-01', periodEnd: '2026-05-31' });
  api.submitIncomeReport.mockResolvedValue(created);
  api.addIncomeReportReceipts.mockResolvedValue({
    ...created,
    receipts: [{ _id: 'f1', url: '/x', name: 'invoice.pdf', mimeType: 'application/pdf', size: 1000 }],
  });
  const { user } = renderPage(<IncomeSection property={funded} />);
  await user.click(await screen.findByRole('button', { name: 'Submit an income report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Income report: Maple Court' });
  await user.click(within(dialog).getByRole('button', { name: 'Review report' }));
  expect(within(dialog).getAllByText(INCOME_FORM_MESSAGES.date)).toHaveLength(2);
  expect(within(dialog).getByText(INCOME_FORM_MESSAGES.amount)).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Gross rent collected/)).toHaveAttribute('aria-invalid', 'true');
  expect(api.submitIncomeReport).not.toHaveBeenCalled();

  await user.type(within(dialog).getByLabelText(/Period start/), '2026-05-31');
  await user.type(within(dialog).getByLabelText(/Period end/), '2026-05-01');
  await user.type(within(dialog).getByLabelText(/Gross rent collected/), '5,000');
  await user.type(within(dialog).getByLabelText('Property management'), '800');
  await user.type(within(dialog).getByLabelText('Maintenance and repairs'), '250.50');
  await user.type(within(dialog).getByLabelText('Insurance'), '12.345');
  await user.click(within(dialog).getByRole('button', { name: 'Review report' }));
  expect(within(dialog).getByText(RETURNS_MESSAGES.periodOrder)).toBeInTheDocument();
  expect(within(dialog).getByText(INCOME_FORM_MESSAGES.amount)).toBeInTheDocument();

  await user.clear(within(dialog).getByLabelText(/Period start/));
  await user.type(within(dialog).getByLabelText(/Period start/), '2026-05-01');
  await user.clear(within(dialog).getByLabelText(/Period end/));
  await user.type(within(dialog).getByLabelText(/Period end/), '2026-05-31');
  await user.clear(within(dialog).getByLabelText('Insurance'));
  await user.type(within(dialog).getByLabelText('Insurance'), '120');
  await user.type(within(dialog).getByLabelText('Vacancy or capital reserve'), '100');
  await user.upload(within(dialog).getByLabelText(/^Receipts/), fakeFile('invoice.pdf', 'application/pdf', 1000));
  await user.click(within(dialog).getByRole('button', { name: 'Review report' }));

  const review = await screen.findByRole('dialog', { name: 'Review your income report' });
  const summary = within(review).getByRole('region', { name: 'Report summary' });
  expect(summary).toHaveTextContent('Gross rent collected$5,000.00');
  expect(summary).toHaveTextContent('Total expenses$1,270.50');
  expect(summary).toHaveTextContent(`-${formatMoney(f.feeCents / 100)}`);
  expect(summary).toHaveTextContent('Net income (estimate)$3,329.50');
  expect(summary).toHaveTextContent('Receipts: invoice.pdf');
  expect(api.submitIncomeReport).not.toHaveBeenCalled();

  await user.click(within(review).getByRole('button', { name: 'Submit report' }));
  expect(api.submitIncomeReport).toHaveBeenCalledWith({
    propertyId: 'p1',
    periodStart: '2026-05-01',
    periodEnd: '2026-05-31',
    grossRent: 5000,
    expenses: { management: 800, maintenanceRepairs: 250.5, insurance: 120, reserve: 100 },
    note: undefined,
  });
  await waitFor(() =>
    expect(api.addIncomeReportReceipts).toHaveBeenCalledWith(
      'r2',
      [expect.objectContaining({ name: 'invoice.pdf' })],
      expect.objectContaining({ onProgress: expect.any(Function) }),
    ),
  );
  expect(await screen.findByText(/submitted for review$/)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.getOwnedIncomeReports).toHaveBeenCalledTimes(2);
});

test('a server refusal is shown on the review step and nothing closes', async () => {
  api.submitIncomeReport.mockRejectedValue(new Error('boom'));
  const { user } = renderPage(<IncomeSection property={funded} />);
  await user.click(await screen.findByRole('button', { name: 'Submit an income report' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText(/Period start/), '2026-05-01');
  await user.type(within(dialog).getByLabelText(/Period end/), '2026-05-31');
  await user.type(within(dialog).getByLabelText(/Gross rent collected/), '100');
  await user.type(within(dialog).getByLabelText('Property management'), '500');
  await user.click(within(dialog).getByRole('button', { name: 'Review report' }));
  const review = await screen.findByRole('dialog', { name: 'Review your income report' });
  expect(review).toHaveTextContent('This period made a loss');
  await user.click(within(review).getByRole('button', { name: 'Submit report' }));
  await waitFor(() => expect(within(review).getAllByRole('alert')).toHaveLength(2));
  expect(screen.getByRole('dialog', { name: 'Review your income report' })).toBeInTheDocument();
});

test('validation rules: a period longer than a year, or not ended', () => {
  const base = { ...emptyIncomeForm(), grossRent: '10' };
  expect(validateIncomeForm({ ...base, periodStart: '2025-01-01', periodEnd: '2026-01-02' }, '2026-06-01').periodEnd).toBe(
    RETURNS_MESSAGES.periodTooLong,
  );
  expect(validateIncomeForm({ ...base, periodStart: '2026-05-01', periodEnd: '2026-06-01' }, '2026-06-01').periodEnd).toBe(
    RETURNS_MESSAGES.periodNotEnded,
  );
  expect(validateIncomeForm({ ...base, periodStart: '2026-05-01', periodEnd: '2026-05-31' }, '2026-06-01')).toEqual({});
});

test('off-plan, not yet income-producing: report construction complete after confirming', async () => {
  api.getPropertyPerformance.mockResolvedValue({
    propertyId: 'p1',
    latestAppraisal: null,
    appraisals: [],
    distributions: [],
    incomeProducing: false,
  });
  api.getOwnedIncomeReports.mockResolvedValue([]);
  api.getOwnedDistributions.mockResolvedValue([]);
  api.markConstructionComplete.mockResolvedValue({
    propertyId: 'p1',
    constructionCompletedAt: '2026-06-01T10:00:00.000Z',
    incomeProducing: false,
  });
  const { user } = renderPage(<IncomeSection property={{ ...funded, type: 'OFF_PLAN', progress: 100 }} />);
  expect(await screen.findByText('No income report yet')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Submit an income report' })).not.toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Construction complete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report construction complete?' });
  await user.click(within(dialog).getByRole('button', { name: 'Report complete' }));
  expect(api.markConstructionComplete).toHaveBeenCalledWith('p1');
  expect(await screen.findByText(/Construction reported complete on Jun 1, 2026/)).toBeInTheDocument();
});

test('a repair the holders approved: the form asks what the reserve spent (at most the budget) and sends it', async () => {
  const line = 'Repair approved by holders on 2026-05-20: budget $2,500.00 (“Fix the roof”)';
  const roof = { proposalId: 'v1', title: 'Fix the roof', approvedOn: '2026-05-20', budget: 2500, spent: 0, line };
  jest.mocked(getApprovedRepairsToReport).mockResolvedValueOnce([roof]);
  api.submitIncomeReport.mockResolvedValue(report({ _id: 'r3', status: 'SUBMITTED', rejectionReason: null }));
  const { user } = renderPage(<IncomeSection property={funded} />);
  await user.click(await screen.findByRole('button', { name: 'Submit an income report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Income report: Maple Court' });
  const field = await within(dialog).findByLabelText(/Spent from the reserve on “Fix the roof”/);
  expect(getApprovedRepairsToReport).toHaveBeenCalledWith('p1');
  expect(dialog).toHaveTextContent(line);
  await user.type(within(dialog).getByLabelText(/Period start/), '2026-05-01');
  await user.type(within(dialog).getByLabelText(/Period end/), '2026-05-31');
  await user.type(within(dialog).getByLabelText(/Gross rent collected/), '1000');
  await user.click(within(dialog).getByRole('button', { name: 'Review report' }));
  expect(dialog).toHaveTextContent(REPAIR_MESSAGES.spent);
  await user.type(field, '2600');
  await user.click(within(dialog).getByRole('button', { name: 'Review report' }));
  expect(dialog).toHaveTextContent(REPAIR_MESSAGES.overBudget);
  await user.clear(field);
  await user.type(field, '1800.25');
  await user.click(within(dialog).getByRole('button', { name: 'Review report' }));

  const review = await screen.findByRole('dialog', { name: 'Review your income report' });
  expect(within(review).getByRole('list', { name: 'Repairs the holders approved' })).toHaveTextContent(
    `${line}: spent from the reserve $1,800.25`,
  );
  await user.click(within(review).getByRole('button', { name: 'Submit report' }));
  expect(api.submitIncomeReport).toHaveBeenCalledWith({
    propertyId: 'p1',
    periodStart: '2026-05-01',
    periodEnd: '2026-05-31',
    grossRent: 1000,
    expenses: {},
    note: undefined,
    approvedRepairs: [{ proposalId: 'v1', spent: 1800.25 }],
  });
});
