// /dashboard/support for an admin: the inbox of tickets from signed-in people and
// contact-form messages, filtered by status, kind and assignee; each opens its thread.
import { Box, Chip, Typography } from 'shared-ui/mui';
import { Link as RouterLink } from 'shared-ui/router';
import { Button, DataTable, PageHeader, StatusBadge, useAsync } from 'shared-ui';
import { useAuthUser } from 'shared-api';
import { getSupportTickets } from 'shared-api/admin';
import { paths, type SupportKind, type SupportSort, type SupportStatus, type SupportTicket, type User } from 'shared-api/contract';
import { SUPPORT_KIND_LABELS, SUPPORT_STATUS_LABELS } from 'shared-api/labels';
import { FilterBar, SelectFilter, optionsOf } from '../../components/filter-bar';
import { DateTimeCell, fullName } from '../../components/links';
import { usePeople } from '../../lib/directory';
import { SUPPORT_ASSIGNEE_LABELS } from '../../lib/labels';
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

export const SUPPORT_PAGE_SIZE = 20;
const FILTERS = ['status', 'kind', 'assignee'] as const;
// The server's allow-list (SUPPORT_SORTS): the inbox is paged there, so it is sorted there.
const SORTS: readonly SupportSort[] = ['updatedAt', 'createdAt', 'subject', 'status'];
const SORTABLE: Record<string, SupportSort> = { updatedAt: 'updatedAt', subject: 'subject', status: 'status' };

function sender(t: SupportTicket, people: Map<string, User>): { name: string; email: string | null } {
  const u = t.userId ? people.get(t.userId) : undefined;
  return { name: t.name ?? (u ? fullName(u) : 'Signed-in user'), email: t.email ?? u?.email ?? null };
}

export function SupportPage() {
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTERS, { status: 'OPEN' });
  const people = usePeople();
  const table = useTableControls(SORTS, { sort: 'updatedAt', order: 'desc', pageSize: SUPPORT_PAGE_SIZE });
  const listQuery = {
    status: (filters.status || undefined) as SupportStatus | undefined,
    kind: (filters.kind || undefined) as SupportKind | undefined,
    assignee: filters.assignee || undefined,
    ...sortQuery(table),
  };
  const { data, error, loading, reload } = useAsync(
    () => getSupportTickets({ ...listQuery, page, pageSize: table.pageSize }),
    [filters.status, filters.kind, filters.assignee, page, table.pageSize, table.sort, table.order, table.chosen],
  );
  const me = useAuthUser();
  const assigneeName = (t: SupportTicket) => {
    if (!t.assignedTo) return 'Unassigned';
    if (t.assignedTo === me?._id) return 'You';
    const a = people.get(t.assignedTo);
    return a ? fullName(a) : 'Another admin';
  };

  return (
    <Box>
      <PageHeader title="Support inbox" subtitle="Tickets from signed-in people and messages from the contact form." />
      <FilterBar label="Filter the inbox">
        <SelectFilter
          label="Status"
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          options={optionsOf(SUPPORT_STATUS_LABELS)}
          allLabel="Any status"
        />
        <SelectFilter
          label="Kind"
          value={filters.kind}
          onChange={(kind) => setFilters({ kind })}
          options={optionsOf(SUPPORT_KIND_LABELS)}
          allLabel="Tickets and messages"
        />
        <SelectFilter
          label="Assignee"
          value={filters.assignee}
          onChange={(assignee) => setFilters({ assignee })}
          options={optionsOf(SUPPORT_ASSIGNEE_LABELS)}
          allLabel="Anyone"
        />
      </FilterBar>
      <TableTools>
        <PageSizeSelect value={table.pageSize} sizes={table.sizes} onChange={table.setPageSize} />
        <DownloadCsvButton<SupportTicket>
          filename="support.csv"
          rows={() => collectPages((p) => getSupportTickets({ ...listQuery, ...p }))}
          columns={[
            { header: 'Ticket', value: (t) => t._id },
            { header: 'Last activity', value: (t) => t.updatedAt },
            { header: 'Received', value: (t) => t.createdAt },
            { header: 'From', value: (t) => sender(t, people).name },
            { header: 'E-mail', value: (t) => sender(t, people).email },
            { header: 'Kind', value: (t) => SUPPORT_KIND_LABELS[t.kind] },
            { header: 'Subject', value: (t) => t.subject },
            { header: 'Status', value: (t) => SUPPORT_STATUS_LABELS[t.status] },
            { header: 'Assignee', value: assigneeName },
          ]}
        />
      </TableTools>
      <DataTable
        label="Support messages"
        rows={data?.items}
        getRowId={(t) => t._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage={filters.status === 'OPEN' ? 'The inbox is empty: nothing open' : 'No message matches these filters'}
        pagination={data ? { page, pageSize: table.pageSize, total: data.total, onPageChange: setPage } : undefined}
        columns={sortableColumns<SupportTicket, SupportSort>(
          [
            { key: 'updatedAt', header: 'Last activity', render: (t) => <DateTimeCell value={t.updatedAt} /> },
            {
              key: 'from',
              header: 'From',
              render: (t) => {
                const s = sender(t, people);
                return (
                  <Box sx={{ minWidth: 140 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {s.name}
                    </Typography>
                    {s.email && (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {s.email}
                      </Typography>
                    )}
                  </Box>
                );
              },
            },
            {
              key: 'subject',
              header: 'Subject',
              render: (t) => (
                <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', minWidth: 120 }}>
                  <span>{t.subject}</span>
                  <Chip size="small" variant="outlined" label={SUPPORT_KIND_LABELS[t.kind]} />
                </Box>
              ),
            },
            {
              key: 'status',
              header: 'Status',
              render: (t) => <StatusBadge status={t.status} label={SUPPORT_STATUS_LABELS[t.status]} />,
            },
            { key: 'assignee', header: 'Assignee', render: assigneeName },
            {
              key: 'actions',
              header: 'Actions',
              render: (t) => (
                <Button
                  variant="text-blue"
                  size="XS"
                  component={RouterLink}
                  to={paths.supportThread(t._id)}
                  aria-label={`Read: ${t.subject}`}
                >
                  Read
                </Button>
              ),
            },
          ],
          SORTABLE,
          table,
        )}
      />
    </Box>
  );
}
