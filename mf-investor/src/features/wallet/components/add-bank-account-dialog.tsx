// "Add bank account": a US account (routing + account number) or an international one
// (IBAN + BIC), with the holder's name. Checked inline with the contract's validators (the
// same the server runs); the server also checks the IBAN per country and answers masked.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Box } from 'shared-ui/mui';
import { FormControlLabel, FormLabel, Radio, RadioGroup, TextField } from 'shared-ui/mui-forms';
import { Button, Modal, toast } from 'shared-ui';
import { useStepUp } from 'shared-ui/display';
import { addPayoutDestination, readError } from 'shared-api';
import type { CreatePayoutDestinationBody, PayoutDestination, PayoutDestinationKind } from 'shared-api/contract';
import {
  accountNumberError,
  bicShapeError,
  holderNameError,
  ibanShapeError,
  maskedNumber,
  PAYOUT_DESTINATION_KIND_LABELS,
  routingNumberError,
} from 'shared-api/contract/dashboard';
import { newIdempotencyKey } from '../../../lib/idempotency';

type Field = 'holderName' | 'routingNumber' | 'accountNumber' | 'iban' | 'bic';
const CHECKS: Record<Field, (v: string) => string | null> = {
  holderName: holderNameError,
  routingNumber: routingNumberError,
  accountNumber: accountNumberError,
  iban: ibanShapeError,
  bic: bicShapeError,
};
const FIELDS: Record<PayoutDestinationKind, Field[]> = {
  US_ACH: ['holderName', 'routingNumber', 'accountNumber'],
  IBAN: ['holderName', 'iban', 'bic'],
};
const LABELS: Record<Field, string> = {
  holderName: 'Account holder name',
  routingNumber: 'Routing number',
  accountNumber: 'Account number',
  iban: 'IBAN',
  bic: 'BIC (SWIFT code)',
};
const HINTS: Partial<Record<Field, string>> = {
  holderName: 'As the bank knows it.',
  routingNumber: '9 digits, on the bottom left of a cheque.',
  accountNumber: '4 to 17 digits.',
  iban: 'e.g. DE89 3704 0044 0532 0130 00',
  bic: '8 or 11 characters, e.g. COBADEFFXXX',
};
const EMPTY: Record<Field, string> = { holderName: '', routingNumber: '', accountNumber: '', iban: '', bic: '' };

export interface AddBankAccountDialogProps {
  open: boolean;
  onClose: () => void;
  onAdded: (d: PayoutDestination) => void;
}

export function AddBankAccountDialog({ open, onClose, onAdded }: AddBankAccountDialogProps) {
  const ids = { kind: useId(), form: useId() };
  const [kind, setKind] = useState<PayoutDestinationKind>('US_ACH');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const stepUp = useStepUp();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);

  useEffect(() => {
    if (open) {
      setKind('US_ACH');
      setValues(EMPTY);
      setErrors({});
      setFailure(null);
      key.current = null;
    }
  }, [open]);

  const check = (f: Field, v: string) => setErrors((e) => ({ ...e, [f]: CHECKS[f](v) ?? undefined }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    for (const f of FIELDS[kind]) {
      const problem = CHECKS[f](values[f]);
      if (problem) found[f] = problem;
    }
    setErrors(found);
    const first = FIELDS[kind].find((f) => found[f]);
    if (first) {
      document.getElementById(`${ids.form}-${first}`)?.focus();
      return;
    }
    const body: CreatePayoutDestinationBody =
      kind === 'US_ACH'
        ? { kind, holderName: values.holderName, routingNumber: values.routingNumber, accountNumber: values.accountNumber }
        : { kind, holderName: values.holderName, iban: values.iban, bic: values.bic };
    key.current ??= newIdempotencyKey();
    setBusy(true);
    setFailure(null);
    try {
      const idempotencyKey = key.current;
      const d = await stepUp.guard(() => addPayoutDestination(body, { idempotencyKey }));
      toast.success(`Bank account ${maskedNumber(d.last4)} added. We sent you an e-mail about it.`);
      onAdded(d);
    } catch (err) {
      key.current = null;
      setFailure(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal
        open={open}
        onClose={onClose}
        title="Add bank account"
        maxWidth="sm"
        disableClose={busy}
        actions={
          <>
            <Button variant="text" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form={ids.form} variant="filled-blue" loading={busy}>
              Add bank account
            </Button>
          </>
        }
      >
        <Box component="form" id={ids.form} noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Box role="radiogroup" aria-labelledby={ids.kind}>
            <FormLabel id={ids.kind}>Account type</FormLabel>
            <RadioGroup
              row
              name="kind"
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as PayoutDestinationKind);
                setErrors({});
              }}
            >
              <FormControlLabel value="US_ACH" control={<Radio />} label={PAYOUT_DESTINATION_KIND_LABELS.US_ACH} disabled={busy} />
              <FormControlLabel value="IBAN" control={<Radio />} label={PAYOUT_DESTINATION_KIND_LABELS.IBAN} disabled={busy} />
            </RadioGroup>
          </Box>
          {FIELDS[kind].map((f) => (
            <TextField
              key={f}
              id={`${ids.form}-${f}`}
              label={LABELS[f]}
              value={values[f]}
              required
              fullWidth
              disabled={busy}
              autoComplete={f === 'holderName' ? 'name' : 'off'}
              slotProps={{
                htmlInput: { inputMode: f === 'routingNumber' || f === 'accountNumber' ? 'numeric' : 'text', spellCheck: false },
              }}
              onChange={(e) => {
                setValues((v) => ({ ...v, [f]: e.target.value }));
                if (errors[f]) check(f, e.target.value);
              }}
              onBlur={() => values[f].trim() !== '' && check(f, values[f])}
              error={Boolean(errors[f])}
              helperText={errors[f] ?? HINTS[f]}
            />
          ))}
          <Alert severity="info" role="note">
            After saving, only the last four digits are ever shown. Withdrawals are paid to this account by our team.
          </Alert>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
        </Box>
      </Modal>
      {stepUp.dialog}
    </>
  );
}
