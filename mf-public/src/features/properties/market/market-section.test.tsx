import { act, screen, waitFor, within } from '@testing-library/react';
import {
  ApiError,
  subscribeEvents,
  getMarketBook,
  getMarketPriceHistory,
  getMyMarketPosition,
  placeMarketOrder,
  useSessionStore,
} from 'shared-api';
import type { MarketBook, MarketOrder, MarketPosition } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import { makeUser } from 'shared-api/testing';
import { MarketSection } from './market-section';
import { linePoints } from './price-history';
import { checkPrice, orderFigures } from './market';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMe: jest.fn(() => new Promise(() => undefined)),
  getMarketBook: jest.fn(),
  getMarketPriceHistory: jest.fn(),
  getMyMarketPosition: jest.fn(),
  placeMarketOrder: jest.fn(),
  subscribeEvents: jest.fn(() => () => undefined),
}));
const bookMock = jest.mocked(getMarketBook);
const historyMock = jest.mocked(getMarketPriceHistory);
const positionMock = jest.mocked(getMyMarketPosition);
const placeMock = jest.mocked(placeMarketOrder);

function makeBook(over: Partial<MarketBook> = {}): MarketBook {
  return {
    propertyId: 'p1',
    property: { _id: 'p1', name: 'Harbor Lofts', unitPrice: 50 },
    status: 'OPEN',
    haltReason: null,
    haltedAt: null,
    tradingEnabled: true,
    bestBid: 49,
    bestAsk: 52.5,
    bids: [
      { price: 49, units: 7, orders: 2 },
      { price: 48, units: 3, orders: 1 },
    ],
    asks: [{ price: 52.5, units: 5, orders: 1 }],
    lastPrice: 51,
    lastTradeAt: '2026-11-20T10:00:00.000Z',
    volume24hUnits: 4,
    volume24h: 204,
    rules: {
      feeBps: 100,
      priceBandPct: 20,
      referencePrice: 51,
      referenceBasis: 'VWAP',
      referenceWindowDays: 7,
      referenceMinUnits: 10,
      referenceMinTraders: 3,
      minPrice: 40.8,
      maxPrice: 61.2,
    },
    asOf: '2026-11-25T10:00:00.000Z',
    ...over,
  };
}

function makeOrder(over: Partial<MarketOrder> = {}): MarketOrder {
  return {
    _id: 'mo1',
    propertyId: 'p1',
    property: { _id: 'p1', name: 'Harbor Lofts', unitPrice: 50 },
    side: 'SELL',
    units: 5,
    remaining: 5,
    filled: 0,
    price: 52,
    status: 'OPEN',
    goodUntil: null,
    held: 0,
    averageFillPrice: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    closedAt: null,
    ...over,
  };
}

const position: MarketPosition = { propertyId: 'p1', units: 10, held: 0, available: 10, walletAvailable: 1000 };

function show(url = '/properties/p1') {
  return renderPage(<MarketSection propertyId="p1" propertyName="Harbor Lofts" />, { url, path: '/properties/:id' });
}

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().clearSession();
  bookMock.mockResolvedValue(makeBook());
  historyMock.mockResolvedValue({
    propertyId: 'p1',
    days: 30,
    points: [
      { at: '2026-11-19T10:00:00.000Z', price: 50, units: 2 },
      { at: '2026-11-20T10:00:00.000Z', price: 51, units: 2 },
    ],
  });
  positionMock.mockResolvedValue(position);
});

test('the book: best bid and ask, last price, depth by price on both sides, the price history; a guest is asked to sign in', async () => {
  show();
  const section = await screen.findByRole('region', { name: 'Market' });
  expect(await within(section).findByTestId('best-bid')).toHaveTextContent('$49.00');
  expect(within(section).getByTestId('best-ask')).toHaveTextContent('$52.50');
  expect(within(section).getByTestId('last-price')).toHaveTextContent('$51.00');
  const bids = within(section).getByRole('table', { name: 'Bids (buy orders)' });
  expect(
    within(bids)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual(['Price per unitUnitsOrders', '$49.0072', '$48.0031']);
  const asks = within(section).getByRole('table', { name: 'Asks (sell orders)' });
  expect(within(asks).getByRole('rowheader', { name: '$52.50' })).toBeInTheDocument();
  expect(await within(section).findByTestId('price-summary')).toHaveTextContent('2 trades · from $50.00 to $51.00 · last $51.00');
  expect(within(section).getByRole('table', { name: 'Trades in the last 30 days' })).toBeInTheDocument();
  // Guests: no form, a sign-in that comes back to the market.
  expect(within(section).queryByRole('form', { name: 'Market order' })).not.toBeInTheDocument();
  expect(within(section).getByRole('link', { name: 'Log in to trade' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent('/properties/p1#market')}`,
  );
  expect(positionMock).not.toHaveBeenCalled();
});

test('a property that does not trade shows no section; a halted one shows the reason and no form', async () => {
  bookMock.mockResolvedValueOnce(makeBook({ status: 'DISABLED' }));
  const first = show();
  await waitFor(() => expect(bookMock).toHaveBeenCalled());
  // The section shows its loading state until the book (and the lazily loaded market contract)
  // arrive, so wait for it to go rather than assume one tick is enough on a loaded machine.
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Market' })).not.toBeInTheDocument());
  first.unmount();

  useSessionStore.getState().setSession(makeUser(), 'tok');
  bookMock.mockResolvedValue(makeBook({ status: 'HALTED', haltReason: 'Appraisal under review.' }));
  show();
  const section = await screen.findByRole('region', { name: 'Market' });
  expect(await within(section).findByText(/Appraisal under review\./)).toBeInTheDocument();
  expect(within(section).getByText('Trading halted')).toBeInTheDocument();
  expect(within(section).queryByRole('form', { name: 'Market order' })).not.toBeInTheDocument();
});

test('a verified investor reviews a sell order (total, fee, what is held) and places it with an Idempotency-Key', async () => {
  useSessionStore.getState().setSession(makeUser(), 'tok');
  placeMock.mockResolvedValue({ order: makeOrder(), fills: [], book: makeBook() });
  const { user } = show();
  const form = await screen.findByRole('form', { name: 'Market order' });
  await user.click(within(form).getByRole('radio', { name: 'Sell' }));
  expect(await within(form).findByTestId('position')).toHaveTextContent('You hold 10 units; 10 available to sell.');
  await user.type(within(form).getByRole('textbox', { name: 'Units' }), '11');
  await user.type(within(form).getByRole('textbox', { name: 'Limit price per unit ($)' }), '70');
  await user.click(within(form).getByRole('button', { name: 'Review sell order' }));
  expect(within(form).getByText('You have 10 units available to sell')).toBeInTheDocument();
  expect(within(form).getByText('The price must be between $40.80 and $61.20')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.clear(within(form).getByRole('textbox', { name: 'Units' }));
  await user.type(within(form).getByRole('textbox', { name: 'Units' }), '5');
  await user.clear(within(form).getByRole('textbox', { name: 'Limit price per unit ($)' }));
  await user.type(within(form).getByRole('textbox', { name: 'Limit price per unit ($)' }), '52.35');
  await user.click(within(form).getByRole('button', { name: 'Review sell order' }));
  const dialog = await screen.findByRole('dialog', { name: 'Review your sell order' });
  const summary = within(dialog).getByLabelText('Order summary');
  // 5 × $52.35 = $261.75; 1% fee = 261.75 cents → rounded half up to $2.62; proceeds $259.13.
  expect(summary).toHaveTextContent('Total$261.75');
  expect(summary).toHaveTextContent('Trading fee$2.62 (1%)');
  expect(summary).toHaveTextContent('You receive$259.13');
  expect(summary).toHaveTextContent('Held while open5 units of your holding');
  expect(summary).toHaveTextContent('Good untilCancelled');
  await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
  await waitFor(() => expect(placeMock).toHaveBeenCalledTimes(1));
  const [body, opts] = placeMock.mock.calls[0];
  expect(body).toEqual({ propertyId: 'p1', side: 'SELL', units: 5, price: 52.35, goodUntil: null });
  expect(opts?.idempotencyKey).toMatch(/\S{16,}/);
  expect(await screen.findByText('Your sell order of 5 units at $52.00 is on the book.', { exact: false })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('the server’s refusals are shown as they are, with what to do', async () => {
  useSessionStore.getState().setSession(makeUser(), 'tok');
  const { user } = show();
  const form = await screen.findByRole('form', { name: 'Market order' });
  await within(form).findByText('Wallet available: $1,000.00.');
  const attempt = async (message: string, title: string) => {
    placeMock.mockRejectedValueOnce(new ApiError(409, { message }));
    await user.click(within(form).getByRole('button', { name: /Review buy order/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review your buy order' });
    expect(within(dialog).getByLabelText('Order summary')).toHaveTextContent('Held while open$104.00 from your wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(message);
    return alert;
  };
  await user.type(within(form).getByRole('textbox', { name: 'Units' }), '2');
  await user.type(within(form).getByRole('textbox', { name: 'Limit price per unit ($)' }), '52');
  const self = await attempt(
    'This order would trade with your own sell order at $52.00: cancel that order first',
    'This would trade with your own order',
  );
  expect(within(self).getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/dashboard/market');
  const money = await attempt('Your wallet has $10.00 available; this order needs $104.00', 'Not enough money');
  expect(within(money).getByRole('link', { name: 'Add money' })).toHaveAttribute('href', '/dashboard/wallet');
  await attempt(
    'The price must be within 20% of the reference price $51.00 (last trade): between $40.80 and $61.20',
    'Price outside the allowed range',
  );
  await attempt('Trading in this property is halted: Appraisal under review', 'Trading is not open');
  // Each refusal is final: a new attempt gets a new key.
  const keys = placeMock.mock.calls.map((c) => c[1]?.idempotencyKey);
  expect(new Set(keys).size).toBe(4);
});

test('a buy beyond the wallet is stopped before review; a pending investor is sent to onboarding', async () => {
  useSessionStore.getState().setSession(makeUser(), 'tok');
  positionMock.mockResolvedValue({ ...position, walletAvailable: 100 });
  const { user, unmount } = show();
  const form = await screen.findByRole('form', { name: 'Market order' });
  await within(form).findByText('Wallet available: $100.00.');
  await user.type(within(form).getByRole('textbox', { name: 'Units' }), '3');
  await user.type(within(form).getByRole('textbox', { name: 'Limit price per unit ($)' }), '50');
  expect(within(form).getByText('Your wallet has $100.00 available; this order needs $150.00')).toBeInTheDocument();
  await user.click(within(form).getByRole('button', { name: 'Review buy order' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  unmount();

  useSessionStore.getState().setSession(makeUser({ status: 'PENDING' }), 'tok');
  show();
  const section = await screen.findByRole('region', { name: 'Market' });
  expect(await within(section).findByText('Your account must be verified before you can trade.')).toBeInTheDocument();
  expect(within(section).getByRole('link', { name: 'Onboarding' })).toHaveAttribute('href', '/onboarding');
});

test('"Sell units" from a holding opens the sell side with everything available; the book follows without a reload', async () => {
  useSessionStore.getState().setSession(makeUser(), 'tok');
  positionMock.mockResolvedValue({ ...position, units: 10, held: 3, available: 7 });
  show('/properties/p1?trade=sell');
  const form = await screen.findByRole('form', { name: 'Market order' });
  expect(within(form).getByRole('radio', { name: 'Sell' })).toBeChecked();
  await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Units' })).toHaveValue('7'));
  expect(within(form).getByTestId('position')).toHaveTextContent('You hold 10 units; 7 available to sell (3 in open sell orders).');

  // The property's topic on the event stream: a book event (or the fallback's poll) refetches.
  const subscribed = jest.mocked(subscribeEvents).mock.calls;
  expect(subscribed.at(-1)?.[0]).toEqual(['market:p1']);
  bookMock.mockResolvedValue(makeBook({ bestAsk: 53, asks: [{ price: 53, units: 2, orders: 1 }], asOf: '2026-11-25T10:00:05.000Z' }));
  const calls = bookMock.mock.calls.length;
  act(() => subscribed.at(-1)?.[1]({ topic: 'market:p1', type: 'market.book' }));
  await waitFor(() => expect(bookMock.mock.calls.length).toBeGreaterThan(calls));
  await waitFor(() => expect(screen.getByTestId('best-ask')).toHaveTextContent('$53.00'));
});

test('rules: the price band, the fee rounding, the chart’s points', () => {
  expect(checkPrice('40.79', { minPrice: 40.8, maxPrice: 61.2 })).toEqual({
    ok: false,
    message: 'The price must be between $40.80 and $61.20',
  });
  expect(checkPrice('$1,000', undefined)).toEqual({ ok: true, price: 1000 });
  expect(checkPrice('1.234', undefined).ok).toBe(false);
  expect(orderFigures('SELL', 1, 0.5, 100)).toEqual({ total: 0.5, fee: 0.01, proceeds: 0.49, heldMoney: 0, heldUnits: 1 });
  expect(orderFigures('BUY', 3, 10.1, 100)).toEqual({ total: 30.3, fee: 0, proceeds: 30.3, heldMoney: 30.3, heldUnits: 0 });
  expect(linePoints([1, 1])).toBe('8,80 592,80');
  expect(linePoints([1, 3, 2], 100, 100)).toBe('8,92 50,8 92,50');
});
