// /dashboard/cases: verification cases waiting for a decision, oldest first (the longest
// wait at the top), with who, which kind and how many documents.
import { Box } from 'shared-ui/mui';
import { DataTable, PageHeader, formatNumber } from 'shared-ui';
import { getKycCases } from 'shared-api/admin';
import { adminQueries } from 'shared-api/admin/query';
import { useApiQuery } from 'shared-api/query';
import type { KycCaseKind, KycCaseSort, KycCaseSummary } from 'shared-api/contract';
import { KYC_CASE_KIND_LABELS, KYC_CASE_KINDS } from 'shared-api/contract/admin';
import { FilterBar, SelectFilter } from '../../components/filter-bar';
import { caseLink, DateTimeCell, RouterTextLink } from '../../components/links';
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

export const CASES_PAGE_SIZE = 20;
const FILTERS = ['kind'] as const;
// The server's allow-list (KYC_CASE_SORTS): the queue is paged there, so it is sorted there.
const SORTS: readonly KycCaseSort[] = ['submittedAt', 'name', 'email', 'kind'];
const SORTABLE: Record<string, KycCaseSort> = { submittedAt: 'submittedAt', person: 'name', email: 'email', kind: 'kind' };

export function CasesPage() {
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTERS);
  const kind = (KYC_CASE_KINDS as readonly string[]).includes(filters.kind) ? (filters.kind as KycCaseKind) : undefined;
  const table = useTableControls(SORTS, { sort: 'submittedAt', order: 'asc', pageSize: CASES_PAGE_SIZE });
  const listQuery = { kind, ...sortQuery(table) };
  const { data, error, loading, reload } = useApiQuery(adminQueries.cases({ ...listQuery, page, pageSize: table.pageSize }));

  return (
    <Box>
      <PageHeader
        title="Verification cases"
        subtitle="Identity (KYC) and business (KYB) documents submitted for review, oldest first. Open a case to check the documents and decide."
      />
      <FilterBar label="Filter the cases">
        <SelectFilter
          label="Kind"
          value={filters.kind}
          onChange={(k) => setFilters({ kind: k })}
          options={KYC_CASE_KINDS.map((k) => ({ value: k, label: KYC_CASE_KIND_LABELS[k] }))}
          allLabel="Any kind"
        />
      </FilterBar>
      <TableTools>
        <PageSizeSelect value={table.pageSize} sizes={table.sizes} onChange={table.setPageSize} />
        <DownloadCsvButton<KycCaseSummary>
          filename="verification-cases.csv"
          rows={() => collectPages((p) => getKycCases({ ...listQuery, ...p }))}
          columns={[
            { header: 'Case', value: (c) => c._id },
            { header: 'Submitted', value: (c) => c.submittedAt },
            { header: 'Person', value: (c) => c.name },
            { header: 'E-mail', value: (c) => c.email },
            { header: 'Kind', value: (c) => KYC_CASE_KIND_LABELS[c.kind] },
            { header: 'Documents', value: (c) => c.documentCount },
          ]}
        />
      </TableTools>
      <DataTable
        label="Cases awaiting a decision"
        rows={data?.items}
        getRowId={(c) => c._id}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage="No case is waiting for a decision"
        pagination={data ? { page, pageSize: table.pageSize, ...pageOf(data), onPageChange: setPage } : undefined}
        columns={sortableColumns<KycCaseSummary, KycCaseSort>(
          [
            { key: 'submittedAt', header: 'Submitted', render: (c) => <DateTimeCell value={c.submittedAt} /> },
            {
              key: 'person',
              header: 'Person',
              render: (c) => (
                <RouterTextLink to={caseLink(c._id)} ariaLabel={`Review the case of ${c.name}`}>
                  {c.name}
                </RouterTextLink>
              ),
            },
            { key: 'email', header: 'Email', render: (c) => c.email },
            { key: 'kind', header: 'Kind', render: (c) => KYC_CASE_KIND_LABELS[c.kind] },
            { key: 'documents', header: 'Documents', align: 'right', render: (c) => formatNumber(c.documentCount) },
          ],
          SORTABLE,
          table,
        )}
      />
    </Box>
  );
}
