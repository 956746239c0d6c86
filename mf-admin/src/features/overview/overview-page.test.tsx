import { screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from 'shared-api';
import { getAdminInvestorMetrics, getAdminListingMetrics, getAdminMetrics, getAdminOwnerMetrics } from 'shared-api/admin';
import type { AdminInvestorMetrics, AdminListingMetrics, AdminMetrics, AdminOwnerMetrics } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import { saveFile } from '../../lib/download';
import { savedCsv } from '../../testing/saved-csv';
import { OverviewPage } from './overview-page';

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getAdminMetrics: jest.fn(),
  getAdminInvestorMetrics: jest.fn(),
  getAdminListingMetrics: jest.fn(),
  getAdminOwnerMetrics: jest.fn(),
}));

jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));

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
  submittedCases: 5,
  pendingApprovals: 1,
  pendingRevisions: 0,
  pendingProgressReviews: 6,
  submittedReports: 2,
  refusedDistributions: 1,
  requestedPayouts: 3,
  openTickets: 6,
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
  // Submitted cases, not every PENDING person (7 here).
  expect(queues).toHaveTextContent('5Verification cases awaiting a decision');
  expect(within(queues).getByRole('link', { name: 'Review cases' })).toHaveAttribute('href', '/dashboard/cases');
  expect(queues).toHaveTextContent('4Orders awaiting approval');
  expect(queues).toHaveTextContent('2Market surveillance flags');
  expect(within(queues).getByRole('link', { name: 'Review flags' })).toHaveAttribute('href', '/dashboard/market#surveillance');
  expect(queues).toHaveTextContent('1Actions awaiting a second admin');
  expect(within(queues).getByRole('link', { name: 'Review approvals' })).toHaveAttribute('href', '/dashboard/approvals');
  expect(queues).toHaveTextContent('6Lower construction progress awaiting review');
  expect(within(queues).getByRole('link', { name: 'Review progress' })).toHaveAttribute('href', '/dashboard/listings?tab=progress');
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

test('needs attention names every queue the admin role works, and only those', async () => {
  const as = (adminRole: 'FINANCE' | 'SUPPORT') =>
    useSessionStore.getState().setSession({ _id: 'a1', role: 'ADMIN', adminRole, firstName: 'A', lastName: 'B' } as never, 'tok');
  as('FINANCE');
  const { unmount } = renderPage(<OverviewPage />);
  const queues = await screen.findByRole('region', { name: 'Needs attention' });
  for (const label of [
    'Income reports awaiting a decision',
    "Distributions refused for the owner's wallet",
    'Withdrawals awaiting payment',
    'Orders awaiting approval',
    'Actions awaiting a second admin',
  ])
    expect(within(queues).getByText(label)).toBeInTheDocument();
  expect(within(queues).queryByText('Verification cases awaiting a decision')).not.toBeInTheDocument();
  expect(within(queues).queryByText('Support tickets awaiting an answer')).not.toBeInTheDocument();
  // Progress reviews are compliance's, as listings are.
  expect(within(queues).queryByText('Lower construction progress awaiting review')).not.toBeInTheDocument();
  unmount();
  as('SUPPORT');
  renderPage(<OverviewPage />);
  const support = await screen.findByRole('region', { name: 'Needs attention' });
  expect(within(support).getByText('Support tickets awaiting an answer')).toBeInTheDocument();
  expect(within(support).queryByText('Withdrawals awaiting payment')).not.toBeInTheDocument();
  useSessionStore.getState().clearSession();
});

test('the top owners sort by a column and download as CSV in that order', async () => {
  jest.mocked(getAdminOwnerMetrics).mockResolvedValue({
    ...owners,
    topOwners: [...owners.topOwners, { ownerId: 'o2', name: 'Aaron, Able', listings: 20, amountRaised: 90000.5 }],
  });
  const { user, location } = renderPage(<OverviewPage />);
  const table = await screen.findByRole('table', { name: 'Top owners' });
  const names = () =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0].textContent);
  expect(names()).toEqual(['Olivia Owner', 'Aaron, Able']);
  const listings = within(table).getByRole('columnheader', { name: /Listings/ });
  await user.click(within(listings).getByRole('button', { name: /Listings/ }));
  await user.click(within(listings).getByRole('button', { name: /Listings/ }));
  expect(listings).toHaveAttribute('aria-sort', 'descending');
  expect(names()).toEqual(['Aaron, Able', 'Olivia Owner']);
  expect(location()).toBe('/?ownersSort=listings&ownersOrder=desc');

  await user.click(within(screen.getByRole('region', { name: 'Owners' })).getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const { name, lines } = await savedCsv();
  expect(name).toBe('top-owners.csv');
  expect(lines).toEqual(['Owner,Listings,Amount raised', '"Aaron, Able",20,90000.5', 'Olivia Owner,13,120000']);
});
