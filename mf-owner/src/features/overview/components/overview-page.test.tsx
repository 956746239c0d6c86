import { screen, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError, useSessionStore } from 'shared-api';
import type { User } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import { makeListing, makeMetrics, makeUser, pageOf } from 'shared-api/testing';
import { OverviewPage } from './overview-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMyMetrics: jest.fn(),
  getOwnedProperties: jest.fn(),
  getMe: jest.fn(),
}));

const m = { metrics: jest.mocked(api.getMyMetrics), list: jest.mocked(api.getOwnedProperties) };

jest.setTimeout(30_000);

const metrics = makeMetrics({
  listingsByStatus: { ACTIVE: 2, PENDING_REVIEW: 1, REJECTED: 1 },
  unitsSold: 1250,
  unitsReserved: 40,
  amountRaised: 62500,
  payoutsReceived: 60000,
});

beforeAll(() => {
  // jsdom draws no canvas: the charts fall back to their data tables, which the tests read.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().clearSession();
  // The dashboard re-reads the signed-in user (useFreshUser); unanswered unless a test says.
  jest.mocked(api.getMe).mockReturnValue(new Promise(() => undefined));
});

const stat = (title: string) => screen.getByRole('group', { name: title });

test('shows listings by status, units sold, amount raised and payouts, and a funding chart per active listing', async () => {
  m.metrics.mockResolvedValue(metrics);
  m.list.mockResolvedValue(
    pageOf([
      makeListing({ _id: 'h', name: 'Harbor View', status: 'ACTIVE', totalQuantity: 1000, availableQuantity: 750, unitPrice: 50 }),
      makeListing({ _id: 's', name: 'Sunset Terrace', status: 'ACTIVE', totalQuantity: 3000, availableQuantity: 3000, unitPrice: 80 }),
    ]),
  );
  renderPage(<OverviewPage />, { url: '/dashboard' });
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  await screen.findByRole('group', { name: 'Listings' });
  expect(within(stat('Listings')).getByText('4')).toBeInTheDocument();
  expect(within(stat('Listings')).getByText('Pending review: 1 · Active: 2 · Rejected: 1 · Funded: 0 · Sold: 0')).toBeInTheDocument();
  expect(within(stat('Units sold')).getByText('1,250')).toBeInTheDocument();
  expect(within(stat('Units sold')).getByText('40 more reserved in pending orders')).toBeInTheDocument();
  expect(within(stat('Amount raised')).getByText('$62,500')).toBeInTheDocument();
  expect(within(stat('Payouts received')).getByText('$60,000')).toBeInTheDocument();

  const harbor = await screen.findByRole('figure', { name: 'Harbor View: 25% funded' });
  expect(within(harbor).getByRole('row', { name: 'Raised $12,500' })).toBeInTheDocument();
  expect(within(harbor).getByRole('row', { name: 'Still to raise $37,500' })).toBeInTheDocument();
  const sunset = screen.getByRole('figure', { name: 'Sunset Terrace: 0% funded' });
  expect(within(sunset).getByRole('row', { name: 'Still to raise $240,000' })).toBeInTheDocument();
  expect(screen.getByText('$12,500 raised of $50,000 · 250 of 1,000 units sold · 0 reserved')).toBeInTheDocument();
  expect(m.list).toHaveBeenCalledWith({ status: 'ACTIVE', pageSize: 100 });
});

test('failures offer Retry; no active listings is said plainly', async () => {
  m.metrics.mockRejectedValue(new ApiError(503, { statusCode: 503, error: 'Service Unavailable', message: 'Service Unavailable' }));
  m.list.mockResolvedValue(pageOf([]));
  renderPage(<OverviewPage />);
  expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(await screen.findByText('No active listings yet')).toBeInTheDocument();
});

const owner = (over: Partial<User>) =>
  makeUser({ _id: 'o1', firstName: 'Olivia', lastName: 'Owner', email: 'olivia@example.com', role: 'PROPERTY_OWNER', ...over });

describe('account status on the dashboard', () => {
  beforeEach(() => {
    m.metrics.mockResolvedValue(metrics);
    m.list.mockResolvedValue(pageOf([]));
  });

  test('a rejected owner sees the status, the reason, the suspension and the way to onboarding', async () => {
    const me = owner({ status: 'REJECTED', rejectionReason: 'Company register extract missing' });
    useSessionStore.getState().setSession(me, 'token');
    jest.mocked(api.getMe).mockResolvedValue(me);
    renderPage(<OverviewPage />);
    const banner = await screen.findByRole('region', { name: 'Account status' });
    expect(within(banner).getByRole('heading', { name: 'Your account verification was rejected' })).toBeInTheDocument();
    expect(banner).toHaveTextContent('Reason: Company register extract missing');
    expect(banner).toHaveTextContent('Your live listings are suspended');
    expect(within(banner).getByRole('link', { name: 'Review onboarding' })).toHaveAttribute('href', '/onboarding');
  });

  test('a pending owner learns a listing goes live only once verified; a verified owner sees no banner', async () => {
    const me = owner({ status: 'PENDING' });
    useSessionStore.getState().setSession(me, 'token');
    jest.mocked(api.getMe).mockResolvedValue(me);
    const { unmount } = renderPage(<OverviewPage />);
    const banner = await screen.findByRole('region', { name: 'Account status' });
    expect(banner).toHaveTextContent('a listing goes live and you can withdraw only once your identity is verified');
    expect(within(banner).getByRole('link', { name: 'Go to onboarding' })).toHaveAttribute('href', '/onboarding');
    unmount();

    const verified = owner({});
    useSessionStore.getState().setSession(verified, 'token');
    jest.mocked(api.getMe).mockResolvedValue(verified);
    renderPage(<OverviewPage />);
    await screen.findByRole('group', { name: 'Units sold' });
    expect(screen.queryByRole('region', { name: 'Account status' })).not.toBeInTheDocument();
  });
});
