import { screen, waitFor, within } from '@testing-library/react';
import { getProperties } from 'shared-api';
import { exportAuditCsv, getAuditLog, getUsers } from 'shared-api/admin';
import { saveFile } from '../../lib/download';
import { clearDirectory } from '../../lib/directory';
import { makeAudit, makeProperty, makeUser, pageOf } from 'shared-api/testing';
import { never, renderPage } from 'shared-ui/testing';
import { AuditPage } from './audit-page';

jest.mock('shared-api', () => ({ ...jest.requireActual('shared-api'), getProperties: jest.fn() }));
jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getUsers: jest.fn(),
  getAuditLog: jest.fn(),
  exportAuditCsv: jest.fn(),
}));
jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));

jest.setTimeout(20_000);

beforeEach(() => {
  jest.clearAllMocks();
  clearDirectory();
  jest
    .mocked(getUsers)
    .mockResolvedValue(
      pageOf([
        makeUser({ status: 'VERIFIED' }),
        makeUser({ _id: 'admin1', role: 'ADMIN', firstName: 'Ada', lastName: 'Admin', email: 'admin@tessera.local' }),
      ]),
    );
  jest.mocked(getProperties).mockResolvedValue(pageOf([makeProperty()]));
  jest.mocked(getAuditLog).mockResolvedValue(
    pageOf([
      makeAudit(),
      makeAudit({
        _id: 'a2',
        action: 'property.reject',
        targetType: 'property',
        targetId: 'p1',
        detail: { name: 'Harbor Lofts', reason: 'Blurry photos' },
      }),
      makeAudit({ _id: 'a3', action: 'payout.paid', targetType: 'payout', targetId: 'pay1', detail: { amount: 1250.5 } }),
      makeAudit({
        _id: 'a4',
        action: 'appraisal.create',
        targetType: 'appraisal',
        targetId: 'ap1',
        detail: { propertyId: 'p9', valuePerUnitCents: 11200, appraisedOn: '2026-11-01' },
      }),
    ]),
  );
});

test('who, what, when, target and address of every action', async () => {
  jest.mocked(getAuditLog).mockReturnValueOnce(never());
  const { unmount } = renderPage(<AuditPage />);
  expect(await screen.findByRole('status')).toHaveTextContent('Loading Audit trail');
  unmount();

  renderPage(<AuditPage />);
  const table = await screen.findByRole('table', { name: 'Audit trail' });
  const verify = within(table).getByText('Verified a person').closest('tr')!;
  expect(verify).toHaveTextContent('admin@tessera.local');
  expect(verify).toHaveTextContent('user.verify');
  expect(verify).toHaveTextContent('203.0.113.7');
  expect(verify).toHaveTextContent('FromPending');
  expect(await within(verify).findByRole('link', { name: 'Ivy Investor' })).toHaveAttribute('href', '/dashboard/investors/u1');
  const reject = within(table).getByText('Rejected a listing').closest('tr')!;
  expect(within(reject).getByRole('link', { name: 'Harbor Lofts' })).toHaveAttribute('href', '/dashboard/listings?view=p1');
  expect(reject).toHaveTextContent('Blurry photos');
  const paid = within(table).getByText('Marked a withdrawal paid').closest('tr')!;
  expect(within(paid).getByRole('link', { name: /^Withdrawal #pay1/ })).toHaveAttribute('href', '/dashboard/payouts?tab=all');
  expect(paid).toHaveTextContent('Amount$1,250.50');
  // Cents are shown as dollars: $112.00, not $11,200.00 nor 11,200.
  const appraisal = within(table).getByText('Recorded an appraisal').closest('tr')!;
  expect(appraisal).toHaveTextContent('$112.00');
  expect(appraisal).not.toHaveTextContent('11,200');
  // Read-only: nothing to edit or delete (the header's buttons only sort).
  const body = within(table).getAllByRole('rowgroup')[1];
  expect(within(body).queryByRole('button')).not.toBeInTheDocument();
  expect(
    within(table)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['When▼', 'What↕']);
});

test('a four-eyes decision names the admin who asked and the one who approved, and its result, not their JSON', async () => {
  jest.mocked(getAuditLog).mockResolvedValueOnce(
    pageOf([
      makeAudit({
        _id: 'a5',
        action: 'approval.approve',
        targetType: 'property',
        targetId: 'p1',
        detail: {
          approvalId: 'r1',
          action: 'appraisal.create',
          requestedBy: { id: 'gone', email: 'finance@tessera.local' },
          approvedBy: { id: 'admin1', email: 'admin@tessera.local' },
          result: { _id: 'ap9', status: 'RECORDED', valuePerUnitCents: 12345, changes: { before: 1, after: 2 } },
        },
      }),
    ]),
  );
  renderPage(<AuditPage />);
  const table = await screen.findByRole('table', { name: 'Audit trail' });
  const row = within(table).getByText("Approved another admin's request").closest('tr')!;
  // Someone the directory knows by name; someone it does not (a deleted admin) by e-mail.
  await waitFor(() => expect(row).toHaveTextContent('Approved byAda Admin (admin@tessera.local)'));
  expect(row).toHaveTextContent('Requested byfinance@tessera.local');
  expect(row).not.toHaveTextContent('"email"');
  // The approved action's answer: its plain fields in words, not JSON.
  expect(row).toHaveTextContent('Result_id: ap9 · status: Recorded · value per unit cents: $123.45');
  expect(row).not.toHaveTextContent('{"');
});

test('filter by action and by admin', async () => {
  const { user, location } = renderPage(<AuditPage />);
  await screen.findByRole('table', { name: 'Audit trail' });
  await user.click(screen.getByRole('combobox', { name: 'Action' }));
  // Every action the server records can be picked, the newer ones included.
  for (const name of [
    'Created a release token',
    'Revoked a release token',
    'Halted trading in a property',
    'Turned off two-factor sign-in',
  ]) {
    expect(await screen.findByRole('option', { name })).toBeInTheDocument();
  }
  await user.click(await screen.findByRole('option', { name: 'Approved a listing' }));
  await waitFor(() => expect(location()).toBe('/?action=property.approve'));
  await user.click(screen.getByRole('combobox', { name: 'Admin' }));
  await user.click(await screen.findByRole('option', { name: /Ada Admin/ }));
  await waitFor(() =>
    expect(getAuditLog).toHaveBeenLastCalledWith({ action: 'property.approve', actorId: 'admin1', page: 1, pageSize: 25 }),
  );
});

test('an empty trail and a failure', async () => {
  jest.mocked(getAuditLog).mockResolvedValueOnce(pageOf([]));
  const { unmount } = renderPage(<AuditPage />);
  expect(await screen.findByText('No admin action recorded yet')).toBeInTheDocument();
  unmount();
  jest.mocked(getAuditLog).mockRejectedValueOnce(new Error('Forbidden'));
  renderPage(<AuditPage />);
  expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('Forbidden');
});

test('sorting by action and a page size reach the API', async () => {
  const { user, location } = renderPage(<AuditPage />);
  const table = await screen.findByRole('table', { name: 'Audit trail' });
  const what = within(table).getByRole('columnheader', { name: /What/ });
  expect(within(table).getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'descending');
  await user.click(within(what).getByRole('button'));
  expect(what).toHaveAttribute('aria-sort', 'ascending');
  await waitFor(() => expect(getAuditLog).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'action', order: 'asc', page: 1 })));
  await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
  await user.click(await screen.findByRole('option', { name: '100' }));
  await waitFor(() => expect(getAuditLog).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'action', pageSize: 100 })));
  expect(location()).toBe('/?sort=action&order=asc&size=100');
});

test("the CSV is the server's, of every row the filters match, not the pages loaded here", async () => {
  const file = new Blob(['Time (UTC),Admin\r\n'], { type: 'text/csv' });
  jest.mocked(exportAuditCsv).mockResolvedValueOnce(file).mockRejectedValueOnce(new Error('Network'));
  const { user } = renderPage(<AuditPage />, { url: '/?action=user.verify&actor=admin1&size=100' });
  await screen.findByRole('table', { name: 'Audit trail' });
  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledWith(file, expect.stringMatching(/^tessera-audit-\d{4}-\d{2}-\d{2}\.csv$/)));
  expect(exportAuditCsv).toHaveBeenCalledWith({ action: 'user.verify', actorId: 'admin1' });
  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  expect(await screen.findByText('The CSV could not be downloaded: try again')).toBeInTheDocument();
  expect(saveFile).toHaveBeenCalledTimes(1);
});
