// Off-plan construction progress that goes backwards waits here for compliance: approve
// (the listing takes the lower percent) or reject with a reason (it keeps its progress).
// A tab of Listings rather than a page of its own, so the shell's route table stays as it is.
import { useState } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { Button, DataTable, formatDate, toast } from 'shared-ui';
import { approveProgressReview, rejectProgressReview } from 'shared-api/admin';
import type { ProgressReview } from 'shared-api/contract';
import { DecisionDialog } from '../../components/decision-dialog';
import { DownloadCsvButton, TableTools, sortableColumns, useClientSort, type CsvColumn } from '../../lib/table-kit';

export interface ProgressReviewsProps {
  rows: ProgressReview[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** One was approved or rejected. */
  onDecided: () => void;
}

/** "3 h", "2 d": how long an update has waited. */
export function ageLabel(hours: number): string {
  if (hours < 1) return 'under 1 h';
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

export const PROGRESS_CSV: CsvColumn<ProgressReview>[] = [
  { header: 'Listing', value: (r) => r.propertyTitle },
  { header: 'Owner', value: (r) => r.ownerName },
  { header: 'Owner e-mail', value: (r) => r.ownerEmail },
  { header: 'Progress now (%)', value: (r) => r.currentPercent },
  { header: 'Proposed (%)', value: (r) => r.proposedPercent },
  { header: 'Note', value: (r) => r.note },
  { header: 'Submitted', value: (r) => r.createdAt },
  { header: 'Waiting (hours)', value: (r) => r.ageHours },
];

export function ProgressReviews({ rows, loading, error, onRetry, onDecided }: ProgressReviewsProps) {
  const [deciding, setDeciding] = useState<{ review: ProgressReview; decision: 'approve' | 'reject' } | null>(null);
  const review = deciding?.review;
  // The queue comes whole: it is sorted here, under its own names in the address.
  const sorted = useClientSort(
    rows,
    {
      title: (r: ProgressReview) => r.propertyTitle,
      owner: (r: ProgressReview) => r.ownerName,
      // By how far the progress would go back.
      percent: (r: ProgressReview) => r.currentPercent - r.proposedPercent,
      age: (r: ProgressReview) => r.ageHours,
    },
    { prefix: 'progress' },
  );
  return (
    <>
      {rows && rows.length > 0 && (
        <TableTools>
          <DownloadCsvButton filename="progress-reviews.csv" columns={PROGRESS_CSV} rows={sorted.rows ?? []} />
        </TableTools>
      )}
      <DataTable
        label="Construction progress under review"
        rows={sorted.rows}
        getRowId={(r) => r._id}
        loading={loading}
        error={error}
        onRetry={onRetry}
        emptyMessage="No lower construction progress is waiting for review"
        columns={sortableColumns(
          [
            {
              key: 'title',
              header: 'Listing',
              render: (r: ProgressReview) => <Typography sx={{ fontWeight: 600 }}>{r.propertyTitle}</Typography>,
            },
            {
              key: 'owner',
              header: 'Owner',
              render: (r) => (
                <Box>
                  <Typography variant="body2">{r.ownerName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {r.ownerEmail}
                  </Typography>
                </Box>
              ),
            },
            { key: 'percent', header: 'Progress', render: (r) => `${r.currentPercent}% → ${r.proposedPercent}%` },
            { key: 'note', header: 'Note', render: (r) => r.note || '—' },
            { key: 'age', header: 'Waiting', render: (r) => <span title={formatDate(r.createdAt)}>{ageLabel(r.ageHours)}</span> },
            {
              key: 'actions',
              header: 'Actions',
              render: (r) => (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    variant="filled-blue"
                    size="XS"
                    onClick={() => setDeciding({ review: r, decision: 'approve' })}
                    aria-label={`Approve ${r.proposedPercent}% for ${r.propertyTitle}`}
                  >
                    Approve
                  </Button>
                  <Button
                    variant="filled-red"
                    size="XS"
                    onClick={() => setDeciding({ review: r, decision: 'reject' })}
                    aria-label={`Reject ${r.proposedPercent}% for ${r.propertyTitle}`}
                  >
                    Reject
                  </Button>
                </Box>
              ),
            },
          ],
          { title: 'title', owner: 'owner', percent: 'percent', age: 'age' },
          sorted,
        )}
      />
      <DecisionDialog
        open={deciding?.decision === 'approve'}
        title={review ? `Set ${review.propertyTitle} to ${review.proposedPercent}%?` : ''}
        description={
          review
            ? `Its construction progress goes from ${review.currentPercent}% to ${review.proposedPercent}% and investors see it at once. The owner is told.`
            : undefined
        }
        confirmLabel="Approve"
        onConfirm={async () => {
          if (!review) return;
          await approveProgressReview(review._id);
          toast.success(`${review.propertyTitle} now shows ${review.proposedPercent}%`);
          setDeciding(null);
          onDecided();
        }}
        onClose={() => setDeciding(null)}
      />
      <DecisionDialog
        open={deciding?.decision === 'reject'}
        title={review ? `Reject ${review.proposedPercent}% for ${review.propertyTitle}?` : ''}
        description={review ? `The listing keeps ${review.currentPercent}%. The owner sees your reason.` : undefined}
        confirmLabel="Reject"
        reasonLabel="Reason for the rejection"
        destructive
        onConfirm={async (reason) => {
          if (!review) return;
          await rejectProgressReview(review._id, { reason });
          toast.success(`The lower progress for ${review.propertyTitle} was rejected`);
          setDeciding(null);
          onDecided();
        }}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
