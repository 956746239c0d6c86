import { screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { getUsers } from 'shared-api/admin';
import { clearDirectory } from '../../lib/directory';
import { makePayout, makeUser, pageOf } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import { PayoutsPage } from './payouts-page';
import * as download from '../../lib/download';
import { savedCsv } from '../../testing/saved-csv';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const sharedApi = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getUsers: jest.fn(),
  getPayouts: jest.fn(),
  decidePayout: jest.fn(),
  getPayoutDestinationInFull: jest.fn(),
  getAdminCheckouts: jest.fn(),
  createPayoutBatch: jest.fn(),
  payPayouts: jest.fn(),
}));
jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));
const money = sharedApi as unknown as Record<string, jest.Mock>;

jest.setTimeout(20_000);

beforeEach(() => {
  jest.clearAllMocks();
  clearDirectory();
  jest.mocked(getUsers).mockResolvedValue(pageOf([makeUser({ role: 'PROPERTY_OWNER', firstName: 'Olga', lastName: 'Owner' })]));
  money.getPayouts.mockResolvedValue(pageOf([makePayout()]));
});

test('requested withdrawals: mark paid after confirming', async () => {
  money.decidePayout.mockResolvedValue(makePayout({ status: 'PAID' }));
  const { user } = renderPage(<PayoutsPage />);
  const table = await screen.findByRole('table', { name: 'Withdrawals to decide' });
  expect(table).toHaveTextContent('$1,250.50');
  expect(await within(table).findByRole('link', { name: 'Olga Owner' })).toHaveAttribute('href', '/dashboard/owners/u1');
  expect(money.getPayouts).toHaveBeenCalledWith({ status: 'REQUESTED', page: 1, pageSize: 20 });
  await user.click(within(table).getByRole('button', { name: /^Mark paid: \$1,250\.50 to Olga Owner/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Mark this withdrawal paid?' });
  expect(dialog).toHaveTextContent('Confirm only once the money has been sent.');
  money.getPayouts.mockResolvedValue(pageOf([]));
  // No reference, no decision: the bank's reference is what reconciles the transfer.
  await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
  expect(within(dialog).getByText('Enter the bank reference of the transfer')).toBeInTheDocument();
  expect(money.decidePayout).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Bank reference of the transfer/ }), '  TRF-20261127-0042 ');
  await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
  expect(money.decidePayout).toHaveBeenCalledWith('pay1', { status: 'PAID', bankReference: 'TRF-20261127-0042' });
  expect(await screen.findByText('Withdrawal of $1,250.50 marked paid')).toBeInTheDocument();
  // The list and the Requested count are asked again.
  expect(await screen.findByText('No withdrawal is waiting')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('tab', { name: /Requested/ })).toHaveTextContent('0'));
});

test('reject needs a reason', async () => {
  money.decidePayout.mockResolvedValue(makePayout({ status: 'REJECTED' }));
  const { user } = renderPage(<PayoutsPage />);
  const table = await screen.findByRole('table', { name: 'Withdrawals to decide' });
  await user.click(within(table).getByRole('button', { name: /^Reject:/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject this withdrawal?' });
  await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
  expect(within(dialog).getByText('Please give a reason for the rejection')).toBeInTheDocument();
  expect(money.decidePayout).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Bank details do not match');
  await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
  expect(money.decidePayout).toHaveBeenCalledWith('pay1', { status: 'REJECTED', reason: 'Bank details do not match' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('the person comes with the request when the directory does not know them', async () => {
  jest.mocked(getUsers).mockResolvedValue(pageOf([]));
  money.getPayouts.mockResolvedValue(
    pageOf([
      {
        ...makePayout({ userId: 'u9' }),
        user: { _id: 'u9', firstName: 'Nina', lastName: 'New', email: 'nina@example.com', role: 'INVESTOR' },
      },
    ]),
  );
  renderPage(<PayoutsPage />);
  const table = await screen.findByRole('table', { name: 'Withdrawals to decide' });
  expect(within(table).getByRole('link', { name: 'Nina New' })).toHaveAttribute('href', '/dashboard/investors/u9');
  expect(table).toHaveTextContent('nina@example.com');
});

test('all withdrawals show decisions; empty and failed states', async () => {
  money.getPayouts.mockResolvedValue(
    pageOf([
      makePayout({ status: 'REJECTED', reason: 'Bank details do not match', decidedAt: '2026-02-04T10:00:00.000Z' }),
      makePayout({ _id: 'pay2', status: 'PAID', bankReference: 'TRF-77', decidedAt: '2026-02-05T10:00:00.000Z' }),
    ]),
  );
  const { unmount } = renderPage(<PayoutsPage />, { url: '/?tab=all' });
  const table = await screen.findByRole('table', { name: 'All withdrawals' });
  expect(table).toHaveTextContent('Bank details do not match');
  expect(table).toHaveTextContent('Bank ref. TRF-77');
  expect(within(table).queryByRole('button', { name: /Mark paid/ })).not.toBeInTheDocument();
  unmount();

  money.getPayouts.mockResolvedValue(pageOf([]));
  const second = renderPage(<PayoutsPage />);
  expect(await screen.findByText('No withdrawal is waiting')).toBeInTheDocument();
  second.unmount();

  money.getPayouts.mockRejectedValue(new Error('Forbidden'));
  renderPage(<PayoutsPage />);
  expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('Forbidden');
});

test("a requested withdrawal shows the person's verification status (issue 16)", async () => {
  money.getPayouts.mockResolvedValue(
    pageOf([
      makePayout({
        _id: 'pay9',
        userId: 'u9',
        user: { _id: 'u9', firstName: 'Rita', lastName: 'Rejected', email: 'rita@example.com', role: 'INVESTOR', status: 'REJECTED' },
      } as never),
    ]),
  );
  renderPage(<PayoutsPage />);
  const table = await screen.findByRole('table', { name: 'Withdrawals to decide' });
  const row = within(table).getByRole('row', { name: /Rita Rejected/ });
  expect(within(row).getByLabelText('Verification: Rejected')).toHaveTextContent('Rejected');
});

test("open checkouts, with the person's verification status (issue 16)", async () => {
  money.getAdminCheckouts.mockResolvedValue(
    pageOf([
      {
        _id: 'c1',
        userId: 'u7',
        purpose: 'DEPOSIT',
        amount: 40,
        status: 'OPEN',
        createdAt: '2026-02-03T12:00:00.000Z',
        expiresAt: '2026-02-03T13:00:00.000Z',
        user: { _id: 'u7', firstName: 'Pat', lastName: 'Pending', email: 'pat@example.com', role: 'INVESTOR', status: 'PENDING' },
      },
    ]),
  );
  const { user } = renderPage(<PayoutsPage />);
  await user.click(await screen.findByRole('tab', { name: 'Open checkouts' }));
  const table = await screen.findByRole('table', { name: 'Open checkouts' });
  expect(money.getAdminCheckouts).toHaveBeenCalledWith({ status: 'OPEN', page: 1, pageSize: 20 });
  const row = within(table).getByRole('row', { name: /Pat Pending/ });
  expect(row).toHaveTextContent('Deposit');
  expect(row).toHaveTextContent('$40.00');
  expect(within(row).getByLabelText('Verification: Pending')).toBeInTheDocument();
});

test('the destination shows masked in the list; "Show full details" reads it in full (audited) in the mark-paid dialog', async () => {
  const destination = {
    _id: 'd1',
    kind: 'US_ACH' as const,
    holderName: 'Olga Owner',
    country: 'US',
    last4: '6789',
    createdAt: '2026-02-01T00:00:00.000Z',
    removedAt: null,
  };
  money.getPayouts.mockResolvedValue(pageOf([makePayout({ destination }), makePayout({ _id: 'old', amount: 5 })]));
  money.getPayoutDestinationInFull.mockResolvedValue({
    ...destination,
    routingNumber: '011000015',
    accountNumber: '000123456789',
    iban: null,
    bic: null,
  });
  money.decidePayout.mockResolvedValue(makePayout({ status: 'PAID' }));
  const { user } = renderPage(<PayoutsPage />);
  const table = await screen.findByRole('table', { name: 'Withdrawals to decide' });
  expect(within(table).getByText('US bank account •••• 6789 · Olga Owner')).toBeInTheDocument();
  expect(within(table).getByText('Not recorded')).toBeInTheDocument();
  await user.click(within(table).getByRole('button', { name: /^Mark paid: \$1,250\.50/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Mark this withdrawal paid?' });
  expect(dialog).not.toHaveTextContent('000123456789');
  expect(dialog).toHaveTextContent('Viewing the full account details is recorded in the audit log.');
  await user.click(within(dialog).getByRole('button', { name: 'Show full details' }));
  expect(money.getPayoutDestinationInFull).toHaveBeenCalledWith('pay1');
  expect(await within(dialog).findByText('000123456789')).toBeInTheDocument();
  expect(within(dialog).getByText('011000015')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: /Bank reference of the transfer/ }), 'TRF-1');
  await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
  expect(money.decidePayout).toHaveBeenCalledWith('pay1', { status: 'PAID', bankReference: 'TRF-1' });
});

test('exports a bank file of the waiting withdrawals after confirming, and downloads CSV and XML', async () => {
  money.createPayoutBatch.mockResolvedValue({
    batch: {
      _id: 'b1234567-0000-4000-8000-000000000000',
      createdBy: 'a1',
      createdAt: '2026-11-27T10:00:00.000Z',
      payoutIds: ['pay1'],
      count: 1,
      total: 1250.5,
      currency: 'USD',
      reexport: false,
      csvSha256: 'c'.repeat(64),
      xmlSha256: 'x'.repeat(64),
    },
    csv: 'payout_id\r\n',
    xml: '<?xml version="1.0"?>',
  });
  const { user } = renderPage(<PayoutsPage />);
  await screen.findByRole('table', { name: 'Withdrawals to decide' });
  await user.click(screen.getByRole('button', { name: 'Export bank file' }));
  const dialog = await screen.findByRole('dialog', { name: 'Export a bank file?' });
  expect(dialog).toHaveTextContent('recorded in the audit trail');
  expect(money.createPayoutBatch).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: 'Export and download' }));
  expect(money.createPayoutBatch).toHaveBeenCalledWith({ all: true });
  expect(await screen.findByText('Bank file of 1 withdrawal ($1,250.50) downloaded')).toBeInTheDocument();
  expect(download.saveFile).toHaveBeenCalledWith(expect.any(Blob), 'payouts-2026-11-27-b1234567.csv');
  expect(download.saveFile).toHaveBeenCalledWith(expect.any(Blob), 'payouts-2026-11-27-b1234567.xml');
});

test('marks several selected withdrawals paid in one action, one bank reference each, after confirming', async () => {
  money.getPayouts.mockResolvedValue(pageOf([makePayout(), makePayout({ _id: 'pay2', amount: 10 })]));
  money.payPayouts.mockResolvedValue([]);
  const { user } = renderPage(<PayoutsPage />);
  const table = await screen.findByRole('table', { name: 'Withdrawals to decide' });
  const markSelected = screen.getByRole('button', { name: 'Mark selected paid (0)' });
  expect(markSelected).toBeDisabled();
  await user.click(within(table).getByRole('checkbox', { name: /^Select: \$1,250\.50/ }));
  await user.click(within(table).getByRole('checkbox', { name: /^Select: \$10\.00/ }));
  await user.click(screen.getByRole('button', { name: 'Mark selected paid (2)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Mark these withdrawals paid?' });
  expect(dialog).toHaveTextContent('$1,260.50 in all');
  // Every withdrawal needs its reference.
  await user.click(within(dialog).getByRole('button', { name: 'Mark 2 paid' }));
  expect(within(dialog).getByText('Enter the bank reference of the transfer')).toBeInTheDocument();
  expect(money.payPayouts).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /^Bank reference: \$1,250\.50/ }), 'TRF-1');
  await user.type(within(dialog).getByRole('textbox', { name: /^Bank reference: \$10\.00/ }), ' TRF-2 ');
  await user.click(within(dialog).getByRole('button', { name: 'Mark 2 paid' }));
  expect(money.payPayouts).toHaveBeenCalledWith({
    items: [
      { payoutId: 'pay1', bankReference: 'TRF-1' },
      { payoutId: 'pay2', bankReference: 'TRF-2' },
    ],
  });
  expect(await screen.findByText('2 withdrawals ($1,260.50) marked paid')).toBeInTheDocument();
});

test('a withdrawal above the four-eyes threshold: Sent for approval, not paid', async () => {
  money.decidePayout.mockResolvedValue({ sentForApproval: { _id: 'ap1', status: 'PENDING' } });
  const { user } = renderPage(<PayoutsPage />);
  const table = await screen.findByRole('table', { name: 'Withdrawals to decide' });
  await user.click(within(table).getByRole('button', { name: /^Mark paid:/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Mark this withdrawal paid?' });
  await user.type(within(dialog).getByRole('textbox', { name: /Bank reference of the transfer/ }), 'TRF-1');
  await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
  expect(await screen.findByText(SENT_FOR_APPROVAL)).toBeInTheDocument();
  expect(screen.queryByText(/marked paid/)).not.toBeInTheDocument();
});

test('open checkouts take a page size of their own, and download every one as CSV', async () => {
  const checkout = (id: string, amount: number) => ({
    _id: id,
    userId: 'u7',
    purpose: 'DEPOSIT' as const,
    amount,
    status: 'OPEN' as const,
    createdAt: '2026-02-03T12:00:00.000Z',
    expiresAt: '2026-02-03T13:00:00.000Z',
    user: {
      _id: 'u7',
      firstName: 'Pat',
      lastName: 'Pending',
      email: 'pat@example.com',
      role: 'INVESTOR' as const,
      status: 'PENDING' as const,
    },
  });
  money.getAdminCheckouts.mockImplementation(async (q: { page: number; pageSize: number }) =>
    q.pageSize === 100
      ? pageOf([checkout(`c${q.page}`, q.page === 1 ? 40 : 12.5)], { total: 2 })
      : pageOf([checkout('c1', 40)], { total: 2 }),
  );
  const { user, location } = renderPage(<PayoutsPage />, { url: '/?tab=checkouts&page=2&size=50' });
  await screen.findByRole('table', { name: 'Open checkouts' });
  // The withdrawals' size is not the checkouts'.
  expect(money.getAdminCheckouts).toHaveBeenCalledWith({ status: 'OPEN', page: 2, pageSize: 20 });
  await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
  await user.click(await screen.findByRole('option', { name: '25' }));
  await waitFor(() => expect(money.getAdminCheckouts).toHaveBeenLastCalledWith({ status: 'OPEN', page: 1, pageSize: 25 }));
  expect(location()).toBe('/?tab=checkouts&size=50&checkoutsSize=25');

  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(download.saveFile).toHaveBeenCalledTimes(1));
  expect(money.getAdminCheckouts).toHaveBeenCalledWith({ status: 'OPEN', page: 2, pageSize: 100 });
  const { name, lines } = await savedCsv();
  expect(name).toBe('open-checkouts.csv');
  expect(lines).toEqual([
    'Checkout,Started,Person,E-mail,Verification,For,Amount,Expires',
    'c1,2026-02-03T12:00:00.000Z,Pat Pending,pat@example.com,Pending,Deposit,40,2026-02-03T13:00:00.000Z',
    'c2,2026-02-03T12:00:00.000Z,Pat Pending,pat@example.com,Pending,Deposit,12.5,2026-02-03T13:00:00.000Z',
  ]);
});
