import { screen, waitFor, within } from '@testing-library/react';
import * as sharedApi from 'shared-api';
import { renderPage } from 'shared-ui/testing';
import { formatMoney } from 'shared-ui/core';
import { distributionFigures } from 'shared-api/contract/dashboard';
import { makeDistribution, makeReport } from 'shared-api/testing';
import { DistributionsPage } from './distributions-page';
import { todayUtc } from './labels';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getAdminIncomeReports: jest.fn(),
  getAdminDistributions: jest.fn(),
  approveIncomeReport: jest.fn(),
  rejectIncomeReport: jest.fn(),
  payDistribution: jest.fn(),
}));
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
