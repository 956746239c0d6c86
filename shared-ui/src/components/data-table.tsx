import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { Button, formatNumber } from 'shared-ui/core';
import { EmptyState, ErrorState, LoadingState, NoSuchPageState } from 'shared-ui/components';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  /** Cell content; default the row's field named `key`. */
  render?: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** The header's aria-sort, for a column the table can be sorted by (the sorting itself is the page's). */
  ariaSort?: 'ascending' | 'descending' | 'none';
  /** The header as text when `header` is not (a sort button): phones show it beside each value. */
  label?: string;
}

/** Where Next or Previous goes in a list paged by cursor (the API's nextCursor / prevCursor). */
export interface PageCursor {
  after?: string;
  before?: string;
}

export interface DataTablePagination {
  /** 1-based, like the API's Page. */
  page: number;
  pageSize: number;
  total: number;
  /** The total is the server's estimate: shown as "about". */
  totalIsEstimate?: boolean;
  /** Lists paged by cursor: Next and Previous follow these (null: no page that way). */
  nextCursor?: string | null;
  prevCursor?: string | null;
  onPageChange: (page: number, cursor?: PageCursor) => void;
}

export interface DataTableGridProps<T> {
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  loading: boolean;
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[] | null | undefined;
  getRowId: (row: T) => string;
  loading?: boolean;
  /** A message (e.g. from readError): shows the error state. */
  error?: string | null;
  onRetry?: () => void;
  emptyMessage?: string;
  emptyAction?: ReactNode;
  pagination?: DataTablePagination;
}

// The table itself needs MUI's table components ('shared-ui/mui-data'): loaded when a
// table first renders, so pages without one never download them.
const DataTableGrid = lazy(() => import('./data-table-grid')) as unknown as <T>(props: DataTableGridProps<T>) => ReactNode;

/** A simple typed table with loading, empty and error states and optional paging. */
export function DataTable<T>({
  label,
  columns,
  rows,
  getRowId,
  loading = false,
  error,
  onRetry,
  emptyMessage = 'Nothing here yet',
  emptyAction,
  pagination,
}: DataTableProps<T>) {
  const list = rows ?? [];
  const pages = pagination ? Math.max(1, Math.ceil(pagination.total / Math.max(1, pagination.pageSize))) : 1;
  const about = pagination?.totalIsEstimate ? 'about ' : '';
  const byCursor = pagination?.nextCursor !== undefined;
  const hasNext = pagination ? (byCursor ? Boolean(pagination.nextCursor) : pagination.page < pages) : false;
  const goNext = () => {
    if (!pagination) return;
    if (byCursor && pagination.nextCursor) pagination.onPageChange(pagination.page + 1, { after: pagination.nextCursor });
    else pagination.onPageChange(pagination.page + 1);
  };
  // Page 1 needs no cursor (and a link to it stays plain).
  const goPrevious = () => {
    if (!pagination) return;
    if (byCursor && pagination.page > 2 && pagination.prevCursor)
      pagination.onPageChange(pagination.page - 1, { before: pagination.prevCursor });
    else pagination.onPageChange(pagination.page - 1);
  };
  // A page past the last one (an old link, a hand-edited ?page=): the rows exist elsewhere.
  const pastEnd = Boolean(pagination && !pagination.totalIsEstimate && pagination.total > 0 && pagination.page > pages);
  let body: ReactNode;
  if (error) body = <ErrorState message={error} onRetry={onRetry} />;
  else if (loading && list.length === 0)
    body = (
      <Box sx={{ p: 2 }}>
        <LoadingState variant="skeleton" rows={4} label={`Loading ${label}`} />
      </Box>
    );
  else if (list.length === 0 && pastEnd && pagination)
    body = <NoSuchPageState page={pagination.page} pages={pages} onGo={pagination.onPageChange} />;
  else if (list.length === 0) body = <EmptyState title={emptyMessage} action={emptyAction} />;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {body ?? (
        <Suspense
          fallback={
            <Box sx={{ p: 2 }}>
              <LoadingState variant="skeleton" rows={4} label={`Loading ${label}`} />
            </Box>
          }
        >
          <DataTableGrid label={label} columns={columns} rows={list} getRowId={getRowId} loading={loading} />
        </Suspense>
      )}
      {pagination && !error && pagination.total > 0 && !pastEnd && (
        <Box
          component="nav"
          aria-label={`${label} pages`}
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            px: 2,
            py: 1.25,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {`${formatNumber((pagination.page - 1) * pagination.pageSize + 1)}–${formatNumber(pagination.totalIsEstimate ? (pagination.page - 1) * pagination.pageSize + list.length : Math.min(pagination.total, pagination.page * pagination.pageSize))} of ${about}${formatNumber(pagination.total)}`}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Button variant="text-blue" size="SM" onClick={goPrevious} disabled={loading || pagination.page <= 1}>
              Previous
            </Button>
            <Typography
              variant="body2"
              aria-live="polite"
            >{`Page ${formatNumber(pagination.page)} of ${about}${formatNumber(Math.max(pages, pagination.page))}`}</Typography>
            <Button variant="text-blue" size="SM" onClick={goNext} disabled={loading || !hasNext}>
              Next
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
