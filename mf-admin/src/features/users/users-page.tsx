// /dashboard/investors and /dashboard/owners: people of one role, searchable and
// filtered by status; each row opens the person's page.
import { Box, Typography } from 'shared-ui/mui';
import { DataTable, PageHeader, StatusBadge, formatDate, useAsync } from 'shared-ui';
import { getUsers } from 'shared-api/admin';
import { paths, type User, type UserSort, type UserStatus } from 'shared-api/contract';
import { USER_STATUS_LABELS } from 'shared-api/labels';
import { FilterBar, SearchField, SelectFilter, optionsOf } from '../../components/filter-bar';
import { RouterTextLink, fullName } from '../../components/links';
import { yesNo } from '../../lib/format';
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

export const USERS_PAGE_SIZE = 20;

export type PeopleRole = 'INVESTOR' | 'PROPERTY_OWNER';

const COPY: Record<PeopleRole, { title: string; subtitle: string; table: string; empty: string }> = {
  INVESTOR: {
    title: 'Investors',
    subtitle: 'Everyone who invests on the platform: verify identities, review their activity.',
    table: 'Investors',
    empty: 'No investor matches these filters',
  },
  PROPERTY_OWNER: {
    title: 'Owners',
    subtitle: 'Property owners: verify identities and business documents, review their listings.',
    table: 'Owners',
    empty: 'No owner matches these filters',
  },
};

const FILTERS = ['q', 'status'] as const;
// The server's allow-list (USER_SORTS); the list is paged there, so it sorts there.
const SORTS: readonly UserSort[] = ['createdAt', 'name', 'email', 'status', 'country'];
const SORTABLE: Record<string, UserSort> = { name: 'name', status: 'status', country: 'country', createdAt: 'createdAt' };

export function UsersPage({ role }: { role: PeopleRole }) {
  const { filters, page, cursor, setFilters, setPage } = useUrlFilters(FILTERS);
  const table = useTableControls(SORTS, { sort: 'createdAt', order: 'desc', pageSize: USERS_PAGE_SIZE });
  const listQuery = {
    role,
    q: filters.q.trim() || undefined,
    status: (filters.status || undefined) as UserStatus | undefined,
    ...sortQuery(table),
  };
  const { data, error, loading, reload } = useAsync(
    () => getUsers({ ...listQuery, page, ...cursor, pageSize: table.pageSize }),
    [role, filters.q, filters.status, page, cursor, table.pageSize, table.sort, table.order, table.chosen],
  );
  const copy = COPY[role];
  const link = (u: User) => (role === 'INVESTOR' ? paths.investor(u._id) : paths.owner(u._id));

  return (
    <Box>
      <PageHeader title={copy.title} subtitle={copy.subtitle} />
      <FilterBar label={`Filter ${copy.title.toLowerCase()}`}>
        <SearchField label="Search by name or e-mail" value={filters.q} onChange={(q) => setFilters({ q })} />
        <SelectFilter
          label="Status"
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          options={optionsOf(USER_STATUS_LABELS)}
          allLabel="Any status"
        />
      </FilterBar>
      <TableTools>
        <PageSizeSelect value={table.pageSize} sizes={table.sizes} onChange={table.setPageSize} />
        <DownloadCsvButton<User>
          filename={`${copy.title.toLowerCase()}.csv`}
          rows={() => collectPages((p) => getUsers({ ...listQuery, ...p }))}
          columns={[
            { header: 'Id', value: (u) => u._id },
            { header: 'First name', value: (u) => u.firstName },
            { header: 'Last name', value: (u) => u.lastName },
            { header: 'E-mail', value: (u) => u.email },
            { header: 'Status', value: (u) => USER_STATUS_LABELS[u.status] },
            { header: 'Onboarding', value: (u) => (u.onboardingCompleted ? 'Completed' : 'Not completed') },
            { header: 'Country', value: (u) => u.country },
            { header: 'Joined', value: (u) => u.createdAt },
          ]}
        />
      </TableTools>
      <DataTable
        label={copy.table}
        rows={data?.items}
        getRowId={(u) => u._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage={copy.empty}
        pagination={data ? { page, pageSize: table.pageSize, ...pageOf(data), onPageChange: setPage } : undefined}
        columns={sortableColumns<User, UserSort>(
          [
            {
              key: 'name',
              header: 'Name',
              render: (u) => (
                <Box sx={{ minWidth: 160 }}>
                  <RouterTextLink to={link(u)}>{fullName(u)}</RouterTextLink>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {u.email}
                  </Typography>
                </Box>
              ),
            },
            { key: 'status', header: 'Status', render: (u) => <StatusBadge status={u.status} label={USER_STATUS_LABELS[u.status]} /> },
            { key: 'onboarding', header: 'Onboarding', render: (u) => (u.onboardingCompleted ? 'Completed' : 'Not completed') },
            role === 'INVESTOR'
              ? { key: 'subscribed', header: 'Subscribed', render: (u: User) => yesNo(u.isSubscribed) }
              : {
                  key: 'business',
                  header: 'Entity',
                  render: (u: User) =>
                    u.userType === 'BUSINESS_ENTITY'
                      ? (u.businessName ?? 'Business entity')
                      : u.userType === 'INDIVIDUAL'
                        ? 'Individual'
                        : '—',
                },
            { key: 'country', header: 'Country', render: (u) => u.country ?? '—' },
            { key: 'createdAt', header: 'Joined', render: (u) => formatDate(u.createdAt) },
          ],
          SORTABLE,
          table,
        )}
      />
    </Box>
  );
}
