// Passkeys on the login page: "Sign in with a passkey" alone, the second step's "Use a
// passkey" (only that when the account has no authenticator app), and a cancelled prompt.
import { screen, waitFor } from '@testing-library/react';
import { signin, useSessionStore } from 'shared-api';
import { PASSKEY_MESSAGES } from 'shared-api/contract/passkeys';
import { completeSigninWithPasskey, PasskeyError, signinWithPasskey } from 'shared-api/passkeys';
import { makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { LoginPage } from './login-page';

jest.mock('shared-api', () => ({ ...jest.requireActual('shared-api'), signin: jest.fn() }));
jest.mock('shared-api/passkeys', () => ({
  ...jest.requireActual('shared-api/passkeys'),
  signinWithPasskey: jest.fn(),
  completeSigninWithPasskey: jest.fn(),
}));

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().clearSession();
});

test('signs in with a passkey alone; a cancelled prompt says so and signs nobody in', async () => {
  jest
    .mocked(signinWithPasskey)
    .mockRejectedValueOnce(new PasskeyError(PASSKEY_MESSAGES.cancelled))
    .mockResolvedValueOnce({ accessToken: 'tok', user: makeUser() });
  const { user, location } = renderPage(<LoginPage />, { url: '/login' });
  await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.cancelled);
  expect(useSessionStore.getState().token).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
  await waitFor(() => expect(location()).toBe('/dashboard'));
  expect(useSessionStore.getState().token).toBe('tok');
});

test('with passkeys only, the second step is the passkey, no code field', async () => {
  jest.mocked(signin).mockResolvedValue({
    secondFactorRequired: true,
    challengeToken: 'challenge-token',
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    message: PASSKEY_MESSAGES.passkeyNeeded,
    factors: ['PASSKEY'],
  });
  jest.mocked(completeSigninWithPasskey).mockResolvedValue({ accessToken: 'tok2', user: makeUser() });
  const { user, location } = renderPage(<LoginPage />, { url: '/login' });
  await user.type(screen.getByLabelText(/^Email/), 'ivy@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  const form = await screen.findByRole('form', { name: 'Two-factor sign-in' });
  expect(form).toHaveTextContent(PASSKEY_MESSAGES.passkeyNeeded);
  expect(screen.queryByRole('textbox', { name: /Authentication code/ })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
  await waitFor(() => expect(location()).toBe('/dashboard'));
  expect(completeSigninWithPasskey).toHaveBeenCalledWith('challenge-token');
  expect(useSessionStore.getState().token).toBe('tok2');
});
