// Checkouts started and not yet paid (money on its way in), with each person's verification
// status (issue 16). Read-only: the provider settles them, or they expire. Paged by a server
// that takes no sort: a page size and the CSV of every open checkout.
import { DataTable, formatMoney } from 'shared-ui';
import { getAdminCheckouts } from 'shared-api/admin';
import { adminQueries } from 'shared-api/admin/query';
import { useApiQuery } from 'shared-api/query';
import type { AdminCheckout, User } from 'shared-api/contract';
import { CHECKOUT_PURPOSE_LABELS, USER_STATUS_LABELS } from 'shared-api/labels';
import { DateTimeCell, fullName } from '../../components/links';
import { PersonWithStatus } from '../../components/person-status';
import { DownloadCsvButton, PageSizeSelect, TableTools, collectPages, usePageSize, type CsvColumn } from '../../lib/table-kit';

export const CHECKOUTS_PAGE_SIZE = 20;

/** The payouts' list has the page's plain ?size: the checkouts keep theirs apart. */
const SCOPE = { prefix: 'checkouts', resets: ['page'] } as const;

export function checkoutsCsv(people: Map<string, User>): CsvColumn<AdminCheckout>[] {
  const person = (c: AdminCheckout) => c.user ?? people.get(c.userId);
  return [
    { header: 'Checkout', value: (c) => c._id },
    { header: 'Started', value: (c) => c.createdAt },
    { header: 'Person', value: (c) => (person(c) ? fullName(person(c)!) : c.userId) },
    { header: 'E-mail', value: (c) => person(c)?.email },
    {
      header: 'Verification',
      value: (c) => {
        const s = c.user?.status ?? people.get(c.userId)?.status;
        return s ? USER_STATUS_LABELS[s] : null;
      },
    },
    { header: 'For', value: (c) => CHECKOUT_PURPOSE_LABELS[c.purpose] },
    { header: 'Amount', value: (c) => c.amount },
    { header: 'Expires', value: (c) => c.expiresAt },
  ];
}

export function OpenCheckouts({
  people,
  page,
  onPageChange,
}: {
  people: Map<string, User>;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const size = usePageSize(CHECKOUTS_PAGE_SIZE, SCOPE);
  const { data, error, loading, reload } = useApiQuery(adminQueries.checkouts({ status: 'OPEN', page, pageSize: size.pageSize }));
  return (
    <>
      <TableTools>
        <PageSizeSelect value={size.pageSize} sizes={size.sizes} onChange={size.setPageSize} />
        <DownloadCsvButton
          filename="open-checkouts.csv"
          columns={checkoutsCsv(people)}
          rows={() => collectPages((p) => getAdminCheckouts({ status: 'OPEN', page: p.page, pageSize: p.pageSize }))}
        />
      </TableTools>
      <DataTable
        label="Open checkouts"
        rows={data?.items}
        getRowId={(c) => c._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage="No checkout is open"
        pagination={data ? { page, pageSize: size.pageSize, total: data.total, onPageChange } : undefined}
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
    </>
  );
}
