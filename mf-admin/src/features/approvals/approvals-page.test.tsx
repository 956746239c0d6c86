import { screen, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { useSessionStore } from 'shared-api';
import type { ApprovalRequest } from 'shared-api/contract';
import { APPROVAL_MESSAGES } from 'shared-api/contract/admin';
import { makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { ApprovalsPage } from './approvals-page';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const sharedApi = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getApprovals: jest.fn(),
  approveApproval: jest.fn(),
  rejectApproval: jest.fn(),
  cancelApproval: jest.fn(),
}));
const api = sharedApi as unknown as Record<string, jest.Mock>;

jest.setTimeout(20_000);

const me = makeUser({ _id: 'admin-me', role: 'ADMIN', firstName: 'Ada', lastName: 'Admin' });

function request(over: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    _id: 'ap1',
    action: 'distribution.pay',
    targetType: 'distribution',
    targetId: 'd1',
    summary: 'Pay $920.00 to the holders of Maple Court',
    requestedBy: { _id: 'admin-other', email: 'bea@tessera.test', name: 'Bea Second' },
    requestedAt: '2026-11-27T10:00:00.000Z',
    status: 'PENDING',
    decidedBy: null,
    decidedAt: null,
    decisionNote: '',
    ...over,
  };
}

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(me, 'token');
});

test("another admin's request: approve after confirming; it runs", async () => {
  api.getApprovals.mockResolvedValue([request()]);
  api.approveApproval.mockResolvedValue(request({ status: 'APPROVED' }));
  const { user } = renderPage(<ApprovalsPage />);
  const table = await screen.findByRole('table', { name: 'Requests waiting for approval' });
  expect(table).toHaveTextContent('Bea Second');
  expect(table).toHaveTextContent('Pay a distribution');
  expect(table).toHaveTextContent('Pay $920.00 to the holders of Maple Court');
  await user.click(within(table).getByRole('button', { name: /^Approve: Pay \$920\.00/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve this request?' });
  expect(api.approveApproval).not.toHaveBeenCalled();
  api.getApprovals.mockResolvedValue([]);
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(api.approveApproval).toHaveBeenCalledWith('ap1');
  expect(await screen.findByText('Pay a distribution: approved and done')).toBeInTheDocument();
  expect(await screen.findByText('Nothing is waiting for approval')).toBeInTheDocument();
});

test('a failed execution says why', async () => {
  api.getApprovals.mockResolvedValue([request()]);
  api.approveApproval.mockResolvedValue(request({ status: 'FAILED', decisionNote: "The owner's wallet holds $100.00" }));
  const { user } = renderPage(<ApprovalsPage />);
  const table = await screen.findByRole('table', { name: 'Requests waiting for approval' });
  await user.click(within(table).getByRole('button', { name: /^Approve:/ }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Approve this request?' })).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByText(/could not be carried out\. The owner's wallet holds \$100\.00/)).toBeInTheDocument();
});

test('reject needs a note', async () => {
  api.getApprovals.mockResolvedValue([request()]);
  api.rejectApproval.mockResolvedValue(request({ status: 'REJECTED' }));
  const { user } = renderPage(<ApprovalsPage />);
  const table = await screen.findByRole('table', { name: 'Requests waiting for approval' });
  await user.click(within(table).getByRole('button', { name: /^Reject:/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' });
  await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
  expect(within(dialog).getByText(APPROVAL_MESSAGES.noteRequired)).toBeInTheDocument();
  expect(api.rejectApproval).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'Wrong period');
  await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
  expect(api.rejectApproval).toHaveBeenCalledWith('ap1', 'Wrong period');
});

test('my own request: Approve is disabled with the reason; I may cancel it', async () => {
  api.getApprovals.mockResolvedValue([request({ requestedBy: { _id: 'admin-me', email: 'ada@tessera.test', name: 'Ada Admin' } })]);
  api.cancelApproval.mockResolvedValue(request({ status: 'CANCELLED' }));
  const { user } = renderPage(<ApprovalsPage />);
  const table = await screen.findByRole('table', { name: 'Requests waiting for approval' });
  const approve = within(table).getByRole('button', { name: /^Approve:/ });
  expect(approve).toBeDisabled();
  expect(approve).toHaveAccessibleDescription(APPROVAL_MESSAGES.ownRequest);
  expect(within(table).queryByRole('button', { name: /^Reject:/ })).not.toBeInTheDocument();
  await user.click(within(table).getByRole('button', { name: /^Cancel your request:/ }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Cancel your request?' })).getByRole('button', { name: 'Cancel request' }),
  );
  expect(api.cancelApproval).toHaveBeenCalledWith('ap1');
});

test('nothing waiting: says so', async () => {
  api.getApprovals.mockResolvedValue([]);
  renderPage(<ApprovalsPage />);
  expect(await screen.findByText('Nothing is waiting for approval')).toBeInTheDocument();
});

test('the decided requests show who decided and why; the queue asks for them by status', async () => {
  api.getApprovals.mockResolvedValue([
    request({
      status: 'REJECTED',
      requestedBy: { _id: 'admin-me', email: 'ada@tessera.test', name: 'Ada Admin' },
      decidedBy: { _id: 'admin-other', email: 'bea@tessera.test', name: 'Bea Second' },
      decidedAt: '2026-11-27T11:00:00.000Z',
      decisionNote: 'The rent roll does not match the bank statement',
    }),
  ]);
  renderPage(<ApprovalsPage />, { url: '/?status=REJECTED' });
  const table = await screen.findByRole('table', { name: 'Requests: Rejected' });
  expect(api.getApprovals).toHaveBeenCalledWith({ status: 'REJECTED' });
  expect(within(table).getByText('The rent roll does not match the bank statement')).toBeInTheDocument();
  expect(within(table).getByText('Bea Second')).toBeInTheDocument();
  // Nothing to decide on a decided request.
  expect(within(table).queryByRole('button', { name: /Approve|Reject|Cancel/ })).not.toBeInTheDocument();
});

test('an unknown status in the address falls back to the waiting queue', async () => {
  api.getApprovals.mockResolvedValue([]);
  renderPage(<ApprovalsPage />, { url: '/?status=BOGUS' });
  expect(await screen.findByText('Nothing is waiting for approval')).toBeInTheDocument();
  expect(api.getApprovals).toHaveBeenCalledWith({ status: 'PENDING' });
});
