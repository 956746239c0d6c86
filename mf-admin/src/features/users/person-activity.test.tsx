import { screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { makeEntry, makeHolding, makeOrder, makeProperty, pageOf } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { saveFile } from '../../lib/download';
import { savedCsv } from '../../testing/saved-csv';
import { HoldingsPanel, OrdersPanel, PropertiesPanel, WalletPanel } from './person-activity';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const sharedApi = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getUserOrders: jest.fn(),
  getUserWallet: jest.fn(),
  getInvestorHoldings: jest.fn(),
  getTransactions: jest.fn(),
  getOwnersProperties: jest.fn(),
}));
jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));
const api = sharedApi as unknown as Record<string, jest.Mock>;

jest.setTimeout(30_000);

beforeEach(() => jest.clearAllMocks());

const firstCells = (table: HTMLElement, column = 0) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[column].textContent);

test("the investor's orders: sorted and sized by the server, under their own names; the CSV gathers every page", async () => {
  api.getUserOrders.mockImplementation(async (_id: string, q: { pageSize: number; page: number }) =>
    q.pageSize === 100
      ? {
          ...pageOf([makeOrder({ _id: q.page === 1 ? 'o1' : 'o2', amount: q.page === 1 ? 500 : 75.5 })], { total: 2 }),
          nextCursor: q.page === 1 ? 'c2' : null,
        }
      : pageOf([makeOrder()], { total: 2 }),
  );
  const { user, location } = renderPage(<OrdersPanel userId="u1" />, { url: '/?tab=orders&page=2' });
  const table = await screen.findByRole('table', { name: 'Orders of this investor' });
  expect(api.getUserOrders).toHaveBeenCalledWith('u1', { page: 2, pageSize: 10 });
  const amount = within(table).getByRole('columnheader', { name: /Amount/ });
  await user.click(within(amount).getByRole('button', { name: /Amount/ }));
  await waitFor(() => expect(api.getUserOrders).toHaveBeenLastCalledWith('u1', { sort: 'amount', order: 'asc', page: 1, pageSize: 10 }));
  expect(amount).toHaveAttribute('aria-sort', 'ascending');
  expect(location()).toBe('/?tab=orders&ordersSort=amount&ordersOrder=asc');

  await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
  await user.click(await screen.findByRole('option', { name: '25' }));
  await waitFor(() => expect(api.getUserOrders).toHaveBeenLastCalledWith('u1', { sort: 'amount', order: 'asc', page: 1, pageSize: 25 }));

  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(api.getUserOrders).toHaveBeenCalledWith('u1', { sort: 'amount', order: 'asc', page: 2, pageSize: 100, after: 'c2' });
  const { name, lines } = await savedCsv();
  expect(name).toBe('orders-u1.csv');
  expect(lines).toEqual([
    'Order,Placed,Property,Units,Unit price,Amount,Status',
    expect.stringMatching(/^o1,.*,Harbor Lofts,10,50,500,Pending$/),
    expect.stringMatching(/^o2,.*,75\.5,Pending$/),
  ]);
});

test('the holdings sort here by a column; the CSV holds them in that order, in dollars', async () => {
  api.getInvestorHoldings.mockResolvedValue([
    makeHolding(),
    makeHolding({
      _id: 'h2',
      propertyId: 'p2',
      property: { ...makeHolding().property, _id: 'p2', name: 'Alder House' },
      quantity: 5,
      amountInvested: 250.5,
    }),
  ]);
  const { user, location } = renderPage(<HoldingsPanel userId="u1" />);
  const table = await screen.findByRole('table', { name: 'Holdings of this investor' });
  expect(firstCells(table)).toEqual(['Harbor Lofts', 'Alder House']);
  const property = within(table).getByRole('columnheader', { name: /Property/ });
  await user.click(within(property).getByRole('button', { name: /Property/ }));
  expect(property).toHaveAttribute('aria-sort', 'ascending');
  expect(firstCells(table)).toEqual(['Alder House', 'Harbor Lofts']);
  expect(location()).toBe('/?holdingsSort=property&holdingsOrder=asc');
  const invested = within(table).getByRole('columnheader', { name: /Invested/ });
  await user.click(within(invested).getByRole('button', { name: /Invested/ }));
  await user.click(within(invested).getByRole('button', { name: /Invested/ }));
  expect(invested).toHaveAttribute('aria-sort', 'descending');
  expect(firstCells(table)).toEqual(['Harbor Lofts', 'Alder House']);
  expect(within(table).getAllByRole('cell')[3]).toHaveAttribute('data-label', 'Invested');

  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const { name, lines } = await savedCsv();
  expect(name).toBe('holdings-u1.csv');
  expect(lines[0]).toBe('Property,Type,Units,Invested,Value at unit price,Since');
  expect(lines[1]).toMatch(/^Harbor Lofts,[^,]+,40,2000,/);
  expect(lines[2]).toMatch(/^Alder House,[^,]+,5,250\.5,/);
});

test('the latest wallet movements: how many is a choice, those shown sort here and download as CSV', async () => {
  api.getUserWallet.mockResolvedValue({ userId: 'u1', balance: 900, held: 0, currency: 'USD' });
  api.getTransactions.mockResolvedValue(
    pageOf([
      makeEntry({
        _id: 'e2',
        type: 'WITHDRAWAL_HOLD',
        amount: -100,
        balanceAfter: 900,
        description: 'Bank transfer',
        createdAt: '2026-03-08T10:00:00.000Z',
      }),
      makeEntry(),
    ]),
  );
  const { user, location } = renderPage(<WalletPanel userId="u1" />);
  const table = await screen.findByRole('table', { name: 'Latest wallet movements' });
  expect(api.getTransactions).toHaveBeenCalledWith({ userId: 'u1', page: 1, pageSize: 10 });
  const amount = within(table).getByRole('columnheader', { name: /^Amount/ });
  await user.click(within(amount).getByRole('button', { name: /Amount/ }));
  expect(firstCells(table, 2)).toEqual(['Bank transfer', 'Card deposit']);
  await user.click(within(amount).getByRole('button', { name: /Amount/ }));
  expect(amount).toHaveAttribute('aria-sort', 'descending');
  expect(firstCells(table, 2)).toEqual(['Card deposit', 'Bank transfer']);

  await user.click(screen.getByRole('combobox', { name: 'Movements shown' }));
  await user.click(await screen.findByRole('option', { name: '50' }));
  await waitFor(() => expect(api.getTransactions).toHaveBeenLastCalledWith({ userId: 'u1', page: 1, pageSize: 50 }));
  expect(location()).toBe('/?ledgerSort=amount&ledgerOrder=desc&ledgerSize=50');

  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const { name, lines } = await savedCsv();
  expect(name).toBe('wallet-movements-u1.csv');
  expect(lines).toEqual([
    'Date,Type,Description,Amount,Balance after',
    expect.stringMatching(/^2026-03-07T15:00:00.000Z,[^,]+,Card deposit,1000,1000$/),
    expect.stringMatching(/^2026-03-08T10:00:00.000Z,[^,]+,Bank transfer,-100,900$/),
  ]);
});

test("the owner's properties: a page size, and the CSV of every page", async () => {
  api.getOwnersProperties.mockImplementation(async (_id: string, q: { page: number; pageSize: number }) =>
    q.pageSize === 100
      ? pageOf([{ ...makeProperty({ _id: `p${q.page}`, name: q.page === 1 ? 'Harbor Lofts' : 'Alder, House' }), revision: null }], {
          total: 2,
        })
      : pageOf([{ ...makeProperty(), revision: null }], { total: 2 }),
  );
  const { user, location } = renderPage(<PropertiesPanel ownerId="o1" />, { url: '/?tab=properties&page=2' });
  await screen.findByRole('table', { name: 'Properties of this owner' });
  await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
  await user.click(await screen.findByRole('option', { name: '50' }));
  await waitFor(() => expect(api.getOwnersProperties).toHaveBeenLastCalledWith('o1', { page: 1, pageSize: 50 }));
  expect(location()).toBe('/?tab=properties&propertiesSize=50');

  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(api.getOwnersProperties).toHaveBeenCalledWith('o1', { page: 2, pageSize: 100 });
  const { name, lines } = await savedCsv();
  expect(name).toBe('properties-o1.csv');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe('Property,Type,Status,Units sold,Units,Raised,Listed');
  expect(lines[1]).toMatch(/^Harbor Lofts,/);
  expect(lines[2]).toMatch(/^"Alder, House",/);
});
