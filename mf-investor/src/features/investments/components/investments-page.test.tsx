import { screen, within } from '@testing-library/react';
import * as api from 'shared-api';
import { useSessionStore } from 'shared-api';
import { makeHolding, makeMetrics, makeSummary, makeUser, serverDown } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import { InvestmentsPage } from './investments-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMyHoldings: jest.fn(),
  getMyMetrics: jest.fn(),
  // Issue 18's returns: loading here (their own tests are in features/returns).
  getMyReturns: jest.fn(() => new Promise(() => undefined)),
}));

// Holder votes: none here (their own tests are in features/votes).
jest.mock('shared-api/votes', () => ({ getMyProposals: jest.fn(() => Promise.resolve({ items: [] })), voteOnProposal: jest.fn() }));

const m = { holdings: jest.mocked(api.getMyHoldings), metrics: jest.mocked(api.getMyMetrics) };

jest.setTimeout(30_000);

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser(), 'token');
  m.metrics.mockResolvedValue(makeMetrics({ totalInvested: 4500, portfolioValue: 4750, accountValue: 5000, holdingsCount: 2 }));
});

test('loading', () => {
  m.holdings.mockReturnValue(never());
  m.metrics.mockReturnValue(never());
  renderPage(<InvestmentsPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Investments' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading your investments...');
});

test("data: each holding with the property's image, name, type, units, share, amount invested and annual return", async () => {
  m.holdings.mockResolvedValue([
    makeHolding(),
    makeHolding({
      _id: 'h2',
      propertyId: 'p2',
      property: makeSummary({ _id: 'p2', name: 'Evergreen Heights', type: 'OFF_PLAN', images: [], totalQuantity: 400, roiInFiveYears: 45 }),
      quantity: 25,
      amountInvested: 2500,
    }),
  ]);
  renderPage(<InvestmentsPage />);
  const list = await screen.findByRole('list', { name: 'Holdings' });
  const items = within(list).getAllByRole('article');
  expect(items).toHaveLength(2);

  const harbor = within(list).getByRole('article', { name: 'Harbor Lofts' });
  expect(within(harbor).getByRole('img', { name: 'Photo of Harbor Lofts' })).toHaveAttribute(
    'src',
    expect.stringContaining('/download/i1.webp'),
  );
  expect(within(harbor).getByText(/Rental Ready/)).toBeInTheDocument();
  const figure = (card: HTMLElement, label: string) => within(card).getByText(label).nextElementSibling?.textContent;
  expect(figure(harbor, 'Units held')).toBe('40');
  expect(figure(harbor, 'Share of property')).toBe('2%');
  expect(figure(harbor, 'Amount invested')).toBe('$2,000.00');
  expect(figure(harbor, 'Annual return')).toBe('8%');
  expect(within(harbor).getByRole('link', { name: 'Harbor Lofts' })).toHaveAttribute('href', '/properties/p1');
  expect(within(harbor).getByRole('link', { name: 'View property Harbor Lofts' })).toHaveAttribute('href', '/properties/p1');

  const evergreen = within(list).getByRole('article', { name: 'Evergreen Heights' });
  expect(within(evergreen).getByText(/Off Plan/)).toBeInTheDocument();
  expect(figure(evergreen, 'Share of property')).toBe('6.25%');
  expect(figure(evergreen, 'Annual return')).toBe('9%');
  expect(within(evergreen).queryByRole('img')).not.toBeInTheDocument();

  // Totals are the server's.
  expect(await screen.findByRole('group', { name: 'Total invested' })).toHaveTextContent('$4,500.00');
  expect(screen.getByRole('group', { name: 'Account value' })).toHaveTextContent('$5,000.00');
});

test('empty: leads to /properties and the orders', async () => {
  m.holdings.mockResolvedValue([]);
  renderPage(<InvestmentsPage />);
  expect(await screen.findByText('No investments yet')).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Browse properties' })[0]).toHaveAttribute('href', '/properties');
  expect(screen.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/dashboard/orders');
  expect(screen.queryByRole('group', { name: 'Total invested' })).not.toBeInTheDocument();
});

test('error: Retry loads again', async () => {
  m.holdings.mockRejectedValueOnce(serverDown()).mockResolvedValueOnce([makeHolding()]);
  const { user } = renderPage(<InvestmentsPage />);
  await user.click(await screen.findByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('article', { name: 'Harbor Lofts' })).toBeInTheDocument();
});

test('a pending investor sees why they cannot invest yet', async () => {
  useSessionStore.getState().setUser(makeUser({ status: 'PENDING', onboardingCompleted: true }));
  m.holdings.mockResolvedValue([]);
  renderPage(<InvestmentsPage />);
  expect(screen.getByRole('region', { name: 'Account status' })).toHaveTextContent('Your account is being verified');
  await screen.findByText('No investments yet');
});

test('a holding whose listing is suspended says so, with the reason (issue 16); others do not', async () => {
  m.holdings.mockResolvedValue([
    makeHolding({
      property: makeSummary({ suspendedAt: '2026-02-01T00:00:00.000Z', suspendedReason: 'The owner’s identity verification was rejected' }),
    }),
    makeHolding({ _id: 'h2', propertyId: 'p2', property: makeSummary({ _id: 'p2', name: 'Evergreen Heights' }) }),
  ]);
  renderPage(<InvestmentsPage />);
  const list = await screen.findByRole('list', { name: 'Holdings' });
  const harbor = within(list).getByRole('article', { name: 'Harbor Lofts' });
  expect(within(harbor).getByRole('alert')).toHaveTextContent('Suspended. The owner’s identity verification was rejected');
  expect(within(within(list).getByRole('article', { name: 'Evergreen Heights' })).queryByRole('alert')).not.toBeInTheDocument();
});
