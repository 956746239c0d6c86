import { act, screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError, useSessionStore } from 'shared-api';
import { MONEY_MESSAGES, type LedgerEntry, type MyLedgerPage, type Page } from 'shared-api/contract';
import { CHECKOUT_POLL } from 'shared-api/query';
import * as browser from '../../../lib/browser';
import { makeCheckout, makeDestination, makeEntry, makePayout, makeUser, makeWallet, pageOf, serverDown } from 'shared-api/testing';
import { asPhone, never, renderPage, settle } from 'shared-ui/testing';
import { WalletPage } from './wallet-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getWalletBalance: jest.fn(),
  getMyPayouts: jest.fn(),
  getPayoutDestinations: jest.fn(),
  getMyTransactions: jest.fn(),
  getOrder: jest.fn(),
  getCheckout: jest.fn(),
  deposit: jest.fn(),
  withdraw: jest.fn(),
  cancelWithdrawal: jest.fn(),
  exportMyTransactionsCsv: jest.fn(),
  getMyStatementPeriods: jest.fn(),
  downloadMyStatement: jest.fn(),
}));
jest.mock('../../../lib/browser');

const m = {
  wallet: jest.mocked(api.getWalletBalance),
  payouts: jest.mocked(api.getMyPayouts),
  ledger: jest.mocked(api.getMyTransactions),
  order: jest.mocked(api.getOrder),
  checkout: jest.mocked(api.getCheckout),
  deposit: jest.mocked(api.deposit),
  withdraw: jest.mocked(api.withdraw),
  csv: jest.mocked(api.exportMyTransactionsCsv),
  go: jest.mocked(browser.goToExternal),
  save: jest.mocked(browser.saveFile),
};

jest.setTimeout(30_000);

const entries = [
  makeEntry({
    _id: 'e4',
    type: 'WITHDRAWAL_HOLD',
    amount: -100,
    balanceAfter: 1234.5,
    payoutId: 'w1',
    checkoutId: null,
    description: 'Withdrawal requested (held until paid)',
    createdAt: '2026-03-08T10:00:00.000Z',
  }),
  makeEntry({
    _id: 'e3',
    type: 'ORDER_HOLD',
    amount: -200,
    balanceAfter: 1334.5,
    orderId: 'o1',
    propertyId: 'p1',
    checkoutId: null,
    description: 'Order of 4 units of Harborview Residences',
  }),
  makeEntry({
    _id: 'e2',
    type: 'ORDER_HOLD',
    amount: -50,
    balanceAfter: 1534.5,
    orderId: 'o2',
    propertyId: 'p1',
    checkoutId: null,
    description: 'Order of 1 unit of Harborview Residences',
  }),
  makeEntry({ _id: 'e1', type: 'DEPOSIT', amount: 1584.5, balanceAfter: 1584.5, description: 'Deposit via sandbox' }),
];

/** A ledger page as the server answers it: the entries, and where the page's holds stand. */
const ledgerOf = (
  items: LedgerEntry[],
  opts: Partial<Page<LedgerEntry>> = {},
  statuses: Pick<MyLedgerPage, 'orderStatuses' | 'payoutStatuses'> = { orderStatuses: {}, payoutStatuses: {} },
): MyLedgerPage => ({ ...pageOf(items, opts), ...statuses });
const holds = { orderStatuses: { o1: 'PENDING', o2: 'CANCELLED' }, payoutStatuses: { w1: 'REQUESTED' } } as const;

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.getState().clearSession();
  useSessionStore.getState().setSession(makeUser(), 'token');
  m.wallet.mockResolvedValue(makeWallet({ balance: 1234.5, held: 300 }));
  m.payouts.mockResolvedValue([makePayout({ _id: 'w1', amount: 100, status: 'REQUESTED' })]);
  m.ledger.mockResolvedValue(ledgerOf(entries, { total: 4 }, holds));
  jest.mocked(api.getMyStatementPeriods).mockResolvedValue({ months: [], years: [] });
  jest.mocked(api.getPayoutDestinations).mockResolvedValue([makeDestination()]);
});

afterEach(() => settle(50));

const balance = () => screen.getByRole('group', { name: 'Available balance' });

test('loading', () => {
  m.wallet.mockReturnValue(never());
  m.payouts.mockReturnValue(never());
  m.ledger.mockReturnValue(never());
  jest.mocked(api.getMyStatementPeriods).mockReturnValue(never());
  jest.mocked(api.getPayoutDestinations).mockReturnValue(never());
  renderPage(<WalletPage />, { url: '/dashboard/wallet' });
  expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
  expect(within(balance()).getByLabelText('Loading')).toBeInTheDocument();
  // The ledger, then the statement lists (monthly, annual), each announce their loading.
  expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
    'Loading Transactions',
    'Loading Monthly statements',
    'Loading Annual tax summaries',
  ]);
});

test("data: the server's balance and held amount, withdrawal requests, and the ledger with type, amount, date and status", async () => {
  m.payouts.mockResolvedValue([
    makePayout({ _id: 'w1', amount: 100, status: 'REQUESTED' }),
    makePayout({ _id: 'w0', amount: 40, status: 'PAID', bankReference: 'TRF-0042', decidedAt: '2026-03-08T10:00:00.000Z' }),
  ]);
  renderPage(<WalletPage />, { url: '/dashboard/wallet' });
  await waitFor(() => expect(balance()).toHaveTextContent('$1,234.50'));
  expect(screen.getByRole('group', { name: 'Held' })).toHaveTextContent('$300.00');

  const requests = await screen.findByRole('table', { name: 'Withdrawal requests' });
  expect(within(requests).getByRole('row', { name: /\$100\.00.*Requested.*Waiting for an admin/ })).toBeInTheDocument();
  // A paid one carries the transfer's bank reference, to trace it with the bank.
  expect(within(requests).getByRole('row', { name: /\$40\.00.*Paid.*Bank reference TRF-0042/ })).toBeInTheDocument();

  const table = await screen.findByRole('table', { name: 'Transactions' });
  const deposit = within(table).getByRole('row', { name: /Deposit via sandbox/ });
  expect(deposit).toHaveTextContent('Deposit');
  expect(deposit).toHaveTextContent('+$1,584.50');
  expect(deposit).toHaveTextContent('Mar 7, 2026');
  expect(deposit).toHaveTextContent('Completed');
  const withdrawal = within(table).getByRole('row', { name: /Withdrawal requested/ });
  expect(withdrawal).toHaveTextContent('-$100.00');
  expect(withdrawal).toHaveTextContent('Held');
  // An order hold follows its order: held while pending, refunded once cancelled, as the
  // ledger page itself says: no order is asked for row by row.
  expect(within(table).getByRole('row', { name: /Order of 4 units/ })).toHaveTextContent('Held');
  expect(within(table).getByRole('row', { name: /Order of 1 unit of/ })).toHaveTextContent('Refunded');
  expect(m.order).not.toHaveBeenCalled();
  expect(m.ledger).toHaveBeenCalledTimes(1);
  expect(m.ledger).toHaveBeenCalledWith({ page: 1, pageSize: 10, type: undefined });
});

test('empty: no transactions yet, no withdrawal requests section', async () => {
  m.wallet.mockResolvedValue(makeWallet({ balance: 0, held: 0 }));
  m.payouts.mockResolvedValue([]);
  m.ledger.mockResolvedValue(ledgerOf([]));
  renderPage(<WalletPage />);
  expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
  expect(balance()).toHaveTextContent('$0.00');
  expect(screen.queryByRole('heading', { name: 'Withdrawal requests' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
});

test('error: the balance says so and Retry loads it again', async () => {
  m.wallet.mockRejectedValueOnce(serverDown()).mockResolvedValue(makeWallet({ balance: 42 }));
  const { user } = renderPage(<WalletPage />);
  const retry = await screen.findAllByRole('button', { name: 'Retry' });
  await user.click(retry[0]);
  await waitFor(() => expect(balance()).toHaveTextContent('$42.00'));
});

test('on a phone the ledger folds into two columns', async () => {
  const restore = asPhone();
  try {
    renderPage(<WalletPage />);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Transaction', 'Amount']);
    const row = within(table).getByRole('row', { name: /Deposit via sandbox/ });
    expect(row).toHaveTextContent('+$1,584.50');
    expect(row).toHaveTextContent('Balance $1,584.50');
    expect(row).toHaveTextContent('Completed');
    const requests = await screen.findByRole('table', { name: 'Withdrawal requests' });
    expect(
      within(requests)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Request', 'Status']);
  } finally {
    restore();
  }
});

test('pages the ledger and filters it by type', async () => {
  m.ledger.mockResolvedValue(ledgerOf(entries, { total: 23, pageSize: 10 }, holds));
  const { user } = renderPage(<WalletPage />);
  await screen.findByRole('table', { name: 'Transactions' });
  expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(m.ledger).toHaveBeenLastCalledWith({ page: 2, pageSize: 10, type: undefined }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Deposit');
  await waitFor(() => expect(m.ledger).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, type: 'DEPOSIT' }));
});

test('exports the history as a dated CSV file', async () => {
  const blob = new Blob(['Date (UTC),Type\r\n'], { type: 'text/csv' });
  m.csv.mockResolvedValue(blob);
  const { user } = renderPage(<WalletPage />);
  await screen.findByRole('table', { name: 'Transactions' });
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(m.save).toHaveBeenCalledWith(blob, expect.stringMatching(/^tessera-transactions-\d{4}-\d{2}-\d{2}\.csv$/)));
  expect(m.csv).toHaveBeenCalledWith({ type: undefined });
});

describe('deposit', () => {
  test('checks the amount with clear messages before anything is sent', async () => {
    const { user } = renderPage(<WalletPage />);
    const form = screen.getByRole('form', { name: 'Add money' });
    const amount = within(form).getByRole('textbox', { name: /Deposit amount/ });
    const go = within(form).getByRole('button', { name: 'Continue to payment' });
    await user.click(go);
    expect(within(form).getByText(MONEY_MESSAGES.required)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.type(amount, '0');
    await user.click(go);
    expect(within(form).getByText(MONEY_MESSAGES.notPositive)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10.505');
    await user.click(go);
    expect(within(form).getByText(MONEY_MESSAGES.tooManyDecimals)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, 'ten');
    await user.click(go);
    expect(within(form).getByText(MONEY_MESSAGES.notNumber)).toBeInTheDocument();
    expect(m.deposit).not.toHaveBeenCalled();
  });

  test('opens a checkout, records it in the session and goes to the payment page; a retry reuses the key', async () => {
    // The page is leaving for the payment page; if it stays, it knows the checkout is open.
    m.checkout.mockResolvedValue(makeCheckout({ _id: 'c7', amount: 1250.5, checkoutUrl: 'http://pay.test/c7' }));
    m.deposit
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(makeCheckout({ _id: 'c7', amount: 1250.5, checkoutUrl: 'http://pay.test/c7' }));
    const { user } = renderPage(<WalletPage />);
    const form = screen.getByRole('form', { name: 'Add money' });
    await user.type(within(form).getByRole('textbox', { name: /Deposit amount/ }), '1,250.50');
    await user.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(m.deposit).toHaveBeenCalledTimes(1));
    expect(m.go).not.toHaveBeenCalled();
    await user.click(await within(form).findByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(m.go).toHaveBeenCalledWith('http://pay.test/c7'));
    const [first, second] = m.deposit.mock.calls;
    expect(first[0]).toEqual({ amount: 1250.5, returnPath: '/dashboard/wallet' });
    expect(first[1]?.idempotencyKey).toEqual(expect.any(String));
    expect(second[1]?.idempotencyKey).toBe(first[1]?.idempotencyKey);
    expect(useSessionStore.getState().checkoutStatus?.c7).toMatchObject({ status: 'OPEN', purpose: 'DEPOSIT', amount: 1250.5 });
  });

  test('back from the payment page: a PAID deposit is reported, the figures reload and ?checkout goes', async () => {
    useSessionStore.getState().setCheckoutStatus('c1', { status: 'OPEN', purpose: 'DEPOSIT', amount: 500 });
    m.checkout.mockResolvedValue(makeCheckout({ _id: 'c1', status: 'PAID', amount: 500 }));
    m.wallet.mockResolvedValueOnce(makeWallet({ balance: 734.5 })).mockResolvedValue(makeWallet({ balance: 1234.5 }));
    const { location } = renderPage(<WalletPage />, { url: '/dashboard/wallet?checkout=c1' });
    expect(await screen.findAllByText('Your deposit of $500.00 was received. It is in your balance.')).not.toHaveLength(0);
    await waitFor(() => expect(location()).toBe('/dashboard/wallet'));
    await waitFor(() => expect(balance()).toHaveTextContent('$1,234.50'));
    expect(m.checkout).toHaveBeenCalledWith('c1');
    expect(useSessionStore.getState().checkoutStatus?.c1).toMatchObject({ status: 'PAID', purpose: 'DEPOSIT' });
  });

  test('back from the payment page: a DECLINED deposit says nothing was taken', async () => {
    m.checkout.mockResolvedValue(makeCheckout({ _id: 'c2', status: 'DECLINED', amount: 75 }));
    const { location } = renderPage(<WalletPage />, { url: '/dashboard/wallet?checkout=c2' });
    expect(await screen.findAllByText('Your deposit of $75.00 was declined. No money was taken; you can try again.')).not.toHaveLength(0);
    await waitFor(() => expect(location()).toBe('/dashboard/wallet'));
    expect(useSessionStore.getState().checkoutStatus?.c2).toMatchObject({ status: 'DECLINED' });
  });

  test('a checkout still OPEN on return is asked about a few times', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      m.checkout.mockResolvedValueOnce(makeCheckout({ status: 'OPEN' })).mockResolvedValue(makeCheckout({ status: 'PAID' }));
      renderPage(<WalletPage />, { url: '/dashboard/wallet?checkout=c1' });
      expect(await screen.findByText('Checking your payment with the payment provider…')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(CHECKOUT_POLL.intervalMs + 10));
      expect(await screen.findAllByText('Your deposit of $500.00 was received. It is in your balance.')).not.toHaveLength(0);
      expect(m.checkout).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test('a deposit left on the payment page can be continued or discarded', async () => {
    useSessionStore.getState().setCheckoutStatus('c9', { status: 'OPEN', purpose: 'DEPOSIT', amount: 75 });
    m.checkout.mockResolvedValue(makeCheckout({ _id: 'c9', status: 'OPEN', amount: 75, checkoutUrl: 'http://pay.test/c9' }));
    const { user } = renderPage(<WalletPage />);
    const alert = (await screen.findByText('A deposit of $75.00 is waiting for payment.')).closest('[role="alert"]') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Continue payment' }));
    expect(m.go).toHaveBeenCalledWith('http://pay.test/c9');
    await user.click(within(alert).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByText('A deposit of $75.00 is waiting for payment.')).not.toBeInTheDocument();
    expect(useSessionStore.getState().checkoutStatus).toBeNull();
  });
});

test('a requested withdrawal can be cancelled after a confirmation: the hold comes back and the page reloads', async () => {
  jest.mocked(api.cancelWithdrawal).mockResolvedValue(makePayout({ _id: 'w1', amount: 100, status: 'CANCELLED' }));
  const { user } = renderPage(<WalletPage />);
  const table = await screen.findByRole('table', { name: 'Withdrawal requests' });
  const cancel = within(table).getByRole('button', { name: /^Cancel the withdrawal of \$100\.00/ });
  await user.click(cancel);
  let dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
  expect(dialog).toHaveTextContent('The $100.00 held for this withdrawal goes back to your wallet balance at once');
  await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.cancelWithdrawal).not.toHaveBeenCalled();

  const loadsBefore = m.wallet.mock.calls.length;
  m.payouts.mockResolvedValue([makePayout({ _id: 'w1', amount: 100, status: 'CANCELLED', decidedAt: '2026-03-09T10:00:00.000Z' })]);
  await user.click(within(table).getByRole('button', { name: /^Cancel the withdrawal/ }));
  dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
  expect(api.cancelWithdrawal).toHaveBeenCalledWith('w1');
  expect(await screen.findByText('Withdrawal cancelled: $100.00 is back in your wallet')).toBeInTheDocument();
  await waitFor(() => expect(m.wallet.mock.calls.length).toBeGreaterThan(loadsBefore));
  const after = await screen.findByRole('table', { name: 'Withdrawal requests' });
  await waitFor(() => expect(within(after).queryByRole('button', { name: /^Cancel the withdrawal/ })).not.toBeInTheDocument());
  expect(after).toHaveTextContent('Cancelled');
});

describe('withdrawal', () => {
  test('not more than the balance', async () => {
    const { user } = renderPage(<WalletPage />);
    await waitFor(() => expect(balance()).toHaveTextContent('$1,234.50'));
    const form = screen.getByRole('form', { name: 'Withdraw' });
    expect(form).toHaveTextContent('Up to your available balance of $1,234.50.');
    await user.type(within(form).getByRole('textbox', { name: /Withdrawal amount/ }), '1234.51');
    await user.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
    expect(within(form).getByText(MONEY_MESSAGES.overBalance)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(m.withdraw).not.toHaveBeenCalled();
  });

  test('asks first, then requests it; the amount is held and the figures reload', async () => {
    m.withdraw.mockResolvedValue(makePayout({ _id: 'w2', amount: 234.5 }));
    const { user } = renderPage(<WalletPage />);
    await waitFor(() => expect(balance()).toHaveTextContent('$1,234.50'));
    const form = screen.getByRole('form', { name: 'Withdraw' });
    await user.type(within(form).getByRole('textbox', { name: /Withdrawal amount/ }), '234.50');
    await user.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request this withdrawal?' });
    expect(dialog).toHaveTextContent(
      '$234.50 leaves your available balance now and is held until an admin pays it to US bank account •••• 6789 · Ivy Investor.',
    );
    m.wallet.mockResolvedValue(makeWallet({ balance: 1000, held: 534.5 }));
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    expect(m.withdraw).toHaveBeenCalledWith({ amount: 234.5, payoutDestinationId: 'd1' }, { idempotencyKey: expect.any(String) });
    expect(await screen.findByText('Withdrawal of $234.50 requested. The amount is held until an admin pays it out.')).toBeInTheDocument();
    await waitFor(() => expect(balance()).toHaveTextContent('$1,000.00'));
    expect(within(form).getByRole('textbox', { name: /Withdrawal amount/ })).toHaveValue('');
  });

  test("the server's refusal is shown", async () => {
    m.withdraw.mockRejectedValue(new ApiError(409, { statusCode: 409, error: 'Conflict', message: MONEY_MESSAGES.overBalance }));
    const { user } = renderPage(<WalletPage />);
    await waitFor(() => expect(balance()).toHaveTextContent('$1,234.50'));
    const form = screen.getByRole('form', { name: 'Withdraw' });
    await user.type(within(form).getByRole('textbox', { name: /Withdrawal amount/ }), '1000');
    await user.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Request withdrawal' }));
    expect(await within(form).findByText(MONEY_MESSAGES.overBalance)).toBeInTheDocument();
  });
});
