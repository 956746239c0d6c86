// Profile's "Notifications" card: a switch per kind, mandatory kinds on and disabled with
// the reason, save sends only what changed, feedback, and the load and save errors.
import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError } from 'shared-api';
import type { NotificationKind, NotificationPreferences } from 'shared-api/contract';
import { MANDATORY_EMAIL_KINDS, NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from 'shared-api/contract/dashboard';
import { resetToasts } from 'shared-ui';
import { renderPage, settle } from 'shared-ui/testing';
import { MANDATORY_REASON, NotificationsCard, SAVED_MESSAGE } from './notifications-card';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getNotificationPreferences: jest.fn(),
  updateNotificationPreferences: jest.fn(),
}));

const mocked = {
  get: jest.mocked(api.getNotificationPreferences),
  put: jest.mocked(api.updateNotificationPreferences),
};

function prefs(off: NotificationKind[] = []): NotificationPreferences {
  const email = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !off.includes(k)])) as Record<NotificationKind, boolean>;
  return { email, mandatory: [...MANDATORY_EMAIL_KINDS] };
}

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
});

async function start() {
  const ui = renderPage(<NotificationsCard />, { url: '/dashboard/profile' });
  await settle();
  return ui;
}

const toggle = (kind: NotificationKind) => screen.getByRole('switch', { name: new RegExp(NOTIFICATION_KIND_LABELS[kind]) });

test('every kind has a labelled switch; mandatory kinds are on, disabled and explained', async () => {
  mocked.get.mockResolvedValue(prefs(['DEPOSIT_RECEIVED']));
  await start();
  const card = screen.getByRole('region', { name: 'Notifications' });
  expect(within(card).getByRole('group', { name: 'Also e-mail me when…' })).toBeInTheDocument();
  expect(within(card).getAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS.length);
  expect(toggle('ORDER_REJECTED')).toBeChecked();
  expect(toggle('ORDER_REJECTED')).toBeEnabled();
  expect(toggle('DEPOSIT_RECEIVED')).not.toBeChecked();
  for (const kind of MANDATORY_EMAIL_KINDS) {
    expect(toggle(kind)).toBeChecked();
    expect(toggle(kind)).toBeDisabled();
    expect(toggle(kind)).toHaveAccessibleDescription(`${MANDATORY_REASON}.`);
  }
  expect(screen.getByRole('button', { name: 'Save e-mail settings' })).toBeDisabled();
});

test('save sends only the kinds that changed and confirms', async () => {
  mocked.get.mockResolvedValue(prefs(['DEPOSIT_RECEIVED']));
  mocked.put.mockImplementation(async (email) => {
    const next = prefs();
    return { ...next, email: { ...next.email, ...email, DEPOSIT_RECEIVED: email.DEPOSIT_RECEIVED ?? false } };
  });
  const ui = await start();
  await ui.user.click(toggle('ORDER_APPROVED'));
  await ui.user.click(toggle('DEPOSIT_RECEIVED'));
  await ui.user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
  expect(mocked.put).toHaveBeenCalledWith({ ORDER_APPROVED: false, DEPOSIT_RECEIVED: true });
  expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
  expect(toggle('ORDER_APPROVED')).not.toBeChecked();
  expect(screen.getByRole('button', { name: 'Save e-mail settings' })).toBeDisabled();
});

test('a refused save shows the server message and keeps the choice', async () => {
  mocked.get.mockResolvedValue(prefs());
  mocked.put.mockRejectedValue(new ApiError(400, { message: 'KYC_REJECTED cannot be switched off' }));
  const ui = await start();
  await ui.user.click(toggle('SUPPORT_REPLY'));
  await ui.user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
  const alert = await screen.findByText(/Could not save your e-mail settings/);
  expect(alert).toHaveTextContent('KYC_REJECTED cannot be switched off');
  expect(toggle('SUPPORT_REPLY')).not.toBeChecked();
  expect(screen.getByRole('button', { name: 'Save e-mail settings' })).toBeEnabled();
});

test('a failed load shows the error and Retry', async () => {
  mocked.get.mockRejectedValueOnce(new ApiError(503, { message: 'Service unavailable' })).mockResolvedValue(prefs());
  const ui = await start();
  expect(screen.getByRole('alert')).toHaveTextContent('Could not load your notification settings');
  await ui.user.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS.length));
});
