import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, createCheckout, getCheckout, getMe, useSessionStore } from 'shared-api';
import type { Checkout, User } from 'shared-api/contract';
import { goToExternal } from '../../../lib/browser';
import { renderPage } from 'shared-ui/testing';
import { makeCheckout, makeUser } from 'shared-api/testing';
import { SubscribeSection } from './subscribe-section';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  createCheckout: jest.fn(),
  getCheckout: jest.fn(),
  getMe: jest.fn(),
}));
const createCheckoutMock = jest.mocked(createCheckout);
const getCheckoutMock = jest.mocked(getCheckout);
const getMeMock = jest.mocked(getMe);

/** An investor who has not subscribed or finished onboarding yet. */
const investor = (over: Partial<User> = {}) => makeUser({ isSubscribed: false, onboardingCompleted: false, claimableTokens: 0, ...over });
const checkout = (over: Partial<Checkout> = {}) =>
  makeCheckout({ purpose: 'SUBSCRIPTION', amount: 15, checkoutUrl: 'https://pay.example/c1', ...over });

jest.mock('../../../lib/browser', () => ({ goToExternal: jest.fn() }));
const assign = jest.mocked(goToExternal);
beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().clearSession();
});

test('a visitor is sent to log in first', () => {
  renderPage(<SubscribeSection />);
  expect(screen.getByRole('heading', { level: 2, name: 'Early access subscription' })).toBeInTheDocument();
  expect(screen.getByText('one-time fee')).toBeInTheDocument();
  expect(screen.getByText(/claimable as 15 Tessera platform tokens/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Subscribe for $15' })).toHaveAttribute('href', '/login?next=%2F%23subscribe');
});

test('the button is disabled once subscribed', () => {
  useSessionStore.getState().setSession(investor({ isSubscribed: true, claimableTokens: 15 }), 'tok');
  renderPage(<SubscribeSection />);
  expect(screen.getByRole('button', { name: 'Subscribe for $15' })).toBeDisabled();
  expect(screen.getByText('You are subscribed. 15 platform tokens are waiting to be claimed.')).toBeInTheDocument();
});

test('owners and admins cannot subscribe', () => {
  useSessionStore.getState().setSession(investor({ role: 'PROPERTY_OWNER' }), 'tok');
  renderPage(<SubscribeSection />);
  expect(screen.getByRole('button', { name: 'Subscribe for $15' })).toBeDisabled();
});

test('an investor starts the checkout, which is tracked, and the browser goes to the payment page', async () => {
  useSessionStore.getState().setSession(investor(), 'tok');
  createCheckoutMock.mockResolvedValue(checkout());
  const { user } = renderPage(<SubscribeSection />);
  await user.click(screen.getByRole('button', { name: 'Subscribe for $15' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/c1'));
  const [body, opts] = createCheckoutMock.mock.calls[0];
  expect(body).toEqual({ purpose: 'SUBSCRIPTION', returnPath: '/#subscribe' });
  expect(opts?.idempotencyKey).toEqual(expect.any(String));
  expect(useSessionStore.getState().checkoutStatus?.c1).toMatchObject({ status: 'OPEN', purpose: 'SUBSCRIPTION' });
});

test('a refused checkout shows the server message', async () => {
  useSessionStore.getState().setSession(investor(), 'tok');
  createCheckoutMock.mockRejectedValue(new ApiError(409, { message: 'You are already subscribed' }));
  const { user } = renderPage(<SubscribeSection />);
  await user.click(screen.getByRole('button', { name: 'Subscribe for $15' }));
  expect(await screen.findByText('You are already subscribed')).toBeInTheDocument();
  expect(assign).not.toHaveBeenCalled();
});

test('back from a paid checkout: the user is refreshed and the successful modal opens', async () => {
  useSessionStore.getState().setSession(investor(), 'tok');
  getCheckoutMock.mockResolvedValue(checkout({ status: 'PAID' }));
  getMeMock.mockResolvedValue(investor({ isSubscribed: true, claimableTokens: 15 }));
  const { user, location } = renderPage(<SubscribeSection />, { url: '/?checkout=c1#subscribe' });
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Congratulations, you have successfully subscribed to Tessera.');
  expect(getCheckoutMock).toHaveBeenCalledWith('c1');
  expect(useSessionStore.getState().user?.isSubscribed).toBe(true);
  expect(useSessionStore.getState().checkoutStatus?.c1?.status).toBe('PAID');
  // The page behind the modal is hidden from assistive technology while it is open.
  expect(screen.getByRole('button', { name: 'Subscribe for $15', hidden: true })).toBeDisabled();
  expect(location()).toBe('/#subscribe');
  const closes = screen.getAllByRole('button', { name: 'Close' });
  await user.click(closes[closes.length - 1]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('an investor who has not finished onboarding is offered the way back there', async () => {
  useSessionStore.getState().setSession(investor(), 'tok');
  getCheckoutMock.mockResolvedValue(checkout({ status: 'PAID' }));
  getMeMock.mockResolvedValue(investor({ isSubscribed: true }));
  const { user, location } = renderPage(<SubscribeSection />, { url: '/?checkout=c1#subscribe' });
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('link', { name: 'Continue onboarding' }));
  await waitFor(() => expect(location()).toBe('/onboarding'));
});

test('an onboarded investor gets only Close', async () => {
  useSessionStore.getState().setSession(investor({ onboardingCompleted: true }), 'tok');
  getCheckoutMock.mockResolvedValue(checkout({ status: 'PAID' }));
  getMeMock.mockResolvedValue(investor({ isSubscribed: true, onboardingCompleted: true }));
  renderPage(<SubscribeSection />, { url: '/?checkout=c1#subscribe' });
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).queryByRole('link', { name: 'Continue onboarding' })).not.toBeInTheDocument();
  expect(within(dialog).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
});

test.each(['DECLINED', 'EXPIRED'] as const)('back from a %s checkout: the failed modal', async (status) => {
  useSessionStore.getState().setSession(investor(), 'tok');
  getCheckoutMock.mockResolvedValue(checkout({ status }));
  const { user } = renderPage(<SubscribeSection />, { url: '/?checkout=c1#subscribe' });
  const dialog = await screen.findByRole('dialog', { name: 'Subscription Failed' });
  expect(dialog).toHaveTextContent('An error occured while processing your payment. Please try again.');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(getMeMock).not.toHaveBeenCalled();
});

test('a checkout still open after a few tries opens no modal', async () => {
  jest.useFakeTimers();
  try {
    useSessionStore.getState().setSession(investor(), 'tok');
    getCheckoutMock.mockResolvedValue(checkout({ status: 'OPEN' }));
    renderPage(<SubscribeSection />, { url: '/?checkout=c1#subscribe' });
    for (let i = 0; i < 6; i++) {
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
    }
    expect(getCheckoutMock).toHaveBeenCalledTimes(5);
    expect(await screen.findByText(/Your payment has not been completed yet/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});
