// /dashboard/appraisals (issue 18): pick a live property, see its appraisal history, record
// an appraisal (value per unit, date, source document) and, for an off-plan property whose
// owner reported construction complete, convert it to income-producing.
import { useEffect, useId, useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { FormControl, InputAdornment, InputLabel, NativeSelect, TextField } from 'shared-ui/mui-forms';
import { Button, DataTable, FilePicker, PageHeader, formatMoney, toast, useAsync, type DataTableColumn } from 'shared-ui';
import {
  convertToIncomeProducing,
  createAppraisal,
  getAppraisals,
  getProperties,
  getPropertyPerformance,
  readError,
  uploadAppraisalDocument,
} from 'shared-api';
import { MAX_PAGE_SIZE, PROPERTY_TYPE_LABELS, type Appraisal, type Property } from 'shared-api/contract';
import { DecisionDialog } from '../../components/decision-dialog';
import { DocumentLinks } from '../../components/files';
import { Section } from '../../components/section';
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

const columns: DataTableColumn<Appraisal>[] = [
  { key: 'appraisedOn', header: 'Date', render: (a) => day(a.appraisedOn) },
  { key: 'valuePerUnit', header: 'Value per unit', align: 'right', render: (a) => formatMoney(a.valuePerUnit) },
  { key: 'note', header: 'Note', render: (a) => a.note || '—' },
  { key: 'document', header: 'Source document', render: (a) => (a.document ? <DocumentLinks documents={[a.document]} /> : '—') },
];

function AppraisalForm({ property, onSaved }: { property: Property; onSaved: () => void }) {
  const [value, setValue] = useState('');
  const [date, setDate] = useState(todayUtc());
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<{ value?: string; date?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formId = useId();

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
      const created = await createAppraisal(property._id, { valuePerUnit: dollars, appraisedOn: date, note: note.trim() || undefined });
      if (files[0]) {
        try {
          await uploadAppraisalDocument(created._id, files[0]);
        } catch (err) {
          toast.error(`The appraisal is recorded, but its document was not attached: ${await readError(err)}`);
        }
      }
      toast.success(`Appraisal recorded: ${formatMoney(dollars)} a unit on ${day(date)}`);
      setValue('');
      setNote('');
      setFiles([]);
      onSaved();
    } catch (err) {
      setFailure(await readError(err));
    } finally {
      setSaving(false);
    }
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
    </Box>
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
            Off-plan properties pay income once built. When the owner has reported construction complete and the property is funded, convert
            it so its owner can submit income reports.
          </Typography>
          <Button variant="filled-blue" size="SM" onClick={() => setConfirming(true)} disabled={property.status !== 'FUNDED'}>
            Convert to income-producing
          </Button>
          {property.status !== 'FUNDED' && (
            <Typography variant="body2" color="text.secondary">
              Only a funded property can be converted.
            </Typography>
          )}
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
  const latest = history.data?.[0];

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
                <DataTable
                  label={`Appraisal history of ${property.name}`}
                  columns={columns}
                  rows={history.data}
                  getRowId={(a) => a._id}
                  loading={history.loading}
                  error={history.error}
                  onRetry={history.reload}
                  emptyMessage="No appraisal recorded yet"
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
