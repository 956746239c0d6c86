import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { useSessionStore } from 'shared-api';
import { makeMetrics, makeUser, serverDown } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import { OverviewPage } from './overview-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMyMetrics: jest.fn(),
  // Issue 18's returns: loading here (their own tests are in features/returns).
  getMyReturns: jest.fn(() => new Promise(() => undefined)),
  getMe: jest.fn(),
}));

// The platform-token section (tested in features/token-claim): loading here.
jest.mock('shared-api/token-claims', () => ({ getMyTokenClaim: jest.fn(() => new Promise(() => undefined)) }));

const m = { metrics: jest.mocked(api.getMyMetrics), me: jest.mocked(api.getMe) };

jest.setTimeout(30_000);

beforeAll(() => {
  // jsdom draws no canvas: the charts fall back to their data tables, which the tests read.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

function signIn(overrides: Parameters<typeof makeUser>[0] = {}) {
  const user = makeUser(overrides);
  useSessionStore.getState().setSession(user, 'token');
  m.me.mockResolvedValue(user);
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().clearSession();
});

const stat = (title: string) => screen.getByRole('group', { name: title });

test('loading: says so while the figures come', () => {
  signIn();
  m.metrics.mockReturnValue(never());
  renderPage(<OverviewPage />, { url: '/dashboard' });
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading your portfolio...');
});

test("data: the server's figures as stat cards, and charts of allocation and money invested over time", async () => {
  signIn({ firstName: 'Ivan' });
  m.metrics.mockResolvedValue(
    makeMetrics({
      portfolioValue: 12500,
      accountValue: 13734.56,
      totalInvested: 11250.5,
      holdingsCount: 2,
      walletBalance: 1234.56,
      pendingOrders: 1,
      claimableTokens: 15,
      allocationByProperty: [
        { propertyId: 'p1', name: 'Harborview Residences', amount: 8000 },
        { propertyId: 'p2', name: 'Mountain Ash Cabins', amount: 3250.5 },
      ],
      allocationByType: [
        { type: 'RENTAL_READY', amount: 8000 },
        { type: 'OFF_PLAN', amount: 3250.5 },
      ],
      investedOverTime: [
        { date: '2026-02-01', amount: 8000 },
        { date: '2026-03-07', amount: 11250.5 },
      ],
    }),
  );
  renderPage(<OverviewPage />, { url: '/dashboard' });
  expect(await screen.findByText('Welcome back, Ivan. Here is how your portfolio is doing.')).toBeInTheDocument();
  await screen.findByRole('group', { name: 'Account value' });
  expect(within(stat('Account value')).getByText('$13,734.56')).toBeInTheDocument();
  expect(stat('Account value')).toHaveTextContent('Your cash plus your units at their latest appraisal');
  expect(within(stat('Total invested')).getByText('$11,250.50')).toBeInTheDocument();
  expect(within(stat('Holdings')).getByText('2')).toBeInTheDocument();
  expect(within(stat('Wallet balance')).getByText('$1,234.56')).toBeInTheDocument();
  expect(within(stat('Pending orders')).getByText('1')).toBeInTheDocument();
  expect(within(stat('Claimable platform tokens')).getByText('15')).toBeInTheDocument();
  expect(within(stat('Wallet balance')).getByRole('link', { name: 'Add or withdraw money' })).toHaveAttribute('href', '/dashboard/wallet');
  expect(within(stat('Pending orders')).getByRole('link')).toHaveAttribute('href', '/dashboard/orders');

  const byProperty = screen.getByRole('figure', { name: 'Allocation by property' });
  expect(within(byProperty).getByRole('row', { name: 'Harborview Residences $8,000' })).toBeInTheDocument();
  expect(within(byProperty).getByRole('row', { name: 'Mountain Ash Cabins $3,250.50' })).toBeInTheDocument();
  const byType = screen.getByRole('figure', { name: 'Allocation by type' });
  expect(within(byType).getByRole('row', { name: 'Rental Ready $8,000' })).toBeInTheDocument();
  expect(within(byType).getByRole('row', { name: 'Off Plan $3,250.50' })).toBeInTheDocument();
  const overTime = screen.getByRole('figure', { name: 'Money invested over time' });
  // Calendar days stay the same day in any time zone.
  expect(within(overTime).getByRole('row', { name: 'Feb 1, 2026 $8,000' })).toBeInTheDocument();
  expect(within(overTime).getByRole('row', { name: 'Mar 7, 2026 $11,250.50' })).toBeInTheDocument();
  // A verified, subscribed investor gets no status notice.
  expect(screen.queryByRole('region', { name: 'Account status' })).not.toBeInTheDocument();
});

test('empty: no holdings leads to /properties', async () => {
  signIn();
  m.metrics.mockResolvedValue(makeMetrics({ walletBalance: 500 }));
  renderPage(<OverviewPage />);
  expect(await screen.findByText('You have no investments yet')).toBeInTheDocument();
  expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  const links = screen.getAllByRole('link', { name: 'Browse properties' });
  expect(links.length).toBeGreaterThan(0);
  for (const l of links) expect(l).toHaveAttribute('href', '/properties');
});

test('error: the reason and a Retry that loads again', async () => {
  signIn();
  m.metrics.mockRejectedValueOnce(serverDown()).mockResolvedValueOnce(makeMetrics({ holdingsCount: 0, walletBalance: 10 }));
  const { user } = renderPage(<OverviewPage />);
  expect(await screen.findByText('An error occured, please try again.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('group', { name: 'Wallet balance' })).toHaveTextContent('$10.00');
  expect(m.metrics).toHaveBeenCalledTimes(2);
});

describe('status awareness', () => {
  beforeEach(() => m.metrics.mockResolvedValue(makeMetrics()));

  test('an unsubscribed investor sees the Subscribe path', async () => {
    signIn({ status: 'PENDING', isSubscribed: false, onboardingCompleted: false, claimableTokens: 0 });
    renderPage(<OverviewPage />);
    const notice = await screen.findByRole('region', { name: 'Account status' });
    expect(within(notice).getByRole('heading', { name: 'Subscribe to start investing' })).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/#subscribe');
    expect(await screen.findByRole('link', { name: 'Subscribe to claim 15 tokens' })).toHaveAttribute('href', '/#subscribe');
  });

  test('a subscribed investor who has not onboarded is sent to onboarding', async () => {
    signIn({ status: 'PENDING', onboardingCompleted: false });
    renderPage(<OverviewPage />);
    const notice = await screen.findByRole('region', { name: 'Account status' });
    expect(within(notice).getByRole('heading', { name: 'Complete onboarding to invest' })).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Complete onboarding' })).toHaveAttribute('href', '/onboarding');
  });

  test('a PENDING investor who has onboarded learns the account is being verified', async () => {
    signIn({ status: 'PENDING', onboardingCompleted: true });
    renderPage(<OverviewPage />);
    const notice = await screen.findByRole('region', { name: 'Account status' });
    expect(within(notice).getByRole('heading', { name: 'Your account is being verified' })).toBeInTheDocument();
    expect(notice).toHaveTextContent('You can buy units as soon as your account is verified');
    expect(within(notice).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/dashboard/support');
  });

  test('a REJECTED investor sees why and how to resubmit', async () => {
    signIn({ status: 'REJECTED', rejectionReason: 'The ID photo is unreadable' });
    renderPage(<OverviewPage />);
    const notice = await screen.findByRole('region', { name: 'Account status' });
    expect(notice).toHaveTextContent('Reason: The ID photo is unreadable');
    expect(notice).toHaveTextContent('you can still withdraw what you hold');
    expect(within(notice).getByRole('link', { name: 'Update onboarding' })).toHaveAttribute('href', '/onboarding');
  });

  test('the stored user is refreshed from the server: a just-verified investor loses the notice', async () => {
    signIn({ status: 'PENDING', onboardingCompleted: true });
    m.me.mockResolvedValue(makeUser({ status: 'VERIFIED' }));
    renderPage(<OverviewPage />);
    await screen.findByRole('group', { name: 'Account value' });
    expect(screen.queryByRole('region', { name: 'Account status' })).not.toBeInTheDocument();
    expect(useSessionStore.getState().user?.status).toBe('VERIFIED');
  });
});

test('platform tokens: the claim loads only when a subscriber opens it from the tokens card', async () => {
  signIn({ isSubscribed: true, claimableTokens: 15 });
  m.metrics.mockResolvedValue(makeMetrics({ holdingsCount: 0, claimableTokens: 15 }));
  const { user } = renderPage(<OverviewPage />, { url: '/dashboard' });
  const card = await screen.findByRole('group', { name: 'Claimable platform tokens' });
  const claims = jest.requireMock<{ getMyTokenClaim: jest.Mock }>('shared-api/token-claims');
  expect(claims.getMyTokenClaim).not.toHaveBeenCalled();
  await user.click(within(card).getByRole('button', { name: 'Claim them, or link your wallet' }));
  expect(await screen.findByText('Loading your platform tokens...')).toBeInTheDocument();
  await waitFor(() => expect(claims.getMyTokenClaim).toHaveBeenCalledTimes(1));
});

test('platform tokens: without the subscription the card offers the subscription instead', async () => {
  signIn({ isSubscribed: false, claimableTokens: 0 });
  m.metrics.mockResolvedValue(makeMetrics({ holdingsCount: 0 }));
  renderPage(<OverviewPage />, { url: '/dashboard' });
  const card = await screen.findByRole('group', { name: 'Claimable platform tokens' });
  expect(within(card).getByRole('link', { name: 'Subscribe to claim 15 tokens' })).toBeInTheDocument();
  expect(within(card).queryByRole('button')).not.toBeInTheDocument();
});
