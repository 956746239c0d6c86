// /dashboard/market (investor, issue 20): open market orders with Cancel (after a confirmation),
// the order history and the investor's trades (fills), kept current without a reload.
import { useCallback, useState } from 'react';
import { Box, Link, Typography } from 'shared-ui/mui';
import { Link as RouterLink } from 'shared-ui/router';
import {
  Button,
  ConfirmDialog,
  DataTable,
  formatDate,
  formatMoney,
  formatNumber,
  PageHeader,
  StatusBadge,
  toast,
  useAsync,
  visuallyHidden,
  type DataTableColumn,
} from 'shared-ui';
import { cancelMarketOrder, getMyMarketFills, getMyMarketOrders, readError } from 'shared-api';
import { paths, type MarketFill, type MarketOrder, type MarketPropertyRef } from 'shared-api/contract';
import { MARKET_ORDER_STATUS_LABELS, MARKET_SIDE_LABELS } from 'shared-api/contract/market';
import { AccountStatusNotice } from '../../components/account-status-notice';
import { useMyMarketUpdates } from './use-market-updates';

export const MARKET_ORDERS_PAGE_SIZE = 10;

export const unitsPhrase = (n: number) => `${formatNumber(n)} unit${n === 1 ? '' : 's'}`;

function PropertyCell({ id, property }: { id: string; property: MarketPropertyRef | null }) {
  return property ? (
    <Link component={RouterLink} to={paths.property(id)}>
      {property.name}
    </Link>
  ) : (
    <>Property removed</>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const orderLabel = (o: MarketOrder) =>
  `${MARKET_SIDE_LABELS[o.side]} ${unitsPhrase(o.units)} of ${o.property?.name ?? 'this property'} at ${formatMoney(o.price)}`;

export function MarketOrdersPage() {
  const [openPage, setOpenPage] = useState(1);
  const [historyPage, setHistoryPage] = useState(1);
  const [fillsPage, setFillsPage] = useState(1);
  const [cancelling, setCancelling] = useState<{ open: boolean; order: MarketOrder | null }>({ open: false, order: null });
  const [busy, setBusy] = useState(false);

  const open = useAsync(() => getMyMarketOrders({ status: 'OPEN', page: openPage, pageSize: MARKET_ORDERS_PAGE_SIZE }), [openPage]);
  const history = useAsync(() => getMyMarketOrders({ status: 'ALL', page: historyPage, pageSize: MARKET_ORDERS_PAGE_SIZE }), [historyPage]);
  const fills = useAsync(() => getMyMarketFills({ page: fillsPage, pageSize: MARKET_ORDERS_PAGE_SIZE }), [fillsPage]);
  const { reload: reloadOpen } = open;
  const { reload: reloadHistory } = history;
  const { reload: reloadFills } = fills;
  const reloadAll = useCallback(() => {
    reloadOpen();
    reloadHistory();
    reloadFills();
  }, [reloadOpen, reloadHistory, reloadFills]);
  useMyMarketUpdates(reloadAll);

  const confirmCancel = async () => {
    const o = cancelling.order;
    if (!o) return;
    setBusy(true);
    try {
      const cancelled = await cancelMarketOrder(o._id);
      toast.success(
        cancelled.side === 'BUY'
          ? `Order cancelled: ${formatMoney(o.held)} is back in your wallet.`
          : `Order cancelled: ${unitsPhrase(cancelled.remaining || o.remaining)} are available again.`,
      );
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setBusy(false);
      setCancelling((c) => ({ ...c, open: false }));
      reloadAll();
    }
  };

  const openColumns: DataTableColumn<MarketOrder>[] = [
    { key: 'createdAt', header: 'Placed', render: (o) => formatDate(o.createdAt) },
    { key: 'property', header: 'Property', render: (o) => <PropertyCell id={o.propertyId} property={o.property} /> },
    { key: 'side', header: 'Side', render: (o) => MARKET_SIDE_LABELS[o.side] },
    { key: 'price', header: 'Limit price', align: 'right', render: (o) => formatMoney(o.price) },
    { key: 'units', header: 'Units', align: 'right', render: (o) => formatNumber(o.units) },
    { key: 'filled', header: 'Filled', align: 'right', render: (o) => formatNumber(o.filled) },
    {
      key: 'remaining',
      header: 'Remaining',
      align: 'right',
      render: (o) => <span data-testid="remaining">{formatNumber(o.remaining)}</span>,
    },
    {
      key: 'held',
      header: 'Held',
      align: 'right',
      render: (o) => (o.side === 'BUY' ? formatMoney(o.held) : unitsPhrase(o.remaining)),
    },
    { key: 'goodUntil', header: 'Good until', render: (o) => (o.goodUntil ? formatDate(o.goodUntil) : 'Cancelled') },
    {
      key: 'actions',
      header: (
        <Box component="span" sx={visuallyHidden}>
          Actions
        </Box>
      ),
      align: 'right',
      render: (o) => (
        <Button
          variant="outline-blue"
          size="XS"
          onClick={() => setCancelling({ open: true, order: o })}
          aria-label={`Cancel order: ${orderLabel(o)}`}
        >
          Cancel
        </Button>
      ),
    },
  ];

  const historyColumns: DataTableColumn<MarketOrder>[] = [
    { key: 'createdAt', header: 'Placed', render: (o) => formatDate(o.createdAt) },
    { key: 'property', header: 'Property', render: (o) => <PropertyCell id={o.propertyId} property={o.property} /> },
    { key: 'side', header: 'Side', render: (o) => MARKET_SIDE_LABELS[o.side] },
    { key: 'price', header: 'Limit price', align: 'right', render: (o) => formatMoney(o.price) },
    { key: 'units', header: 'Units', align: 'right', render: (o) => `${formatNumber(o.filled)} of ${formatNumber(o.units)} filled` },
    {
      key: 'average',
      header: 'Average price',
      align: 'right',
      render: (o) => (o.averageFillPrice === null ? '—' : formatMoney(o.averageFillPrice)),
    },
    {
      key: 'status',
      header: 'Status',
      render: (o) => (
        <StatusBadge status={o.status} tone={o.status === 'FILLED' ? 'success' : undefined} label={MARKET_ORDER_STATUS_LABELS[o.status]} />
      ),
    },
  ];

  const fillColumns: DataTableColumn<MarketFill>[] = [
    { key: 'createdAt', header: 'Date', render: (f) => formatDate(f.createdAt) },
    { key: 'property', header: 'Property', render: (f) => <PropertyCell id={f.propertyId} property={f.property} /> },
    { key: 'side', header: 'Side', render: (f) => (f.side === 'BUY' ? 'Bought' : 'Sold') },
    { key: 'units', header: 'Units', align: 'right', render: (f) => formatNumber(f.units) },
    { key: 'price', header: 'Price', align: 'right', render: (f) => formatMoney(f.price) },
    { key: 'gross', header: 'Value', align: 'right', render: (f) => formatMoney(f.gross) },
    { key: 'fee', header: 'Fee', align: 'right', render: (f) => (f.fee ? formatMoney(f.fee) : '—') },
    {
      key: 'net',
      header: 'Wallet',
      align: 'right',
      render: (f) => (
        <Box component="span" sx={{ fontWeight: 600, color: f.net >= 0 ? 'success.main' : 'error.main', whiteSpace: 'nowrap' }}>
          {f.net > 0 ? `+${formatMoney(f.net)}` : formatMoney(f.net)}
        </Box>
      ),
    },
  ];

  const o = cancelling.order;
  return (
    <Box>
      <PageHeader
        title="Market orders"
        subtitle="Your orders to buy and sell units from other investors, and your trades. What an open order holds is released when you cancel it."
        actions={
          <Button variant="filled-blue" component={RouterLink} to={paths.investments}>
            Your investments
          </Button>
        }
      />
      <AccountStatusNotice />
      <Section id="open-orders-title" title="Open orders">
        <DataTable
          label="Open market orders"
          columns={openColumns}
          rows={open.data?.items}
          getRowId={(r) => r._id}
          loading={open.loading && !open.data}
          error={open.data ? null : open.error}
          onRetry={open.reload}
          emptyMessage="You have no open market orders"
          emptyAction={
            <Button variant="outline-blue" size="SM" component={RouterLink} to={paths.investments}>
              Sell units from a holding
            </Button>
          }
          pagination={
            open.data
              ? { page: open.data.page, pageSize: open.data.pageSize, total: open.data.total, onPageChange: setOpenPage }
              : undefined
          }
        />
      </Section>
      <Section id="fills-title" title="Your trades">
        <DataTable
          label="Your trades"
          columns={fillColumns}
          rows={fills.data?.items}
          getRowId={(r) => r._id}
          loading={fills.loading && !fills.data}
          error={fills.data ? null : fills.error}
          onRetry={fills.reload}
          emptyMessage="No trades yet"
          pagination={
            fills.data
              ? { page: fills.data.page, pageSize: fills.data.pageSize, total: fills.data.total, onPageChange: setFillsPage }
              : undefined
          }
        />
      </Section>
      <Section id="order-history-title" title="Order history">
        <DataTable
          label="Market order history"
          columns={historyColumns}
          rows={history.data?.items}
          getRowId={(r) => r._id}
          loading={history.loading && !history.data}
          error={history.data ? null : history.error}
          onRetry={history.reload}
          emptyMessage="You have not placed any market orders yet"
          pagination={
            history.data
              ? { page: history.data.page, pageSize: history.data.pageSize, total: history.data.total, onPageChange: setHistoryPage }
              : undefined
          }
        />
      </Section>
      <ConfirmDialog
        open={cancelling.open}
        title="Cancel this market order?"
        message={
          o
            ? `${orderLabel(o)}: ${unitsPhrase(o.remaining)} not traded yet will be taken off the book${
                o.side === 'BUY' ? ` and ${formatMoney(o.held)} goes back to your wallet.` : ' and are available to you again.'
              } What has already traded stays traded.`
            : ''
        }
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        loading={busy}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling((c) => ({ ...c, open: false }))}
      />
    </Box>
  );
}
