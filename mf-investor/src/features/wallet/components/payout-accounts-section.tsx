// "Payout accounts": the person's bank accounts for withdrawals, masked (last four only),
// with "Add bank account" and a confirmed removal.
import { useId, useState } from 'react';
import { Box, Paper, Skeleton, Typography } from 'shared-ui/mui';
import { Button, ConfirmDialog, formatDate, toast } from 'shared-ui';
import { ErrorState } from 'shared-ui/components';
import { useStepUp } from 'shared-ui/display';
import { readError, removePayoutDestination } from 'shared-api';
import type { PayoutDestination } from 'shared-api/contract';
import { maskedNumber, PAYOUT_DESTINATION_KIND_LABELS } from 'shared-api/contract/dashboard';

export interface PayoutAccountsSectionProps {
  destinations: PayoutDestination[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onAdd: () => void;
  onChanged: () => void;
}

export function PayoutAccountsSection({ destinations, loading, error, onRetry, onAdd, onChanged }: PayoutAccountsSectionProps) {
  const heading = useId();
  const [removing, setRemoving] = useState<PayoutDestination | null>(null);
  const [shown, setShown] = useState<PayoutDestination | null>(null);
  const [busy, setBusy] = useState(false);
  const stepUp = useStepUp();

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      const id = removing._id;
      await stepUp.guard(() => removePayoutDestination(id));
      toast.success(`Bank account ${maskedNumber(removing.last4)} removed.`);
      setRemoving(null);
      onChanged();
    } catch (err) {
      toast.error(await readError(err));
      setRemoving(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={heading} sx={{ p: { xs: 2, sm: 3 }, mt: 3, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <div>
          <Typography id={heading} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Payout accounts
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The bank accounts your withdrawals are paid to. Only the last four digits are shown.
          </Typography>
        </div>
        <Button variant="outline-blue" size="SM" onClick={onAdd}>
          Add bank account
        </Button>
      </Box>
      {error && !destinations ? (
        <ErrorState message={error} onRetry={onRetry} retrying={loading} />
      ) : !destinations ? (
        <Box aria-busy="true" aria-label="Loading payout accounts">
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Box>
      ) : destinations.length === 0 ? (
        <Typography color="text.secondary">No bank account yet. Add one to request a withdrawal.</Typography>
      ) : (
        <Box component="ul" aria-label="Your bank accounts" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {destinations.map((d) => (
            <Box
              component="li"
              key={d._id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                px: 2,
                py: 1,
              }}
            >
              <div>
                <Typography sx={{ fontWeight: 600 }}>
                  {PAYOUT_DESTINATION_KIND_LABELS[d.kind]} {maskedNumber(d.last4)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {d.holderName} · {d.country} · added {formatDate(d.createdAt)}
                </Typography>
              </div>
              <Button
                variant="text"
                size="SM"
                sx={{ color: 'error.main' }}
                onClick={() => {
                  setShown(d);
                  setRemoving(d);
                }}
                aria-label={`Remove bank account ${maskedNumber(d.last4)}`}
              >
                Remove
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this bank account?"
        message={
          shown
            ? `${PAYOUT_DESTINATION_KIND_LABELS[shown.kind]} ${maskedNumber(shown.last4)} (${shown.holderName}) will no longer be offered for withdrawals. Past withdrawals keep it.`
            : ''
        }
        confirmLabel="Remove bank account"
        loading={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
      {stepUp.dialog}
    </Paper>
  );
}
