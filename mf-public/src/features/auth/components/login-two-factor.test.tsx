// The sign-in's code step: an account with two-factor sign-in gets a challenge, and only
// the code (app or recovery) stores the session.
import { screen, waitFor } from '@testing-library/react';
import { ApiError, completeSignin, signin, useSessionStore } from 'shared-api';
import { TWO_FACTOR_MESSAGES } from 'shared-api/contract';
import { makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { LoginPage } from './login-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  signin: jest.fn(),
  completeSignin: jest.fn(),
}));

const signinMock = jest.mocked(signin);
const completeMock = jest.mocked(completeSignin);
const challenge = {
  secondFactorRequired: true as const,
  challengeToken: 'challenge-token',
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  message: TWO_FACTOR_MESSAGES.codeNeeded,
};

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().clearSession();
});

async function passwordStep() {
  const r = renderPage(<LoginPage />, { url: '/login' });
  await r.user.type(screen.getByLabelText(/^Email/), 'ivy@example.com');
  await r.user.type(screen.getByLabelText(/^Password/), 'Secret123');
  await r.user.click(screen.getByRole('button', { name: 'Log In' }));
  return r;
}

test('the right password asks for the code; the code signs in', async () => {
  signinMock.mockResolvedValue(challenge);
  completeMock.mockResolvedValue({ accessToken: 'tok', user: makeUser() });
  const { user, location } = await passwordStep();
  const form = await screen.findByRole('form', { name: 'Two-factor sign-in' });
  expect(form).toBeInTheDocument();
  expect(useSessionStore.getState().token).toBeNull();
  await user.type(screen.getByRole('textbox', { name: /Authentication code/ }), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(location()).toBe('/dashboard'));
  expect(completeMock).toHaveBeenCalledWith({ challengeToken: 'challenge-token', code: '123456' });
  expect(useSessionStore.getState().token).toBe('tok');
});

test('a wrong code says so and stays on the code step; an expired challenge goes back to the password', async () => {
  signinMock.mockResolvedValue(challenge);
  completeMock.mockRejectedValueOnce(
    new ApiError(401, { statusCode: 401, error: 'Unauthorized', message: TWO_FACTOR_MESSAGES.invalidCode }),
  );
  const { user } = await passwordStep();
  const code = await screen.findByRole('textbox', { name: /Authentication code/ });
  await user.type(code, '000000');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText(TWO_FACTOR_MESSAGES.invalidCode)).toBeInTheDocument();
  expect(useSessionStore.getState().token).toBeNull();

  completeMock.mockRejectedValueOnce(
    new ApiError(401, { statusCode: 401, error: 'Unauthorized', message: TWO_FACTOR_MESSAGES.challengeExpired }),
  );
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
});
