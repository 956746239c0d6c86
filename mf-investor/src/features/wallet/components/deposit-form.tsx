import { useId, useRef, useState, type FormEvent } from 'react';
import { Paper } from 'shared-ui/mui-surfaces';
import { Typography } from 'shared-ui/mui-core';
import { Button, formatMoney, toast } from 'shared-ui/core';
import { deposit, readError, rememberCheckout } from 'shared-api';
import { MAX_DEPOSIT_USD, paths } from 'shared-api/contract';
import { goToExternal } from '../../../lib/browser';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { checkAmount } from '../lib/amount';
import { AmountField } from './amount-field';

/** Add money: a DEPOSIT checkout on the payments provider's page, which comes back to the wallet. */
export function DepositForm() {
  const ids = { heading: useId(), amount: useId() };
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per deposit the person means: a retry of the same amount cannot open a second checkout.
  const key = useRef<{ text: string; value: string } | null>(null);
  const limit = { max: MAX_DEPOSIT_USD, kind: 'deposit' as const };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = checkAmount(text, limit);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    setBusy(true);
    if (key.current?.text !== text.trim()) key.current = { text: text.trim(), value: newIdempotencyKey() };
    try {
      const checkout = await deposit({ amount: check.dollars, returnPath: paths.wallet }, { idempotencyKey: key.current.value });
      rememberCheckout(checkout, 'DEPOSIT');
      goToExternal(checkout.checkoutUrl);
    } catch (err) {
      toast.error(await readError(err));
      setBusy(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, alignContent: 'start' }}>
      <div>
        <Typography id={ids.heading} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Add money
        </Typography>
        <Typography variant="body2" color="text.secondary">
          You pay on a secure checkout page and come straight back here.
        </Typography>
      </div>
      <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={ids.heading}>
        <AmountField
          id={ids.amount}
          label="Deposit amount"
          value={text}
          onChange={(v) => {
            setText(v);
            if (error) setError(null);
          }}
          onBlur={() => text.trim() !== '' && setError(((c) => (c.ok ? null : c.message))(checkAmount(text, limit)))}
          error={error}
          hint={`Up to ${formatMoney(MAX_DEPOSIT_USD)} per deposit.`}
          disabled={busy}
        />
        <Button type="submit" variant="filled-blue" loading={busy} sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}>
          Continue to payment
        </Button>
      </form>
    </Paper>
  );
}
