// Profile's "E-mail address": asking for a change ("Confirm it's you" first), the pending
// state, and the confirmation the e-mailed link leads to.
import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError, useSessionStore } from 'shared-api';
import { EMAIL_CHANGE_MESSAGES, MESSAGES, TWO_FACTOR_MESSAGES, type User } from 'shared-api/contract';
import { resetToasts } from 'shared-ui';
import { renderPage, settle } from 'shared-ui/testing';
import { EmailCard } from './email-card';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getEmailChange: jest.fn(),
  requestEmailChange: jest.fn(),
  confirmEmailChange: jest.fn(),
  getTwoFactor: jest.fn(),
  stepUp: jest.fn(),
}));

const mocked = {
  pending: jest.mocked(api.getEmailChange),
  request: jest.mocked(api.requestEmailChange),
  confirm: jest.mocked(api.confirmEmailChange),
  twoFactor: jest.mocked(api.getTwoFactor),
  stepUp: jest.mocked(api.stepUp),
};

const USER = {
  _id: 'u1',
  firstName: 'Ivy',
  lastName: 'Investor',
  email: 'ivy@example.com',
  role: 'INVESTOR',
  status: 'VERIFIED',
  emailVerified: true,
  isSubscribed: false,
  onboardingCompleted: true,
  avatar: null,
  country: null,
  phone: null,
  userType: null,
  businessName: null,
  rejectionReason: null,
  claimableTokens: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
} satisfies User;

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  mocked.pending.mockResolvedValue({ pending: null });
});

async function start(url = '/dashboard/profile') {
  const ui = renderPage(<EmailCard user={USER} />, { url });
  await settle();
  return { ...ui, card: screen.getByRole('region', { name: 'E-mail address' }) };
}

test('asks for a change: checks the address first, confirms it is you, then shows the change as pending', async () => {
  mocked.twoFactor.mockResolvedValue({ enabled: false, recoveryCodesLeft: 0, enabledAt: null });
  mocked.stepUp.mockResolvedValue({ message: TWO_FACTOR_MESSAGES.confirmed });
  mocked.request
    .mockRejectedValueOnce(new ApiError(403, { statusCode: 403, error: 'Forbidden', message: TWO_FACTOR_MESSAGES.stepUpRequired }))
    .mockResolvedValueOnce({ message: EMAIL_CHANGE_MESSAGES.sent });
  const { user, card } = await start();
  expect(within(card).getByText('ivy@example.com')).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Change e-mail' }));

  const field = within(card).getByRole('textbox', { name: 'New e-mail address' });
  await user.type(field, 'nope');
  await user.click(within(card).getByRole('button', { name: 'Send the link' }));
  expect(within(card).getByText(MESSAGES.emailInvalid)).toBeInTheDocument();
  await user.clear(field);
  await user.type(field, 'IVY@example.com');
  await user.click(within(card).getByRole('button', { name: 'Send the link' }));
  expect(within(card).getByText(EMAIL_CHANGE_MESSAGES.sameAddress)).toBeInTheDocument();
  expect(mocked.request).not.toHaveBeenCalled();

  await user.clear(field);
  await user.type(field, 'Ivy.New@Example.com');
  mocked.pending.mockResolvedValue({ pending: { newEmail: 'ivy.new@example.com', expiresAt: '2026-11-27T20:00:00.000Z' } });
  await user.click(within(card).getByRole('button', { name: 'Send the link' }));
  const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
  const password = await within(dialog).findByLabelText(/Password/);
  await waitFor(() => expect(password).toBeEnabled());
  await user.type(password, 'Secret123!');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

  expect(await within(card).findByRole('status')).toHaveTextContent('ivy.new@example.com');
  expect(mocked.stepUp).toHaveBeenCalledWith({ password: 'Secret123!' });
  expect(mocked.request).toHaveBeenCalledTimes(2);
  expect(mocked.request).toHaveBeenLastCalledWith({ newEmail: 'ivy.new@example.com' });
  expect(within(card).getByRole('button', { name: 'Change e-mail again' })).toBeInTheDocument();
});

test('a taken address is said in the form', async () => {
  mocked.request.mockRejectedValueOnce(new ApiError(409, { statusCode: 409, error: 'Conflict', message: EMAIL_CHANGE_MESSAGES.taken }));
  const { user, card } = await start();
  await user.click(within(card).getByRole('button', { name: 'Change e-mail' }));
  await user.type(within(card).getByRole('textbox', { name: 'New e-mail address' }), 'taken@example.com');
  await user.click(within(card).getByRole('button', { name: 'Send the link' }));
  expect(await within(card).findByText(EMAIL_CHANGE_MESSAGES.taken)).toBeInTheDocument();
});

test('the link: one click changes the address, the session gets the new one and the link leaves the URL', async () => {
  const changed = { ...USER, email: 'ivy.new@example.com' };
  mocked.confirm
    .mockRejectedValueOnce(new ApiError(400, { statusCode: 400, error: 'Bad Request', message: EMAIL_CHANGE_MESSAGES.invalidLink }))
    .mockResolvedValueOnce({ message: EMAIL_CHANGE_MESSAGES.changed, user: changed });
  useSessionStore.getState().setSession(USER, 'token');
  const { user, card, location } = await start('/dashboard/profile?email-change=tok_abc');
  await user.click(within(card).getByRole('button', { name: 'Confirm the new address' }));
  expect(await within(card).findByRole('alert')).toHaveTextContent(EMAIL_CHANGE_MESSAGES.invalidLink);
  await user.click(within(card).getByRole('button', { name: 'Confirm the new address' }));
  await waitFor(() => expect(location()).toBe('/dashboard/profile'));
  expect(mocked.confirm).toHaveBeenLastCalledWith({ token: 'tok_abc' });
  expect(useSessionStore.getState().user?.email).toBe('ivy.new@example.com');
  expect(within(card).getByRole('button', { name: 'Change e-mail' })).toBeInTheDocument();
});
