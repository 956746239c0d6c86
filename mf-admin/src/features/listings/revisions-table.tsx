import { Typography } from 'shared-ui/mui';
import { Button, DataTable, formatDate } from 'shared-ui';
import type { PropertyRevision } from 'shared-api/contract';

export interface RevisionsTableProps {
  rows: PropertyRevision[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onOpen: (r: PropertyRevision) => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Live listings with changes waiting for review (issue 16). */
export function RevisionsTable({ rows, loading, error, onRetry, onOpen }: RevisionsTableProps) {
  return (
    <DataTable
      label="Changes to live listings under review"
      rows={rows}
      getRowId={(r) => r._id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      emptyMessage="No live listing has changes waiting for review"
      columns={[
        { key: 'name', header: 'Listing', render: (r) => <Typography sx={{ fontWeight: 600 }}>{r.propertyName}</Typography> },
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
      ]}
    />
  );
}
