// Profile's "Two-factor sign-in": set up with the QR or the key and a first code, the
// recovery codes once, new recovery codes after "Confirm it's you", turning it off with the
// password and a code; the errors.
import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError } from 'shared-api';
import { TWO_FACTOR_MESSAGES } from 'shared-api/contract';
import { resetToasts } from 'shared-ui';
import { renderPage, settle } from 'shared-ui/testing';
import { TwoFactorCard } from './two-factor-card';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getTwoFactor: jest.fn(),
  startTwoFactorSetup: jest.fn(),
  confirmTwoFactor: jest.fn(),
  removeTwoFactor: jest.fn(),
  renewRecoveryCodes: jest.fn(),
  stepUp: jest.fn(),
  getMe: jest.fn(),
}));

// The step-up dialog also asks whether the person has a passkey (none here).
jest.mock('shared-api/passkeys', () => ({
  ...jest.requireActual('shared-api/passkeys'),
  listPasskeys: jest.fn().mockResolvedValue([]),
}));

const mocked = {
  get: jest.mocked(api.getTwoFactor),
  start: jest.mocked(api.startTwoFactorSetup),
  confirm: jest.mocked(api.confirmTwoFactor),
  remove: jest.mocked(api.removeTwoFactor),
  renew: jest.mocked(api.renewRecoveryCodes),
  stepUp: jest.mocked(api.stepUp),
  getMe: jest.mocked(api.getMe),
};
const OFF = { enabled: false, recoveryCodesLeft: 0, enabledAt: null };
const ON = { enabled: true, recoveryCodesLeft: 10, enabledAt: '2026-11-27T10:00:00.000Z' };
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBBB`);

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  mocked.getMe.mockReturnValue(new Promise(() => undefined));
});

async function start() {
  const ui = renderPage(<TwoFactorCard />, { url: '/dashboard/profile' });
  await settle();
  return { ...ui, card: screen.getByRole('region', { name: 'Two-factor sign-in' }) };
}

test('set up: QR and key, a wrong code is refused, the right one shows the recovery codes once', async () => {
  mocked.get.mockResolvedValue(OFF);
  mocked.start.mockResolvedValue({
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    otpauthUri: 'otpauth://totp/Tessera:ivy?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    qrDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
  });
  mocked.confirm
    .mockRejectedValueOnce(new ApiError(400, { statusCode: 400, error: 'Bad Request', message: TWO_FACTOR_MESSAGES.invalidCode }))
    .mockResolvedValueOnce({ recoveryCodes: CODES, status: ON });
  const { user, card } = await start();
  expect(within(card).getByText('Two-factor sign-in is off.')).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
  expect(await within(card).findByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
  expect(within(card).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

  const code = within(card).getByRole('textbox', { name: 'Code from the app' });
  await user.type(code, '000000');
  await user.click(within(card).getByRole('button', { name: 'Turn on' }));
  expect(await within(card).findByText(TWO_FACTOR_MESSAGES.invalidCode)).toBeInTheDocument();
  await user.clear(code);
  await user.type(code, '123456');
  await user.click(within(card).getByRole('button', { name: 'Turn on' }));
  const list = await within(card).findByRole('list', { name: 'Recovery codes' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(CODES);
  expect(mocked.confirm).toHaveBeenLastCalledWith('123456');
  await user.click(within(card).getByRole('button', { name: 'I have saved them' }));
  expect(within(card).getByText(/Two-factor sign-in is on/)).toHaveTextContent('10 recovery codes left');
  expect(within(card).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
});

test('turn off: asks for the password and a code, says why it failed, then is off', async () => {
  mocked.get.mockResolvedValue(ON);
  mocked.remove
    .mockRejectedValueOnce(new ApiError(400, { statusCode: 400, error: 'Bad Request', message: TWO_FACTOR_MESSAGES.wrongPassword }))
    .mockResolvedValueOnce(OFF);
  const { user, card } = await start();
  await user.click(within(card).getByRole('button', { name: 'Turn off two-factor sign-in' }));
  await user.click(within(card).getByRole('button', { name: 'Turn off' }));
  expect(within(card).getByRole('alert')).toHaveTextContent('Please enter your password and a code from your app');
  expect(mocked.remove).not.toHaveBeenCalled();
  await user.type(within(card).getByLabelText('Password'), 'Secret123!');
  await user.type(within(card).getByRole('textbox', { name: /Code from the app/ }), '654321');
  await user.click(within(card).getByRole('button', { name: 'Turn off' }));
  expect(await within(card).findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.wrongPassword);
  await user.click(within(card).getByRole('button', { name: 'Turn off' }));
  await waitFor(() => expect(within(card).getByText('Two-factor sign-in is off.')).toBeInTheDocument());
  expect(mocked.remove).toHaveBeenLastCalledWith({ password: 'Secret123!', code: '654321' });
});

test('a load error offers a retry', async () => {
  mocked.get
    .mockRejectedValueOnce(new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'Try again shortly' }))
    .mockResolvedValueOnce(OFF);
  const { user, card } = await start();
  expect(await within(card).findByText('Try again shortly')).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: /Retry/ }));
  expect(await within(card).findByText('Two-factor sign-in is off.')).toBeInTheDocument();
  expect(within(card).queryByText('Try again shortly')).not.toBeInTheDocument();
});

test('new recovery codes: asks first, then "Confirm it\'s you", then shows the new ten once', async () => {
  mocked.get.mockResolvedValue({ ...ON, recoveryCodesLeft: 3 });
  mocked.stepUp.mockResolvedValue({ message: TWO_FACTOR_MESSAGES.confirmed });
  const NEW = Array.from({ length: 10 }, (_, i) => `CCCC${i}-DDDDD`);
  mocked.renew
    .mockRejectedValueOnce(new ApiError(403, { statusCode: 403, error: 'Forbidden', message: TWO_FACTOR_MESSAGES.stepUpRequired }))
    .mockResolvedValueOnce({ recoveryCodes: NEW, status: ON });
  const { user, card } = await start();
  expect(within(card).getByText(/Two-factor sign-in is on/)).toHaveTextContent('3 recovery codes left');

  // Cancelling the question changes nothing.
  await user.click(within(card).getByRole('button', { name: 'New recovery codes' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Make new recovery codes?' })).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(mocked.renew).not.toHaveBeenCalled();

  await user.click(within(card).getByRole('button', { name: 'New recovery codes' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Make new recovery codes?' })).getByRole('button', { name: 'Make new codes' }),
  );
  const confirmIt = await screen.findByRole('dialog', { name: "Confirm it's you" });
  const field = await within(confirmIt).findByRole('textbox', { name: /Authentication code/ });
  await waitFor(() => expect(field).toBeEnabled());
  await user.type(field, '654321');
  await user.click(within(confirmIt).getByRole('button', { name: 'Confirm' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const list = await within(card).findByRole('list', { name: 'Recovery codes' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(NEW);
  expect(mocked.stepUp).toHaveBeenCalledWith({ code: '654321' });
  expect(mocked.renew).toHaveBeenCalledTimes(2);
  await user.click(within(card).getByRole('button', { name: 'I have saved them' }));
  expect(within(card).getByText(/Two-factor sign-in is on/)).toHaveTextContent('10 recovery codes left');
});
