// /dashboard/payouts: withdrawal requests, to mark paid (after sending the money) or
// reject (the held amount returns to the wallet).
import { useState } from 'react';
import { Box, Chip, Typography } from 'shared-ui/mui';
import { Tab, Tabs } from 'shared-ui/mui-data';
import { Button, DataTable, PageHeader, StatusBadge, formatDate, formatMoney, formatNumber, toast } from 'shared-ui';
import { decidePayout, getPayouts } from 'shared-api/admin';
import { adminQueries } from 'shared-api/admin/query';
import { queryKeys, useApiQuery, useInvalidate } from 'shared-api/query';
import {
  PAYOUT_BANK_REFERENCE_MAX,
  PAYOUT_MESSAGES,
  type AdminPayout,
  type PayoutSort,
  type PayoutStatus,
  type User,
} from 'shared-api/contract';
import { isSentForApproval, SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import { PAYOUT_STATUS_LABELS } from 'shared-api/labels';
import { DecisionDialog } from '../../components/decision-dialog';
import { FilterBar, SelectFilter, optionsOf } from '../../components/filter-bar';
import { DateTimeCell, fullName, shortId } from '../../components/links';
import { PersonWithStatus } from '../../components/person-status';
import { DestinationDetails, MaskedDestination } from './destination-details';
import { OpenCheckouts } from './open-checkouts';
import { BatchExport } from './batch-export';
import { PaySelectedDialog } from './pay-selected';
import { Checkbox } from 'shared-ui/mui-forms';
import { usePeople } from '../../lib/directory';
import { useUrlFilters } from '../../lib/use-url-filters';
import {
  DownloadCsvButton,
  PageSizeSelect,
  TableTools,
  collectPages,
  sortQuery,
  sortableColumns,
  useTableControls,
} from '../../lib/table-kit';

export const PAYOUTS_PAGE_SIZE = 20;
const FILTERS = ['tab', 'status'] as const;
// The server's allow-list (PAYOUT_SORTS): withdrawals are paged there, so they are sorted there.
const SORTS: readonly PayoutSort[] = ['createdAt', 'amount', 'status'];
const SORTABLE: Record<string, PayoutSort> = { createdAt: 'createdAt', amount: 'amount', status: 'status' };

function describe(p: AdminPayout, people: Map<string, User>): string {
  const u = people.get(p.userId) ?? p.user;
  return `${formatMoney(p.amount)} to ${u ? fullName(u) : 'this person'}, requested ${formatDate(p.createdAt)}`;
}

export function PayoutsPage() {
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTERS);
  const tab = filters.tab === 'all' ? 'all' : filters.tab === 'checkouts' ? 'checkouts' : 'requested';
  const people = usePeople();
  const status = (tab === 'requested' ? 'REQUESTED' : filters.status || undefined) as PayoutStatus | undefined;
  const table = useTableControls(SORTS, { sort: 'createdAt', order: 'desc', pageSize: PAYOUTS_PAGE_SIZE });
  const listQuery = { status, ...sortQuery(table) };
  const { data, error, loading, reload } = useApiQuery(adminQueries.payouts({ ...listQuery, page, pageSize: table.pageSize }), {
    enabled: tab !== 'checkouts',
  });
  const requested = useApiQuery(adminQueries.payouts({ status: 'REQUESTED', page: 1, pageSize: 1 }));
  const invalidate = useInvalidate();
  const [deciding, setDeciding] = useState<{ payout: AdminPayout; status: 'PAID' | 'REJECTED' } | null>(null);
  // Withdrawals ticked for "Mark selected paid" (by id, kept across pages of the list).
  const [selected, setSelected] = useState<Map<string, AdminPayout>>(new Map());
  const [payingSelected, setPayingSelected] = useState(false);
  const toggle = (p: AdminPayout) =>
    setSelected((was) => {
      const next = new Map(was);
      if (next.has(p._id)) next.delete(p._id);
      else next.set(p._id, p);
      return next;
    });

  const decide = async (reason: string) => {
    if (!deciding) return;
    const { payout, status: next } = deciding;
    const decided = await decidePayout(payout._id, next === 'PAID' ? { status: next, bankReference: reason } : { status: next, reason });
    setDeciding(null);
    if (isSentForApproval(decided)) toast.info(SENT_FOR_APPROVAL);
    else
      toast.success(
        next === 'PAID'
          ? `Withdrawal of ${formatMoney(payout.amount)} marked paid`
          : `Withdrawal of ${formatMoney(payout.amount)} rejected: the money is back in the wallet`,
      );
    // The lists, the requested count and the console's figures.
    void invalidate(queryKeys.admin.all);
  };

  const count = requested.data?.total;

  return (
    <Box>
      <PageHeader
        title="Payouts"
        subtitle="Withdrawal requests: send the money, then mark them paid; or reject them. Open checkouts: money on its way in."
      />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => setFilters({ tab: v === 'all' || v === 'checkouts' ? v : '', status: '' })}
        aria-label="Payout views"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="requested"
          id="payouts-tab-requested"
          aria-controls="payouts-panel"
          label={
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              Requested
              {count !== undefined && (
                <Chip
                  size="small"
                  color={count > 0 ? 'warning' : 'default'}
                  label={formatNumber(count)}
                  aria-label={`${formatNumber(count)} requested`}
                />
              )}
            </Box>
          }
        />
        <Tab value="all" id="payouts-tab-all" aria-controls="payouts-panel" label="All withdrawals" />
        <Tab value="checkouts" id="payouts-tab-checkouts" aria-controls="payouts-panel" label="Open checkouts" />
      </Tabs>
      <Box role="tabpanel" id="payouts-panel" aria-labelledby={`payouts-tab-${tab}`}>
        {tab === 'all' && (
          <FilterBar label="Filter withdrawals">
            <SelectFilter
              label="Status"
              value={filters.status}
              onChange={(s) => setFilters({ status: s })}
              options={optionsOf(PAYOUT_STATUS_LABELS)}
              allLabel="Any status"
            />
          </FilterBar>
        )}
        {tab === 'requested' && <BatchExport />}
        {tab === 'requested' && (
          <Box sx={{ mb: 2 }}>
            <Button variant="outline-blue" size="SM" disabled={selected.size === 0} onClick={() => setPayingSelected(true)}>
              {`Mark selected paid (${selected.size})`}
            </Button>
          </Box>
        )}
        {tab === 'checkouts' ? (
          <OpenCheckouts people={people} page={page} onPageChange={setPage} />
        ) : (
          <>
            <TableTools>
              <PageSizeSelect value={table.pageSize} sizes={table.sizes} onChange={table.setPageSize} />
              <DownloadCsvButton<AdminPayout>
                filename={tab === 'requested' ? 'withdrawals-to-decide.csv' : 'withdrawals.csv'}
                rows={() => collectPages((p) => getPayouts({ ...listQuery, ...p }))}
                columns={[
                  { header: 'Withdrawal', value: (p) => p._id },
                  { header: 'Requested', value: (p) => p.createdAt },
                  { header: 'Person', value: (p) => (p.user ? fullName(p.user) : p.userId) },
                  { header: 'E-mail', value: (p) => p.user?.email },
                  { header: 'Amount', value: (p) => p.amount },
                  { header: 'Status', value: (p) => PAYOUT_STATUS_LABELS[p.status] },
                  { header: 'Bank reference', value: (p) => p.bankReference },
                  { header: 'Reason', value: (p) => p.reason },
                  { header: 'Decided', value: (p) => p.decidedAt },
                ]}
              />
            </TableTools>
            <DataTable
              label={tab === 'requested' ? 'Withdrawals to decide' : 'All withdrawals'}
              rows={data?.items}
              getRowId={(p) => p._id}
              loading={loading}
              error={error}
              onRetry={reload}
              emptyMessage={tab === 'requested' ? 'No withdrawal is waiting' : 'No withdrawal matches these filters'}
              pagination={data ? { page, pageSize: table.pageSize, total: data.total, onPageChange: setPage } : undefined}
              columns={sortableColumns<AdminPayout, PayoutSort>(
                [
                  ...(tab === 'requested'
                    ? [
                        {
                          key: 'select',
                          header: 'Select',
                          render: (p: AdminPayout) => (
                            <Checkbox
                              checked={selected.has(p._id)}
                              onChange={() => toggle(p)}
                              slotProps={{ input: { 'aria-label': `Select: ${describe(p, people)}` } }}
                            />
                          ),
                        },
                      ]
                    : []),
                  { key: 'createdAt', header: 'Requested', render: (p) => <DateTimeCell value={p.createdAt} /> },
                  {
                    key: 'user',
                    header: 'Person',
                    render: (p) => <PersonWithStatus id={p.userId} people={people} fallback={p.user} status={p.user?.status} />,
                  },
                  { key: 'amount', header: 'Amount', align: 'right', render: (p) => formatMoney(p.amount) },
                  { key: 'destination', header: 'Pay to', render: (p) => <MaskedDestination payout={p} /> },
                  // A 1366-pixel screen holds the table whole: the waiting tab has no status, decision or
                  // reference yet, and the other tab shows the decision's date and the bank file under
                  // the status and the reference.
                  ...(tab === 'requested'
                    ? [
                        {
                          key: 'batch',
                          header: 'Bank file',
                          render: (p: AdminPayout) => (p.batchId ? `Sent in ${shortId(p.batchId)}` : '—'),
                        },
                      ]
                    : [
                        {
                          key: 'status',
                          header: 'Status',
                          render: (p: AdminPayout) => (
                            <Box>
                              <StatusBadge status={p.status} label={PAYOUT_STATUS_LABELS[p.status]} />
                              {p.decidedAt && (
                                <Box sx={{ mt: 0.5 }}>
                                  <DateTimeCell value={p.decidedAt} />
                                </Box>
                              )}
                            </Box>
                          ),
                        },
                        {
                          key: 'reason',
                          header: 'Reference or reason',
                          render: (p: AdminPayout) => (
                            <Box>
                              {p.status === 'PAID' ? (p.bankReference ? `Bank ref. ${p.bankReference}` : '—') : (p.reason ?? '—')}
                              {p.batchId && (
                                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                                  Bank file {shortId(p.batchId)}
                                </Typography>
                              )}
                            </Box>
                          ),
                        },
                      ]),
                  {
                    key: 'actions',
                    header: 'Actions',
                    render: (p) =>
                      p.status === 'REQUESTED' ? (
                        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'stretch' }}>
                          <Button
                            variant="filled-blue"
                            size="XS"
                            onClick={() => setDeciding({ payout: p, status: 'PAID' })}
                            aria-label={`Mark paid: ${describe(p, people)}`}
                          >
                            Mark paid
                          </Button>
                          <Button
                            variant="text"
                            size="XS"
                            sx={{ color: 'error.main' }}
                            onClick={() => setDeciding({ payout: p, status: 'REJECTED' })}
                            aria-label={`Reject: ${describe(p, people)}`}
                          >
                            Reject
                          </Button>
                        </Box>
                      ) : (
                        '—'
                      ),
                  },
                ],
                SORTABLE,
                table,
              )}
            />
          </>
        )}
      </Box>
      <DecisionDialog
        open={deciding?.status === 'PAID'}
        title="Mark this withdrawal paid?"
        description={deciding ? `${describe(deciding.payout, people)}. Confirm only once the money has been sent.` : ''}
        confirmLabel="Mark paid"
        reasonLabel="Bank reference of the transfer"
        reasonRequired={PAYOUT_MESSAGES.bankReferenceRequired}
        reasonMax={PAYOUT_BANK_REFERENCE_MAX}
        reasonSingleLine
        onConfirm={decide}
        onClose={() => setDeciding(null)}
      >
        {deciding?.status === 'PAID' && <DestinationDetails key={deciding.payout._id} payout={deciding.payout} />}
      </DecisionDialog>
      <PaySelectedDialog
        open={payingSelected}
        payouts={[...selected.values()]}
        describe={(p) => describe(p, people)}
        onClose={() => setPayingSelected(false)}
        onDone={() => {
          setPayingSelected(false);
          setSelected(new Map());
          void invalidate(queryKeys.admin.all);
        }}
      />
      <DecisionDialog
        open={deciding?.status === 'REJECTED'}
        title="Reject this withdrawal?"
        description={deciding ? `${describe(deciding.payout, people)}. The amount returns to their wallet.` : ''}
        confirmLabel="Reject withdrawal"
        reasonLabel="Reason (shown to the person)"
        destructive
        onConfirm={decide}
        onClose={() => setDeciding(null)}
      />
    </Box>
  );
}
