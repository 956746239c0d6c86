import { act, render, screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError, useSessionStore } from 'shared-api';
import type { MarketFill, MarketOrder, MarketOrdersQuery } from 'shared-api/contract';
import { renderPage, MemoryRouter } from 'shared-ui/testing';
import { makeHolding, makeSummary, makeUser, pageOf } from 'shared-api/testing';
import { HoldingCard } from '../investments/components/holding-card';
import { MarketOrdersPage } from './market-orders-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMyMarketOrders: jest.fn(),
  getMyMarketFills: jest.fn(),
  cancelMarketOrder: jest.fn(),
  subscribeEvents: jest.fn(() => () => undefined),
}));
const m = {
  orders: jest.mocked(api.getMyMarketOrders),
  fills: jest.mocked(api.getMyMarketFills),
  cancel: jest.mocked(api.cancelMarketOrder),
};

jest.setTimeout(30_000);

const ref = { _id: 'p1', name: 'Harbor Lofts', unitPrice: 50 };
function makeMarketOrder(over: Partial<MarketOrder> = {}): MarketOrder {
  return {
    _id: 'mo1',
    propertyId: 'p1',
    property: ref,
    side: 'BUY',
    units: 4,
    remaining: 4,
    filled: 0,
    price: 51.25,
    status: 'OPEN',
    goodUntil: null,
    held: 205,
    averageFillPrice: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    closedAt: null,
    ...over,
  };
}
const ask = makeMarketOrder({ _id: 'mo2', side: 'SELL', units: 5, remaining: 2, filled: 3, price: 52, held: 0, averageFillPrice: 52 });
const fill: MarketFill = {
  _id: 't1',
  tradeId: 't1',
  orderId: 'mo2',
  propertyId: 'p1',
  property: ref,
  side: 'SELL',
  units: 3,
  price: 52,
  gross: 156,
  fee: 1.56,
  net: 154.44,
  role: 'MAKER',
  createdAt: '2026-11-21T10:00:00.000Z',
};

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser(), 'token');
  m.orders.mockImplementation(async (q: MarketOrdersQuery = {}) =>
    q.status === 'OPEN'
      ? pageOf([makeMarketOrder(), ask])
      : pageOf([makeMarketOrder(), ask, makeMarketOrder({ _id: 'mo3', status: 'CANCELLED' })]),
  );
  m.fills.mockResolvedValue(pageOf([fill]));
});

test('open orders with what they hold, the trades with the fee and the proceeds, the history', async () => {
  renderPage(<MarketOrdersPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Market orders' })).toBeInTheDocument();
  const open = await screen.findByRole('table', { name: 'Open market orders' });
  const rows = within(open).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Buy');
  expect(rows[1]).toHaveTextContent('$205.00');
  expect(rows[2]).toHaveTextContent('Sell');
  expect(within(rows[2]).getByTestId('remaining')).toHaveTextContent('2');
  const trades = await screen.findByRole('table', { name: 'Your trades' });
  expect(trades).toHaveTextContent('Sold');
  expect(trades).toHaveTextContent('$1.56');
  expect(trades).toHaveTextContent('+$154.44');
  const history = await screen.findByRole('table', { name: 'Market order history' });
  expect(history).toHaveTextContent('3 of 5 filled');
  expect(history).toHaveTextContent('Cancelled');
  expect(m.orders).toHaveBeenCalledWith({ status: 'OPEN', page: 1, pageSize: 10 });
});

test('cancel asks first, then releases what is held; a refusal is shown', async () => {
  m.cancel.mockResolvedValueOnce(makeMarketOrder({ status: 'CANCELLED' }));
  const { user } = renderPage(<MarketOrdersPage />);
  const open = await screen.findByRole('table', { name: 'Open market orders' });
  await user.click(within(open).getByRole('button', { name: 'Cancel order: Buy 4 units of Harbor Lofts at $51.25' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel this market order?' });
  expect(dialog).toHaveTextContent('4 units not traded yet will be taken off the book and $205.00 goes back to your wallet.');
  await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
  expect(m.cancel).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await user.click(within(open).getByRole('button', { name: /^Cancel order: Buy/ }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
  expect(m.cancel).toHaveBeenCalledWith('mo1');
  expect(await screen.findByText('Order cancelled: $205.00 is back in your wallet.')).toBeInTheDocument();

  m.cancel.mockRejectedValueOnce(new ApiError(409, { message: 'This order is already filled' }));
  await user.click(within(open).getByRole('button', { name: /^Cancel order: Sell/ }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
  expect(await screen.findByText('This order is already filled')).toBeInTheDocument();
});

test('fills show up without a reload; an empty list points to the holdings', async () => {
  m.orders.mockResolvedValue(pageOf([]));
  m.fills.mockResolvedValue(pageOf([]));
  renderPage(<MarketOrdersPage />);
  expect(await screen.findByText('You have no open market orders')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sell units from a holding' })).toHaveAttribute('href', '/dashboard/investments');
  // The person's own topic: a market.order event refetches (other kinds do not).
  const subscribed = jest.mocked(api.subscribeEvents).mock.calls;
  expect(subscribed.at(-1)?.[0]).toEqual(['user:u1']);
  const calls = m.orders.mock.calls.length;
  act(() => subscribed.at(-1)?.[1]({ topic: 'user:u1', type: 'notification' }));
  expect(m.orders.mock.calls.length).toBe(calls);
  m.orders.mockResolvedValue(pageOf([ask]));
  m.fills.mockResolvedValue(pageOf([fill]));
  act(() => subscribed.at(-1)?.[1]({ topic: 'user:u1', type: 'market.order', data: { propertyId: 'p1' } }));
  const open = await screen.findByRole('table', { name: 'Open market orders' });
  expect(within(open).getByTestId('remaining')).toHaveTextContent('2');
  expect(await screen.findByText('+$154.44')).toBeInTheDocument();
});

test('a holding of a funded property offers "Sell units" on its property page', () => {
  const { rerender } = render(
    <MemoryRouter>
      <HoldingCard holding={makeHolding({ property: makeSummary({ status: 'FUNDED' }) })} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Sell units of Harbor Lofts' })).toHaveAttribute('href', '/properties/p1?trade=sell#market');
  rerender(
    <MemoryRouter>
      <HoldingCard holding={makeHolding({ property: makeSummary({ status: 'FUNDED', suspendedAt: '2026-01-01T00:00:00.000Z' }) })} />
    </MemoryRouter>,
  );
  expect(screen.queryByRole('link', { name: /^Sell units/ })).not.toBeInTheDocument();
});
