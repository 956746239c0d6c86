// Several withdrawals marked paid in one action, after the bank has sent them: one bank
// reference per withdrawal, confirmed in a dialog. The server marks all or none.
import { useEffect, useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-forms';
import { Button, Modal, formatMoney, toast } from 'shared-ui';
import { readError } from 'shared-api';
import { payPayouts } from 'shared-api/admin';
import { PAYOUT_BANK_REFERENCE_MAX, PAYOUT_MESSAGES, type AdminPayout } from 'shared-api/contract';
import { isSentForApproval, SENT_FOR_APPROVAL } from 'shared-api/contract/admin';

export interface PaySelectedProps {
  open: boolean;
  payouts: AdminPayout[];
  describe: (p: AdminPayout) => string;
  onDone: () => void;
  onClose: () => void;
}

export function PaySelectedDialog({ open, payouts, describe, onDone, onClose }: PaySelectedProps) {
  const [refs, setRefs] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setRefs({});
      setError(null);
    }
  }, [open]);
  const total = payouts.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100;

  const confirm = async () => {
    if (payouts.some((p) => !refs[p._id]?.trim())) {
      setError(PAYOUT_MESSAGES.bankReferenceRequired);
      return;
    }
    setBusy(true);
    try {
      const done = await payPayouts({ items: payouts.map((p) => ({ payoutId: p._id, bankReference: refs[p._id].trim() })) });
      if (isSentForApproval(done)) toast.info(SENT_FOR_APPROVAL);
      else toast.success(`${payouts.length} withdrawal${payouts.length === 1 ? '' : 's'} (${formatMoney(total)}) marked paid`);
      onDone();
    } catch (e) {
      setError(await readError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      disableClose={busy}
      title="Mark these withdrawals paid?"
      actions={
        <>
          <Button variant="text" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="filled-blue" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Saving…' : `Mark ${payouts.length} paid`}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>
        {payouts.length} withdrawal{payouts.length === 1 ? '' : 's'}, {formatMoney(total)} in all. Confirm only once the bank has sent each
        one; enter each transfer&apos;s bank reference.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {payouts.map((p) => (
          <TextField
            key={p._id}
            size="small"
            label={`Bank reference: ${describe(p)}`}
            value={refs[p._id] ?? ''}
            onChange={(e) => setRefs((r) => ({ ...r, [p._id]: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: PAYOUT_BANK_REFERENCE_MAX } }}
            required
            fullWidth
          />
        ))}
      </Box>
    </Modal>
  );
}
