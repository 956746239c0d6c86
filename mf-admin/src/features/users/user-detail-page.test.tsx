import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shared-api';
import { deleteUser, getOwnersProperties, getUser, getUsers, updateUser, verifyUser } from 'shared-api/admin';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { clearDirectory } from '../../lib/directory';
import { makeEntry, makeHolding, makeOrder, makeProperty, makeUser, makeUserDetail, pageOf } from 'shared-api/testing';
import { SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import { renderPage } from 'shared-ui/testing';
import { UserDetailPage } from './user-detail-page';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const sharedApi = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getUser: jest.fn(),
  getUsers: jest.fn(),
  verifyUser: jest.fn(),
  deleteUser: jest.fn(),
  updateUser: jest.fn(),
  getOwnersProperties: jest.fn(),
  // The money engineer's functions, as they will be named.
  getUserOrders: jest.fn(),
  getUserWallet: jest.fn(),
  getInvestorHoldings: jest.fn(),
  getTransactions: jest.fn(),
  getUserStatementPeriods: jest.fn(() => Promise.resolve({ months: [], years: [] })),
  downloadUserStatement: jest.fn(),
}));
const money = sharedApi as unknown as Record<string, jest.Mock>;

const PATH = '/dashboard/investors/:id';

jest.setTimeout(20_000);

beforeEach(() => {
  jest.clearAllMocks();
  clearDirectory();
  jest.mocked(getUsers).mockResolvedValue(pageOf([]));
});

test('a pending investor: documents (signed links), details and questionnaire answers', async () => {
  jest.mocked(getUser).mockResolvedValue(
    makeUserDetail({
      status: 'PENDING',
      questionnaire: {
        investorType: 'SOPHISTICATED',
        highNetWorthInvestor: true,
        annualIncome100OrMore: true,
        annualIncomeValue: 150000,
        netAssets: false,
        submittedAt: '2026-01-03T10:00:00.000Z',
      },
    }),
  );
  renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });
  expect(await screen.findByRole('heading', { level: 1, name: 'Ivy Investor' })).toBeInTheDocument();
  expect(screen.getByText(/Awaiting verification/)).toBeInTheDocument();
  const doc = screen.getByRole('link', { name: 'Open passport.png (20.0 KB, opens in a new tab)' });
  expect(doc).toHaveAttribute('href', 'http://localhost/download/f1.png?exp=9999999999&sig=abc');
  expect(doc).toHaveAttribute('target', '_blank');
  const answers = screen.getByRole('region', { name: 'Questionnaire' });
  expect(answers).toHaveTextContent('Self-Certified Sophisticated Investor');
  expect(answers).toHaveTextContent('£150,000');
  expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('+1 202 555 0143');
});

test('verify asks for confirmation, then shows the person verified', async () => {
  jest.mocked(getUser).mockResolvedValue(makeUserDetail({ status: 'PENDING' }));
  jest.mocked(verifyUser).mockResolvedValue(makeUser({ status: 'VERIFIED' }));
  const { user } = renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });
  await user.click(await screen.findByRole('button', { name: 'Verify' }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify Ivy Investor?' });
  expect(dialog).toHaveTextContent('You checked the 1 identity document');
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  expect(verifyUser).toHaveBeenCalledWith('u1', { status: 'VERIFIED' });
  expect(await screen.findByText('Ivy Investor is verified')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument());
});

test('where four eyes holds verification, verifying says it was sent and the person stays pending', async () => {
  jest.mocked(getUser).mockResolvedValue(makeUserDetail({ status: 'PENDING' }));
  jest.mocked(verifyUser).mockResolvedValue({ sentForApproval: { _id: 'ap1', status: 'PENDING' } } as never);
  const { user } = renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });
  await user.click(await screen.findByRole('button', { name: 'Verify' }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify Ivy Investor?' });
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText(SENT_FOR_APPROVAL)).toBeInTheDocument();
  expect(screen.queryByText('Ivy Investor is verified')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
});

test('a person who has not submitted cannot be verified from here: no Verify button, and why', async () => {
  jest.mocked(getUser).mockResolvedValue(makeUserDetail({ status: 'PENDING', onboardingCompleted: false }));
  renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });
  expect(await screen.findByText(/Not verifiable yet: onboarding is not completed/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
});

test('reject requires a reason; a server error keeps the dialog open', async () => {
  jest.mocked(getUser).mockResolvedValue(makeUserDetail({ status: 'PENDING' }));
  jest
    .mocked(verifyUser)
    .mockRejectedValueOnce(new Error('User not found'))
    .mockResolvedValueOnce(makeUser({ status: 'REJECTED', rejectionReason: 'Blurry scan' }));
  const { user } = renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });
  await user.click(await screen.findByRole('button', { name: 'Reject' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject Ivy Investor?' });
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(within(dialog).getByText('Please give a reason for the rejection')).toBeInTheDocument();
  expect(verifyUser).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Blurry scan');
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await within(dialog).findByText('User not found')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(verifyUser).toHaveBeenLastCalledWith('u1', { status: 'REJECTED', reason: 'Blurry scan' });
  expect(await screen.findByText('Rejected: Blurry scan')).toBeInTheDocument();
});

test('delete: confirmation, "User deleted" and back to the list; or "Error deleting user"', async () => {
  jest.mocked(getUser).mockResolvedValue(makeUserDetail({ status: 'PENDING' }));
  jest.mocked(deleteUser).mockRejectedValueOnce(new Error('nope')).mockResolvedValueOnce({ message: 'User deleted' });
  const { user, location } = renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  let dialog = await screen.findByRole('dialog', { name: 'Delete Ivy Investor?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(deleteUser).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  dialog = await screen.findByRole('dialog', { name: 'Delete Ivy Investor?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Error deleting user')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('User deleted')).toBeInTheDocument();
  await waitFor(() => expect(location()).toBe('/dashboard/investors'));
});

test('a refused delete lists every reason the server gives, not the bare error', async () => {
  jest.mocked(getUser).mockResolvedValue(makeUserDetail({ status: 'PENDING' }));
  const reasons = [
    '2 live listings (on sale or funded): hand them over to another verified owner first',
    '$120.00 in the wallet: it must be withdrawn first',
  ];
  jest.mocked(deleteUser).mockRejectedValueOnce(new ApiError(409, { statusCode: 409, error: 'Conflict', message: reasons }));
  const { user, location } = renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Ivy Investor?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  const heading = await screen.findByRole('heading', { name: "Ivy Investor's account cannot be closed yet:" });
  const alert = heading.closest('[role="alert"]') as HTMLElement;
  expect(
    within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(reasons);
  expect(screen.queryByText('Error deleting user')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(location()).toBe('/dashboard/investors/u1');
});

test("an investor's orders, wallet and holdings (admin views)", async () => {
  jest.mocked(getUser).mockResolvedValue(makeUserDetail({ status: 'VERIFIED' }));
  money.getUserOrders.mockResolvedValue(pageOf([makeOrder({ status: 'COMPLETED' })]));
  money.getUserWallet.mockResolvedValue({ userId: 'u1', balance: 1234.5, held: 500, currency: 'USD' });
  money.getTransactions.mockResolvedValue(pageOf([makeEntry()]));
  money.getInvestorHoldings.mockResolvedValue([makeHolding()]);
  const { user } = renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });

  await user.click(await screen.findByRole('tab', { name: 'Orders' }));
  const orders = await screen.findByRole('table', { name: 'Orders of this investor' });
  expect(orders).toHaveTextContent('Harbor Lofts');
  expect(orders).toHaveTextContent('Completed');
  expect(money.getUserOrders).toHaveBeenCalledWith('u1', { page: 1, pageSize: 10 });

  await user.click(screen.getByRole('tab', { name: 'Wallet' }));
  expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  expect(await screen.findByRole('table', { name: 'Latest wallet movements' })).toHaveTextContent('Card deposit');
  expect(money.getTransactions).toHaveBeenCalledWith({ userId: 'u1', page: 1, pageSize: 10 });
  // Statements sit in the wallet tab, for this person.
  expect(await screen.findByRole('heading', { level: 2, name: 'Statements' })).toBeInTheDocument();
  expect(money.getUserStatementPeriods).toHaveBeenCalledWith('u1');

  await user.click(screen.getByRole('tab', { name: 'Holdings' }));
  const holdings = await screen.findByRole('table', { name: 'Holdings of this investor' });
  expect(holdings).toHaveTextContent('Harbor Lofts');
  expect(holdings).toHaveTextContent('$2,000.00');
});

test("an owner's page lists their properties; an id under the wrong list moves to the right one", async () => {
  jest
    .mocked(getUser)
    .mockResolvedValue(makeUserDetail({ role: 'PROPERTY_OWNER', firstName: 'Olga', lastName: 'Owner', status: 'VERIFIED' }));
  jest.mocked(getOwnersProperties).mockResolvedValue(pageOf([{ ...makeProperty(), revision: null }]));
  const { user, location } = renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: '/dashboard/:list/:id' });
  await waitFor(() => expect(location()).toBe('/dashboard/owners/u1'));
  await user.click(await screen.findByRole('tab', { name: 'Properties' }));
  const table = await screen.findByRole('table', { name: 'Properties of this owner' });
  expect(within(table).getByRole('link', { name: 'Harbor Lofts' })).toHaveAttribute('href', '/dashboard/listings?view=p1');
  expect(getOwnersProperties).toHaveBeenCalledWith('u1', { page: 1, pageSize: 10 });
  expect(screen.queryByRole('tab', { name: 'Holdings' })).not.toBeInTheDocument();
});

test('an unknown person: the error with Retry', async () => {
  jest.mocked(getUser).mockRejectedValue(new Error('User not found'));
  renderPage(<UserDetailPage />, { url: '/dashboard/investors/nope', path: PATH });
  expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

test('edit details sends only the changed fields', async () => {
  jest.mocked(getUser).mockResolvedValue(makeUserDetail({ status: 'PENDING' }));
  jest.mocked(updateUser).mockResolvedValue(makeUserDetail({ phone: '+1 202 555 0199', lastName: 'Investor-Smith' }));
  const { user } = renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });
  await user.click(await screen.findByRole('button', { name: 'Edit details' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Ivy Investor' });
  const last = within(dialog).getByRole('textbox', { name: 'Last name' });
  await user.clear(last);
  await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
  expect(within(dialog).getByText('Enter a last name')).toBeInTheDocument();
  await user.type(last, 'Investor-Smith');
  const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
  await user.clear(phone);
  await user.type(phone, '+1 202 555 0199');
  await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
  expect(updateUser).toHaveBeenCalledWith('u1', { lastName: 'Investor-Smith', phone: '+1 202 555 0199' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Ivy Investor-Smith' })).toBeInTheDocument();
});

test('a support admin reads a person but gets no actions or ledger their role does not hold', async () => {
  sharedApi.useSessionStore.getState().setSession(makeUser({ _id: 'a1', role: 'ADMIN', adminRole: 'SUPPORT' }), 'token');
  try {
    jest.mocked(getUser).mockResolvedValue(makeUserDetail({ status: 'PENDING' }));
    money.getUserWallet.mockResolvedValue({ userId: 'u1', balance: 1234.5, held: 500, currency: 'USD' });
    const { user } = renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ivy Investor' })).toBeInTheDocument();
    for (const name of ['Verify', 'Reject', 'Edit details', 'Delete'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Wallet' }));
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Latest wallet movements' })).not.toBeInTheDocument();
    expect(money.getTransactions).not.toHaveBeenCalled();
  } finally {
    sharedApi.useSessionStore.getState().clearSession();
  }
});

test('a compliance admin may verify and edit a person, not delete them', async () => {
  sharedApi.useSessionStore.getState().setSession(makeUser({ _id: 'a1', role: 'ADMIN', adminRole: 'COMPLIANCE' }), 'token');
  try {
    jest.mocked(getUser).mockResolvedValue(makeUserDetail({ status: 'PENDING' }));
    renderPage(<UserDetailPage />, { url: '/dashboard/investors/u1', path: PATH });
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  } finally {
    sharedApi.useSessionStore.getState().clearSession();
  }
});
