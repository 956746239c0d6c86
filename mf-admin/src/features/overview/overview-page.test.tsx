import { screen, waitFor, within } from '@testing-library/react';
import { getAdminInvestorMetrics, getAdminListingMetrics, getAdminMetrics, getAdminOwnerMetrics } from 'shared-api';
import type { AdminInvestorMetrics, AdminListingMetrics, AdminMetrics, AdminOwnerMetrics } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import { OverviewPage } from './overview-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getAdminMetrics: jest.fn(),
  getAdminInvestorMetrics: jest.fn(),
  getAdminListingMetrics: jest.fn(),
  getAdminOwnerMetrics: jest.fn(),
}));

const platform: AdminMetrics = {
  investors: 1234,
  owners: 56,
  admins: 2,
  properties: 14,
  listingsByStatus: { ACTIVE: 10, PENDING_REVIEW: 3, FUNDED: 1 },
  usersByStatus: { PENDING: 7, VERIFIED: 1280 },
  totalInvested: 1250000.5,
  pendingOrders: 4,
  walletBalances: 98765.4,
  openMarketFlags: 2,
  signUpsOverTime: [
    { date: '2026-03-06', investors: 2, owners: 0 },
    { date: '2026-03-07', investors: 5, owners: 1 },
  ],
  investedOverTime: [
    { date: '2026-03-06', amount: 1000 },
    { date: '2026-03-07', amount: 2500.5 },
  ],
};
const investors: AdminInvestorMetrics = {
  total: 1234,
  byStatus: { VERIFIED: 1200, PENDING: 34 },
  subscribed: 900,
  onboardingCompleted: 1100,
  emailVerified: 1230,
  signUpsOverTime: [{ date: '2026-03-07', count: 5 }],
  totalInvested: 1250000.5,
  walletBalances: 90000,
};
const listings: AdminListingMetrics = {
  total: 14,
  byStatus: { ACTIVE: 10 },
  byType: { OFF_PLAN: 4, RENTAL_READY: 10 },
  byState: [
    { state: 'CA', count: 5 },
    { state: 'NY', count: 2 },
  ],
  unitsTotal: 21700,
  unitsSold: 1500,
  unitsReserved: 75,
  totalValue: 2388250,
  amountRaised: 120000,
  listedOverTime: [{ date: '2026-03-07', count: 1 }],
};
const owners: AdminOwnerMetrics = {
  total: 56,
  byStatus: { VERIFIED: 50 },
  withListings: 12,
  signUpsOverTime: [{ date: '2026-03-07', count: 1 }],
  topOwners: [{ ownerId: 'o1', name: 'Olivia Owner', listings: 13, amountRaised: 120000 }],
};

// jsdom draws no canvas; the charts' data tables carry the figures.
beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(getAdminMetrics).mockResolvedValue(platform);
  jest.mocked(getAdminInvestorMetrics).mockResolvedValue(investors);
  jest.mocked(getAdminListingMetrics).mockResolvedValue(listings);
  jest.mocked(getAdminOwnerMetrics).mockResolvedValue(owners);
});

test('stat cards with comma thousands and dollars with cents; the queues link to their pages', async () => {
  renderPage(<OverviewPage />);
  const platformSection = await screen.findByRole('region', { name: 'Platform' });
  expect(within(platformSection).getByRole('group', { name: 'Investors' })).toHaveTextContent('1,234');
  expect(within(platformSection).getByRole('group', { name: 'Money invested' })).toHaveTextContent('$1,250,000.50');
  const queues = screen.getByRole('region', { name: 'Needs attention' });
  expect(queues).toHaveTextContent('3Listings awaiting review');
  expect(within(queues).getByRole('link', { name: 'Review listings' })).toHaveAttribute('href', '/dashboard/listings?tab=review');
  expect(within(queues).getByRole('link', { name: 'Investors' })).toHaveAttribute('href', '/dashboard/investors?status=PENDING');
  expect(queues).toHaveTextContent('4Orders awaiting approval');
  expect(queues).toHaveTextContent('2Market surveillance flags');
  expect(within(queues).getByRole('link', { name: 'Review flags' })).toHaveAttribute('href', '/dashboard/market#surveillance');
});

test('charts: sign-ups, listings by status, money invested over time (their data tables)', async () => {
  renderPage(<OverviewPage />);
  const signups = await screen.findByRole('table', { name: 'Sign-ups, last 30 days' });
  expect(
    within(signups)
      .getAllByRole('columnheader')
      .map((c) => c.textContent),
  ).toEqual(['Label', 'Investors', 'Owners']);
  expect(within(signups).getAllByRole('row')[2]).toHaveTextContent('Mar 751');
  const status = screen.getByRole('table', { name: 'Listings by status' });
  expect(status).toHaveTextContent('Pending review3');
  expect(status).toHaveTextContent('Active10');
  const invested = screen.getByRole('table', { name: 'Money invested over time' });
  expect(invested).toHaveTextContent('Mar 7$2,500.50');
  expect(await screen.findByRole('table', { name: 'Listings by state' })).toHaveTextContent('California5');
  expect(screen.getByRole('table', { name: 'Investor journey' })).toHaveTextContent('Subscribed900');
  expect(screen.getByRole('table', { name: 'Top owners' })).toHaveTextContent('Olivia Owner13$120,000.00');
});

test('a failed section shows its error with Retry while the others render', async () => {
  jest.mocked(getAdminListingMetrics).mockRejectedValueOnce(new Error('Forbidden')).mockResolvedValueOnce(listings);
  const { user } = renderPage(<OverviewPage />);
  const section = await screen.findByRole('region', { name: 'Listings' });
  expect(await within(section).findByRole('alert')).toHaveTextContent('Forbidden');
  const owners = await screen.findByRole('region', { name: 'Owners' });
  await waitFor(() => expect(owners).toHaveTextContent('Olivia Owner'));
  await user.click(within(section).getByRole('button', { name: 'Retry' }));
  expect(await within(section).findByRole('group', { name: 'Total value listed' })).toHaveTextContent('$2,388,250.00');
});
