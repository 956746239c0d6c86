import { screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from 'shared-api';
import { changeAdminRole, getTeam } from 'shared-api/admin';
import type { TeamMember } from 'shared-api/contract';
import { SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import { makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { TeamPage } from './team-page';

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getTeam: jest.fn(),
  changeAdminRole: jest.fn(),
}));

jest.setTimeout(20_000);

const member = (m: Partial<TeamMember>): TeamMember => ({
  _id: 'x',
  firstName: 'A',
  lastName: 'Admin',
  email: 'a@tessera.local',
  adminRole: 'SUPPORT',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...m,
});
const ME = member({ _id: 'me', firstName: 'Ada', adminRole: 'SUPER_ADMIN', email: 'admin@tessera.local' });
const SAM = member({ _id: 'sam', firstName: 'Sam', lastName: 'Staff', email: 'sam@tessera.local' });

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser({ _id: 'me', role: 'ADMIN', adminRole: 'SUPER_ADMIN' }), 'token');
  jest.mocked(getTeam).mockResolvedValue([ME, SAM]);
});
afterEach(() => useSessionStore.getState().clearSession());

test("lists the admins; one's own role cannot be changed", async () => {
  renderPage(<TeamPage />);
  const table = await screen.findByRole('table', { name: 'Admins' });
  expect(within(table).getByText('sam@tessera.local')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Admin role of Ada Admin' })).toBeDisabled();
  expect(screen.getByRole('combobox', { name: 'Admin role of Sam Staff' })).toHaveValue('SUPPORT');
});

test('changes a role only after confirming', async () => {
  jest.mocked(changeAdminRole).mockResolvedValue({ ...SAM, adminRole: 'FINANCE' });
  const { user } = renderPage(<TeamPage />);
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Admin role of Sam Staff' }), 'FINANCE');
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('from Support to Finance');
  expect(changeAdminRole).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
  await waitFor(() => expect(changeAdminRole).toHaveBeenCalledWith('sam', 'FINANCE'));
  expect(await screen.findByText('Sam Staff is now Finance.')).toBeInTheDocument();
  expect(getTeam).toHaveBeenCalledTimes(2);
});

test('a change held for another super admin says so, and the role shown stays', async () => {
  jest.mocked(changeAdminRole).mockResolvedValue({ sentForApproval: { _id: 'ap1', status: 'PENDING' } } as never);
  const { user } = renderPage(<TeamPage />);
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Admin role of Sam Staff' }), 'FINANCE');
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change role' }));
  expect(await screen.findByText(`${SENT_FOR_APPROVAL}. Once approved, Sam Staff will be Finance.`)).toBeInTheDocument();
  expect(screen.queryByText('Sam Staff is now Finance.')).not.toBeInTheDocument();
});

test('cancelling changes nothing', async () => {
  const { user } = renderPage(<TeamPage />);
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Admin role of Sam Staff' }), 'COMPLIANCE');
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(changeAdminRole).not.toHaveBeenCalled();
});

test('sorts the team in the browser by a header, either way, and says so', async () => {
  const BEA = member({ _id: 'bea', firstName: 'Bea', lastName: 'Books', email: 'zed@tessera.local', adminRole: 'FINANCE' });
  jest.mocked(getTeam).mockResolvedValue([ME, SAM, BEA]);
  const { user, location } = renderPage(<TeamPage />);
  const table = await screen.findByRole('table', { name: 'Admins' });
  const emails = () =>
    within(table)
      .getAllByText(/@tessera\.local$/)
      .map((e) => e.textContent);
  // The server's order until a header is chosen; no header claims a sort.
  expect(emails()).toEqual(['admin@tessera.local', 'sam@tessera.local', 'zed@tessera.local']);
  const emailHeader = within(table).getByRole('columnheader', { name: /E-mail/ });
  expect(emailHeader).toHaveAttribute('aria-sort', 'none');

  await user.click(within(emailHeader).getByRole('button'));
  await user.click(within(emailHeader).getByRole('button'));
  expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
  expect(emails()).toEqual(['zed@tessera.local', 'sam@tessera.local', 'admin@tessera.local']);
  expect(location()).toBe('/?sort=email&order=desc');

  const roleHeader = within(table).getByRole('columnheader', { name: /Admin role/ });
  await user.click(within(roleHeader).getByRole('button'));
  expect(roleHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(emailHeader).toHaveAttribute('aria-sort', 'none');
  // Finance, Super admin, Support.
  expect(emails()).toEqual(['zed@tessera.local', 'admin@tessera.local', 'sam@tessera.local']);
});
