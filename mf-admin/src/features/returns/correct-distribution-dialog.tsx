// Correcting a PAID distribution: the corrected total and a reason, and before confirming, in
// words, what will be reversed and what paid instead. The server does it all or nothing and
// says why it refused (a holder who spent what would be taken back, the owner's wallet); the
// dialog shows that message and stays open.
import { useEffect, useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-forms';
import { formatMoney } from 'shared-ui';
import type { Distribution } from 'shared-api/contract';
import { CORRECTION_REASON_MAX, CORRECTION_REASON_MIN, RETURNS_MESSAGES } from 'shared-api/contract/dashboard';
import { DecisionDialog } from '../../components/decision-dialog';
import { period } from './labels';

export interface CorrectDistributionDialogProps {
  distribution: Distribution | null;
  /** Runs the correction; a thrown error (the server's 409) is shown and the dialog stays open. */
  onCorrect: (d: Distribution, totalCents: number, reason: string) => Promise<void>;
  onClose: () => void;
}

/** "1234.5" → 123450 cents; null when it is not an amount of dollars with at most two decimals. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const cents = Math.round(Number(t) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

export function CorrectDistributionDialog({ distribution: d, onCorrect, onClose }: CorrectDistributionDialogProps) {
  const [total, setTotal] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (d) {
      setTotal(d.distributable.toFixed(2));
      setProblem(null);
    }
  }, [d]);

  const cents = dollarsToCents(total);
  const same = d !== null && cents !== null && cents === Math.round(d.distributable * 100);

  const confirm = async (reason: string) => {
    if (!d) return;
    if (cents === null) {
      setProblem('Enter the corrected total in dollars, 0 or more (e.g. 1250.00)');
      return;
    }
    if (same) {
      setProblem('The corrected total is the amount already paid: nothing to correct');
      return;
    }
    if (reason.length < CORRECTION_REASON_MIN) throw new Error(RETURNS_MESSAGES.correctionReason);
    await onCorrect(d, cents, reason);
  };

  return (
    <DecisionDialog
      open={Boolean(d)}
      title="Correct this paid distribution?"
      description={
        d
          ? `${d.propertyName}, ${period(d)}: ${formatMoney(d.distributable)} was paid to the holders of record. Paid entries are never edited: they are reversed by new entries, and the corrected total is paid as a new distribution.`
          : ''
      }
      confirmLabel="Reverse and correct"
      reasonLabel="Reason (shown to the holders and the owner)"
      reasonRequired={RETURNS_MESSAGES.correctionReason}
      reasonMax={CORRECTION_REASON_MAX}
      destructive
      onConfirm={confirm}
      onClose={onClose}
    >
      {d && (
        <>
          <TextField
            label="Corrected total to distribute ($)"
            value={total}
            onChange={(e) => {
              setTotal(e.target.value);
              setProblem(null);
            }}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            required
            error={Boolean(problem)}
            helperText={problem ?? 'What the holders of record should have received in total; 0 reverses the payment only'}
            fullWidth
          />
          <Box role="status" aria-live="polite">
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
              What will happen
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              <li>
                Reversed: the {formatMoney(d.distributable)} paid to the holders, the owner’s funding of it and the{' '}
                {formatMoney(d.managementFee)} management fee.
              </li>
              {cents === null ? (
                <li>Paid instead: enter the corrected total.</li>
              ) : cents === 0 ? (
                <li>Paid instead: nothing. This is a pure reversal; the management fee goes back to the owner too.</li>
              ) : (
                <li>
                  Paid instead: {formatMoney(cents / 100)}, split over the same holders of record
                  {d.totalUnits ? ` (${d.totalUnits} units)` : ''}, and the {formatMoney(d.managementFee)} fee charged again.
                </li>
              )}
            </Box>
          </Box>
          <Alert severity="warning" role="note">
            If any holder no longer holds what the reversal takes back, nothing is corrected and you are told how many are short.
          </Alert>
        </>
      )}
    </DecisionDialog>
  );
}
