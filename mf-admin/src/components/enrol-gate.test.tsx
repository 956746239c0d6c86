// ADMIN_2FA_REQUIRED in the console: the explanation and the link to the profile's
// two-factor card instead of the page, up front or on the API's refusal.
import { screen, waitFor } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError, useSessionStore } from 'shared-api';
import { apiQuery, useApiQuery } from 'shared-api/query';
import { TWO_FACTOR_MESSAGES, type User } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import { EnrolGate } from './enrol-gate';

jest.mock('shared-api', () => ({ ...jest.requireActual('shared-api'), getMe: jest.fn() }));

const ADMIN = {
  _id: 'a1',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.com',
  role: 'ADMIN',
  status: 'VERIFIED',
  emailVerified: true,
  isSubscribed: false,
  onboardingCompleted: false,
  avatar: null,
  country: null,
  phone: null,
  userType: null,
  businessName: null,
  rejectionReason: null,
  claimableTokens: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
} satisfies User;

const load = jest.fn<Promise<string>, []>();
function Table() {
  const q = useApiQuery(apiQuery(['admin', 'gate-test'], () => load()));
  return <p>{q.error ? `failed: ${q.error}` : (q.data ?? 'loading')}</p>;
}

beforeEach(() => {
  jest.clearAllMocks();
  // The session's fresh copy of the user is not what these tests are about.
  jest.mocked(api.getMe).mockReturnValue(new Promise(() => undefined));
});

test('an admin who must enrol sees why and a link to the two-factor card, not the page', async () => {
  useSessionStore.getState().setSession({ ...ADMIN, twoFactorRequired: true }, 'token');
  load.mockResolvedValue('rows');
  const { user, location } = renderPage(
    <EnrolGate>
      <Table />
    </EnrolGate>,
    { url: '/admin' },
  );
  expect(screen.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  expect(screen.getByText(TWO_FACTOR_MESSAGES.enrolRequired)).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
  await user.click(screen.getByRole('link', { name: 'Set up two-factor sign-in' }));
  expect(location()).toBe('/dashboard/profile#two-factor');
});

test('the API’s refusal turns the page into the explanation', async () => {
  useSessionStore.getState().setSession(ADMIN, 'token');
  load.mockRejectedValue(new ApiError(403, { statusCode: 403, error: 'Forbidden', message: TWO_FACTOR_MESSAGES.enrolRequired }));
  renderPage(
    <EnrolGate>
      <Table />
    </EnrolGate>,
    { url: '/admin' },
  );
  expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  expect(screen.queryByText(/failed/)).not.toBeInTheDocument();
});

test('an enrolled (or exempt) admin gets the page; other refusals stay the page’s own', async () => {
  useSessionStore.getState().setSession({ ...ADMIN, twoFactorRequired: false }, 'token');
  load.mockRejectedValue(new ApiError(403, { statusCode: 403, error: 'Forbidden', message: 'You are not allowed to do this' }));
  renderPage(
    <EnrolGate>
      <Table />
    </EnrolGate>,
    { url: '/admin' },
  );
  await waitFor(() => expect(screen.getByText('failed: You are not allowed to do this')).toBeInTheDocument());
  expect(screen.queryByRole('heading', { name: 'Set up two-factor sign-in' })).not.toBeInTheDocument();
});
