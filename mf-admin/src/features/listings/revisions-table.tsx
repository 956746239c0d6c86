import { Typography } from 'shared-ui/mui';
import { Button, DataTable, formatDate } from 'shared-ui';
import type { PropertyRevision } from 'shared-api/contract';
import { DownloadCsvButton, TableTools, sortableColumns, useClientSort, type CsvColumn } from '../../lib/table-kit';

export interface RevisionsTableProps {
  rows: PropertyRevision[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onOpen: (r: PropertyRevision) => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const changeCount = (r: PropertyRevision) => r.fieldChanges.length + r.fileChanges.length + (r.coverChanged ? 1 : 0);

export const REVISIONS_CSV: CsvColumn<PropertyRevision>[] = [
  { header: 'Listing', value: (r) => r.propertyName },
  { header: 'Fields changed', value: (r) => r.fieldChanges.length },
  { header: 'File changes', value: (r) => r.fileChanges.length },
  { header: 'New cover', value: (r) => (r.coverChanged ? 'Yes' : 'No') },
  { header: 'Submitted', value: (r) => r.updatedAt },
];

/** Live listings with changes waiting for review (issue 16). */
export function RevisionsTable({ rows, loading, error, onRetry, onOpen }: RevisionsTableProps) {
  // The queue comes whole: it is sorted here, under its own names in the address.
  const sorted = useClientSort(
    rows,
    {
      name: (r: PropertyRevision) => r.propertyName,
      changes: changeCount,
      updatedAt: (r: PropertyRevision) => r.updatedAt,
    },
    { prefix: 'changes' },
  );
  return (
    <>
      {rows && rows.length > 0 && (
        <TableTools>
          <DownloadCsvButton filename="listing-changes.csv" columns={REVISIONS_CSV} rows={sorted.rows ?? []} />
        </TableTools>
      )}
      <DataTable
        label="Changes to live listings under review"
        rows={sorted.rows}
        getRowId={(r) => r._id}
        loading={loading}
        error={error}
        onRetry={onRetry}
        emptyMessage="No live listing has changes waiting for review"
        columns={sortableColumns(
          [
            {
              key: 'name',
              header: 'Listing',
              render: (r: PropertyRevision) => <Typography sx={{ fontWeight: 600 }}>{r.propertyName}</Typography>,
            },
            {
              key: 'changes',
              header: 'Changes',
              render: (r) =>
                `${plural(r.fieldChanges.length, 'field')}, ${plural(r.fileChanges.length, 'file change')}${r.coverChanged ? ', new cover' : ''}`,
            },
            { key: 'updatedAt', header: 'Submitted', render: (r) => formatDate(r.updatedAt) },
            {
              key: 'actions',
              header: 'Actions',
              render: (r) => (
                <Button variant="filled-blue" size="XS" onClick={() => onOpen(r)} aria-label={`Review the changes to ${r.propertyName}`}>
                  Review changes
                </Button>
              ),
            },
          ],
          { name: 'name', changes: 'changes', updatedAt: 'updatedAt' },
          sorted,
        )}
      />
    </>
  );
}
