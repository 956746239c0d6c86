// /dashboard/investors and /dashboard/owners: people of one role, searchable and
// filtered by status; each row opens the person's page.
import { Box, Typography } from 'shared-ui/mui';
import { DataTable, PageHeader, StatusBadge, formatDate, useAsync } from 'shared-ui';
import { getUsers } from 'shared-api';
import { paths, type User, type UserStatus } from 'shared-api/contract';
import { USER_STATUS_LABELS } from 'shared-api/labels';
import { FilterBar, SearchField, SelectFilter, optionsOf } from '../../components/filter-bar';
import { RouterTextLink, fullName } from '../../components/links';
import { yesNo } from '../../lib/format';
import { pageOf, useUrlFilters } from '../../lib/use-url-filters';

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

export function UsersPage({ role }: { role: PeopleRole }) {
  const { filters, page, cursor, setFilters, setPage } = useUrlFilters(FILTERS);
  const { data, error, loading, reload } = useAsync(
    () =>
      getUsers({
        role,
        q: filters.q.trim() || undefined,
        status: (filters.status || undefined) as UserStatus | undefined,
        page,
        ...cursor,
        pageSize: USERS_PAGE_SIZE,
      }),
    [role, filters.q, filters.status, page, cursor],
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
      <DataTable
        label={copy.table}
        rows={data?.items}
        getRowId={(u) => u._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage={copy.empty}
        pagination={data ? { page, pageSize: USERS_PAGE_SIZE, ...pageOf(data), onPageChange: setPage } : undefined}
        columns={[
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
        ]}
      />
    </Box>
  );
}
