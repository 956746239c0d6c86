// /dashboard/payouts: withdrawal requests, to mark paid (after sending the money) or
// reject (the held amount returns to the wallet).
import { useState } from 'react';
import { Box, Chip } from 'shared-ui/mui';
import { Tab, Tabs } from 'shared-ui/mui-data';
import { Button, DataTable, PageHeader, StatusBadge, formatDate, formatMoney, formatNumber, toast } from 'shared-ui';
import { decidePayout } from 'shared-api';
import { queries, queryKeys, useApiQuery, useInvalidate } from 'shared-api/query';
import { PAYOUT_BANK_REFERENCE_MAX, PAYOUT_MESSAGES, type AdminPayout, type PayoutStatus, type User } from 'shared-api/contract';
import { PAYOUT_STATUS_LABELS } from 'shared-api/labels';
import { DecisionDialog } from '../../components/decision-dialog';
import { FilterBar, SelectFilter, optionsOf } from '../../components/filter-bar';
import { DateTimeCell, fullName } from '../../components/links';
import { PersonWithStatus } from '../../components/person-status';
import { DestinationDetails, MaskedDestination } from './destination-details';
import { OpenCheckouts } from './open-checkouts';
import { usePeople } from '../../lib/directory';
import { useUrlFilters } from '../../lib/use-url-filters';

export const PAYOUTS_PAGE_SIZE = 20;
const FILTERS = ['tab', 'status'] as const;

function describe(p: AdminPayout, people: Map<string, User>): string {
  const u = people.get(p.userId) ?? p.user;
  return `${formatMoney(p.amount)} to ${u ? fullName(u) : 'this person'}, requested ${formatDate(p.createdAt)}`;
}

export function PayoutsPage() {
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTERS);
  const tab = filters.tab === 'all' ? 'all' : filters.tab === 'checkouts' ? 'checkouts' : 'requested';
  const people = usePeople();
  const status = (tab === 'requested' ? 'REQUESTED' : filters.status || undefined) as PayoutStatus | undefined;
  const { data, error, loading, reload } = useApiQuery(queries.admin.payouts({ status, page, pageSize: PAYOUTS_PAGE_SIZE }), {
    enabled: tab !== 'checkouts',
  });
  const requested = useApiQuery(queries.admin.payouts({ status: 'REQUESTED', page: 1, pageSize: 1 }));
  const invalidate = useInvalidate();
  const [deciding, setDeciding] = useState<{ payout: AdminPayout; status: 'PAID' | 'REJECTED' } | null>(null);

  const decide = async (reason: string) => {
    if (!deciding) return;
    const { payout, status: next } = deciding;
    await decidePayout(payout._id, next === 'PAID' ? { status: next, bankReference: reason } : { status: next, reason });
    setDeciding(null);
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
        {tab === 'checkouts' ? (
          <OpenCheckouts people={people} page={page} onPageChange={setPage} />
        ) : (
          <DataTable
            label={tab === 'requested' ? 'Withdrawals to decide' : 'All withdrawals'}
            rows={data?.items}
            getRowId={(p) => p._id}
            loading={loading}
            error={error}
            onRetry={reload}
            emptyMessage={tab === 'requested' ? 'No withdrawal is waiting' : 'No withdrawal matches these filters'}
            pagination={data ? { page, pageSize: PAYOUTS_PAGE_SIZE, total: data.total, onPageChange: setPage } : undefined}
            columns={[
              { key: 'createdAt', header: 'Requested', render: (p) => <DateTimeCell value={p.createdAt} /> },
              {
                key: 'user',
                header: 'Person',
                render: (p) => <PersonWithStatus id={p.userId} people={people} fallback={p.user} status={p.user?.status} />,
              },
              { key: 'amount', header: 'Amount', align: 'right', render: (p) => formatMoney(p.amount) },
              { key: 'destination', header: 'Pay to', render: (p) => <MaskedDestination payout={p} /> },
              { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.status} label={PAYOUT_STATUS_LABELS[p.status]} /> },
              { key: 'decidedAt', header: 'Decided', render: (p) => <DateTimeCell value={p.decidedAt} /> },
              {
                key: 'reason',
                header: 'Reference or reason',
                render: (p) => (p.status === 'PAID' ? (p.bankReference ? `Bank ref. ${p.bankReference}` : '—') : (p.reason ?? '—')),
              },
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
            ]}
          />
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
