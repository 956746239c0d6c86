import { screen } from '@testing-library/react';
import { ApiError, generateOtp, verifyOtp } from 'shared-api';
import { renderPage } from 'shared-ui/testing';
import { VerifyPage } from './verify-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  generateOtp: jest.fn(),
  verifyOtp: jest.fn(),
}));

const generateOtpMock = jest.mocked(generateOtp);
const verifyOtpMock = jest.mocked(verifyOtp);

beforeEach(() => jest.clearAllMocks());

test('the e-mailed code verifies the address, then on to log in', async () => {
  verifyOtpMock.mockResolvedValue({ message: 'Your email has been verified' });
  const { user } = renderPage(<VerifyPage />, { url: '/verify?email=ada%40example.com&sent=1' });
  expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
  await user.type(screen.getByLabelText(/^Verification code/), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(verifyOtpMock).toHaveBeenCalledWith({ email: 'ada@example.com', code: '123456', purpose: 'VERIFY_EMAIL' });
  expect(await screen.findByRole('link', { name: 'Continue to log in' })).toHaveAttribute('href', '/login?email=ada%40example.com');
});

test('a short code is refused before sending; a wrong code shows the server message', async () => {
  verifyOtpMock.mockRejectedValue(new ApiError(400, { message: 'The code is invalid or has expired' }));
  const { user } = renderPage(<VerifyPage />, { url: '/verify?email=ada%40example.com' });
  await user.type(screen.getByLabelText(/^Verification code/), '123');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(screen.getByText('Please enter the 6-digit code from the e-mail')).toBeInTheDocument();
  expect(verifyOtpMock).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText(/^Verification code/), '456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('The code is invalid or has expired')).toBeInTheDocument();
});

test('resending waits for the cool-down after sign-up', () => {
  renderPage(<VerifyPage />, { url: '/verify?email=ada%40example.com&sent=1' });
  expect(screen.getByRole('button', { name: /^Resend code in (60|59)s$/ })).toBeDisabled();
});

test('resend sends a new code and starts the cool-down', async () => {
  generateOtpMock.mockResolvedValue({ message: 'If an account exists for this email, we have sent it a code.' });
  const { user } = renderPage(<VerifyPage />, { url: '/verify?email=ada%40example.com' });
  await user.click(screen.getByRole('button', { name: 'Resend code' }));
  expect(generateOtpMock).toHaveBeenCalledWith({ email: 'ada@example.com', purpose: 'VERIFY_EMAIL' });
  expect(await screen.findByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
});
