import { screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError, useSessionStore } from 'shared-api';
import { PAYOUT_DESTINATION_MESSAGES as M } from 'shared-api/contract/dashboard';
import { makeDestination, makeUser, makeWallet, pageOf, serverDown } from 'shared-api/testing';
import { never, renderPage, settle } from 'shared-ui/testing';
import { WalletPage } from './wallet-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getWalletBalance: jest.fn(),
  getMyPayouts: jest.fn(),
  getPayoutDestinations: jest.fn(),
  addPayoutDestination: jest.fn(),
  removePayoutDestination: jest.fn(),
  getMyTransactions: jest.fn(),
  getMyStatementPeriods: jest.fn(),
  withdraw: jest.fn(),
}));
jest.mock('../../../lib/browser');
jest.setTimeout(120_000);

const list = jest.mocked(api.getPayoutDestinations);
const add = jest.mocked(api.addPayoutDestination);

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().setSession(makeUser(), 'token');
  jest.mocked(api.getWalletBalance).mockResolvedValue(makeWallet({ balance: 500, held: 0 }));
  jest.mocked(api.getMyPayouts).mockResolvedValue([]);
  jest.mocked(api.getMyTransactions).mockResolvedValue({ ...pageOf([], { total: 0 }), orderStatuses: {}, payoutStatuses: {} });
  jest.mocked(api.getMyStatementPeriods).mockResolvedValue({ months: [], years: [] });
  list.mockResolvedValue([]);
});
afterEach(() => settle(50));

/** Faster than typing key by key on a busy machine: replaces the field's text. */
async function fill(user: ReturnType<typeof renderPage>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
  await user.tab();
}

const section = () => screen.getByRole('region', { name: 'Payout accounts' });

test('empty, loading and error states of the payout accounts', async () => {
  list.mockReturnValueOnce(never());
  const { unmount } = renderPage(<WalletPage />);
  expect(within(section()).getByLabelText('Loading payout accounts')).toBeInTheDocument();
  unmount();
  list.mockRejectedValueOnce(serverDown());
  const second = renderPage(<WalletPage />);
  expect(await within(section()).findByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  second.unmount();
  renderPage(<WalletPage />);
  expect(await within(section()).findByText('No bank account yet. Add one to request a withdrawal.')).toBeInTheDocument();
});

describe('Add bank account dialog', () => {
  test('checks the fields inline as the server does (routing checksum, digits, holder); nothing sent until valid', async () => {
    add.mockResolvedValue(makeDestination({ _id: 'd9', last4: '4321' }));
    const { user } = renderPage(<WalletPage />);
    await within(section()).findByText(/No bank account yet/);
    await user.click(within(section()).getByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank account' });
    await fill(user, within(dialog).getByRole('textbox', { name: /Routing number/ }), '011000016');
    await fill(user, within(dialog).getByRole('textbox', { name: /Account number/ }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Add bank account' }));
    expect(within(dialog).getByText(M.holderRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(M.routingChecksum)).toBeInTheDocument();
    expect(within(dialog).getByText(M.accountFormat)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Account holder name/ })).toHaveFocus();
    expect(add).not.toHaveBeenCalled();

    await fill(user, within(dialog).getByRole('textbox', { name: /Account holder name/ }), 'Jane Doe');
    await fill(user, within(dialog).getByRole('textbox', { name: /Routing number/ }), '011000015');
    await fill(user, within(dialog).getByRole('textbox', { name: /Account number/ }), '004321');
    list.mockResolvedValue([makeDestination({ _id: 'd9', last4: '4321' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Add bank account' }));
    expect(add).toHaveBeenCalledWith(
      { kind: 'US_ACH', holderName: 'Jane Doe', routingNumber: '011000015', accountNumber: '004321' },
      { idempotencyKey: expect.any(String) },
    );
    expect(
      await screen.findByText('Bank account •••• 4321 added. We sent you an e-mail about it.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(section()).getByText('US bank account •••• 4321')).toBeInTheDocument(), { timeout: 10_000 });
  });

  test('international: IBAN and BIC, and the server’s message is shown when it refuses', async () => {
    add.mockRejectedValue(new ApiError(400, { statusCode: 400, error: 'Bad Request', message: [M.ibanInvalid] }));
    const { user } = renderPage(<WalletPage />);
    await within(section()).findByText(/No bank account yet/);
    await user.click(within(section()).getByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank account' });
    await user.click(within(dialog).getByRole('radio', { name: 'International account (IBAN)' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Account holder name/ }), 'Erika');
    await fill(user, within(dialog).getByRole('textbox', { name: /IBAN/ }), 'DE89 3704 0044 0532 0130 01');
    await fill(user, within(dialog).getByRole('textbox', { name: /BIC/ }), 'DEUT1EFF');
    await user.click(within(dialog).getByRole('button', { name: 'Add bank account' }));
    expect(within(dialog).getByText(M.ibanInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(M.bicInvalid)).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
    await fill(user, within(dialog).getByRole('textbox', { name: /IBAN/ }), 'DE89 3704 0044 0532 0130 00');
    await fill(user, within(dialog).getByRole('textbox', { name: /BIC/ }), 'COBADEFFXXX');
    await user.click(within(dialog).getByRole('button', { name: 'Add bank account' }));
    expect(add).toHaveBeenCalledWith(
      { kind: 'IBAN', holderName: 'Erika', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
      { idempotencyKey: expect.any(String) },
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(M.ibanInvalid);
  });
});

test('removing an account asks first', async () => {
  list.mockResolvedValue([makeDestination()]);
  jest.mocked(api.removePayoutDestination).mockResolvedValue(makeDestination({ removedAt: '2026-03-02T00:00:00.000Z' }));
  const { user } = renderPage(<WalletPage />);
  await user.click(await within(section()).findByRole('button', { name: 'Remove bank account •••• 6789' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove this bank account?' });
  expect(api.removePayoutDestination).not.toHaveBeenCalled();
  list.mockResolvedValue([]);
  await user.click(within(dialog).getByRole('button', { name: 'Remove bank account' }));
  expect(api.removePayoutDestination).toHaveBeenCalledWith('d1');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await within(section()).findByText(/No bank account yet/)).toBeInTheDocument();
});

describe('withdrawal destination picker', () => {
  test('required when there are several; the chosen one is sent', async () => {
    list.mockResolvedValue([
      makeDestination(),
      makeDestination({ _id: 'd2', kind: 'IBAN', last4: '3000', holderName: 'Erika', country: 'DE' }),
    ]);
    jest.mocked(api.withdraw).mockResolvedValue({
      _id: 'w1',
      userId: 'u1',
      amount: 10,
      status: 'REQUESTED',
      reason: null,
      createdAt: '2026-03-01T00:00:00.000Z',
      decidedAt: null,
      bankReference: null,
      destination: null,
    });
    const { user } = renderPage(<WalletPage />);
    const form = screen.getByRole('form', { name: 'Withdraw' });
    const picker = await within(form).findByRole('combobox', { name: /Pay to/ });
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(3));
    await fill(user, within(form).getByRole('textbox', { name: /Withdrawal amount/ }), '10');
    await user.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
    expect(within(form).getByText(M.required)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.selectOptions(picker, 'IBAN •••• 3000 · Erika');
    await user.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Request this withdrawal?' })).getByRole('button', { name: 'Request withdrawal' }),
    );
    expect(api.withdraw).toHaveBeenCalledWith({ amount: 10, payoutDestinationId: 'd2' }, { idempotencyKey: expect.any(String) });
  });

  test('none yet: a link to add one opens the dialog', async () => {
    const { user } = renderPage(<WalletPage />);
    const form = screen.getByRole('form', { name: 'Withdraw' });
    expect(await within(form).findByText('Withdrawals are paid to one of your bank accounts, and you have none yet.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add a bank account' }));
    expect(await screen.findByRole('dialog', { name: 'Add bank account' })).toBeInTheDocument();
  });
});
