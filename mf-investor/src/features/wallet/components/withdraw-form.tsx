import { useId, useRef, useState, type FormEvent } from 'react';
import { Paper } from 'shared-ui/mui-surfaces';
import { Typography } from 'shared-ui/mui-core';
import { Button, formatMoney, toast } from 'shared-ui/core';
import { ConfirmDialog } from 'shared-ui/display';
import { readError, withdraw } from 'shared-api';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { checkAmount } from '../lib/amount';
import { AmountField } from './amount-field';

export interface WithdrawFormProps {
  /** Available dollars (the server's); undefined while loading. */
  balance: number | undefined;
  /** After a request was made: refresh the balance, history and requests. */
  onRequested: () => void;
}

/** A withdrawal request: the amount leaves the balance at once and is held until an admin pays it. */
export function WithdrawForm({ balance, onRequested }: WithdrawFormProps) {
  const ids = { heading: useId(), amount: useId() };
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Kept after closing, so the dialog does not go blank while it fades out.
  const [dialog, setDialog] = useState({ open: false, amount: 0 });
  const [busy, setBusy] = useState(false);
  const key = useRef<{ text: string; value: string } | null>(null);

  const check = (value: string) => checkAmount(value, balance === undefined ? undefined : { max: balance, kind: 'balance' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = check(text);
    if (!c.ok) {
      setError(c.message);
      return;
    }
    setError(null);
    setDialog({ open: true, amount: c.dollars });
  };

  const request = async () => {
    if (!dialog.open) return;
    setBusy(true);
    if (key.current?.text !== text.trim()) key.current = { text: text.trim(), value: newIdempotencyKey() };
    try {
      const payout = await withdraw({ amount: dialog.amount }, { idempotencyKey: key.current.value });
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
        message={`${formatMoney(dialog.amount)} leaves your available balance now and is held until an admin pays it to you. If the request is rejected, the amount comes back to your wallet.`}
        confirmLabel="Request withdrawal"
        destructive={false}
        loading={busy}
        onConfirm={() => void request()}
        onCancel={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Paper>
  );
}
