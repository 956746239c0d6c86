// /dashboard/orders for an admin: every order, and the queue of PENDING ones to
// approve (units go to the investor's holdings, the owner is paid) or reject (refund).
import { useState } from 'react';
import { Box, Chip, Typography } from 'shared-ui/mui';
import { Tab, Tabs } from 'shared-ui/mui-data';
import { Button, ConfirmDialog, DataTable, PageHeader, StatusBadge, formatMoney, formatNumber, toast } from 'shared-ui';
import { readError } from 'shared-api';
import { deleteOrder, getAllOrders, reviewOrder } from 'shared-api/admin';
import { adminQueries } from 'shared-api/admin/query';
import { queryKeys, useApiQuery, useInvalidate } from 'shared-api/query';
import type { Order, OrderSort, OrderStatus, User } from 'shared-api/contract';
import { ORDER_REVIEW_MAX, ORDER_REVIEW_MESSAGES } from 'shared-api/contract/admin';
import { ORDER_STATUS_LABELS } from 'shared-api/labels';
import { DecisionDialog } from '../../components/decision-dialog';
import { Checkbox, FormControlLabel } from 'shared-ui/mui-forms';
import { ReviewSelectedDialogs, totalOf, type BulkDecision } from './review-selected';
import { FilterBar, SelectFilter, optionsOf } from '../../components/filter-bar';
import { DateTimeCell, PropertyLink, fullName } from '../../components/links';
import { PersonWithStatus } from '../../components/person-status';
import { usePeople } from '../../lib/directory';
import { pageOf, useUrlFilters } from '../../lib/use-url-filters';
import {
  DownloadCsvButton,
  PageSizeSelect,
  TableTools,
  collectPages,
  sortQuery,
  sortableColumns,
  useTableControls,
} from '../../lib/table-kit';

export const ORDERS_PAGE_SIZE = 20;
const FILTERS = ['tab', 'status'] as const;
// The server's allow-list (ORDER_SORTS): orders are paged there, so they are sorted there.
const SORTS: readonly OrderSort[] = ['createdAt', 'amount', 'quantity', 'status'];
const SORTABLE: Record<string, OrderSort> = { createdAt: 'createdAt', quantity: 'quantity', amount: 'amount', status: 'status' };

function describe(o: Order, people: Map<string, User>): string {
  const investor = people.get(o.investorId);
  const who = investor ? fullName(investor) : 'the investor';
  return `${formatNumber(o.quantity)} unit${o.quantity === 1 ? '' : 's'} of ${o.property?.name ?? 'this property'} for ${formatMoney(o.amount)}, ordered by ${who}`;
}

export function OrdersPage() {
  const { filters, page, cursor, setFilters, setPage } = useUrlFilters(FILTERS);
  const tab = filters.tab === 'all' ? 'all' : 'pending';
  const people = usePeople();
  const status = (tab === 'pending' ? 'PENDING' : filters.status || undefined) as OrderStatus | undefined;
  const table = useTableControls(SORTS, { sort: 'createdAt', order: 'desc', pageSize: ORDERS_PAGE_SIZE });
  const listQuery = { status, ...sortQuery(table) };
  const { data, error, loading, reload } = useApiQuery(adminQueries.orders({ ...listQuery, page, ...cursor, pageSize: table.pageSize }));
  const pending = useApiQuery(adminQueries.orders({ status: 'PENDING', page: 1, pageSize: 1 }));
  // A decision or a removal changes every list of orders (and the pending count).
  const invalidate = useInvalidate();
  const refresh = () => void invalidate(queryKeys.admin.orders());
  const [deciding, setDeciding] = useState<{ order: Order; decision: 'APPROVE' | 'REJECT' } | null>(null);
  const [removing, setRemoving] = useState<Order | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  // Pending orders ticked for "Approve selected" / "Reject selected" (by id, kept across pages).
  const [selected, setSelected] = useState<Map<string, Order>>(new Map());
  const [bulk, setBulk] = useState<BulkDecision | null>(null);
  const toggle = (o: Order) =>
    setSelected((was) => {
      const next = new Map(was);
      if (next.has(o._id)) next.delete(o._id);
      else next.set(o._id, o);
      return next;
    });
  const pageOrders = (data?.items ?? []).filter((o) => o.status === 'PENDING');
  const pageTicked = pageOrders.filter((o) => selected.has(o._id)).length;
  const allOnPage = pageOrders.length > 0 && pageTicked === pageOrders.length;
  const toggleAllOnPage = () =>
    setSelected((was) => {
      const next = new Map(was);
      for (const o of pageOrders) {
        if (allOnPage) next.delete(o._id);
        else next.set(o._id, o);
      }
      return next;
    });
  const selectedTotal = totalOf([...selected.values()]);
  // The server takes at most ORDER_REVIEW_MAX in one decision; say so before it refuses.
  const canDecide = selected.size > 0 && selected.size <= ORDER_REVIEW_MAX;

  const remove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    try {
      await deleteOrder(removing._id);
      toast.success('Order removed from the lists; its ledger entries stay');
      setRemoving(null);
      refresh();
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setRemoveBusy(false);
    }
  };

  const decide = async (reason: string) => {
    if (!deciding) return;
    const { order, decision } = deciding;
    await reviewOrder(order._id, decision === 'APPROVE' ? { decision } : { decision, reason });
    setDeciding(null);
    // Decided on its own: no longer part of a lot to decide.
    setSelected((was) => {
      if (!was.has(order._id)) return was;
      const next = new Map(was);
      next.delete(order._id);
      return next;
    });
    toast.success(
      decision === 'APPROVE' ? 'Order approved: the units are in the investor’s holdings' : 'Order rejected: the investor was refunded',
    );
    void invalidate(queryKeys.admin.all);
  };

  const pendingCount = pending.data?.total;

  return (
    <Box>
      <PageHeader title="Orders" subtitle="Investors’ orders: approve or reject the pending ones." />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => setFilters({ tab: v === 'all' ? 'all' : '', status: '' })}
        aria-label="Orders views"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="pending"
          id="orders-tab-pending"
          aria-controls="orders-panel"
          label={
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              Pending approval
              {pendingCount !== undefined && (
                <Chip
                  size="small"
                  color={pendingCount > 0 ? 'warning' : 'default'}
                  label={formatNumber(pendingCount)}
                  aria-label={`${formatNumber(pendingCount)} pending`}
                />
              )}
            </Box>
          }
        />
        <Tab value="all" id="orders-tab-all" aria-controls="orders-panel" label="All orders" />
      </Tabs>
      <Box role="tabpanel" id="orders-panel" aria-labelledby={`orders-tab-${tab}`}>
        {tab === 'all' && (
          <FilterBar label="Filter orders">
            <SelectFilter
              label="Status"
              value={filters.status}
              onChange={(s) => setFilters({ status: s })}
              options={optionsOf(ORDER_STATUS_LABELS)}
              allLabel="Any status"
            />
          </FilterBar>
        )}
        <Box
          role="group"
          aria-label="Decide selected orders"
          sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
        >
          <FormControlLabel
            control={
              <Checkbox
                checked={allOnPage}
                indeterminate={pageTicked > 0 && !allOnPage}
                disabled={pageOrders.length === 0}
                onChange={toggleAllOnPage}
              />
            }
            label="Select all pending on this page"
          />
          <Button variant="outline-blue" size="SM" disabled={!canDecide} onClick={() => setBulk('APPROVE')}>
            {`Approve selected (${selected.size})`}
          </Button>
          <Button variant="text" size="SM" sx={{ color: 'error.main' }} disabled={!canDecide} onClick={() => setBulk('REJECT')}>
            {`Reject selected (${selected.size})`}
          </Button>
          {selected.size > 0 && (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {`${formatNumber(selected.size)} selected, ${formatMoney(selectedTotal)} in all`}
              {selected.size > ORDER_REVIEW_MAX && `. ${ORDER_REVIEW_MESSAGES.tooMany}`}
            </Typography>
          )}
        </Box>
        <TableTools>
          <PageSizeSelect value={table.pageSize} sizes={table.sizes} onChange={table.setPageSize} />
          <DownloadCsvButton<Order>
            filename={tab === 'pending' ? 'orders-pending.csv' : 'orders.csv'}
            rows={() => collectPages((p) => getAllOrders({ ...listQuery, ...p }))}
            columns={[
              { header: 'Order', value: (o) => o._id },
              { header: 'Placed', value: (o) => o.createdAt },
              { header: 'Investor', value: (o) => (o.investor ? fullName(o.investor) : o.investorId) },
              { header: 'Investor e-mail', value: (o) => o.investor?.email },
              { header: 'Property', value: (o) => o.property?.name ?? o.propertyId },
              { header: 'Units', value: (o) => o.quantity },
              { header: 'Unit price', value: (o) => o.unitPrice },
              { header: 'Amount', value: (o) => o.amount },
              { header: 'Status', value: (o) => ORDER_STATUS_LABELS[o.status] },
              { header: 'Reason', value: (o) => o.reason },
            ]}
          />
        </TableTools>
        <DataTable
          label={tab === 'pending' ? 'Orders pending approval' : 'All orders'}
          rows={data?.items}
          getRowId={(o) => o._id}
          loading={loading}
          error={error}
          onRetry={reload}
          emptyMessage={tab === 'pending' ? 'No order is waiting for approval' : 'No order matches these filters'}
          pagination={data ? { page, pageSize: table.pageSize, ...pageOf(data), onPageChange: setPage } : undefined}
          columns={sortableColumns<Order, OrderSort>(
            [
              {
                key: 'select',
                header: 'Select',
                render: (o) =>
                  o.status === 'PENDING' ? (
                    <Checkbox
                      checked={selected.has(o._id)}
                      onChange={() => toggle(o)}
                      slotProps={{ input: { 'aria-label': `Select order: ${describe(o, people)}` } }}
                    />
                  ) : null,
              },
              { key: 'createdAt', header: 'Placed', render: (o) => <DateTimeCell value={o.createdAt} /> },
              {
                key: 'investor',
                header: 'Investor',
                render: (o) => (
                  <PersonWithStatus
                    id={o.investorId}
                    people={people}
                    fallback={o.investor ? { ...o.investor, role: 'INVESTOR' } : null}
                    status={o.investor?.status}
                  />
                ),
              },
              { key: 'property', header: 'Property', render: (o) => <PropertyLink id={o.propertyId} name={o.property?.name} /> },
              {
                key: 'quantity',
                header: 'Units',
                align: 'right',
                render: (o) => (
                  <Box sx={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(o.quantity)} × {formatMoney(o.unitPrice)}
                  </Box>
                ),
              },
              { key: 'amount', header: 'Amount', align: 'right', render: (o) => formatMoney(o.amount) },
              {
                key: 'status',
                header: 'Status',
                render: (o) => (
                  <Box sx={{ minWidth: 110 }}>
                    <StatusBadge status={o.status} label={ORDER_STATUS_LABELS[o.status]} />
                    {o.reason && (
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        {o.reason}
                      </Typography>
                    )}
                  </Box>
                ),
              },
              {
                key: 'actions',
                header: 'Actions',
                render: (o) =>
                  o.status === 'PENDING' ? (
                    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'stretch' }}>
                      <Button
                        variant="filled-blue"
                        size="XS"
                        onClick={() => setDeciding({ order: o, decision: 'APPROVE' })}
                        aria-label={`Approve order: ${describe(o, people)}`}
                      >
                        Approve
                      </Button>
                      <Button
                        variant="text"
                        size="XS"
                        sx={{ color: 'error.main' }}
                        onClick={() => setDeciding({ order: o, decision: 'REJECT' })}
                        aria-label={`Reject order: ${describe(o, people)}`}
                      >
                        Reject
                      </Button>
                    </Box>
                  ) : o.status === 'REJECTED' || o.status === 'CANCELLED' ? (
                    <Button variant="text" size="XS" onClick={() => setRemoving(o)} aria-label={`Remove order: ${describe(o, people)}`}>
                      Remove
                    </Button>
                  ) : (
                    '—'
                  ),
              },
            ],
            SORTABLE,
            table,
          )}
        />
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this order from the lists?"
        message={
          removing
            ? `${describe(removing, people)}. The order is ${ORDER_STATUS_LABELS[removing.status].toLowerCase()}; its ledger entries stay on record.`
            : ''
        }
        confirmLabel="Remove order"
        loading={removeBusy}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
      <ReviewSelectedDialogs
        decision={bulk}
        orders={[...selected.values()]}
        onClose={() => setBulk(null)}
        onDone={() => {
          setBulk(null);
          setSelected(new Map());
          void invalidate(queryKeys.admin.all);
        }}
      />
      <DecisionDialog
        open={deciding?.decision === 'APPROVE'}
        title="Approve this order?"
        description={deciding ? `${describe(deciding.order, people)}. The units go to the investor’s holdings and the owner is paid.` : ''}
        confirmLabel="Approve order"
        onConfirm={() => decide('')}
        onClose={() => setDeciding(null)}
      />
      <DecisionDialog
        open={deciding?.decision === 'REJECT'}
        title="Reject this order?"
        description={
          deciding ? `${describe(deciding.order, people)}. The held money returns to the investor’s wallet and the units are released.` : ''
        }
        confirmLabel="Reject order"
        reasonLabel="Reason (shown to the investor)"
        destructive
        onConfirm={decide}
        onClose={() => setDeciding(null)}
      />
    </Box>
  );
}
