// Profile's "Passkeys": the list, adding one with a name (the browser's prompt behind
// addPasskey), removing one after a confirmation, and the errors people can read (cancelled,
// an IP address host).
import { screen, waitFor, within } from '@testing-library/react';
import { PASSKEY_MESSAGES } from 'shared-api/contract/passkeys';
import * as passkeys from 'shared-api/passkeys';
import { resetToasts } from 'shared-ui';
import { renderPage, settle } from 'shared-ui/testing';
import { PasskeysCard } from './passkeys-card';

jest.mock('shared-api/passkeys', () => ({
  ...jest.requireActual('shared-api/passkeys'),
  listPasskeys: jest.fn(),
  addPasskey: jest.fn(),
  removePasskey: jest.fn(),
  passkeyProblem: jest.fn(),
}));

const mocked = {
  list: jest.mocked(passkeys.listPasskeys),
  add: jest.mocked(passkeys.addPasskey),
  remove: jest.mocked(passkeys.removePasskey),
  problem: jest.mocked(passkeys.passkeyProblem),
};
const LAPTOP = { id: 'p1', name: 'Laptop', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };
const PHONE = { id: 'p2', name: 'Phone', createdAt: '2026-11-21T10:00:00.000Z', lastUsedAt: '2026-11-26T10:00:00.000Z' };

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  mocked.problem.mockReturnValue(null);
});

async function start() {
  const ui = renderPage(<PasskeysCard />, { url: '/dashboard/profile' });
  await settle();
  return { ...ui, card: screen.getByRole('region', { name: 'Passkeys' }) };
}

test('lists the passkeys; adds one under the name given; a cancelled prompt says so and keeps the form', async () => {
  mocked.list.mockResolvedValue([LAPTOP]);
  mocked.add.mockRejectedValueOnce(new passkeys.PasskeyError(PASSKEY_MESSAGES.cancelled)).mockResolvedValueOnce(PHONE);
  const { user, card } = await start();
  const list = within(card).getByRole('list', { name: 'Your passkeys' });
  expect(within(list).getByText('Laptop')).toBeInTheDocument();
  expect(within(list).getByText(/not used yet/)).toBeInTheDocument();

  await user.click(within(card).getByRole('button', { name: 'Add a passkey' }));
  await user.click(within(card).getByRole('button', { name: 'Create passkey' }));
  expect(await within(card).findByText(PASSKEY_MESSAGES.nameNeeded)).toBeInTheDocument();
  expect(mocked.add).not.toHaveBeenCalled();

  await user.type(within(card).getByRole('textbox', { name: /Name of the passkey/ }), ' Phone ');
  await user.click(within(card).getByRole('button', { name: 'Create passkey' }));
  expect(await within(card).findByText(PASSKEY_MESSAGES.cancelled)).toBeInTheDocument();
  expect(mocked.add).toHaveBeenLastCalledWith('Phone');

  await user.click(within(card).getByRole('button', { name: 'Create passkey' }));
  expect(await within(list).findByText('Phone')).toBeInTheDocument();
  expect(within(list).getByText(/last used/)).toBeInTheDocument();
  expect(within(card).queryByRole('form', { name: 'Add a passkey' })).not.toBeInTheDocument();
});

test('removes a passkey only after the confirmation', async () => {
  mocked.list.mockResolvedValue([LAPTOP, PHONE]);
  mocked.remove.mockResolvedValue({ message: PASSKEY_MESSAGES.removed });
  const { user, card } = await start();
  await user.click(within(card).getByRole('button', { name: 'Remove passkey Laptop' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(mocked.remove).not.toHaveBeenCalled();

  await user.click(await within(card).findByRole('button', { name: 'Remove passkey Laptop' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Remove this passkey?' })).getByRole('button', { name: 'Remove' }));
  expect(mocked.remove).toHaveBeenCalledWith('p1');
  const list = within(card).getByRole('list', { name: 'Your passkeys', hidden: true });
  await waitFor(() => expect(within(list).queryByText('Laptop')).not.toBeInTheDocument());
  expect(within(list).getByText('Phone')).toBeInTheDocument();
});

test('at an IP address it says to use the site name and does not offer to add one', async () => {
  mocked.list.mockResolvedValue([]);
  mocked.problem.mockReturnValue(PASSKEY_MESSAGES.ipHost);
  const { card } = await start();
  expect(within(card).getByText(PASSKEY_MESSAGES.ipHost)).toBeInTheDocument();
  expect(within(card).getByText('You have no passkeys yet.')).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
});
