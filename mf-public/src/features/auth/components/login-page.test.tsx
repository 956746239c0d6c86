import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, generateOtp, resetPassword, signin, useSessionStore } from 'shared-api';
import { makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { LoginPage } from './login-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  signin: jest.fn(),
  generateOtp: jest.fn(),
  resetPassword: jest.fn(),
}));

const signinMock = jest.mocked(signin);
const generateOtpMock = jest.mocked(generateOtp);
const resetPasswordMock = jest.mocked(resetPassword);

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().clearSession();
});

async function logIn(url = '/login', email = 'ivy@example.com') {
  const r = renderPage(<LoginPage />, { url });
  await r.user.type(screen.getByLabelText(/^Email/), email);
  await r.user.type(screen.getByLabelText(/^Password/), 'Secret123');
  await r.user.click(screen.getByRole('button', { name: 'Log In' }));
  return r;
}

test('empty fields: "Please fill in all fields", nothing sent', async () => {
  const { user: u } = renderPage(<LoginPage />, { url: '/login' });
  await u.click(screen.getByRole('button', { name: 'Log In' }));
  expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
  expect(signinMock).not.toHaveBeenCalled();
});

test('a user who has not completed onboarding goes there, with the session stored', async () => {
  const me = makeUser({ onboardingCompleted: false });
  signinMock.mockResolvedValue({ accessToken: 'tok', user: me });
  const { location } = await logIn();
  await waitFor(() => expect(location()).toBe('/onboarding'));
  expect(signinMock).toHaveBeenCalledWith({ email: 'ivy@example.com', password: 'Secret123' });
  expect(useSessionStore.getState().token).toBe('tok');
  expect(useSessionStore.getState().user).toEqual(me);
  expect(localStorage.getItem('accessToken')).toBe('tok');
});

test('an onboarded user goes to the dashboard, or back to the page they came from', async () => {
  signinMock.mockResolvedValue({ accessToken: 'tok', user: makeUser() });
  const first = await logIn();
  await waitFor(() => expect(first.location()).toBe('/dashboard'));
  first.unmount();
  useSessionStore.getState().clearSession();
  const second = await logIn('/login?next=%2Fproperties%2Fp1');
  await waitFor(() => expect(second.location()).toBe('/properties/p1'));
});

test('an unverified e-mail (403) is offered the way to /verify with the address prefilled', async () => {
  signinMock.mockRejectedValue(
    new ApiError(403, { statusCode: 403, error: 'Forbidden', message: 'Please verify your email before logging in' }),
  );
  await logIn('/login', 'new@example.com');
  expect(await screen.findByText('Please verify your email before logging in')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Verify your email' })).toHaveAttribute('href', '/verify?email=new%40example.com');
});

test('wrong credentials show the server message', async () => {
  signinMock.mockRejectedValue(new ApiError(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' }));
  await logIn();
  expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Verify your email' })).not.toBeInTheDocument();
});

test('forgot password: a code by e-mail, then a new password that follows the rules', async () => {
  generateOtpMock.mockResolvedValue({ message: 'If an account exists for this email, we have sent it a code.' });
  resetPasswordMock.mockResolvedValue({ message: 'Your password has been changed, please sign in' });
  const { user: u } = renderPage(<LoginPage />, { url: '/login?email=ivy%40example.com' });
  await u.click(screen.getByRole('button', { name: 'Forgot password?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
  expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('ivy@example.com');
  await u.click(within(dialog).getByRole('button', { name: 'Send code' }));
  expect(generateOtpMock).toHaveBeenCalledWith({ email: 'ivy@example.com', purpose: 'RESET_PASSWORD' });
  expect(await within(dialog).findByText('If an account exists for this email, we have sent it a code.')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();

  await u.type(within(dialog).getByLabelText(/^Code/), '12x3456');
  await u.type(within(dialog).getByLabelText(/^New password/), 'weak');
  await u.type(within(dialog).getByLabelText(/^Confirm new password/), 'weak');
  await u.click(within(dialog).getByRole('button', { name: 'Change password' }));
  expect(within(dialog).getByText('Password must be at least 8 characters long')).toBeInTheDocument();
  expect(resetPasswordMock).not.toHaveBeenCalled();

  await u.clear(within(dialog).getByLabelText(/^New password/));
  await u.type(within(dialog).getByLabelText(/^New password/), 'Better123');
  await u.clear(within(dialog).getByLabelText(/^Confirm new password/));
  await u.type(within(dialog).getByLabelText(/^Confirm new password/), 'Better123');
  await u.click(within(dialog).getByRole('button', { name: 'Change password' }));
  expect(resetPasswordMock).toHaveBeenCalledWith({ email: 'ivy@example.com', code: '123456', newPassword: 'Better123' });
  expect(await screen.findByText('Your password has been changed, please sign in')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('someone already signed in is offered the dashboard instead of the form', () => {
  useSessionStore.getState().setSession(makeUser(), 'tok');
  renderPage(<LoginPage />, { url: '/login' });
  expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();
});
