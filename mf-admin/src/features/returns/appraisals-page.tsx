// /dashboard/appraisals (issue 18): pick a live property, see its appraisal history, record
// an appraisal (value per unit, date, source document), void a mistaken one (kept, counted
// nowhere) and, for an off-plan property whose owner reported construction complete, convert
// it to income-producing. A large move from the latest appraisal is confirmed first (409).
import { useEffect, useId, useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { FormControl, InputAdornment, InputLabel, NativeSelect, TextField } from 'shared-ui/mui-forms';
import { Button, DataTable, FilePicker, PageHeader, formatMoney, toast, useAsync, type DataTableColumn } from 'shared-ui';
import { getProperties, getPropertyPerformance, readError, readErrorMessages } from 'shared-api';
import { convertToIncomeProducing, createAppraisal, getAppraisals, uploadAppraisalDocument, voidAppraisal } from 'shared-api/admin';
import { MAX_PAGE_SIZE, PROPERTY_TYPE_LABELS, type Appraisal, type CreateAppraisalBody, type Property } from 'shared-api/contract';
import { isSentForApproval, SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import { MAX_CORRECTION_REASON, RETURNS_MESSAGES } from 'shared-api/contract/dashboard';
import { DecisionDialog } from '../../components/decision-dialog';
import { DocumentLinks } from '../../components/files';
import { Section } from '../../components/section';
import { DownloadCsvButton, TableTools, sortableColumns, useClientSort } from '../../lib/table-kit';
import { day, parseDollars, todayUtc } from './labels';

export const APPRAISAL_MESSAGES = {
  value: 'Enter the value per unit in dollars, e.g. 52.50',
  date: 'Enter the appraisal date',
  future: 'The appraisal date cannot be in the future',
} as const;

async function liveProperties(): Promise<Property[]> {
  const [active, funded] = await Promise.all([
    getProperties({ status: 'ACTIVE', pageSize: MAX_PAGE_SIZE }),
    getProperties({ status: 'FUNDED', pageSize: MAX_PAGE_SIZE }),
  ]);
  return [...active.items, ...funded.items].sort((a, b) => a.name.localeCompare(b.name));
}

function historyColumns(onVoid: (a: Appraisal) => void): DataTableColumn<Appraisal>[] {
  return [
    { key: 'appraisedOn', header: 'Date', render: (a) => day(a.appraisedOn) },
    {
      key: 'valuePerUnit',
      header: 'Value per unit',
      align: 'right',
      render: (a) =>
        a.voidedAt ? (
          <s aria-label={`${formatMoney(a.valuePerUnit)} (voided)`}>{formatMoney(a.valuePerUnit)}</s>
        ) : (
          formatMoney(a.valuePerUnit)
        ),
    },
    { key: 'note', header: 'Note', render: (a) => a.note || '—' },
    { key: 'document', header: 'Source document', render: (a) => (a.document ? <DocumentLinks documents={[a.document]} /> : '—') },
    {
      key: 'status',
      header: 'Status',
      render: (a) =>
        a.voidedAt ? (
          <span>
            Voided {day(a.voidedAt.slice(0, 10))}: {a.voidReason}
          </span>
        ) : (
          <Button size="SM" variant="text-blue" onClick={() => onVoid(a)} aria-label={`Void the appraisal of ${day(a.appraisedOn)}`}>
            Void
          </Button>
        ),
    },
  ];
}

function AppraisalForm({ property, onSaved }: { property: Property; onSaved: () => void }) {
  const [value, setValue] = useState('');
  const [date, setDate] = useState(todayUtc());
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<{ value?: string; date?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The server's 409 for a large move (it says the change in percent), awaiting confirmation.
  const [toConfirm, setToConfirm] = useState<string | null>(null);
  const formId = useId();

  const record = async (body: CreateAppraisalBody, dollars: number) => {
    const created = await createAppraisal(property._id, body);
    if (isSentForApproval(created)) {
      toast.info(`${SENT_FOR_APPROVAL}${files[0] ? '. Attach its document once it is approved.' : ''}`);
      setValue('');
      setNote('');
      setFiles([]);
      return;
    }
    if (files[0]) {
      try {
        await uploadAppraisalDocument(created._id, files[0]);
      } catch (err) {
        toast.error(`The appraisal is recorded, but its document was not attached: ${await readError(err)}`);
      }
    }
    toast.success(`Appraisal recorded: ${formatMoney(dollars)} a unit on ${day(body.appraisedOn)}`);
    setValue('');
    setNote('');
    setFiles([]);
    onSaved();
  };

  const bodyOf = (dollars: number): CreateAppraisalBody => ({ valuePerUnit: dollars, appraisedOn: date, note: note.trim() || undefined });

  const save = async () => {
    const dollars = parseDollars(value);
    const next = {
      value: dollars === null || dollars <= 0 ? APPRAISAL_MESSAGES.value : undefined,
      date: !date ? APPRAISAL_MESSAGES.date : date > todayUtc() ? APPRAISAL_MESSAGES.future : undefined,
    };
    setProblems(next);
    if (next.value || next.date || dollars === null) return;
    setSaving(true);
    setFailure(null);
    try {
      await record(bodyOf(dollars), dollars);
    } catch (err) {
      const { status, messages } = await readErrorMessages(err);
      if (status === 409 && messages[0]) setToConfirm(messages[0]);
      else setFailure(await readError(err));
    } finally {
      setSaving(false);
    }
  };

  const confirmed = async () => {
    const dollars = parseDollars(value);
    if (dollars === null) return;
    await record({ ...bodyOf(dollars), confirmLargeChange: true }, dollars);
    setToConfirm(null);
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={`Record an appraisal of ${property.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <TextField
        id={`${formId}-value`}
        label="Value per unit"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        required
        error={Boolean(problems.value)}
        helperText={problems.value ?? `Units sell at ${formatMoney(property.unitPrice)} today`}
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      />
      <TextField
        id={`${formId}-date`}
        label="Appraisal date"
        type="date"
        value={date}
        onChange={(e) => setDate(e.target.value)}
        required
        error={Boolean(problems.date)}
        helperText={problems.date ?? 'When the valuation was made'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayUtc() } }}
      />
      <TextField
        id={`${formId}-note`}
        label="Note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        sx={{ gridColumn: '1 / -1' }}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FilePicker
          label="Source document"
          kind="pdf"
          files={files}
          onChange={setFiles}
          onError={(m) => toast.error(m)}
          disabled={saving}
          helperText="The appraiser's report: one PDF"
          name="file"
        />
      </Box>
      {failure && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="filled-blue" size="SM" loading={saving}>
          Record appraisal
        </Button>
      </Box>
      <DecisionDialog
        open={toConfirm !== null}
        title="Record this appraisal?"
        description={toConfirm ?? ''}
        confirmLabel="Confirm and record"
        onConfirm={confirmed}
        onClose={() => setToConfirm(null)}
      />
    </Box>
  );
}

/** Void a mistaken appraisal: it stays listed, marked, and every figure goes back to the latest one standing. */
function VoidDialog({ appraisal, onClose, onVoided }: { appraisal: Appraisal | null; onClose: () => void; onVoided: () => void }) {
  return (
    <DecisionDialog
      open={appraisal !== null}
      title="Void this appraisal?"
      description={
        appraisal
          ? `The appraisal of ${day(appraisal.appraisedOn)} (${formatMoney(appraisal.valuePerUnit)} a unit) stays on record, marked voided, and counts for nothing: investors' values, charts, statements and the market's price band go back to the latest appraisal standing. Holders are told.`
          : ''
      }
      confirmLabel="Void appraisal"
      reasonLabel="Reason"
      reasonRequired={RETURNS_MESSAGES.reasonRequired}
      reasonMax={MAX_CORRECTION_REASON}
      destructive
      onConfirm={async (reason) => {
        if (!appraisal) return;
        const voided = await voidAppraisal(appraisal._id, { reason });
        if (isSentForApproval(voided)) toast.info(SENT_FOR_APPROVAL);
        else toast.success('Appraisal voided');
        onVoided();
      }}
      onClose={onClose}
    />
  );
}

function IncomeProducing({ property }: { property: Property }) {
  const perf = useAsync(() => getPropertyPerformance(property._id), [property._id]);
  const [confirming, setConfirming] = useState(false);
  const producing = perf.data?.incomeProducing;
  return (
    <Section title="Income-producing" level={2}>
      {perf.error ? (
        <Alert severity="error">{perf.error}</Alert>
      ) : producing === undefined ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : producing ? (
        <Typography>This off-plan property is income-producing: its owner submits income reports.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
          <Typography>
            Off-plan properties pay income once built. When the owner has reported construction complete, convert it so its owner can submit
            income reports; holders are paid per unit held, the owner keeps the share of units unsold.
          </Typography>
          <Button variant="filled-blue" size="SM" onClick={() => setConfirming(true)}>
            Convert to income-producing
          </Button>
        </Box>
      )}
      <DecisionDialog
        open={confirming}
        title="Convert to income-producing?"
        description={`${property.name} will be treated as built: its owner reports rent and expenses, and its holders receive distributions.`}
        confirmLabel="Convert"
        onConfirm={async () => {
          await convertToIncomeProducing(property._id);
          setConfirming(false);
          toast.success(`${property.name} is income-producing`);
          perf.reload();
        }}
        onClose={() => setConfirming(false)}
      />
    </Section>
  );
}

export function AppraisalsPage() {
  const props = useAsync(() => liveProperties(), []);
  const [selected, setSelected] = useState('');
  useEffect(() => {
    if (!selected && props.data?.[0]) setSelected(props.data[0]._id);
  }, [props.data, selected]);
  const property = props.data?.find((p) => p._id === selected);
  const history = useAsync(() => (selected ? getAppraisals(selected) : Promise.resolve([])), [selected]);
  // A property's history comes whole: it is sorted here.
  const sorted = useClientSort(history.data, {
    appraisedOn: (a: Appraisal) => a.appraisedOn,
    valuePerUnit: (a: Appraisal) => a.valuePerUnit,
  });
  const latest = history.data?.find((a) => a.voidedAt === null);
  const [voiding, setVoiding] = useState<Appraisal | null>(null);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeader
        title="Appraisals"
        subtitle="Appraised values per unit value investors' portfolios; off-plan properties become income-producing here once built."
      />
      {props.error ? (
        <Alert
          severity="error"
          action={
            <Button size="SM" variant="text-blue" onClick={props.reload}>
              Retry
            </Button>
          }
        >
          {props.error}
        </Alert>
      ) : !props.data ? (
        <Typography role="status">Loading properties...</Typography>
      ) : props.data.length === 0 ? (
        <Typography>No live property yet: appraisals are recorded for live and funded properties.</Typography>
      ) : (
        <>
          <FormControl sx={{ maxWidth: 480 }}>
            <InputLabel variant="standard" htmlFor="appraisal-property" shrink>
              Property
            </InputLabel>
            <NativeSelect value={selected} onChange={(e) => setSelected(e.target.value)} inputProps={{ id: 'appraisal-property' }}>
              {props.data.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.name} ({PROPERTY_TYPE_LABELS[p.type]}, {p.status === 'FUNDED' ? 'funded' : 'live'})
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          {property && (
            <>
              <Section title={`Appraisals of ${property.name}`}>
                <Typography sx={{ mb: 2 }}>
                  {latest
                    ? `Latest: ${formatMoney(latest.valuePerUnit)} a unit on ${day(latest.appraisedOn)}.`
                    : `Not appraised yet: holdings are valued at what they cost (units sell at ${formatMoney(property.unitPrice)}).`}
                </Typography>
                <TableTools>
                  <DownloadCsvButton<Appraisal>
                    filename={`appraisals-${property._id}.csv`}
                    rows={sorted.rows ?? []}
                    columns={[
                      { header: 'Date', value: (a) => a.appraisedOn },
                      { header: 'Value per unit', value: (a) => a.valuePerUnit },
                      { header: 'Note', value: (a) => a.note },
                      { header: 'Source document', value: (a) => a.document?.name },
                      { header: 'Voided', value: (a) => a.voidedAt },
                      { header: 'Void reason', value: (a) => a.voidReason },
                    ]}
                  />
                </TableTools>
                <DataTable
                  label={`Appraisal history of ${property.name}`}
                  columns={sortableColumns(
                    historyColumns(setVoiding),
                    { appraisedOn: 'appraisedOn', valuePerUnit: 'valuePerUnit' },
                    sorted,
                  )}
                  rows={sorted.rows}
                  getRowId={(a) => a._id}
                  loading={history.loading}
                  error={history.error}
                  onRetry={history.reload}
                  emptyMessage="No appraisal recorded yet"
                />
                <VoidDialog
                  appraisal={voiding}
                  onClose={() => setVoiding(null)}
                  onVoided={() => {
                    setVoiding(null);
                    history.reload();
                  }}
                />
              </Section>
              <Section title="Record an appraisal">
                <AppraisalForm key={property._id} property={property} onSaved={history.reload} />
              </Section>
              {property.type === 'OFF_PLAN' && <IncomeProducing key={`ip-${property._id}`} property={property} />}
            </>
          )}
        </>
      )}
    </Box>
  );
}
