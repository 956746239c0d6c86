import { screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { renderPage } from 'shared-ui/testing';
import { formatMoney } from 'shared-ui/core';
import { RETURNS_MESSAGES, distributionFigures } from 'shared-api/contract/dashboard';
import { makeDistribution, makeReport } from 'shared-api/testing';
import { saveFile } from '../../lib/download';
import { savedCsv } from '../../testing/saved-csv';
import { DistributionsPage } from './distributions-page';
import { todayUtc } from './labels';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const sharedApi = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getAdminIncomeReports: jest.fn(),
  getAdminDistributions: jest.fn(),
  approveIncomeReport: jest.fn(),
  rejectIncomeReport: jest.fn(),
  payDistribution: jest.fn(),
  cancelDistribution: jest.fn(),
  correctDistribution: jest.fn(),
}));
jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));
const api = sharedApi as unknown as Record<string, jest.Mock>;

jest.setTimeout(30_000);

beforeEach(() => {
  jest.clearAllMocks();
  api.getAdminIncomeReports.mockResolvedValue([makeReport()]);
  api.getAdminDistributions.mockResolvedValue({ items: [makeDistribution()], revenueBalance: 1234.56 });
});

test('revenue balance, the review queue and upcoming distributions with the contract figures', async () => {
  renderPage(<DistributionsPage />);
  const revenue = await screen.findByRole('group', { name: 'Platform revenue account' });
  await waitFor(() => expect(revenue).toHaveTextContent('$1,234.56'));
  const queue = await screen.findByRole('table', { name: 'Income reports to review' });
  expect(queue).toHaveTextContent('Harbor Lofts');
  expect(queue).toHaveTextContent('$5,000.00');
  expect(queue).toHaveTextContent('$1,270.50');
  expect(api.getAdminIncomeReports).toHaveBeenCalledWith({ status: 'SUBMITTED' });

  const f = distributionFigures(500_000, 127_050, 800, 0);
  const table = await screen.findByRole('table', { name: 'Upcoming distributions' });
  expect(table).toHaveTextContent(formatMoney(f.feeCents / 100)); // $400.00
  expect(table).toHaveTextContent('$400.00');
  expect(table).toHaveTextContent(formatMoney(f.netIncomeCents / 100)); // $3,329.50
  expect(table).toHaveTextContent('$3,329.50');
});

test('a report carrying a repair the holders approved shows its line and the reserve spending to the reviewer', async () => {
  const line = 'Repair approved by holders on 2026-05-20: budget $2,500.00 (“Fix the roof”)';
  api.getAdminIncomeReports.mockResolvedValue([
    makeReport({
      approvedRepairs: [{ proposalId: 'v1', title: 'Fix the roof', approvedOn: '2026-05-20', budget: 2500, spent: 1800.25, line }],
    }),
  ]);
  const { user } = renderPage(<DistributionsPage />);
  const queue = await screen.findByRole('table', { name: 'Income reports to review' });
  await user.click(within(queue).getByRole('button', { name: /^Approve: Harbor Lofts/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve this report?' });
  expect(within(dialog).getByRole('list', { name: 'Repairs the holders approved' })).toHaveTextContent(
    `${line}: spent from the reserve $1,800.25`,
  );
});

test('approve: shows the receipts, asks for the dates, refuses a pay date before the record date, then declares', async () => {
  api.approveIncomeReport.mockResolvedValue({
    report: makeReport({ status: 'APPROVED' }),
    distribution: makeDistribution({ recordDate: todayUtc() }),
  });
  const { user } = renderPage(<DistributionsPage />);
  const queue = await screen.findByRole('table', { name: 'Income reports to review' });
  await user.click(within(queue).getByRole('button', { name: /^Approve: Harbor Lofts/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve this report?' });
  expect(within(dialog).getByRole('link', { name: /paint-invoice\.pdf/ })).toHaveAttribute('target', '_blank');
  expect(dialog).toHaveTextContent('Maintenance and repairs');
  const record = within(dialog).getByLabelText(/Record date/);
  const pay = within(dialog).getByLabelText(/Pay date/);
  expect(record).toHaveValue(todayUtc());
  await user.clear(pay);
  await user.type(pay, '2000-01-01');
  await user.click(within(dialog).getByRole('button', { name: 'Approve and declare' }));
  expect(within(dialog).getAllByText('The pay date cannot be before the record date').length).toBeGreaterThan(0);
  expect(api.approveIncomeReport).not.toHaveBeenCalled();

  await user.clear(pay);
  await user.type(pay, '2099-01-10');
  await user.click(within(dialog).getByRole('button', { name: 'Approve and declare' }));
  expect(api.approveIncomeReport).toHaveBeenCalledWith('r1', { recordDate: todayUtc(), payDate: '2099-01-10' });
  expect(await screen.findByText(/^Report approved: \$3,329\.50 to holders of record/)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('reject needs a reason', async () => {
  api.rejectIncomeReport.mockResolvedValue(makeReport({ status: 'REJECTED', rejectionReason: 'Receipts missing' }));
  const { user } = renderPage(<DistributionsPage />);
  const queue = await screen.findByRole('table', { name: 'Income reports to review' });
  await user.click(within(queue).getByRole('button', { name: /^Reject: Harbor Lofts/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject this report?' });
  await user.click(within(dialog).getByRole('button', { name: 'Reject report' }));
  expect(within(dialog).getByText('Please give a reason for the rejection')).toBeInTheDocument();
  expect(api.rejectIncomeReport).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Receipts missing');
  await user.click(within(dialog).getByRole('button', { name: 'Reject report' }));
  expect(api.rejectIncomeReport).toHaveBeenCalledWith('r1', { reason: 'Receipts missing' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('pay now after confirming; a refusal shows the reason', async () => {
  api.payDistribution.mockResolvedValueOnce({ result: 'PAID', distribution: makeDistribution({ status: 'PAID' }) });
  const { user } = renderPage(<DistributionsPage />);
  const table = await screen.findByRole('table', { name: 'Upcoming distributions' });
  await user.click(within(table).getByRole('button', { name: /^Pay now: Harbor Lofts/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Pay this distribution now?' });
  expect(dialog).toHaveTextContent("from the owner's wallet to the holders of record");
  expect(api.payDistribution).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: 'Pay now' }));
  expect(api.payDistribution).toHaveBeenCalledWith('dist1');
  expect(await screen.findByText('Paid $3,329.50 to the holders of Harbor Lofts')).toBeInTheDocument();

  const reason = "The owner's wallet holds $10.00; this distribution needs $3,329.50";
  api.payDistribution.mockResolvedValueOnce({ result: 'REFUSED', distribution: makeDistribution({ refusedReason: reason }) });
  await user.click(within(await screen.findByRole('table', { name: 'Upcoming distributions' })).getByRole('button', { name: /^Pay now:/ }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Pay this distribution now?' })).getByRole('button', { name: 'Pay now' }),
  );
  expect(await screen.findByText(`Payment refused: ${reason}`)).toBeInTheDocument();
});

test('the refused and paid views ask the server for them; refused rows show why', async () => {
  const reason = "The owner's wallet does not cover $3,329.50";
  const { user } = renderPage(<DistributionsPage />);
  await screen.findByRole('table', { name: 'Upcoming distributions' });
  api.getAdminDistributions.mockResolvedValue({
    items: [makeDistribution({ status: 'RECORDED', refusedReason: reason })],
    revenueBalance: 1234.56,
  });
  await user.click(screen.getByRole('tab', { name: 'Refused' }));
  const table = await screen.findByRole('table', { name: 'Refused distributions' });
  expect(api.getAdminDistributions).toHaveBeenLastCalledWith({ refused: true });
  await waitFor(() => expect(table).toHaveTextContent(reason));
  expect(table).toHaveTextContent('Refused');

  api.getAdminDistributions.mockResolvedValue({ items: [makeDistribution({ status: 'PAID' })], revenueBalance: 1634.56 });
  await user.click(screen.getByRole('tab', { name: 'Paid' }));
  const paid = await screen.findByRole('table', { name: 'Paid distributions' });
  expect(api.getAdminDistributions).toHaveBeenLastCalledWith({ status: 'PAID' });
  await waitFor(() => expect(within(paid).queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument());
});

test('empty queue and a failed distributions call', async () => {
  api.getAdminIncomeReports.mockResolvedValue([]);
  api.getAdminDistributions.mockRejectedValue(new Error('boom'));
  renderPage(<DistributionsPage />);
  expect(await screen.findByText('No report is waiting for review')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: /Retry/ })).toBeInTheDocument();
});

test('the reports filter shows decided reports with their reasons', async () => {
  const { user } = renderPage(<DistributionsPage />);
  await screen.findByRole('table', { name: 'Income reports to review' });
  api.getAdminIncomeReports.mockResolvedValue([makeReport({ status: 'REJECTED', rejectionReason: 'Receipts missing' })]);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'REJECTED');
  const table = await screen.findByRole('table', { name: 'Rejected income reports' });
  expect(api.getAdminIncomeReports).toHaveBeenLastCalledWith({ status: 'REJECTED' });
  await waitFor(() => expect(table).toHaveTextContent('Receipts missing'));
  expect(within(table).queryByRole('button', { name: /^Approve:/ })).not.toBeInTheDocument();
});

test('cancel: confirmed with a reason; the cancelled view lists it with the reason and no actions', async () => {
  api.cancelDistribution.mockResolvedValue(makeDistribution({ status: 'CANCELLED', cancelReason: 'Rent typed twice' }));
  const { user } = renderPage(<DistributionsPage />);
  const table = await screen.findByRole('table', { name: 'Upcoming distributions' });
  await user.click(within(table).getByRole('button', { name: /^Cancel: Harbor Lofts/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel this distribution?' });
  expect(dialog).toHaveTextContent('It will never be paid');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel distribution' }));
  expect(await within(dialog).findByText(RETURNS_MESSAGES.reasonRequired)).toBeInTheDocument();
  expect(api.cancelDistribution).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Rent typed twice');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel distribution' }));
  expect(api.cancelDistribution).toHaveBeenCalledWith('dist1', { reason: 'Rent typed twice' });
  expect(await screen.findByText('Distribution of Harbor Lofts cancelled: it will not be paid')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  api.getAdminDistributions.mockResolvedValue({
    items: [makeDistribution({ status: 'CANCELLED', cancelReason: 'Rent typed twice', cancelledAt: '2026-06-05T00:00:00.000Z' })],
    revenueBalance: 1234.56,
  });
  await user.click(screen.getByRole('tab', { name: 'Cancelled' }));
  const cancelled = await screen.findByRole('table', { name: 'Cancelled distributions' });
  expect(api.getAdminDistributions).toHaveBeenLastCalledWith({ status: 'CANCELLED' });
  await waitFor(() => expect(cancelled).toHaveTextContent('Cancelled: Rent typed twice'));
  expect(within(cancelled).queryByRole('button', { name: /Pay now|Cancel:/ })).not.toBeInTheDocument();
});

test('correct: a paid row opens the dialog; it says what is reversed and paid, shows a refusal and stays open, then corrects', async () => {
  const paid = makeDistribution({ status: 'PAID', totalUnits: 1000, paidAt: '2026-06-12T00:00:00.000Z' });
  api.getAdminDistributions.mockResolvedValue({ items: [paid], revenueBalance: 1234.56 });
  const refusal = "2 holders' wallets no longer hold what the reversal would take back (short by $138.00 in total): nothing was corrected";
  api.correctDistribution.mockRejectedValueOnce(new Error(refusal));
  api.correctDistribution.mockResolvedValueOnce({
    original: { ...paid, status: 'CORRECTED', correctionReason: 'Expenses left out' },
    correction: makeDistribution({ _id: 'dist2', status: 'PAID', distributable: 3000, correctsId: 'dist1' }),
  });
  const { user } = renderPage(<DistributionsPage />);
  await user.click(await screen.findByRole('tab', { name: 'Paid' }));
  const table = await screen.findByRole('table', { name: 'Paid distributions' });
  await user.click(await within(table).findByRole('button', { name: /^Correct: Harbor Lofts/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Correct this paid distribution?' });
  const total = within(dialog).getByRole('textbox', { name: /Corrected total/ });
  expect(total).toHaveValue('3329.50');
  expect(dialog).toHaveTextContent('Reversed: the $3,329.50 paid to the holders');

  await user.clear(total);
  await user.type(total, '0');
  expect(within(dialog).getByRole('status')).toHaveTextContent('pure reversal');
  await user.clear(total);
  await user.type(total, '12.345');
  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Expenses left out');
  await user.click(within(dialog).getByRole('button', { name: 'Reverse and correct' }));
  expect(await within(dialog).findByText(/Enter the corrected total in dollars/)).toBeInTheDocument();
  expect(api.correctDistribution).not.toHaveBeenCalled();

  await user.clear(total);
  await user.type(total, '3000');
  expect(within(dialog).getByRole('status')).toHaveTextContent(
    'Paid instead: $3,000.00, split over the same holders of record (1000 units)',
  );
  // From the keyboard: Enter in the total submits.
  await user.click(total);
  await user.keyboard('{Enter}');
  expect(api.correctDistribution).toHaveBeenLastCalledWith('dist1', { totalCents: 300_000, reason: 'Expenses left out' });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  expect(screen.getByRole('dialog', { name: 'Correct this paid distribution?' })).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Reverse and correct' }));
  expect(await screen.findByText('Distribution of Harbor Lofts corrected: $3,329.50 reversed, $3,000.00 paid instead')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('income reports sort by a column, apart from the distributions, and download as CSV in that order', async () => {
  api.getAdminIncomeReports.mockResolvedValue([
    makeReport(),
    makeReport({ _id: 'r2', propertyName: 'Alder House', grossRent: 1200.5, receipts: [], note: 'June, "quiet"' }),
  ]);
  const { user, location } = renderPage(<DistributionsPage />);
  const table = await screen.findByRole('table', { name: 'Income reports to review' });
  const properties = () =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0].textContent);
  expect(properties()).toEqual(['Harbor Lofts', 'Alder House']);
  const rent = within(table).getByRole('columnheader', { name: /Rent/ });
  await user.click(within(rent).getByRole('button', { name: /Rent/ }));
  expect(rent).toHaveAttribute('aria-sort', 'ascending');
  expect(properties()).toEqual(['Alder House', 'Harbor Lofts']);
  expect(location()).toBe('/?reportsSort=grossRent&reportsOrder=asc');
  // The distributions keep their own order.
  const dists = screen.getByRole('table', { name: 'Upcoming distributions' });
  expect(within(dists).getByRole('columnheader', { name: /Property/ })).toHaveAttribute('aria-sort', 'none');

  const reports = screen.getByRole('region', { name: 'Income reports' });
  await user.click(within(reports).getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const { name, lines } = await savedCsv();
  expect(name).toBe('income-reports-submitted.csv');
  expect(lines).toEqual([
    'Property,Period start,Period end,Rent,Expenses,Receipts,Note,Status,Reason,Submitted',
    expect.stringMatching(/^Alder House,2026-05-01,2026-05-31,1200\.5,1270\.5,0,"June, ""quiet""",/),
    expect.stringMatching(/^Harbor Lofts,2026-05-01,2026-05-31,5000,1270\.5,1,"May rent, one unit repainted",/),
  ]);
});
