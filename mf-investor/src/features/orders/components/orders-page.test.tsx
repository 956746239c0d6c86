import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError, useSessionStore } from 'shared-api';
import { makeOrder, makeSummary, makeUser, makeWallet, pageOf, serverDown } from 'shared-api/testing';
import { asPhone, never, renderPage } from 'shared-ui/testing';
import { OrdersPage } from './orders-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMyOrders: jest.fn(),
  getWalletBalance: jest.fn(),
  cancelOrder: jest.fn(),
}));

const m = { orders: jest.mocked(api.getMyOrders), wallet: jest.mocked(api.getWalletBalance), cancel: jest.mocked(api.cancelOrder) };

jest.setTimeout(30_000);

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser(), 'token');
  m.wallet.mockResolvedValue(makeWallet({ balance: 800, held: 200 }));
});

const pending = makeOrder({ _id: 'o1', quantity: 4, amount: 200, createdAt: '2026-03-07T15:00:00.000Z' });
const completed = makeOrder({
  _id: 'o2',
  propertyId: 'p2',
  property: makeSummary({ _id: 'p2', name: 'Mountain Ash Cabins' }),
  quantity: 1250,
  unitPrice: 20,
  amount: 25000,
  status: 'COMPLETED',
  createdAt: '2026-02-01T15:00:00.000Z',
});
const rejected = makeOrder({ _id: 'o3', status: 'REJECTED', reason: 'Placed twice by mistake; refunded', quantity: 10, amount: 500 });

test('loading', () => {
  m.orders.mockReturnValue(never());
  m.wallet.mockReturnValue(never());
  renderPage(<OrdersPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading Orders');
});

test('data: status, property, units, amount and date; the wallet balance beside them', async () => {
  m.orders.mockResolvedValue(pageOf([pending, completed, rejected]));
  renderPage(<OrdersPage />, { url: '/dashboard/orders' });
  const table = await screen.findByRole('table', { name: 'Orders' });
  const row = within(table).getByRole('row', { name: /Mountain Ash Cabins/ });
  expect(row).toHaveTextContent('Feb 1, 2026');
  expect(row).toHaveTextContent('1,250');
  expect(row).toHaveTextContent('$20.00');
  expect(row).toHaveTextContent('$25,000.00');
  expect(row).toHaveTextContent('Completed');
  expect(within(row).getByRole('link', { name: 'Mountain Ash Cabins' })).toHaveAttribute('href', '/properties/p2');
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /Rejected/ })).toHaveTextContent('Placed twice by mistake; refunded');
  expect(within(table).getByRole('button', { name: 'Cancel order of 4 units of Harbor Lofts' })).toBeInTheDocument();
  expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$800.00');
  expect(m.orders).toHaveBeenCalledWith({ status: undefined, page: 1, pageSize: 10 });
});

test('filters by status through the URL, and pages', async () => {
  m.orders.mockResolvedValue(pageOf([pending], { total: 25, pageSize: 10 }));
  const { user, location } = renderPage(<OrdersPage />, { url: '/dashboard/orders' });
  await screen.findByRole('table', { name: 'Orders' });
  await user.click(screen.getByRole('tab', { name: 'Pending' }));
  await waitFor(() => expect(m.orders).toHaveBeenLastCalledWith({ status: 'PENDING', page: 1, pageSize: 10 }));
  expect(location()).toBe('/dashboard/orders?status=PENDING');
  expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');

  const next = await screen.findByRole('button', { name: 'Next' });
  await waitFor(() => expect(next).toBeEnabled()); // once the page's total has arrived
  await user.click(next);
  await waitFor(() => expect(m.orders).toHaveBeenLastCalledWith({ status: 'PENDING', page: 2, pageSize: 10 }));
  expect(location()).toBe('/dashboard/orders?status=PENDING&page=2');
});

test('empty, with and without a filter', async () => {
  m.orders.mockResolvedValue(pageOf([]));
  renderPage(<OrdersPage />, { url: '/dashboard/orders' });
  expect(await screen.findByText('You have not placed any orders yet')).toBeInTheDocument();
  const browse = screen.getAllByRole('link', { name: 'Browse properties' });
  expect(browse).toHaveLength(2);
  for (const b of browse) expect(b).toHaveAttribute('href', '/properties');
});

test('empty for one status', async () => {
  m.orders.mockResolvedValue(pageOf([]));
  renderPage(<OrdersPage />, { url: '/dashboard/orders?status=CANCELLED' });
  expect(await screen.findByText('No cancelled orders')).toBeInTheDocument();
  expect(m.orders).toHaveBeenCalledWith({ status: 'CANCELLED', page: 1, pageSize: 10 });
});

test('error: Retry loads again', async () => {
  m.orders.mockRejectedValueOnce(serverDown()).mockResolvedValueOnce(pageOf([completed]));
  const { user } = renderPage(<OrdersPage />);
  await user.click(await screen.findByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('row', { name: /Mountain Ash Cabins/ })).toBeInTheDocument();
});

test('cancels a PENDING order after confirmation; the balance then shows the refund', async () => {
  m.orders.mockResolvedValueOnce(pageOf([pending, completed])).mockResolvedValue(pageOf([{ ...pending, status: 'CANCELLED' }, completed]));
  m.wallet.mockResolvedValueOnce(makeWallet({ balance: 800, held: 200 })).mockResolvedValue(makeWallet({ balance: 1000, held: 0 }));
  m.cancel.mockResolvedValue({ ...pending, status: 'CANCELLED' });
  const { user } = renderPage(<OrdersPage />);
  await screen.findByText('$800.00');

  await user.click(await screen.findByRole('button', { name: 'Cancel order of 4 units of Harbor Lofts' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
  expect(dialog).toHaveTextContent('Your order of 4 units of Harbor Lofts for $200.00 will be cancelled.');
  // Keeping it changes nothing.
  await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(m.cancel).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Cancel order of 4 units of Harbor Lofts' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', { name: 'Cancel order' }));
  expect(m.cancel).toHaveBeenCalledWith('o1');
  expect(await screen.findByText('Order cancelled: $200.00 was refunded to your wallet.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('$1,000.00'));
  expect(await screen.findByRole('row', { name: /Harbor Lofts.*Cancelled/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Cancel order of/ })).not.toBeInTheDocument();
});

test("a refused cancel says the server's reason and reloads the list", async () => {
  m.orders.mockResolvedValueOnce(pageOf([pending])).mockResolvedValue(pageOf([{ ...pending, status: 'COMPLETED' }]));
  m.cancel.mockRejectedValue(
    new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'Only a pending order can be cancelled; this one is completed' }),
  );
  const { user } = renderPage(<OrdersPage />);
  await user.click(await screen.findByRole('button', { name: /^Cancel order of/ }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
  expect(await screen.findByText('Only a pending order can be cancelled; this one is completed')).toBeInTheDocument();
  await waitFor(() => expect(m.orders).toHaveBeenCalledTimes(2));
});

test('on a phone the table folds into two columns and keeps Cancel', async () => {
  const restore = asPhone();
  try {
    m.orders.mockResolvedValue(pageOf([pending, completed]));
    renderPage(<OrdersPage />);
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Amount']);
    const row = within(table).getByRole('row', { name: /Harbor Lofts/ });
    expect(row).toHaveTextContent('4 units · Mar 7, 2026');
    expect(row).toHaveTextContent('Pending');
    expect(row).toHaveTextContent('$200.00');
    expect(within(row).getByRole('button', { name: 'Cancel order of 4 units of Harbor Lofts' })).toBeInTheDocument();
  } finally {
    restore();
  }
});
