// /dashboard/orders: the investor's orders, filtered by status (?status=), paged (?page=),
// with Cancel on a PENDING order and the wallet balance that shows its refund.
import { useMemo, useState } from 'react';
import { Box, Link, Paper, Typography } from 'shared-ui/mui';
import { Tab, Tabs } from 'shared-ui/mui-data';
import { Link as RouterLink, useSearchParams } from 'shared-ui/router';
import {
  Button,
  DataTable,
  formatDate,
  formatMoney,
  formatNumber,
  PageHeader,
  StatusBadge,
  type DataTableColumn,
  visuallyHidden,
} from 'shared-ui';
import { queries, queryKeys, useApiQuery, useInvalidate } from 'shared-api/query';
import { ORDER_STATUSES, paths, type Order, type OrderStatus } from 'shared-api/contract';
import { ORDER_STATUS_LABELS } from 'shared-api/labels';
import { AccountStatusNotice } from '../../../components/account-status-notice';
import { useIsPhone } from '../../../lib/use-is-phone';
import { CancelOrderDialog, unitsPhrase } from './cancel-order-dialog';

export const ORDERS_PAGE_SIZE = 10;

const FILTERS: readonly { value: OrderStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
];

function readStatus(raw: string | null): OrderStatus | '' {
  return raw && (ORDER_STATUSES as readonly string[]).includes(raw) ? (raw as OrderStatus) : '';
}

function readPage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function WalletSummary({ balance, held, loading, error }: { balance?: number; held?: number; loading: boolean; error: string | null }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Wallet"
      sx={{ p: 2, mb: 3, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, sm: 3 } }}
    >
      <Box>
        <Typography variant="body2" color="text.secondary">
          Wallet balance
        </Typography>
        <Typography component="p" variant="h5" sx={{ fontWeight: 700 }} data-testid="wallet-balance" aria-busy={loading || undefined}>
          {error ? 'Unavailable' : balance === undefined ? '…' : formatMoney(balance)}
        </Typography>
      </Box>
      {held !== undefined && !error && (
        <Box>
          <Typography variant="body2" color="text.secondary">
            Held for pending orders and withdrawals
          </Typography>
          <Typography component="p" sx={{ fontWeight: 600 }}>
            {formatMoney(held)}
          </Typography>
        </Box>
      )}
      <Link component={RouterLink} to={paths.wallet} sx={{ ml: { sm: 'auto' } }}>
        Go to wallet
      </Link>
    </Paper>
  );
}

export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const page = readPage(params.get('page'));
  const [cancelling, setCancelling] = useState<{ open: boolean; order: Order | null }>({ open: false, order: null });

  const orders = useApiQuery(queries.me.orders({ status: status || undefined, page, pageSize: ORDERS_PAGE_SIZE }));
  const wallet = useApiQuery(queries.me.wallet());
  const invalidate = useInvalidate();

  const setFilter = (next: { status?: OrderStatus | ''; page?: number }) => {
    const s = next.status ?? status;
    const p = next.page ?? page;
    const out = new URLSearchParams();
    if (s) out.set('status', s);
    if (p > 1) out.set('page', String(p));
    setParams(out, { replace: false });
  };

  const phone = useIsPhone();
  const columns = useMemo<DataTableColumn<Order>[]>(() => {
    const property = (o: Order) =>
      o.property ? (
        <Link component={RouterLink} to={paths.property(o.propertyId)}>
          {o.property.name}
        </Link>
      ) : (
        'Property removed'
      );
    const status = (o: Order) => (
      <Box>
        <StatusBadge status={o.status} label={ORDER_STATUS_LABELS[o.status]} />
        {o.status === 'REJECTED' && o.reason && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, maxWidth: 220 }}>
            {o.reason}
          </Typography>
        )}
      </Box>
    );
    const cancel = (o: Order) =>
      o.status === 'PENDING' ? (
        <Button
          variant="outline-blue"
          size="XS"
          onClick={() => setCancelling({ open: true, order: o })}
          aria-label={`Cancel order of ${unitsPhrase(o.quantity)} of ${o.property?.name ?? 'this property'}`}
        >
          Cancel
        </Button>
      ) : null;
    if (phone) {
      // Two columns fit a phone: the order, then its money and what can be done.
      return [
        {
          key: 'order',
          header: 'Order',
          render: (o) => (
            <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
              {property(o)}
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                {unitsPhrase(o.quantity)} · {formatDate(o.createdAt)}
              </Box>
              {status(o)}
            </Box>
          ),
        },
        {
          key: 'amount',
          header: 'Amount',
          align: 'right',
          render: (o) => (
            <Box sx={{ display: 'grid', gap: 1, justifyItems: 'end' }}>
              <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatMoney(o.amount)}
              </Box>
              {cancel(o)}
            </Box>
          ),
        },
      ];
    }
    return [
      { key: 'createdAt', header: 'Date', render: (o) => formatDate(o.createdAt) },
      { key: 'property', header: 'Property', render: property },
      { key: 'quantity', header: 'Units', align: 'right', render: (o) => formatNumber(o.quantity) },
      { key: 'unitPrice', header: 'Unit price', align: 'right', render: (o) => formatMoney(o.unitPrice) },
      { key: 'amount', header: 'Amount', align: 'right', render: (o) => formatMoney(o.amount) },
      { key: 'status', header: 'Status', render: status },
      {
        key: 'actions',
        header: (
          <Box component="span" sx={visuallyHidden}>
            Actions
          </Box>
        ),
        align: 'right',
        render: cancel,
      },
    ];
  }, [phone]);

  const activeTab = FILTERS.findIndex((f) => f.value === status);
  const data = orders.data;
  const emptyMessage = status ? `No ${ORDER_STATUS_LABELS[status].toLowerCase()} orders` : 'You have not placed any orders yet';

  return (
    <Box>
      <PageHeader
        title="Orders"
        subtitle="Your orders and where they stand. A pending order holds its amount until an admin approves it; you can cancel it until then."
        actions={
          <Button variant="filled-blue" component={RouterLink} to={paths.properties}>
            Browse properties
          </Button>
        }
      />
      <AccountStatusNotice />
      <WalletSummary balance={wallet.data?.balance} held={wallet.data?.held} loading={wallet.loading} error={wallet.error} />

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={activeTab < 0 ? 0 : activeTab}
          onChange={(_e, i: number) => setFilter({ status: FILTERS[i].value, page: 1 })}
          aria-label="Filter orders by status"
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {FILTERS.map((f, i) => (
            <Tab key={f.label} label={f.label} id={`orders-tab-${i}`} aria-controls="orders-panel" />
          ))}
        </Tabs>
      </Box>

      <Box role="tabpanel" id="orders-panel" aria-labelledby={`orders-tab-${activeTab < 0 ? 0 : activeTab}`}>
        <DataTable
          label="Orders"
          columns={columns}
          rows={data?.items}
          getRowId={(o) => o._id}
          loading={orders.loading}
          error={orders.error}
          onRetry={orders.reload}
          emptyMessage={emptyMessage}
          emptyAction={
            !status && (
              <Button variant="filled-blue" size="SM" component={RouterLink} to={paths.properties}>
                Browse properties
              </Button>
            )
          }
          pagination={
            data ? { page: data.page, pageSize: data.pageSize, total: data.total, onPageChange: (p) => setFilter({ page: p }) } : undefined
          }
        />
      </Box>

      <CancelOrderDialog
        open={cancelling.open}
        order={cancelling.order}
        onClose={() => setCancelling((c) => ({ ...c, open: false }))}
        onDone={() => {
          setCancelling((c) => ({ ...c, open: false }));
          // Cancelled or refused, the server has the last word: the orders, the wallet and
          // the ledger are asked again.
          void invalidate(queryKeys.me.all);
        }}
      />
    </Box>
  );
}
