import { useId, useRef, useState, type FormEvent } from 'react';
import { Paper } from 'shared-ui/mui-surfaces';
import { Box, Typography } from 'shared-ui/mui-core';
import { Button, formatMoney, toast } from 'shared-ui/core';
import { ConfirmDialog, useStepUp } from 'shared-ui/display';
import { TextField } from 'shared-ui/mui-inputs';
import { readError, withdraw } from 'shared-api';
import type { PayoutDestination } from 'shared-api/contract';
import { describeDestination, PAYOUT_DESTINATION_MESSAGES } from 'shared-api/contract/dashboard';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { checkAmount } from '../lib/amount';
import { AmountField } from './amount-field';

export interface WithdrawFormProps {
  /** Available dollars (the server's); undefined while loading. */
  balance: number | undefined;
  /** After a request was made: refresh the balance, history and requests. */
  onRequested: () => void;
  /** The person's live bank accounts; undefined while loading. */
  destinations: PayoutDestination[] | undefined;
  /** Opens "Add bank account". */
  onAddAccount: () => void;
}

/** A withdrawal request: the amount leaves the balance at once and is held until an admin pays it. */
export function WithdrawForm({ balance, onRequested, destinations, onAddAccount }: WithdrawFormProps) {
  const ids = { heading: useId(), amount: useId(), destination: useId() };
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState('');
  const [destinationError, setDestinationError] = useState<string | null>(null);
  // The only account is chosen for the person; a removed one is forgotten.
  const live = destinations?.some((d) => d._id === chosen) ? chosen : destinations?.length === 1 ? destinations[0]._id : '';
  const destination = destinations?.find((d) => d._id === live);
  const [error, setError] = useState<string | null>(null);
  // Kept after closing, so the dialog does not go blank while it fades out.
  const [dialog, setDialog] = useState({ open: false, amount: 0 });
  const [busy, setBusy] = useState(false);
  const key = useRef<{ text: string; value: string } | null>(null);
  const stepUp = useStepUp();

  const check = (value: string) => checkAmount(value, balance === undefined ? undefined : { max: balance, kind: 'balance' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = check(text);
    setDestinationError(live ? null : PAYOUT_DESTINATION_MESSAGES.required);
    if (!c.ok) {
      setError(c.message);
      return;
    }
    setError(null);
    if (!live) return;
    setDialog({ open: true, amount: c.dollars });
  };

  const request = async () => {
    if (!dialog.open) return;
    setBusy(true);
    const what = `${text.trim()} ${live}`;
    if (key.current?.text !== what) key.current = { text: what, value: newIdempotencyKey() };
    try {
      const idempotencyKey = key.current.value;
      const payout = await stepUp.guard(() => withdraw({ amount: dialog.amount, payoutDestinationId: live }, { idempotencyKey }));
      toast.success(`Withdrawal of ${formatMoney(payout.amount)} requested. The amount is held until an admin pays it out.`);
      key.current = null;
      setText('');
      setDialog((d) => ({ ...d, open: false }));
      onRequested();
    } catch (err) {
      const message = await readError(err);
      toast.error(message);
      setError(message);
      setDialog((d) => ({ ...d, open: false }));
      // The balance may have moved elsewhere.
      onRequested();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, alignContent: 'start' }}>
      <div>
        <Typography id={ids.heading} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Withdraw
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The amount is held from your balance until an admin pays it to you.
        </Typography>
      </div>
      <form noValidate onSubmit={submit} aria-labelledby={ids.heading}>
        <AmountField
          id={ids.amount}
          label="Withdrawal amount"
          value={text}
          onChange={(v) => {
            setText(v);
            if (error) setError(null);
          }}
          onBlur={() => text.trim() !== '' && setError(((c) => (c.ok ? null : c.message))(check(text)))}
          error={error}
          hint={balance === undefined ? 'Up to your available balance.' : `Up to your available balance of ${formatMoney(balance)}.`}
          disabled={busy}
        />
        {destinations && destinations.length === 0 ? (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" color={destinationError ? 'error' : 'text.secondary'} role={destinationError ? 'alert' : undefined}>
              Withdrawals are paid to one of your bank accounts, and you have none yet.
            </Typography>
            <Button variant="text" size="SM" onClick={onAddAccount} sx={{ mt: 0.5 }}>
              Add a bank account
            </Button>
          </Box>
        ) : (
          <TextField
            id={ids.destination}
            select
            label="Pay to"
            value={live}
            required
            fullWidth
            disabled={busy || !destinations}
            onChange={(e) => {
              setChosen(e.target.value);
              setDestinationError(null);
            }}
            error={Boolean(destinationError)}
            helperText={destinationError ?? (destinations ? 'The bank account this withdrawal is paid to.' : 'Loading your bank accounts…')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ mt: 2 }}
          >
            <option value="">Choose a bank account</option>
            {destinations?.map((d) => (
              <option key={d._id} value={d._id}>
                {describeDestination(d)}
              </option>
            ))}
          </TextField>
        )}
        <Button
          type="submit"
          variant="outline-blue"
          disabled={busy || balance === undefined}
          sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
        >
          Request withdrawal
        </Button>
      </form>
      <ConfirmDialog
        open={dialog.open}
        title="Request this withdrawal?"
        message={`${formatMoney(dialog.amount)} leaves your available balance now and is held until an admin pays it to ${destination ? describeDestination(destination) : 'your bank account'}. If the request is rejected, the amount comes back to your wallet.`}
        confirmLabel="Request withdrawal"
        destructive={false}
        loading={busy}
        onConfirm={() => void request()}
        onCancel={() => setDialog((d) => ({ ...d, open: false }))}
      />
      {stepUp.dialog}
    </Paper>
  );
}
