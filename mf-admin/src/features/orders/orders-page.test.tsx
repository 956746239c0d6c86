import { act, screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { getUsers } from 'shared-api/admin';
import { SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import { clearDirectory } from '../../lib/directory';
import { makeOrder, makeUser, pageOf } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import { OrdersPage } from './orders-page';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const sharedApi = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getUsers: jest.fn(),
  getAllOrders: jest.fn(),
  reviewOrder: jest.fn(),
  reviewOrders: jest.fn(),
  deleteOrder: jest.fn(),
}));
const money = sharedApi as unknown as Record<string, jest.Mock>;

jest.setTimeout(20_000);

beforeEach(() => {
  jest.clearAllMocks();
  clearDirectory();
  jest.mocked(getUsers).mockResolvedValue(pageOf([makeUser()]));
  money.getAllOrders.mockImplementation(async (q: { status?: string }) =>
    q.status === 'PENDING' ? pageOf([makeOrder()]) : pageOf([makeOrder(), makeOrder({ _id: 'ord2', status: 'COMPLETED' })]),
  );
});

test('the pending queue: loading, rows with the investor and property, the count', async () => {
  money.getAllOrders.mockReturnValueOnce(never());
  const { unmount } = renderPage(<OrdersPage />);
  expect(await screen.findByRole('status')).toHaveTextContent('Loading Orders pending approval');
  unmount();

  renderPage(<OrdersPage />);
  const table = await screen.findByRole('table', { name: 'Orders pending approval' });
  expect(await within(table).findByRole('link', { name: 'Ivy Investor' })).toHaveAttribute('href', '/dashboard/investors/u1');
  expect(within(table).getByRole('link', { name: 'Harbor Lofts' })).toHaveAttribute('href', '/dashboard/listings?view=p1');
  expect(table).toHaveTextContent('$500.00');
  expect(money.getAllOrders).toHaveBeenCalledWith({ status: 'PENDING', page: 1, pageSize: 20 });
  expect(screen.getByRole('tab', { name: /Pending approval/ })).toHaveTextContent('1');
});

test('approve after confirming; reject needs a reason', async () => {
  money.reviewOrder.mockResolvedValue(makeOrder({ status: 'COMPLETED' }));
  const { user } = renderPage(<OrdersPage />);
  const table = await screen.findByRole('table', { name: 'Orders pending approval' });
  await user.click(
    await within(table).findByRole('button', { name: /^Approve order: 10 units of Harbor Lofts for \$500\.00, ordered by Ivy Investor/ }),
  );
  let dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
  expect(dialog).toHaveTextContent('The units go to the investor’s holdings');
  await user.click(within(dialog).getByRole('button', { name: 'Approve order' }));
  expect(money.reviewOrder).toHaveBeenCalledWith('ord1', { decision: 'APPROVE' });
  expect(await screen.findByText('Order approved: the units are in the investor’s holdings')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await user.click(within(table).getByRole('button', { name: /^Reject order/ }));
  dialog = await screen.findByRole('dialog', { name: 'Reject this order?' });
  await user.click(within(dialog).getByRole('button', { name: 'Reject order' }));
  expect(within(dialog).getByText('Please give a reason for the rejection')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Funds flagged');
  await user.click(within(dialog).getByRole('button', { name: 'Reject order' }));
  expect(money.reviewOrder).toHaveBeenLastCalledWith('ord1', { decision: 'REJECT', reason: 'Funds flagged' });
});

test('after a decision the queue and its count are asked again', async () => {
  money.reviewOrder.mockResolvedValue(makeOrder({ status: 'COMPLETED' }));
  const { user } = renderPage(<OrdersPage />);
  const table = await screen.findByRole('table', { name: 'Orders pending approval' });
  await waitFor(() => expect(screen.getByRole('tab', { name: /Pending approval/ })).toHaveTextContent('1'));
  money.getAllOrders.mockResolvedValue(pageOf([]));
  await user.click(await within(table).findByRole('button', { name: /^Approve order/ }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Approve this order?' })).getByRole('button', { name: 'Approve order' }),
  );
  expect(await screen.findByText('No order is waiting for approval')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('tab', { name: /Pending approval/ })).toHaveTextContent('0'));
});

test('all orders, filtered by status; an empty queue; a closed order is removed after confirming', async () => {
  money.getAllOrders.mockImplementation(async (q: { status?: string }) =>
    q.status === 'PENDING'
      ? pageOf([])
      : pageOf([makeOrder({ status: 'COMPLETED' }), makeOrder({ _id: 'ord3', status: 'REJECTED', reason: 'Funds flagged' })]),
  );
  money.deleteOrder.mockResolvedValue({ message: 'Order deleted' });
  const { user, location } = renderPage(<OrdersPage />);
  expect(await screen.findByText('No order is waiting for approval')).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'All orders' }));
  const table = await screen.findByRole('table', { name: 'All orders' });
  expect(table).toHaveTextContent('Completed');
  expect(within(table).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  expect(table).toHaveTextContent('Funds flagged');
  await user.click(within(table).getByRole('button', { name: /^Remove order/ }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove this order from the lists?' });
  expect(confirm).toHaveTextContent('its ledger entries stay on record');
  await user.click(within(confirm).getByRole('button', { name: 'Remove order' }));
  expect(money.deleteOrder).toHaveBeenCalledWith('ord3');
  expect(await screen.findByText('Order removed from the lists; its ledger entries stay')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(screen.getByRole('combobox', { name: 'Status' }));
  await user.click(await screen.findByRole('option', { name: 'Cancelled' }));
  await waitFor(() => expect(location()).toBe('/?tab=all&status=CANCELLED'));
  expect(money.getAllOrders).toHaveBeenCalledWith({ status: 'CANCELLED', page: 1, pageSize: 20 });
});

test('a failed load shows the reason and offers Retry', async () => {
  money.getAllOrders.mockRejectedValue(new Error('Could not reach the server'));
  renderPage(<OrdersPage />);
  expect(await screen.findByText('Could not reach the server')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

test("a pending order shows the investor's verification status (issue 16)", async () => {
  money.getAllOrders.mockResolvedValue(
    pageOf([makeOrder({ investor: { _id: 'u1', firstName: 'Ivy', lastName: 'Investor', email: 'ivy@example.com', status: 'PENDING' } })]),
  );
  renderPage(<OrdersPage />);
  const table = await screen.findByRole('table', { name: 'Orders pending approval' });
  expect(await within(table).findByLabelText('Verification: Pending')).toHaveTextContent('Pending');
});

describe('deciding several pending orders at once', () => {
  const two = () => pageOf([makeOrder(), makeOrder({ _id: 'ord4', quantity: 5, amount: 250 })]);

  test('tick rows (by keyboard too) or all on the page; approve the lot after a dialog with the count and total', async () => {
    money.getAllOrders.mockImplementation(async () => two());
    money.reviewOrders.mockResolvedValue([makeOrder({ status: 'COMPLETED' }), makeOrder({ _id: 'ord4', status: 'COMPLETED' })]);
    const { user } = renderPage(<OrdersPage />);
    const table = await screen.findByRole('table', { name: 'Orders pending approval' });
    const first = await within(table).findByRole('checkbox', { name: /^Select order: 10 units of Harbor Lofts for \$500\.00/ });
    const second = within(table).getByRole('checkbox', { name: /^Select order: 5 units of Harbor Lofts for \$250\.00/ });
    expect(screen.getByRole('button', { name: 'Approve selected (0)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject selected (0)' })).toBeDisabled();

    act(() => first.focus());
    await user.keyboard(' ');
    expect(first).toBeChecked();
    expect(screen.getByText('1 selected, $500.00 in all')).toBeInTheDocument();
    const all = screen.getByRole('checkbox', { name: 'Select all pending on this page' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    expect(second).toBeChecked();
    expect(all).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the selected orders?' });
    expect(dialog).toHaveTextContent('2 orders, $750.00 in all');
    await user.click(within(dialog).getByRole('button', { name: 'Approve 2 orders' }));
    expect(money.reviewOrders).toHaveBeenCalledWith({ orderIds: ['ord1', 'ord4'], decision: 'APPROVE' });
    expect(await screen.findByText('2 orders ($750.00) approved: the units are in the investors’ holdings')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Approve selected (0)' })).toBeDisabled();

    // Unticking all on the page clears it again.
    await user.click(all);
    await user.click(all);
    expect(first).not.toBeChecked();
    expect(second).not.toBeChecked();
  });

  test('reject the lot only with a reason; a refusal stays in the dialog', async () => {
    money.getAllOrders.mockImplementation(async () => two());
    money.reviewOrders.mockRejectedValueOnce(new Error('Order ord4 is completed: only pending orders can be approved or rejected'));
    money.reviewOrders.mockResolvedValueOnce([]);
    const { user } = renderPage(<OrdersPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all pending on this page' }));
    await user.click(screen.getByRole('button', { name: 'Reject selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the selected orders?' });
    expect(dialog).toHaveTextContent('2 orders, $750.00 in all');
    await user.click(within(dialog).getByRole('button', { name: 'Reject 2 orders' }));
    expect(within(dialog).getByText('Please give a reason for the rejection')).toBeInTheDocument();
    expect(money.reviewOrders).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Allocation closed');
    await user.click(within(dialog).getByRole('button', { name: 'Reject 2 orders' }));
    expect(await within(dialog).findByText(/Order ord4 is completed/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reject the selected orders?' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject 2 orders' }));
    expect(money.reviewOrders).toHaveBeenLastCalledWith({ orderIds: ['ord1', 'ord4'], decision: 'REJECT', reason: 'Allocation closed' });
    expect(await screen.findByText('2 orders ($750.00) rejected: the investors were refunded')).toBeInTheDocument();
  });

  test('a lot held by four eyes says Sent for approval, not approved', async () => {
    money.getAllOrders.mockImplementation(async () => two());
    money.reviewOrders.mockResolvedValue({ sentForApproval: { _id: 'ap1' } });
    const { user } = renderPage(<OrdersPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all pending on this page' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve 2 orders' }));
    expect(await screen.findByText(SENT_FOR_APPROVAL)).toBeInTheDocument();
    expect(screen.queryByText(/approved: the units/)).not.toBeInTheDocument();
  });

  test('only pending orders can be ticked', async () => {
    const { user } = renderPage(<OrdersPage />);
    await screen.findByRole('table', { name: 'Orders pending approval' });
    await user.click(screen.getByRole('tab', { name: 'All orders' }));
    const table = await screen.findByRole('table', { name: 'All orders' });
    await within(table).findByRole('checkbox', { name: /^Select order: 10 units/ });
    expect(within(table).getAllByRole('checkbox')).toHaveLength(1);
  });
});
