// A person's money and listings, as admins see them (spec 6 and 7): orders, wallet,
// holdings (investors) and properties (owners).
import { Box, Typography } from 'shared-ui/mui';
import { DataTable, StatCard, StatusBadge, formatDate, formatMoney, formatNumber, useAsync } from 'shared-ui';
import { getInvestorHoldings, getOwnersProperties, getTransactions, getUserOrders, getUserWallet } from 'shared-api';
import { PROPERTY_TYPE_LABELS, amountRaised, paths, unitsSold } from 'shared-api/contract';
import { LEDGER_TYPE_LABELS, ORDER_STATUS_LABELS, PROPERTY_STATUS_LABELS } from 'shared-api/labels';
import { DateTimeCell, PropertyLink, RouterTextLink } from '../../components/links';
import { Section } from '../../components/section';
import { useUrlFilters } from '../../lib/use-url-filters';

const PAGE_SIZE = 10;

export function OrdersPanel({ userId }: { userId: string }) {
  const { page, setPage } = useUrlFilters([] as const);
  const { data, error, loading, reload } = useAsync(() => getUserOrders(userId, { page, pageSize: PAGE_SIZE }), [userId, page]);
  return (
    <Section title="Orders" actions={<RouterTextLink to={paths.orders}>Pending orders queue</RouterTextLink>}>
      <DataTable
        label="Orders of this investor"
        rows={data?.items}
        getRowId={(o) => o._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage="No orders yet"
        pagination={data ? { page, pageSize: PAGE_SIZE, total: data.total, onPageChange: setPage } : undefined}
        columns={[
          { key: 'createdAt', header: 'Placed', render: (o) => <DateTimeCell value={o.createdAt} /> },
          { key: 'property', header: 'Property', render: (o) => <PropertyLink id={o.propertyId} name={o.property?.name} /> },
          { key: 'quantity', header: 'Units', align: 'right', render: (o) => formatNumber(o.quantity) },
          { key: 'unitPrice', header: 'Unit price', align: 'right', render: (o) => formatMoney(o.unitPrice) },
          { key: 'amount', header: 'Amount', align: 'right', render: (o) => formatMoney(o.amount) },
          { key: 'status', header: 'Status', render: (o) => <StatusBadge status={o.status} label={ORDER_STATUS_LABELS[o.status]} /> },
        ]}
      />
    </Section>
  );
}

export function WalletPanel({ userId }: { userId: string }) {
  const wallet = useAsync(() => getUserWallet(userId), [userId]);
  const ledger = useAsync(() => getTransactions({ userId, page: 1, pageSize: PAGE_SIZE }), [userId]);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Section title="Wallet">
        {wallet.error ? (
          <Typography role="alert" color="error">
            {wallet.error}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 210px), 1fr))' }}>
            <StatCard title="Available balance" value={wallet.data ? formatMoney(wallet.data.balance) : '…'} />
            <StatCard title="Held (pending orders and withdrawals)" value={wallet.data ? formatMoney(wallet.data.held) : '…'} />
          </Box>
        )}
      </Section>
      <Section
        title="Latest movements"
        actions={<RouterTextLink to={`${paths.transactions}?user=${encodeURIComponent(userId)}`}>Full ledger</RouterTextLink>}
      >
        <DataTable
          label="Latest wallet movements"
          rows={ledger.data?.items}
          getRowId={(t) => t._id}
          loading={ledger.loading}
          error={ledger.error}
          onRetry={ledger.reload}
          emptyMessage="No movements yet"
          columns={[
            { key: 'createdAt', header: 'Date', render: (t) => <DateTimeCell value={t.createdAt} /> },
            { key: 'type', header: 'Type', render: (t) => LEDGER_TYPE_LABELS[t.type] ?? t.type },
            { key: 'description', header: 'Description', render: (t) => t.description || '—' },
            { key: 'amount', header: 'Amount', align: 'right', render: (t) => formatMoney(t.amount) },
            { key: 'balanceAfter', header: 'Balance after', align: 'right', render: (t) => formatMoney(t.balanceAfter) },
          ]}
        />
      </Section>
    </Box>
  );
}

export function HoldingsPanel({ userId }: { userId: string }) {
  const { data, error, loading, reload } = useAsync(() => getInvestorHoldings(userId), [userId]);
  const invested = data?.reduce((sum, h) => sum + h.amountInvested, 0) ?? 0;
  return (
    <Section
      title="Holdings"
      actions={data && data.length > 0 ? <Typography color="text.secondary">{`${formatMoney(invested)} invested`}</Typography> : undefined}
    >
      <DataTable
        label="Holdings of this investor"
        rows={data}
        getRowId={(h) => h._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage="No holdings yet"
        columns={[
          { key: 'property', header: 'Property', render: (h) => <PropertyLink id={h.propertyId} name={h.property?.name} /> },
          { key: 'type', header: 'Type', render: (h) => (h.property ? PROPERTY_TYPE_LABELS[h.property.type] : '—') },
          { key: 'quantity', header: 'Units', align: 'right', render: (h) => formatNumber(h.quantity) },
          { key: 'amountInvested', header: 'Invested', align: 'right', render: (h) => formatMoney(h.amountInvested) },
          {
            key: 'value',
            header: 'Value at unit price',
            align: 'right',
            render: (h) => (h.property ? formatMoney(h.quantity * h.property.unitPrice) : '—'),
          },
          { key: 'createdAt', header: 'Since', render: (h) => formatDate(h.createdAt) },
        ]}
      />
    </Section>
  );
}

export function PropertiesPanel({ ownerId }: { ownerId: string }) {
  const { page, setPage } = useUrlFilters([] as const);
  const { data, error, loading, reload } = useAsync(() => getOwnersProperties(ownerId, { page, pageSize: PAGE_SIZE }), [ownerId, page]);
  return (
    <Section
      title="Properties"
      actions={<RouterTextLink to={`${paths.listings}?owner=${encodeURIComponent(ownerId)}`}>Manage in Listings</RouterTextLink>}
    >
      <DataTable
        label="Properties of this owner"
        rows={data?.items}
        getRowId={(p) => p._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage="No properties listed yet"
        pagination={data ? { page, pageSize: PAGE_SIZE, total: data.total, onPageChange: setPage } : undefined}
        columns={[
          { key: 'name', header: 'Property', render: (p) => <PropertyLink id={p._id} name={p.name} /> },
          { key: 'type', header: 'Type', render: (p) => PROPERTY_TYPE_LABELS[p.type] },
          { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.status} label={PROPERTY_STATUS_LABELS[p.status]} /> },
          {
            key: 'units',
            header: 'Units sold',
            align: 'right',
            render: (p) => `${formatNumber(unitsSold(p))} / ${formatNumber(p.totalQuantity)}`,
          },
          { key: 'raised', header: 'Raised', align: 'right', render: (p) => formatMoney(amountRaised(p)) },
          { key: 'createdAt', header: 'Listed', render: (p) => formatDate(p.createdAt) },
        ]}
      />
    </Section>
  );
}
