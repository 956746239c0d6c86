import { screen, waitFor, within } from '@testing-library/react';
import * as rootApi from 'shared-api';
import * as adminApi from 'shared-api/admin';
import { ApiError } from 'shared-api';
import type { MarketOverviewRow, MarketTrade } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import { pageOf } from 'shared-api/testing';
import * as download from '../../lib/download';
import { savedCsv } from '../../testing/saved-csv';
import { MarketPage } from './market-page';

// The console's calls live in 'shared-api/admin'; one object holds both modules' (mocked) functions.
const api = { ...rootApi, ...adminApi };

jest.mock('shared-api/admin', () => ({
  ...jest.requireActual('shared-api/admin'),
  getMarketOverview: jest.fn(),
  getAllMarketTrades: jest.fn(),
  haltMarket: jest.fn(),
  resumeMarket: jest.fn(),
  exportMarketTradesCsv: jest.fn(),
  getMarketFlags: jest.fn(),
}));
jest.mock('../../lib/download', () => ({ saveFile: jest.fn() }));
const m = {
  overview: jest.mocked(api.getMarketOverview),
  trades: jest.mocked(api.getAllMarketTrades),
  halt: jest.mocked(api.haltMarket),
  resume: jest.mocked(api.resumeMarket),
  csv: jest.mocked(api.exportMarketTradesCsv),
};

jest.setTimeout(30_000);

function row(over: Partial<MarketOverviewRow> = {}): MarketOverviewRow {
  return {
    propertyId: 'p1',
    propertyName: 'Harbor Lofts',
    propertyStatus: 'FUNDED',
    status: 'OPEN',
    haltReason: null,
    haltedAt: null,
    lastPrice: 52,
    lastTradeAt: '2026-11-21T10:00:00.000Z',
    bestBid: 51,
    bestAsk: 53,
    volumeUnits: 30,
    volume: 1560,
    volume24hUnits: 3,
    volume24h: 156,
    trades: 6,
    openBidUnits: 12,
    openAskUnits: 8,
    openBidValue: 612,
    fees: 15.6,
    ...over,
  };
}
const trade: MarketTrade = {
  _id: 't1',
  propertyId: 'p1',
  propertyName: 'Harbor Lofts',
  buyOrderId: 'b1',
  sellOrderId: 's1',
  buyerId: 'u2',
  buyerEmail: 'bea@example.com',
  sellerId: 'u1',
  sellerEmail: 'al@example.com',
  units: 3,
  price: 52,
  gross: 156,
  fee: 1.56,
  feeBps: 100,
  aggressor: 'BUY',
  createdAt: '2026-11-21T10:00:00.000Z',
};

beforeEach(() => {
  jest.clearAllMocks();
  m.overview.mockResolvedValue([
    row(),
    row({ propertyId: 'p2', propertyName: 'Desert Bloom', status: 'HALTED', haltReason: 'Title dispute' }),
  ]);
  m.trades.mockResolvedValue(pageOf([trade], { total: 30, pageSize: 25 }));
  // The surveillance queue has its own tests (surveillance-section.test.tsx).
  jest.mocked(api.getMarketFlags).mockResolvedValue(pageOf([]));
});

test('the overview per property: status, prices, volume, open interest, fees', async () => {
  renderPage(<MarketPage />);
  const table = await screen.findByRole('table', { name: 'Market by property' });
  const [, open, halted] = within(table).getAllByRole('row');
  expect(open).toHaveTextContent('Trading open');
  expect(open).toHaveTextContent('$52.00');
  expect(open).toHaveTextContent('$51.00 / $53.00');
  expect(open).toHaveTextContent('$156.00 / $1,560.00');
  expect(open).toHaveTextContent('12 bid · 8 ask');
  expect(open).toHaveTextContent('$612.00 held by bids');
  expect(open).toHaveTextContent('$15.60');
  expect(halted).toHaveTextContent('Trading halted');
  expect(halted).toHaveTextContent('Title dispute');
  const trades = await screen.findByRole('table', { name: 'Market trades' });
  expect(trades).toHaveTextContent('bea@example.com');
  expect(trades).toHaveTextContent('al@example.com');
  expect(m.trades).toHaveBeenCalledWith({ page: 1, pageSize: 25, propertyId: undefined, from: undefined, to: undefined });
});

test('halt needs a confirmation and a reason; resume too; a refusal stays in the dialog', async () => {
  m.halt.mockRejectedValueOnce(new ApiError(409, { message: 'Trading in this property is already halted' }));
  m.halt.mockResolvedValueOnce({} as never);
  m.resume.mockResolvedValueOnce({} as never);
  const { user } = renderPage(<MarketPage />);
  const table = await screen.findByRole('table', { name: 'Market by property' });
  await user.click(within(table).getByRole('button', { name: 'Halt trading: Harbor Lofts' }));
  let dialog = await screen.findByRole('dialog', { name: 'Halt trading?' });
  expect(dialog).toHaveTextContent('No order of Harbor Lofts is accepted or matched until trading resumes.');
  await user.click(within(dialog).getByRole('button', { name: 'Halt trading' }));
  expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
  expect(m.halt).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Appraisal under review');
  await user.click(within(dialog).getByRole('button', { name: 'Halt trading' }));
  expect(await within(dialog).findByText('Trading in this property is already halted')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Halt trading' }));
  expect(m.halt).toHaveBeenLastCalledWith('p1', { reason: 'Appraisal under review' });
  expect(await screen.findByText('Trading halted: Harbor Lofts')).toBeInTheDocument();
  await waitFor(() => expect(m.overview).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await user.click(within(table).getByRole('button', { name: 'Resume trading: Desert Bloom' }));
  dialog = await screen.findByRole('dialog', { name: 'Resume trading?' });
  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Dispute settled');
  await user.click(within(dialog).getByRole('button', { name: 'Resume trading' }));
  expect(m.resume).toHaveBeenCalledWith('p2', { reason: 'Dispute settled' });
  expect(await screen.findByText('Trading resumed: Desert Bloom')).toBeInTheDocument();
});

test('trades are paged and exported as CSV with the same filters', async () => {
  const blob = new Blob(['trade_id\n'], { type: 'text/csv' });
  m.csv.mockResolvedValue(blob);
  const { user } = renderPage(<MarketPage />, { url: '/dashboard/market?property=p1' });
  const trades = await screen.findByRole('table', { name: 'Market trades' });
  expect(m.trades).toHaveBeenCalledWith({ page: 1, pageSize: 25, propertyId: 'p1', from: undefined, to: undefined });
  await user.click(within(screen.getByRole('navigation', { name: 'Market trades pages' })).getByRole('button', { name: 'Next' }));
  await waitFor(() =>
    expect(m.trades).toHaveBeenLastCalledWith({ page: 2, pageSize: 25, propertyId: 'p1', from: undefined, to: undefined }),
  );
  expect(trades).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() =>
    expect(download.saveFile).toHaveBeenCalledWith(blob, expect.stringMatching(/^tessera-market-trades-\d{4}-\d{2}-\d{2}\.csv$/)),
  );
  expect(m.csv).toHaveBeenCalledWith({ propertyId: 'p1', from: undefined, to: undefined });
  expect(await screen.findByText('Exported 30 trades')).toBeInTheDocument();
});

test('the market by property sorts by a column and downloads as CSV in that order', async () => {
  m.overview.mockResolvedValue([
    row(),
    row({ propertyId: 'p2', propertyName: 'Desert Bloom', status: 'HALTED', haltReason: 'Title, dispute', fees: 2.5, lastPrice: null }),
  ]);
  const { user, location } = renderPage(<MarketPage />, { url: '/dashboard/market?page=2' });
  const table = await screen.findByRole('table', { name: 'Market by property' });
  const names = () =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('link')[0].textContent);
  expect(names()).toEqual(['Harbor Lofts', 'Desert Bloom']);
  const fees = within(table).getByRole('columnheader', { name: /Fees/ });
  expect(fees).toHaveAttribute('aria-sort', 'none');
  await user.click(within(fees).getByRole('button', { name: /Fees/ }));
  expect(fees).toHaveAttribute('aria-sort', 'ascending');
  expect(names()).toEqual(['Desert Bloom', 'Harbor Lofts']);
  // Its own names in the address: the trades keep their page.
  expect(location()).toBe('/dashboard/market?page=2&marketSort=fees&marketOrder=asc');
  // Phones keep the header's words beside each value.
  expect(
    within(table)
      .getAllByRole('cell')
      .find((c) => c.getAttribute('data-label') === 'Fees'),
  ).toBeDefined();

  await user.click(within(screen.getByRole('region', { name: 'Properties' })).getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(download.saveFile).toHaveBeenCalledTimes(1));
  const { name, lines } = await savedCsv();
  expect(name).toBe('market-by-property.csv');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/^Property,Status,Halt reason,Last price,/);
  expect(lines[1]).toMatch(/^Desert Bloom,Trading halted,"Title, dispute",,/);
  expect(lines[1]).toMatch(/,2\.5$/);
  expect(lines[2]).toMatch(/^Harbor Lofts,Trading open,,52,/);
});

test('the trades take a page size, kept in the address', async () => {
  const { user, location } = renderPage(<MarketPage />, { url: '/dashboard/market?page=2' });
  await screen.findByRole('table', { name: 'Market trades' });
  await user.click(screen.getByRole('combobox', { name: 'Trades per page' }));
  await user.click(await screen.findByRole('option', { name: '50' }));
  await waitFor(() => expect(m.trades).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, pageSize: 50 })));
  expect(location()).toBe('/dashboard/market?size=50');
});
