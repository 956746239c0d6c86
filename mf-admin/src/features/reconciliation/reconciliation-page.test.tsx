import { screen, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import type { Reconciliation } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import * as download from '../../lib/download';
import { savedCsv } from '../../testing/saved-csv';
import { differencesCsv, ReconciliationPage, yesterday } from './reconciliation-page';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const api = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getReconciliation: jest.fn(),
  // The integrity section below the day (integrity-section.test.tsx covers it).
  getIntegrity: jest.fn(() => Promise.resolve({ money: [], chain: null })),
}));
jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));
const get = jest.mocked(api.getReconciliation);

jest.setTimeout(20_000);

const side = (moneyIn: number, moneyOut: number, count: number) => ({ moneyIn, moneyOut, count });
const day = (over: Partial<Reconciliation> = {}): Reconciliation => ({
  date: '2026-11-26',
  providerName: 'sandbox',
  totals: { ledger: side(105, 40, 3), provider: side(107, 0, 2), payouts: side(0, 52.34, 2) },
  differences: [
    {
      kind: 'PROVIDER_NOT_IN_LEDGER',
      reference: 'chk-11111111',
      checkoutId: 'chk-11111111',
      payoutId: null,
      ledgerEntryId: null,
      ledgerAmount: null,
      providerAmount: 7,
      payoutAmount: null,
      at: '2026-11-26T10:00:00.000Z',
    },
    {
      kind: 'PAYOUT_WITHOUT_LEDGER',
      reference: 'pay-22222222',
      checkoutId: null,
      payoutId: 'pay-22222222',
      ledgerEntryId: null,
      ledgerAmount: null,
      providerAmount: null,
      payoutAmount: 12.34,
      at: '2026-11-26T11:00:00.000Z',
    },
  ],
  ...over,
});

beforeEach(() => jest.clearAllMocks());

test('shows the totals and every difference of the chosen day, and exports them as CSV', async () => {
  get.mockResolvedValue(day());
  const { user } = renderPage(<ReconciliationPage />, { url: '/dashboard/reconciliation?date=2026-11-26' });
  const table = await screen.findByRole('table', { name: 'Differences' });
  expect(get).toHaveBeenCalledWith('2026-11-26');
  expect(within(table).getByText('At the payment provider, not in the ledger')).toBeInTheDocument();
  expect(within(table).getByText('Withdrawal paid without a ledger entry')).toBeInTheDocument();
  expect(table).toHaveTextContent('$12.34');
  const totals = screen.getByRole('region', { name: 'Totals' });
  expect(totals).toHaveTextContent('In $107.00');
  expect(totals).toHaveTextContent('Out $52.34');
  await user.click(screen.getByRole('button', { name: 'Export differences (CSV)' }));
  expect(download.saveFile).toHaveBeenCalledWith(expect.any(Blob), 'reconciliation-2026-11-26.csv');
});

test('a clean day says so; the date picker asks for another day', async () => {
  get.mockResolvedValue(day({ differences: [] }));
  renderPage(<ReconciliationPage />, { url: '/dashboard/reconciliation?date=2026-11-26' });
  expect(await screen.findByText(/^No differences on 2026-11-26/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export differences (CSV)' })).toBeDisabled();
  const picker = screen.getByLabelText('Day (UTC)');
  expect(picker).toHaveValue('2026-11-26');
});

test('defaults to yesterday; the CSV keeps exact amounts and neutralises formulas', () => {
  expect(yesterday(new Date('2026-11-28T01:00:00Z'))).toBe('2026-11-27');
  const csv = differencesCsv(day({ differences: [{ ...day().differences[1], reference: '=HYPERLINK("x")', payoutAmount: 0.1 }] }));
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('date,kind,reference,checkout_id,payout_id,ledger_entry_id,ledger_amount,provider_amount,payout_amount,at');
  expect(lines[1]).toBe(`2026-11-26,PAYOUT_WITHOUT_LEDGER,"'=HYPERLINK(""x"")",,pay-22222222,,,,0.10,2026-11-26T11:00:00.000Z`);
});

test('the differences sort by a column, and the CSV follows the order shown', async () => {
  get.mockResolvedValue(day());
  const { user, location } = renderPage(<ReconciliationPage />, { url: '/dashboard/reconciliation?date=2026-11-26' });
  const table = await screen.findByRole('table', { name: 'Differences' });
  const kinds = () =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1].textContent);
  expect(kinds()).toEqual(['At the payment provider, not in the ledger', 'Withdrawal paid without a ledger entry']);
  const withdrawal = within(table).getByRole('columnheader', { name: /Withdrawal/ });
  await user.click(within(withdrawal).getByRole('button', { name: /Withdrawal/ }));
  expect(withdrawal).toHaveAttribute('aria-sort', 'ascending');
  // An empty amount goes last.
  expect(kinds()).toEqual(['Withdrawal paid without a ledger entry', 'At the payment provider, not in the ledger']);
  expect(location()).toBe('/dashboard/reconciliation?date=2026-11-26&sort=payout&order=asc');
  expect(within(table).getAllByRole('cell')[5]).toHaveAttribute('data-label', 'Withdrawal');

  await user.click(screen.getByRole('button', { name: 'Export differences (CSV)' }));
  const { lines } = await savedCsv();
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/^2026-11-26,PAYOUT_WITHOUT_LEDGER,pay-22222222,.*,12\.34,/);
  expect(lines[2]).toMatch(/^2026-11-26,PROVIDER_NOT_IN_LEDGER,chk-11111111,.*,7\.00,,/);
});
