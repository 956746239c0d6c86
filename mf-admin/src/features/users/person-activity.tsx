// A person's money and listings, as admins see them (spec 6 and 7): orders, wallet,
// holdings (investors) and properties (owners). Each table keeps its sort and size under its
// own names in the address (?ordersSort=…, ?holdingsSort=…), so one tab's choice never
// lands on another's.
import { Box, Typography } from 'shared-ui/mui';
import { DataTable, StatCard, StatusBadge, formatDate, formatMoney, formatNumber, useAsync } from 'shared-ui';
import { getInvestorHoldings, getOwnersProperties, getTransactions, getUserOrders, getUserWallet } from 'shared-api/admin';
import { useAdminCan } from '../../lib/admin-access';
import {
  PROPERTY_TYPE_LABELS,
  amountRaised,
  paths,
  unitsSold,
  type Holding,
  type LedgerEntry,
  type Order,
  type OrderSort,
  type PropertyWithRevision,
} from 'shared-api/contract';
import { LEDGER_TYPE_LABELS, ORDER_STATUS_LABELS, PROPERTY_STATUS_LABELS } from 'shared-api/labels';
import { DateTimeCell, PropertyLink, RouterTextLink } from '../../components/links';
import { Section } from '../../components/section';
import {
  DownloadCsvButton,
  PageSizeSelect,
  TableTools,
  collectPages,
  sortQuery,
  sortableColumns,
  useClientSort,
  usePageSize,
  useTableControls,
  type CsvColumn,
} from '../../lib/table-kit';
import { useUrlFilters } from '../../lib/use-url-filters';

const PAGE_SIZE = 10;
/** The lists paged here go back to their first page on another order or size. */
const PAGING = ['page', 'after', 'before'] as const;

// The server's allow-list (ORDER_SORTS): the orders are paged there, so they are sorted there.
const ORDER_SORTS: readonly OrderSort[] = ['createdAt', 'amount', 'quantity', 'status'];

export const ORDERS_CSV: CsvColumn<Order>[] = [
  { header: 'Order', value: (o) => o._id },
  { header: 'Placed', value: (o) => o.createdAt },
  { header: 'Property', value: (o) => o.property?.name ?? o.propertyId },
  { header: 'Units', value: (o) => o.quantity },
  { header: 'Unit price', value: (o) => o.unitPrice },
  { header: 'Amount', value: (o) => o.amount },
  { header: 'Status', value: (o) => ORDER_STATUS_LABELS[o.status] },
];

export const LEDGER_CSV: CsvColumn<LedgerEntry>[] = [
  { header: 'Date', value: (t) => t.createdAt },
  { header: 'Type', value: (t) => LEDGER_TYPE_LABELS[t.type] ?? t.type },
  { header: 'Description', value: (t) => t.description },
  { header: 'Amount', value: (t) => t.amount },
  { header: 'Balance after', value: (t) => t.balanceAfter },
];

const holdingValue = (h: Holding) => (h.property ? h.quantity * h.property.unitPrice : null);

export const HOLDINGS_CSV: CsvColumn<Holding>[] = [
  { header: 'Property', value: (h) => h.property?.name ?? h.propertyId },
  { header: 'Type', value: (h) => (h.property ? PROPERTY_TYPE_LABELS[h.property.type] : null) },
  { header: 'Units', value: (h) => h.quantity },
  { header: 'Invested', value: (h) => h.amountInvested },
  { header: 'Value at unit price', value: (h) => holdingValue(h) },
  { header: 'Since', value: (h) => h.createdAt },
];

export const PROPERTIES_CSV: CsvColumn<PropertyWithRevision>[] = [
  { header: 'Property', value: (p) => p.name },
  { header: 'Type', value: (p) => PROPERTY_TYPE_LABELS[p.type] },
  { header: 'Status', value: (p) => PROPERTY_STATUS_LABELS[p.status] },
  { header: 'Units sold', value: (p) => unitsSold(p) },
  { header: 'Units', value: (p) => p.totalQuantity },
  { header: 'Raised', value: (p) => amountRaised(p) },
  { header: 'Listed', value: (p) => p.createdAt },
];

export function OrdersPanel({ userId }: { userId: string }) {
  const { page, setPage } = useUrlFilters([] as const);
  const table = useTableControls(ORDER_SORTS, { sort: 'createdAt', order: 'desc', pageSize: PAGE_SIZE, prefix: 'orders', resets: PAGING });
  const sort = sortQuery(table);
  const { data, error, loading, reload } = useAsync(
    () => getUserOrders(userId, { ...sort, page, pageSize: table.pageSize }),
    [userId, page, table.pageSize, sort.sort, sort.order],
  );
  return (
    <Section title="Orders" actions={<RouterTextLink to={paths.orders}>Pending orders queue</RouterTextLink>}>
      <TableTools>
        <PageSizeSelect value={table.pageSize} sizes={table.sizes} onChange={table.setPageSize} />
        <DownloadCsvButton
          filename={`orders-${userId}.csv`}
          columns={ORDERS_CSV}
          rows={() => collectPages((p) => getUserOrders(userId, { ...sort, ...p }))}
        />
      </TableTools>
      <DataTable
        label="Orders of this investor"
        rows={data?.items}
        getRowId={(o) => o._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage="No orders yet"
        pagination={data ? { page, pageSize: table.pageSize, total: data.total, onPageChange: setPage } : undefined}
        columns={sortableColumns<Order, OrderSort>(
          [
            { key: 'createdAt', header: 'Placed', render: (o) => <DateTimeCell value={o.createdAt} /> },
            { key: 'property', header: 'Property', render: (o) => <PropertyLink id={o.propertyId} name={o.property?.name} /> },
            { key: 'quantity', header: 'Units', align: 'right', render: (o) => formatNumber(o.quantity) },
            { key: 'unitPrice', header: 'Unit price', align: 'right', render: (o) => formatMoney(o.unitPrice) },
            { key: 'amount', header: 'Amount', align: 'right', render: (o) => formatMoney(o.amount) },
            { key: 'status', header: 'Status', render: (o) => <StatusBadge status={o.status} label={ORDER_STATUS_LABELS[o.status]} /> },
          ],
          { createdAt: 'createdAt', quantity: 'quantity', amount: 'amount', status: 'status' },
          table,
        )}
      />
    </Section>
  );
}

export function WalletPanel({ userId }: { userId: string }) {
  const wallet = useAsync(() => getUserWallet(userId), [userId]);
  // The ledger is finance's: other admin roles see the balance only.
  const canLedger = useAdminCan('transactions.read');
  // The latest movements only (the full ledger is a link away): how many is the admin's choice,
  // and those shown are sorted here.
  const size = usePageSize(PAGE_SIZE, { prefix: 'ledger' });
  const ledger = useAsync(
    () => (canLedger ? getTransactions({ userId, page: 1, pageSize: size.pageSize }) : Promise.resolve(null)),
    [userId, canLedger, size.pageSize],
  );
  const sorted = useClientSort(
    ledger.data?.items,
    {
      createdAt: (t: LedgerEntry) => t.createdAt,
      type: (t: LedgerEntry) => LEDGER_TYPE_LABELS[t.type] ?? t.type,
      amount: (t: LedgerEntry) => t.amount,
      balanceAfter: (t: LedgerEntry) => t.balanceAfter,
    },
    { prefix: 'ledger' },
  );
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
      {canLedger && (
        <Section
          title="Latest movements"
          actions={<RouterTextLink to={`${paths.transactions}?user=${encodeURIComponent(userId)}`}>Full ledger</RouterTextLink>}
        >
          <TableTools>
            <PageSizeSelect value={size.pageSize} sizes={size.sizes} onChange={size.setPageSize} label="Movements shown" />
            <DownloadCsvButton filename={`wallet-movements-${userId}.csv`} columns={LEDGER_CSV} rows={sorted.rows ?? []} />
          </TableTools>
          <DataTable
            label="Latest wallet movements"
            rows={sorted.rows}
            getRowId={(t) => t._id}
            loading={ledger.loading}
            error={ledger.error}
            onRetry={ledger.reload}
            emptyMessage="No movements yet"
            columns={sortableColumns(
              [
                { key: 'createdAt', header: 'Date', render: (t: LedgerEntry) => <DateTimeCell value={t.createdAt} /> },
                { key: 'type', header: 'Type', render: (t) => LEDGER_TYPE_LABELS[t.type] ?? t.type },
                { key: 'description', header: 'Description', render: (t) => t.description || '—' },
                { key: 'amount', header: 'Amount', align: 'right', render: (t) => formatMoney(t.amount) },
                { key: 'balanceAfter', header: 'Balance after', align: 'right', render: (t) => formatMoney(t.balanceAfter) },
              ],
              { createdAt: 'createdAt', type: 'type', amount: 'amount', balanceAfter: 'balanceAfter' },
              sorted,
            )}
          />
        </Section>
      )}
    </Box>
  );
}

export function HoldingsPanel({ userId }: { userId: string }) {
  const { data, error, loading, reload } = useAsync(() => getInvestorHoldings(userId), [userId]);
  const invested = data?.reduce((sum, h) => sum + h.amountInvested, 0) ?? 0;
  // The holdings come whole: they are sorted here.
  const sorted = useClientSort(
    data,
    {
      property: (h: Holding) => h.property?.name,
      type: (h: Holding) => (h.property ? PROPERTY_TYPE_LABELS[h.property.type] : null),
      quantity: (h: Holding) => h.quantity,
      amountInvested: (h: Holding) => h.amountInvested,
      value: holdingValue,
      createdAt: (h: Holding) => h.createdAt,
    },
    { prefix: 'holdings' },
  );
  return (
    <Section
      title="Holdings"
      actions={data && data.length > 0 ? <Typography color="text.secondary">{`${formatMoney(invested)} invested`}</Typography> : undefined}
    >
      {data && data.length > 0 && (
        <TableTools>
          <DownloadCsvButton filename={`holdings-${userId}.csv`} columns={HOLDINGS_CSV} rows={sorted.rows ?? []} />
        </TableTools>
      )}
      <DataTable
        label="Holdings of this investor"
        rows={sorted.rows}
        getRowId={(h) => h._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage="No holdings yet"
        columns={sortableColumns(
          [
            { key: 'property', header: 'Property', render: (h: Holding) => <PropertyLink id={h.propertyId} name={h.property?.name} /> },
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
          ],
          {
            property: 'property',
            type: 'type',
            quantity: 'quantity',
            amountInvested: 'amountInvested',
            value: 'value',
            createdAt: 'createdAt',
          },
          sorted,
        )}
      />
    </Section>
  );
}

export function PropertiesPanel({ ownerId }: { ownerId: string }) {
  const { page, setPage } = useUrlFilters([] as const);
  // Paged by the server, which takes no sort: a page size and the CSV of every one.
  const size = usePageSize(PAGE_SIZE, { prefix: 'properties', resets: PAGING });
  const { data, error, loading, reload } = useAsync(
    () => getOwnersProperties(ownerId, { page, pageSize: size.pageSize }),
    [ownerId, page, size.pageSize],
  );
  return (
    <Section
      title="Properties"
      actions={<RouterTextLink to={`${paths.listings}?owner=${encodeURIComponent(ownerId)}`}>Manage in Listings</RouterTextLink>}
    >
      <TableTools>
        <PageSizeSelect value={size.pageSize} sizes={size.sizes} onChange={size.setPageSize} />
        <DownloadCsvButton
          filename={`properties-${ownerId}.csv`}
          columns={PROPERTIES_CSV}
          rows={() => collectPages((p) => getOwnersProperties(ownerId, { page: p.page, pageSize: p.pageSize }))}
        />
      </TableTools>
      <DataTable
        label="Properties of this owner"
        rows={data?.items}
        getRowId={(p) => p._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage="No properties listed yet"
        pagination={data ? { page, pageSize: size.pageSize, total: data.total, onPageChange: setPage } : undefined}
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
