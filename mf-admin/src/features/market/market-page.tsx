// /dashboard/market (admin, issue 20): the market per property (status, last price, best bid
// and ask, volume, open interest, fees), Halt / Resume with a reason after a confirmation,
// and every trade, paged and filtered by property and dates, with a CSV export of the selection;
// then the surveillance queue (surveillance-section.tsx).
import { useState } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-forms';
import { Button, DataTable, PageHeader, StatusBadge, formatMoney, formatNumber, toast, useAsync, type DataTableColumn } from 'shared-ui';
import { readError } from 'shared-api';
import { exportMarketTradesCsv, getAllMarketTrades, getMarketOverview, haltMarket, resumeMarket } from 'shared-api/admin';
import type { MarketOverviewRow, MarketTrade, MarketTradesQuery } from 'shared-api/contract';
import { MARKET_MESSAGES, MARKET_SIDE_LABELS, MARKET_STATUS_LABELS } from 'shared-api/contract/market';
import { DecisionDialog } from '../../components/decision-dialog';
import { FilterBar, SelectFilter } from '../../components/filter-bar';
import { DateTimeCell, PropertyLink } from '../../components/links';
import { Section } from '../../components/section';
import { saveFile } from '../../lib/download';
import {
  DownloadCsvButton,
  PageSizeSelect,
  TableTools,
  sortableColumns,
  usePageSize,
  useClientSort,
  type CsvColumn,
} from '../../lib/table-kit';
import { SurveillanceSection } from './surveillance-section';
import { useUrlFilters } from '../../lib/use-url-filters';

export const MARKET_TRADES_PAGE_SIZE = 25;

const FILTERS = ['property', 'from', 'to'] as const;

const priceOrDash = (n: number | null) => (n === null ? '—' : formatMoney(n));

type Pending = { action: 'halt' | 'resume'; row: MarketOverviewRow } | null;

/** The market by property as CSV: dollars as the table shows them, an empty cell for no price. */
export const OVERVIEW_CSV: CsvColumn<MarketOverviewRow>[] = [
  { header: 'Property', value: (r) => r.propertyName },
  { header: 'Status', value: (r) => MARKET_STATUS_LABELS[r.status] },
  { header: 'Halt reason', value: (r) => r.haltReason },
  { header: 'Last price', value: (r) => r.lastPrice },
  { header: 'Last trade', value: (r) => r.lastTradeAt },
  { header: 'Best bid', value: (r) => r.bestBid },
  { header: 'Best ask', value: (r) => r.bestAsk },
  { header: 'Volume 24 h', value: (r) => r.volume24h },
  { header: 'Units 24 h', value: (r) => r.volume24hUnits },
  { header: 'Volume', value: (r) => r.volume },
  { header: 'Units', value: (r) => r.volumeUnits },
  { header: 'Trades', value: (r) => r.trades },
  { header: 'Open bid units', value: (r) => r.openBidUnits },
  { header: 'Open ask units', value: (r) => r.openAskUnits },
  { header: 'Held by bids', value: (r) => r.openBidValue },
  { header: 'Fees', value: (r) => r.fees },
];

export function MarketPage() {
  const overview = useAsync(() => getMarketOverview(), []);
  // The market by property comes whole: it is sorted here, under its own names in the address
  // so that sorting it leaves the trades' page alone.
  const sorted = useClientSort(
    overview.data,
    {
      property: (r: MarketOverviewRow) => r.propertyName,
      status: (r: MarketOverviewRow) => MARKET_STATUS_LABELS[r.status],
      lastPrice: (r: MarketOverviewRow) => r.lastPrice,
      volume: (r: MarketOverviewRow) => r.volume24h,
      openInterest: (r: MarketOverviewRow) => r.openBidUnits + r.openAskUnits,
      fees: (r: MarketOverviewRow) => r.fees,
    },
    { prefix: 'market' },
  );
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTERS);
  const size = usePageSize(MARKET_TRADES_PAGE_SIZE);
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to);
  const query: MarketTradesQuery = {
    propertyId: filters.property || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const trades = useAsync(
    () => (badRange ? Promise.resolve(undefined) : getAllMarketTrades({ ...query, page, pageSize: size.pageSize })),
    [filters.property, filters.from, filters.to, page, size.pageSize, badRange],
  );
  const [pending, setPending] = useState<Pending>(null);
  const [exporting, setExporting] = useState(false);

  const decide = async (reason: string) => {
    if (!pending) return;
    const { action, row } = pending;
    if (action === 'halt') await haltMarket(row.propertyId, { reason });
    else await resumeMarket(row.propertyId, { reason });
    toast.success(action === 'halt' ? `Trading halted: ${row.propertyName}` : `Trading resumed: ${row.propertyName}`);
    setPending(null);
    overview.reload();
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await exportMarketTradesCsv(query);
      saveFile(blob, `tessera-market-trades-${new Date().toISOString().slice(0, 10)}.csv`);
      const total = trades.data?.total;
      toast.success(total !== undefined ? `Exported ${formatNumber(total)} trade${total === 1 ? '' : 's'}` : 'Trades exported');
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setExporting(false);
    }
  };

  const overviewColumns: DataTableColumn<MarketOverviewRow>[] = [
    { key: 'property', header: 'Property', render: (r) => <PropertyLink id={r.propertyId} name={r.propertyName} /> },
    {
      key: 'status',
      header: 'Status',
      render: (r) => (
        <Box>
          <StatusBadge
            status={r.status}
            tone={r.status === 'OPEN' ? 'success' : r.status === 'HALTED' ? 'error' : 'neutral'}
            label={MARKET_STATUS_LABELS[r.status]}
          />
          {r.status === 'HALTED' && r.haltReason && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, maxWidth: 220 }}>
              {r.haltReason}
            </Typography>
          )}
        </Box>
      ),
    },
    { key: 'lastPrice', header: 'Last price', align: 'right', render: (r) => priceOrDash(r.lastPrice) },
    {
      key: 'bidAsk',
      header: 'Best bid / ask',
      align: 'right',
      render: (r) => `${priceOrDash(r.bestBid)} / ${priceOrDash(r.bestAsk)}`,
    },
    {
      key: 'volume',
      header: 'Volume (24 h / all)',
      align: 'right',
      render: (r) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatMoney(r.volume24h)} / {formatMoney(r.volume)}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {formatNumber(r.volumeUnits)} units in {formatNumber(r.trades)} trades
          </Typography>
        </Box>
      ),
    },
    {
      key: 'openInterest',
      header: 'Open interest',
      align: 'right',
      render: (r) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatNumber(r.openBidUnits)} bid · {formatNumber(r.openAskUnits)} ask
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {formatMoney(r.openBidValue)} held by bids
          </Typography>
        </Box>
      ),
    },
    { key: 'fees', header: 'Fees', align: 'right', render: (r) => formatMoney(r.fees) },
    {
      key: 'actions',
      header: 'Trading',
      align: 'right',
      render: (r) =>
        r.status === 'HALTED' ? (
          <Button
            variant="outline-blue"
            size="XS"
            onClick={() => setPending({ action: 'resume', row: r })}
            aria-label={`Resume trading: ${r.propertyName}`}
          >
            Resume
          </Button>
        ) : r.status === 'OPEN' ? (
          <Button
            variant="filled-red"
            size="XS"
            onClick={() => setPending({ action: 'halt', row: r })}
            aria-label={`Halt trading: ${r.propertyName}`}
          >
            Halt
          </Button>
        ) : null,
    },
  ];

  const tradeColumns: DataTableColumn<MarketTrade>[] = [
    { key: 'createdAt', header: 'Time', render: (t) => <DateTimeCell value={t.createdAt} /> },
    { key: 'property', header: 'Property', render: (t) => <PropertyLink id={t.propertyId} name={t.propertyName} /> },
    { key: 'units', header: 'Units', align: 'right', render: (t) => formatNumber(t.units) },
    { key: 'price', header: 'Price', align: 'right', render: (t) => formatMoney(t.price) },
    { key: 'gross', header: 'Value', align: 'right', render: (t) => formatMoney(t.gross) },
    { key: 'fee', header: 'Fee', align: 'right', render: (t) => formatMoney(t.fee) },
    { key: 'aggressor', header: 'Incoming', render: (t) => MARKET_SIDE_LABELS[t.aggressor] },
    { key: 'buyer', header: 'Buyer', render: (t) => t.buyerEmail },
    { key: 'seller', header: 'Seller', render: (t) => t.sellerEmail },
  ];

  const rows = overview.data ?? [];
  const halting = pending?.action === 'halt';
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeader
        title="Market"
        subtitle="Trading between investors, per property: prices, volume, open orders, halts, every trade and surveillance."
      />
      <Section title="Properties">
        {overview.data && overview.data.length > 0 && (
          <TableTools>
            <DownloadCsvButton filename="market-by-property.csv" columns={OVERVIEW_CSV} rows={sorted.rows ?? []} />
          </TableTools>
        )}
        <DataTable
          label="Market by property"
          columns={sortableColumns(
            overviewColumns,
            {
              property: 'property',
              status: 'status',
              lastPrice: 'lastPrice',
              volume: 'volume',
              openInterest: 'openInterest',
              fees: 'fees',
            },
            sorted,
          )}
          rows={sorted.rows}
          getRowId={(r) => r.propertyId}
          loading={overview.loading && !overview.data}
          error={overview.data ? null : overview.error}
          onRetry={overview.reload}
          emptyMessage="No property trades yet"
        />
      </Section>
      <Section
        title="Trades"
        actions={
          <Button
            variant="outline-blue"
            size="SM"
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={badRange || Boolean(trades.error) || trades.data?.total === 0}
          >
            Export CSV
          </Button>
        }
      >
        <FilterBar label="Filter trades">
          <SelectFilter
            label="Property"
            value={filters.property}
            onChange={(property) => setFilters({ property })}
            options={rows.map((r) => ({ value: r.propertyId, label: r.propertyName }))}
            allLabel="Any property"
          />
          <TextField
            type="date"
            size="small"
            label="From"
            value={filters.from}
            onChange={(e) => setFilters({ from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={filters.to}
            onChange={(e) => setFilters({ to: e.target.value })}
            error={badRange}
            helperText={badRange ? 'Must be on or after From' : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </FilterBar>
        <TableTools>
          <PageSizeSelect value={size.pageSize} sizes={size.sizes} onChange={size.setPageSize} label="Trades per page" />
        </TableTools>
        <DataTable
          label="Market trades"
          columns={tradeColumns}
          rows={badRange ? [] : trades.data?.items}
          getRowId={(t) => t._id}
          loading={trades.loading && !badRange}
          error={trades.error}
          onRetry={trades.reload}
          emptyMessage={badRange ? 'Choose a date range that ends after it starts' : 'No trade matches these filters'}
          pagination={trades.data ? { page, pageSize: size.pageSize, total: trades.data.total, onPageChange: setPage } : undefined}
        />
      </Section>
      <SurveillanceSection />
      <DecisionDialog
        open={pending !== null}
        title={halting ? 'Halt trading?' : 'Resume trading?'}
        description={
          pending
            ? halting
              ? `No order of ${pending.row.propertyName} is accepted or matched until trading resumes. Open orders stay on the book with what they hold; investors see the reason.`
              : `Orders of ${pending.row.propertyName} are accepted and matched again, starting with those on the book.`
            : undefined
        }
        confirmLabel={halting ? 'Halt trading' : 'Resume trading'}
        reasonLabel="Reason"
        reasonRequired={MARKET_MESSAGES.reasonRequired}
        destructive={halting}
        onConfirm={decide}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
