import { screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { getProperties } from 'shared-api';
import { getUsers } from 'shared-api/admin';
import { clearDirectory } from '../../lib/directory';
import { makeEntry, makeProperty, makeUser, pageOf } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import { TransactionsPage } from './transactions-page';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const sharedApi = { ...rootApi, ...adminApi };

jest.mock('shared-api', () => ({ ...jest.requireActual('shared-api'), getProperties: jest.fn() }));
jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getUsers: jest.fn(),
  getTransactions: jest.fn(),
  exportTransactionsCsv: jest.fn(),
}));
const money = sharedApi as unknown as Record<string, jest.Mock>;

jest.setTimeout(20_000);

const entries = [
  makeEntry(),
  makeEntry({
    _id: 'l2',
    type: 'ORDER_HOLD',
    amount: -500,
    balanceAfter: 500,
    propertyId: 'p1',
    orderId: 'ord1',
    description: 'Order of 10 units, "Harbor"',
  }),
];

beforeEach(() => {
  jest.clearAllMocks();
  clearDirectory();
  jest.mocked(getUsers).mockResolvedValue(pageOf([makeUser()]));
  jest.mocked(getProperties).mockResolvedValue(pageOf([makeProperty()]));
  money.getTransactions.mockResolvedValue({
    ...pageOf(entries, { pageSize: 25 }),
    totals: { credits: 1000, debits: -500, net: 500, count: 2, byType: { DEPOSIT: 1000, ORDER_HOLD: -500 } },
  });
});

test('the ledger: loading, then entries with people, properties, signed amounts and the totals', async () => {
  money.getTransactions.mockReturnValueOnce(never());
  const { unmount } = renderPage(<TransactionsPage />);
  expect(await screen.findByRole('status')).toHaveTextContent('Loading Transactions');
  unmount();

  renderPage(<TransactionsPage />);
  const table = await screen.findByRole('table', { name: 'Transactions' });
  expect(await within(table).findAllByRole('link', { name: 'Ivy Investor' })).toHaveLength(2);
  expect(await within(table).findByRole('link', { name: 'Harbor Lofts' })).toBeInTheDocument();
  expect(table).toHaveTextContent('+$1,000.00');
  expect(table).toHaveTextContent('-$500.00');
  expect(table).toHaveTextContent('Order (held)');
  const totals = screen.getByRole('region', { name: 'Totals of the selection' });
  expect(within(totals).getByRole('group', { name: 'Credits' })).toHaveTextContent('$1,000.00');
  expect(within(totals).getByRole('group', { name: 'Net' })).toHaveTextContent('$500.00');
  expect(within(totals).getByRole('group', { name: 'Debits' })).toHaveTextContent('-$500.00');
  expect(within(totals).getByRole('group', { name: 'Entries' })).toHaveTextContent('2');
  expect(totals).toHaveTextContent('Deposit: $1,000.00 · Order (held): -$500.00');
});

test('filters by type, person, property and dates reach the API', async () => {
  const { user, location } = renderPage(<TransactionsPage />, { url: '/?type=DEPOSIT&from=2026-01-01&to=2026-01-31' });
  await screen.findByRole('table', { name: 'Transactions' });
  expect(money.getTransactions).toHaveBeenCalledWith({
    type: 'DEPOSIT',
    userId: undefined,
    propertyId: undefined,
    from: '2026-01-01',
    to: '2026-01-31',
    page: 1,
    pageSize: 25,
  });
  await user.click(screen.getByRole('combobox', { name: 'Person' }));
  await user.click(await screen.findByRole('option', { name: /Ivy Investor/ }));
  await waitFor(() => expect(location()).toContain('user=u1'));
  await user.click(screen.getByRole('combobox', { name: 'Property' }));
  await user.click(await screen.findByRole('option', { name: 'Harbor Lofts' }));
  await waitFor(() =>
    expect(money.getTransactions).toHaveBeenCalledWith(expect.objectContaining({ type: 'DEPOSIT', userId: 'u1', propertyId: 'p1' })),
  );
});

test('a date range that ends before it starts is not sent', async () => {
  renderPage(<TransactionsPage />, { url: '/?from=2026-02-01&to=2026-01-01' });
  expect(await screen.findByText('Must be on or after From')).toBeInTheDocument();
  expect(screen.getByText('Choose a date range that ends after it starts')).toBeInTheDocument();
  expect(money.getTransactions).not.toHaveBeenCalled();
});

test('CSV export of the whole selection, written by the server', async () => {
  const csv = new Blob(['Date,Type\r\n'], { type: 'text/csv' });
  money.exportTransactionsCsv.mockResolvedValue(csv);
  const create = jest.fn(() => 'blob:x');
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const { user } = renderPage(<TransactionsPage />, { url: '/?type=ORDER_HOLD&user=u1' });
  await screen.findByRole('table', { name: 'Transactions' });
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByText('Exported 2 transactions')).toBeInTheDocument();
  expect(money.exportTransactionsCsv).toHaveBeenCalledWith({
    type: 'ORDER_HOLD',
    userId: 'u1',
    propertyId: undefined,
    from: undefined,
    to: undefined,
  });
  expect(create).toHaveBeenCalledWith(csv);
  expect(click).toHaveBeenCalled();
  click.mockRestore();
});

test('no entries, and a failure with Retry', async () => {
  money.getTransactions.mockResolvedValueOnce(pageOf([]));
  const { unmount } = renderPage(<TransactionsPage />);
  expect(await screen.findByText('No transaction matches these filters')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  unmount();
  money.getTransactions.mockRejectedValueOnce(new Error('Forbidden'));
  renderPage(<TransactionsPage />);
  expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('Forbidden');
});
