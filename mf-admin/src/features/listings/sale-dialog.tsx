// Records a funded listing's completed sale: the price, costs and date, then a confirmation
// naming the amounts (the fee and what the units share), then the server pays the holders
// and retires the units in one transaction (or holds it for a second admin).
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-forms';
import { Button, Modal, formatMoney, toast } from 'shared-ui';
import { readError } from 'shared-api';
import { recordPropertySale } from 'shared-api/admin';
import { parseAmount, type Property } from 'shared-api/contract';
import { SALE_FEE_BPS, SENT_FOR_APPROVAL, isSentForApproval, saleFeeCents, saleRecordedMessage } from 'shared-api/contract/admin';

export interface SaleDialogProps {
  listing: Property;
  onClose: () => void;
  /** After the sale was recorded (true) or sent for approval (false). */
  onDone: (recorded: boolean) => void;
}

type Step = 'form' | 'confirm' | 'done';

const today = () => new Date().toISOString().slice(0, 10);

/** Cents from what the admin typed, or the reason it is not an amount. */
function cents(text: string, allowZero: boolean): { cents: number } | { error: string } {
  if (allowZero && Number(text.trim()) === 0 && text.trim() !== '') return { cents: 0 };
  const parsed = parseAmount(text);
  return parsed.ok ? { cents: parsed.cents } : { error: parsed.message };
}

export function SaleDialog({ listing, onClose, onDone }: SaleDialogProps) {
  const [price, setPrice] = useState('');
  const [costs, setCosts] = useState('0');
  const [soldOn, setSoldOn] = useState(today());
  const [note, setNote] = useState('');
  const [step, setStep] = useState<Step>('form');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<{ text: string; recorded: boolean } | null>(null);
  const focusRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (step !== 'form') focusRef.current?.focus();
  }, [step]);

  const p = cents(price, false);
  const c = cents(costs, true);
  const priceCents = 'cents' in p ? p.cents : 0;
  const costsCents = 'cents' in c ? c.cents : 0;
  const feeCents = saleFeeCents(priceCents);
  const netCents = priceCents - costsCents - feeCents;
  const formError =
    price.trim() === ''
      ? null
      : 'error' in p
        ? `Price: ${p.error}`
        : 'error' in c
          ? `Costs: ${c.error}`
          : netCents < 0
            ? 'The costs and the sale fee cannot be more than the sale price'
            : soldOn > today()
              ? 'The sale date cannot be in the future'
              : null;
  const ready = price.trim() !== '' && formError === null && soldOn !== '';

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const done = await recordPropertySale(listing._id, {
        price: priceCents / 100,
        costs: costsCents / 100,
        soldOn,
        note: note.trim() || undefined,
      });
      if (isSentForApproval(done)) {
        setResult({ text: SENT_FOR_APPROVAL, recorded: false });
        toast.info(SENT_FOR_APPROVAL);
      } else {
        const text = saleRecordedMessage(done.propertyName, formatMoney(done.paidToHolders), done.holders);
        setResult({ text, recorded: true });
        toast.success(text);
      }
      setStep('done');
    } catch (err) {
      setFailure(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  const finish = () => (result ? onDone(result.recorded) : onClose());
  const money = (x: number) => formatMoney(x / 100);

  let actions;
  if (step === 'form') {
    actions = (
      <>
        <Button variant="outline-blue" size="SM" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="filled-blue" size="SM" onClick={() => setStep('confirm')} disabled={!ready}>
          Continue
        </Button>
      </>
    );
  } else if (step === 'confirm') {
    actions = (
      <>
        <Button variant="outline-blue" size="SM" onClick={() => setStep('form')} disabled={busy}>
          Back
        </Button>
        <Button variant="filled-red" size="SM" onClick={submit} loading={busy}>
          Record sale and pay holders
        </Button>
      </>
    );
  } else {
    actions = (
      <Button variant="filled-blue" size="SM" onClick={finish}>
        Done
      </Button>
    );
  }

  return (
    <Modal
      open
      onClose={step === 'done' ? finish : onClose}
      title={`Record sale: ${listing.name}`}
      maxWidth="sm"
      disableClose={busy}
      describedBy="sale-what"
      actions={actions}
    >
      <Typography id="sale-what" color="text.secondary" sx={{ mb: 2 }}>
        The market closes and open orders are cancelled; the price less costs and the {SALE_FEE_BPS / 100}% sale fee is paid to the holders
        from the owner&apos;s wallet, and the units are retired. This cannot be undone.
      </Typography>
      {step === 'form' && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            id="sale-price"
            label="Sale price ($)"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            inputMode="decimal"
            autoFocus
          />
          <TextField id="sale-costs" label="Sale costs ($)" value={costs} onChange={(e) => setCosts(e.target.value)} inputMode="decimal" />
          <TextField
            id="sale-date"
            type="date"
            label="Completion date"
            value={soldOn}
            onChange={(e) => setSoldOn(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField id="sale-note" label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} />
          {formError && <Alert severity="warning">{formError}</Alert>}
        </Box>
      )}
      {step === 'confirm' && (
        <Box ref={focusRef} tabIndex={-1} sx={{ outline: 'none' }}>
          <Typography sx={{ fontWeight: 700 }}>
            Record the sale of “{listing.name}” on {soldOn}?
          </Typography>
          <Typography>Sale price: {money(priceCents)}</Typography>
          <Typography>Costs: {money(costsCents)}</Typography>
          <Typography>Sale fee: {money(feeCents)}</Typography>
          <Typography sx={{ fontWeight: 700 }}>
            Paid over the {listing.totalQuantity} units: {money(netCents)}
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </Box>
      )}
      {step === 'done' && result && (
        <Alert ref={focusRef} tabIndex={-1} severity={result.recorded ? 'success' : 'info'} role="status">
          {result.text}
        </Alert>
      )}
    </Modal>
  );
}
