// Submitting an income report (issue 18): the period, gross rent collected, expenses by
// category, receipts (PDF or images) and a note; checked as typed, then a review step with
// the totals before anything is sent. Receipts are uploaded after the report (5 a call).
// A repair the holders voted for since the last report is listed with what the reserve spent
// on it, which the report must state (paid from the reserve, not this period's expenses).
import { useEffect, useId, useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { InputAdornment, TextField } from 'shared-ui/mui-forms';
import { Button, FilePicker, Modal, formatMoney, toast } from 'shared-ui';
import { addIncomeReportReceipts, readError, submitIncomeReport } from 'shared-api';
import { getApprovedRepairsToReport } from 'shared-api/votes';
import { REPAIR_MESSAGES } from 'shared-api/contract/votes';
import type { ApprovedRepair, IncomeReport, Property } from 'shared-api/contract';
import {
  DEFAULT_MANAGEMENT_FEE_BPS,
  EXPENSE_CATEGORIES,
  EXPENSE_LABELS,
  MAX_RECEIPTS_PER_REPORT,
  MAX_REPORT_NOTE,
  distributionFigures,
} from 'shared-api/contract/dashboard';
import {
  cents,
  emptyIncomeForm,
  parseDollars,
  toIncomeReportBody,
  totalExpensesCents,
  validateIncomeForm,
  type IncomeForm,
  type IncomeFormErrors,
} from './income-form';
import { day } from './dates';

const RECEIPTS_PER_CALL = 5;
const todayUtc = () => new Date().toISOString().slice(0, 10);

export interface IncomeReportDialogProps {
  property: Property;
  open: boolean;
  onClose: () => void;
  onSubmitted: (report: IncomeReport) => void;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 400 }}>
        {value}
      </Typography>
    </Box>
  );
}

export function IncomeReportDialog({ property, open, onClose, onSubmitted }: IncomeReportDialogProps) {
  const id = useId();
  const [form, setForm] = useState<IncomeForm>(emptyIncomeForm);
  const [receipts, setReceipts] = useState<File[]>([]);
  const [errors, setErrors] = useState<IncomeFormErrors>({});
  const [step, setStep] = useState<'edit' | 'review'>('edit');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number[] | null>(null);

  const [repairs, setRepairs] = useState<ApprovedRepair[]>([]);
  const [spent, setSpent] = useState<Record<string, string>>({});
  const [spentErrors, setSpentErrors] = useState<Record<string, string | undefined>>({});

  useEffect(() => {
    if (!open) return;
    let live = true;
    // Unreadable: the server's refusal names what is missing.
    getApprovedRepairsToReport(property._id).then(
      (list) => live && setRepairs(list),
      () => live && setRepairs([]),
    );
    return () => {
      live = false;
    };
  }, [open, property._id]);

  const spentOf = (r: ApprovedRepair) => parseDollars(spent[r.proposalId] ?? '');

  const close = () => {
    if (busy) return;
    setStep('edit');
    setFailure(null);
    onClose();
  };

  const set = (patch: Partial<IncomeForm>) => setForm((f) => ({ ...f, ...patch }));
  const field = (key: 'periodStart' | 'periodEnd' | 'grossRent' | 'note') => ({
    id: `${id}-${key}`,
    value: form[key],
    onChange: (e: { target: { value: string } }) => {
      set({ [key]: e.target.value });
      if (errors[key]) setErrors((x) => ({ ...x, [key]: undefined }));
    },
    error: Boolean(errors[key]),
    disabled: busy,
  });

  const review = () => {
    const found = validateIncomeForm(form, todayUtc());
    setErrors(found);
    const repairErrors = Object.fromEntries(
      repairs.map((r) => {
        const v = spentOf(r);
        return [r.proposalId, v === null ? REPAIR_MESSAGES.spent : v > r.budget ? REPAIR_MESSAGES.overBudget : undefined];
      }),
    );
    setSpentErrors(repairErrors);
    if (Object.values(found).some(Boolean) || Object.values(repairErrors).some(Boolean)) {
      toast.error('Please correct the highlighted fields');
      return;
    }
    setStep('review');
  };

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const body = toIncomeReportBody(property._id, form);
      if (repairs.length > 0) body.approvedRepairs = repairs.map((r) => ({ proposalId: r.proposalId, spent: spentOf(r) ?? 0 }));
      let report = await submitIncomeReport(body);
      for (let i = 0; i < receipts.length; i += RECEIPTS_PER_CALL) {
        const batch = receipts.slice(i, i + RECEIPTS_PER_CALL);
        try {
          report = await addIncomeReportReceipts(report._id, batch, {
            onProgress: (fraction) => setProgress(receipts.map((_f, j) => (j < i ? 1 : j < i + batch.length ? fraction : 0))),
          });
        } catch (err) {
          toast.error(`The report is submitted, but receipts could not all be uploaded: ${await readError(err)}`);
          break;
        }
      }
      toast.success(`Income report for ${day(form.periodStart)} – ${day(form.periodEnd)} submitted for review`);
      setForm(emptyIncomeForm());
      setSpent({});
      setReceipts([]);
      setProgress(null);
      setStep('edit');
      onSubmitted(report);
    } catch (err) {
      setFailure(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  const rentCents = cents(parseDollars(form.grossRent) ?? 0);
  const expensesCents = totalExpensesCents(form);
  const estimate = distributionFigures(rentCents, expensesCents, DEFAULT_MANAGEMENT_FEE_BPS, 0);

  return (
    <Modal
      open={open}
      onClose={close}
      disableClose={busy}
      maxWidth="md"
      title={step === 'edit' ? `Income report: ${property.name}` : 'Review your income report'}
      actions={
        step === 'edit' ? (
          <>
            <Button variant="outline-blue" size="SM" onClick={close}>
              Cancel
            </Button>
            <Button variant="filled-blue" size="SM" type="submit" form={`${id}-form`}>
              Review report
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline-blue" size="SM" onClick={() => setStep('edit')} disabled={busy}>
              Back to edit
            </Button>
            <Button variant="filled-blue" size="SM" onClick={() => void submit()} loading={busy}>
              Submit report
            </Button>
          </>
        )
      }
    >
      {step === 'edit' ? (
        <Box
          component="form"
          id={`${id}-form`}
          noValidate
          aria-label={`Income report for ${property.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            review();
          }}
          sx={{ display: 'grid', gap: 2 }}
        >
          <Typography color="text.secondary">
            Report the rent you collected and what you spent for one period that has ended. Once an admin approves it, the net income (after
            the platform&apos;s management fee) is paid from your wallet to the holders of record, pro rata to their units.
          </Typography>
          <Box
            component="fieldset"
            sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}
          >
            <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
              Period and rent
            </Typography>
            <TextField
              label="Period start"
              type="date"
              required
              {...field('periodStart')}
              helperText={errors.periodStart ?? ' '}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Period end"
              type="date"
              required
              {...field('periodEnd')}
              helperText={errors.periodEnd ?? 'Inclusive; the period must have ended'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Gross rent collected"
              required
              {...field('grossRent')}
              helperText={errors.grossRent ?? ' '}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
          </Box>
          <Box
            component="fieldset"
            sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
          >
            <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
              Expenses (leave blank for none)
            </Typography>
            {EXPENSE_CATEGORIES.map((c) => (
              <TextField
                key={c}
                id={`${id}-${c}`}
                label={EXPENSE_LABELS[c]}
                value={form.expenses[c]}
                onChange={(e) => {
                  set({ expenses: { ...form.expenses, [c]: e.target.value } });
                  if (errors[c]) setErrors((x) => ({ ...x, [c]: undefined }));
                }}
                error={Boolean(errors[c])}
                helperText={errors[c]}
                disabled={busy}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
              />
            ))}
          </Box>
          {repairs.length > 0 && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
              <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
                Repairs the holders approved
              </Typography>
              <Typography color="text.secondary">
                Say what the reserve has spent on each so far (0 if nothing yet). It is paid from the reserve, not counted in this
                period&apos;s expenses.
              </Typography>
              {repairs.map((r) => (
                <TextField
                  key={r.proposalId}
                  id={`${id}-repair-${r.proposalId}`}
                  label={`Spent from the reserve on “${r.title}”`}
                  required
                  value={spent[r.proposalId] ?? ''}
                  onChange={(e) => {
                    setSpent((x) => ({ ...x, [r.proposalId]: e.target.value }));
                    if (spentErrors[r.proposalId]) setSpentErrors((x) => ({ ...x, [r.proposalId]: undefined }));
                  }}
                  error={Boolean(spentErrors[r.proposalId])}
                  helperText={spentErrors[r.proposalId] ?? r.line}
                  disabled={busy}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal' },
                    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  }}
                />
              ))}
            </Box>
          )}
          <FilePicker
            label="Receipts"
            kind="pdf+images"
            multiple
            maxFiles={MAX_RECEIPTS_PER_REPORT}
            files={receipts}
            onChange={setReceipts}
            onError={(m) => toast.error(m)}
            disabled={busy}
            helperText={`Invoices and statements backing the expenses: PDF or images, at most ${MAX_RECEIPTS_PER_REPORT}.`}
            name="files"
          />
          <TextField
            label="Note for the reviewer"
            multiline
            minRows={2}
            {...field('note')}
            helperText={errors.note ?? `${form.note.length}/${MAX_REPORT_NOTE} characters`}
            slotProps={{ htmlInput: { maxLength: MAX_REPORT_NOTE } }}
          />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }} aria-label="Report summary" role="region">
          <Typography>
            {property.name}, {day(form.periodStart)} – {day(form.periodEnd)}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 3, rowGap: 0.5, maxWidth: 480 }}>
            <Row label="Gross rent collected" value={formatMoney(rentCents / 100)} />
            {EXPENSE_CATEGORIES.filter((c) => (parseDollars(form.expenses[c], true) ?? 0) > 0).map((c) => (
              <Row key={c} label={EXPENSE_LABELS[c]} value={`-${formatMoney(parseDollars(form.expenses[c], true))}`} />
            ))}
            <Row label="Total expenses" value={formatMoney(expensesCents / 100)} strong />
            <Row
              label={`Management fee (at the standard ${DEFAULT_MANAGEMENT_FEE_BPS / 100}% of rent)`}
              value={`-${formatMoney(estimate.feeCents / 100)}`}
            />
            <Row label="Net income (estimate)" value={formatMoney(estimate.netIncomeCents / 100)} strong />
          </Box>
          {repairs.length > 0 && (
            <Box aria-label="Repairs the holders approved" role="list" sx={{ display: 'grid', gap: 0.5 }}>
              {repairs.map((r) => (
                <Typography key={r.proposalId} role="listitem">
                  {r.line}: spent from the reserve {formatMoney(spentOf(r) ?? 0)}
                </Typography>
              ))}
            </Box>
          )}
          {estimate.netIncomeCents < 0 && (
            <Alert severity="info">
              This period made a loss: nothing is paid, and the loss is carried forward to the next distributions.
            </Alert>
          )}
          <Typography>{receipts.length === 0 ? 'No receipts attached.' : `Receipts: ${receipts.map((f) => f.name).join(', ')}`}</Typography>
          {form.note.trim() && <Typography>Note: {form.note.trim()}</Typography>}
          <Typography variant="body2" color="text.secondary">
            The fee and net income are final once an admin approves the report. Your wallet must hold the net income and the fee on the pay
            date.
          </Typography>
          {progress && (
            <Typography role="status" variant="body2">
              Uploading receipts: {Math.round((progress.reduce((a, b) => a + b, 0) / Math.max(progress.length, 1)) * 100)}%
            </Typography>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Box>
      )}
    </Modal>
  );
}
