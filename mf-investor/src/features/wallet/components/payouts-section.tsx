import { useId, useState } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Button, ConfirmDialog, DataTable, StatusBadge, formatDate, formatMoney, toast, type DataTableColumn } from 'shared-ui';
import { cancelWithdrawal, readError } from 'shared-api';
import type { Payout } from 'shared-api/contract';
import { PAYOUT_STATUS_LABELS } from 'shared-api/labels';
import { useIsPhone } from '../../../lib/use-is-phone';

const SHOWN = 5;

const decided = (p: Payout) =>
  p.status === 'CANCELLED' && p.decidedAt
    ? `Cancelled ${formatDate(p.decidedAt)}`
    : p.decidedAt
      ? formatDate(p.decidedAt)
      : 'Waiting for an admin';

/** A requested withdrawal can be cancelled by its owner until an admin decides. */
function CancelButton({ payout: p, onCancel }: { payout: Payout; onCancel: (p: Payout) => void }) {
  if (p.status !== 'REQUESTED') return null;
  return (
    <Button
      variant="outline-blue"
      size="SM"
      onClick={() => onCancel(p)}
      aria-label={`Cancel the withdrawal of ${formatMoney(p.amount)} requested ${formatDate(p.createdAt)}`}
    >
      Cancel
    </Button>
  );
}

function Status({ payout: p }: { payout: Payout }) {
  return (
    <Box>
      <StatusBadge status={p.status} label={PAYOUT_STATUS_LABELS[p.status]} />
      {p.status === 'REJECTED' && p.reason && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, maxWidth: 260 }}>
          {p.reason}
        </Typography>
      )}
      {p.status === 'PAID' && p.bankReference && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, maxWidth: 260 }}>
          Bank reference {p.bankReference}
        </Typography>
      )}
    </Box>
  );
}

const columnsFor = (onCancel: (p: Payout) => void): DataTableColumn<Payout>[] => [
  { key: 'createdAt', header: 'Requested', render: (p) => formatDate(p.createdAt) },
  { key: 'amount', header: 'Amount', align: 'right', render: (p) => formatMoney(p.amount) },
  { key: 'status', header: 'Status', render: (p) => <Status payout={p} /> },
  { key: 'decidedAt', header: 'Decided', render: decided },
  { key: 'actions', header: 'Actions', render: (p) => <CancelButton payout={p} onCancel={onCancel} /> },
];

const phoneColumnsFor = (onCancel: (p: Payout) => void): DataTableColumn<Payout>[] => [
  {
    key: 'request',
    header: 'Request',
    render: (p) => (
      <Box sx={{ display: 'grid', gap: 0.25 }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {formatMoney(p.amount)}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
          Requested {formatDate(p.createdAt)}
        </Box>
      </Box>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (p) => (
      <Box sx={{ display: 'grid', gap: 0.25 }}>
        <Status payout={p} />
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
          {decided(p)}
        </Box>
        <Box>
          <CancelButton payout={p} onCancel={onCancel} />
        </Box>
      </Box>
    ),
  },
];

/** The person's withdrawal requests (newest first); nothing when there are none. */
export function PayoutsSection({
  payouts,
  error,
  onRetry,
  onCancelled,
}: {
  payouts: Payout[] | undefined;
  error: string | null;
  onRetry: () => void;
  /** After a withdrawal was cancelled: the balance and the lists change. */
  onCancelled?: () => void;
}) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const [confirming, setConfirming] = useState<Payout | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const phone = useIsPhone();
  const cancel = async () => {
    if (!confirming) return;
    setCancelling(true);
    try {
      await cancelWithdrawal(confirming._id);
      toast.success(`Withdrawal cancelled: ${formatMoney(confirming.amount)} is back in your wallet`);
      setConfirming(null);
      onCancelled?.();
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setCancelling(false);
    }
  };
  if (!error && (!payouts || payouts.length === 0)) return null;
  const rows = payouts && !all ? payouts.slice(0, SHOWN) : payouts;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Withdrawal requests
      </Typography>
      <DataTable
        label="Withdrawal requests"
        columns={phone ? phoneColumnsFor(setConfirming) : columnsFor(setConfirming)}
        rows={rows}
        getRowId={(p) => p._id}
        error={error}
        onRetry={onRetry}
      />
      {payouts && payouts.length > SHOWN && (
        <Button variant="text-blue" size="SM" onClick={() => setAll((a) => !a)} sx={{ mt: 1 }}>
          {all ? 'Show fewer' : `Show all ${payouts.length}`}
        </Button>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Cancel this withdrawal?"
        message={
          confirming
            ? `The ${formatMoney(confirming.amount)} held for this withdrawal goes back to your wallet balance at once. You can request a new withdrawal later.`
            : ''
        }
        confirmLabel="Cancel withdrawal"
        cancelLabel="Keep it"
        loading={cancelling}
        onConfirm={cancel}
        onCancel={() => setConfirming(null)}
      />
    </Box>
  );
}
