import { act, screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError, useSessionStore } from 'shared-api';
import { MESSAGES, type User } from 'shared-api/contract';
import { resetToasts } from 'shared-ui';
import { loadCountries } from '../../lib/countries';
import { loadPhoneLib } from '../../lib/phone';
import { fakeFile, renderPage } from 'shared-ui/testing';
import { makeUser } from 'shared-api/testing';
import { ProfilePage } from './profile-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMe: jest.fn(),
  updateMe: jest.fn(),
  uploadProfileImage: jest.fn(),
  updatePassword: jest.fn(),
  getNotificationPreferences: jest.fn(() => new Promise(() => undefined)),
}));

const mocked = {
  getMe: jest.mocked(api.getMe),
  updateMe: jest.mocked(api.updateMe),
  uploadProfileImage: jest.mocked(api.uploadProfileImage),
  updatePassword: jest.mocked(api.updatePassword),
};

jest.setTimeout(20_000);

beforeAll(async () => {
  await Promise.all([loadCountries(), loadPhoneLib()]);
  // jsdom has no object URLs; the previews need them.
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  useSessionStore.getState().clearSession();
});

async function start(user: User = makeUser({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'PROPERTY_OWNER' })) {
  useSessionStore.getState().setSession(user, 'old-token');
  mocked.getMe.mockResolvedValue(user);
  mocked.updateMe.mockImplementation(async (body) => ({ ...useSessionStore.getState().user!, ...body }) as User);
  mocked.uploadProfileImage.mockImplementation(async (_file, opts) => {
    opts?.onProgress?.(0.4);
    opts?.onProgress?.(1);
    return { ...useSessionStore.getState().user!, avatar: { url: '/download/avatar.png' } };
  });
  mocked.updatePassword.mockResolvedValue({ message: 'Password updated', accessToken: 'new-token' });
  const ui = renderPage(<ProfilePage />, { url: '/dashboard/profile' });
  await act(async () => {});
  return ui;
}

type Ui = Awaited<ReturnType<typeof start>>;

test('shows who the user is, with the details on file', async () => {
  await start();
  expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Ada');
  expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveValue('Lovelace');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States'));
  expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('+1 202 555 0143');
  expect(screen.getByText('PROPERTY OWNER')).toBeInTheDocument();
  expect(screen.getByText('verified')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
});

test('admins have no status badge', async () => {
  await start(makeUser({ role: 'ADMIN', status: 'VERIFIED' }));
  expect(screen.getByText('ADMIN')).toBeInTheDocument();
  expect(screen.queryByText('verified')).not.toBeInTheDocument();
});

async function pickCountry(ui: Ui, name: string) {
  const input = screen.getByRole('combobox', { name: 'Country' });
  await ui.user.clear(input);
  await ui.user.type(input, name);
  await ui.user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

test('names, country and phone are saved and the stored user is replaced', async () => {
  const ui = await start();
  const first = screen.getByRole('textbox', { name: /First name/ });
  await ui.user.clear(first);
  await ui.user.type(first, 'Augusta');
  await pickCountry(ui, 'United Kingdom');
  const phone = screen.getByRole('textbox', { name: /Phone number/ });
  await ui.user.clear(phone);
  await ui.user.type(phone, '07911 123456');
  await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() =>
    expect(mocked.updateMe).toHaveBeenCalledWith({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      country: 'United Kingdom',
      phone: '+44 7911 123456',
    }),
  );
  await waitFor(() => expect(useSessionStore.getState().user).toMatchObject({ firstName: 'Augusta', country: 'United Kingdom' }));
  expect(await screen.findByText('Your profile has been updated')).toBeInTheDocument();
});

test('a phone that is not valid for the country, or an empty name, is refused before anything is sent', async () => {
  const ui = await start();
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States'));
  const phone = screen.getByRole('textbox', { name: /Phone number/ });
  await ui.user.clear(phone);
  await ui.user.type(phone, '07911 123456');
  await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(phone).toHaveAccessibleDescription(MESSAGES.invalidPhone));
  expect(phone).toHaveFocus();
  await ui.user.clear(screen.getByRole('textbox', { name: /First name/ }));
  await ui.user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: /First name/ })).toHaveFocus());
  expect(mocked.updateMe).not.toHaveBeenCalled();
});

test('a new picture is previewed, uploaded with progress and replaces the avatar', async () => {
  const ui = await start();
  const input = screen.getByLabelText('New profile picture');
  await ui.user.upload(input, fakeFile('a-very-long-holiday-photo-name.png', 'image/png'));
  expect(screen.getByText('Preview, not saved yet')).toBeInTheDocument();
  expect(screen.getByText('a-very-long-holiday-...')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', 'blob:preview');
  await ui.user.click(screen.getByRole('button', { name: 'Save picture' }));
  await waitFor(() => expect(useSessionStore.getState().user?.avatar).toEqual({ url: '/download/avatar.png' }));
  expect(mocked.uploadProfileImage).toHaveBeenCalledWith(expect.any(File), expect.objectContaining({ onProgress: expect.any(Function) }));
  expect(await screen.findByText('Your profile picture has been updated')).toBeInTheDocument();
  expect(screen.queryByText('Preview, not saved yet')).not.toBeInTheDocument();
});

test('the picture must be an image', async () => {
  const ui = await start();
  await ui.user.upload(screen.getByLabelText('New profile picture'), fakeFile('cv.pdf', 'application/pdf'));
  expect((await screen.findAllByText(MESSAGES.onlyImages)).length).toBeGreaterThanOrEqual(1);
  expect(screen.queryByRole('button', { name: 'Save picture' })).not.toBeInTheDocument();
});

async function fillPassword(ui: Ui, current: string, next: string, confirm: string) {
  if (current) await ui.user.type(screen.getByLabelText(/Current password/), current);
  if (next) await ui.user.type(screen.getByLabelText(/^New password/), next);
  if (confirm) await ui.user.type(screen.getByLabelText(/Confirm new password/), confirm);
}

test('the password rules are listed and the current password is required', async () => {
  const ui = await start();
  await fillPassword(ui, '', 'short', '');
  expect(screen.getByText(MESSAGES.passwordLength)).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.passwordUpper)).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.passwordNumber)).toBeInTheDocument();
  expect(screen.queryByText(MESSAGES.passwordLower)).not.toBeInTheDocument();
  await ui.user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(screen.getByLabelText(/Current password/)).toHaveFocus();
  await ui.user.type(screen.getByLabelText(/Current password/), 'Owner123!');
  await ui.user.clear(screen.getByLabelText(/^New password/));
  await fillPassword(ui, '', 'Better123!', 'Better123?');
  await ui.user.click(screen.getByRole('button', { name: 'Change password' }));
  expect((await screen.findAllByText(MESSAGES.passwordsDiffer)).length).toBeGreaterThanOrEqual(1);
  expect(mocked.updatePassword).not.toHaveBeenCalled();
});

test('a password change is confirmed first, then the session continues with the fresh token', async () => {
  const ui = await start();
  await fillPassword(ui, 'Owner123!', 'Better123!', 'Better123!');
  await ui.user.click(screen.getByRole('button', { name: 'Change password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change your password?' });
  expect(mocked.updatePassword).not.toHaveBeenCalled();
  await ui.user.click(within(dialog).getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(mocked.updatePassword).toHaveBeenCalledWith({ currentPassword: 'Owner123!', newPassword: 'Better123!' }));
  await waitFor(() => expect(useSessionStore.getState().token).toBe('new-token'));
  expect(useSessionStore.getState().user?._id).toBe('u1');
  expect(await screen.findByText('Password updated')).toBeInTheDocument();
  expect(screen.getByLabelText(/Current password/)).toHaveValue('');
});

test('a wrong current password is shown at that field', async () => {
  const ui = await start();
  mocked.updatePassword.mockRejectedValueOnce(
    new ApiError(400, { statusCode: 400, error: 'Bad Request', message: 'Current password is incorrect' }),
  );
  await fillPassword(ui, 'nope', 'Better123!', 'Better123!');
  await ui.user.click(screen.getByRole('button', { name: 'Change password' }));
  await ui.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription('Current password is incorrect'));
  expect(useSessionStore.getState().token).toBe('old-token');
});
