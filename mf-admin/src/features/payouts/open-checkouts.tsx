// Checkouts started and not yet paid (money on its way in), with each person's verification
// status (issue 16). Read-only: the provider settles them, or they expire.
import { DataTable, formatMoney } from 'shared-ui';
import { queries, useApiQuery } from 'shared-api/query';
import type { User } from 'shared-api/contract';
import { CHECKOUT_PURPOSE_LABELS } from 'shared-api/labels';
import { DateTimeCell } from '../../components/links';
import { PersonWithStatus } from '../../components/person-status';

export const CHECKOUTS_PAGE_SIZE = 20;

export function OpenCheckouts({
  people,
  page,
  onPageChange,
}: {
  people: Map<string, User>;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { data, error, loading, reload } = useApiQuery(queries.admin.checkouts({ status: 'OPEN', page, pageSize: CHECKOUTS_PAGE_SIZE }));
  return (
    <DataTable
      label="Open checkouts"
      rows={data?.items}
      getRowId={(c) => c._id}
      loading={loading}
      error={error}
      onRetry={reload}
      emptyMessage="No checkout is open"
      pagination={data ? { page, pageSize: CHECKOUTS_PAGE_SIZE, total: data.total, onPageChange } : undefined}
      columns={[
        { key: 'createdAt', header: 'Started', render: (c) => <DateTimeCell value={c.createdAt} /> },
        {
          key: 'user',
          header: 'Person',
          render: (c) => <PersonWithStatus id={c.userId} people={people} fallback={c.user} status={c.user?.status} />,
        },
        { key: 'purpose', header: 'For', render: (c) => CHECKOUT_PURPOSE_LABELS[c.purpose] },
        { key: 'amount', header: 'Amount', align: 'right', render: (c) => formatMoney(c.amount) },
        { key: 'expiresAt', header: 'Expires', render: (c) => <DateTimeCell value={c.expiresAt} /> },
      ]}
    />
  );
}
