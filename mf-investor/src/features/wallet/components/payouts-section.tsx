import { useId, useState } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Button, DataTable, StatusBadge, formatDate, formatMoney, type DataTableColumn } from 'shared-ui';
import type { Payout } from 'shared-api/contract';
import { PAYOUT_STATUS_LABELS } from '../../../lib/labels';
import { useIsPhone } from '../../../lib/use-is-phone';

const SHOWN = 5;

const decided = (p: Payout) => (p.decidedAt ? formatDate(p.decidedAt) : 'Waiting for an admin');

function Status({ payout: p }: { payout: Payout }) {
  return (
    <Box>
      <StatusBadge status={p.status} label={PAYOUT_STATUS_LABELS[p.status]} />
      {p.status === 'REJECTED' && p.reason && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, maxWidth: 260 }}>
          {p.reason}
        </Typography>
      )}
    </Box>
  );
}

const columns: DataTableColumn<Payout>[] = [
  { key: 'createdAt', header: 'Requested', render: (p) => formatDate(p.createdAt) },
  { key: 'amount', header: 'Amount', align: 'right', render: (p) => formatMoney(p.amount) },
  { key: 'status', header: 'Status', render: (p) => <Status payout={p} /> },
  { key: 'decidedAt', header: 'Decided', render: decided },
];

const phoneColumns: DataTableColumn<Payout>[] = [
  {
    key: 'request',
    header: 'Request',
    render: (p) => (
      <Box sx={{ display: 'grid', gap: 0.25 }}>
        <Box component="span" sx={{ fontWeight: 600 }}>{formatMoney(p.amount)}</Box>
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>Requested {formatDate(p.createdAt)}</Box>
      </Box>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    render: (p) => (
      <Box sx={{ display: 'grid', gap: 0.25 }}>
        <Status payout={p} />
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{decided(p)}</Box>
      </Box>
    ),
  },
];

/** The person's withdrawal requests (newest first); nothing when there are none. */
export function PayoutsSection({ payouts, error, onRetry }: { payouts: Payout[] | undefined; error: string | null; onRetry: () => void }) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const phone = useIsPhone();
  if (!error && (!payouts || payouts.length === 0)) return null;
  const rows = payouts && !all ? payouts.slice(0, SHOWN) : payouts;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Withdrawal requests
      </Typography>
      <DataTable label="Withdrawal requests" columns={phone ? phoneColumns : columns} rows={rows} getRowId={(p) => p._id} error={error} onRetry={onRetry} />
      {payouts && payouts.length > SHOWN && (
        <Button variant="text-blue" size="SM" onClick={() => setAll((a) => !a)} sx={{ mt: 1 }}>
          {all ? 'Show fewer' : `Show all ${payouts.length}`}
        </Button>
      )}
    </Box>
  );
}
