import { useId, useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Button, DataTable, formatNumber, useAsync, type DataTableColumn } from 'shared-ui';
import { downloadMyStatement, getMyStatementPeriods, readError } from 'shared-api';
import { statementFileName, type StatementFormat, type StatementPeriod } from 'shared-api/contract';
import { saveFile } from '../../../lib/browser';

type Busy = `${string}.${StatementFormat}` | null;

/**
 * Monthly statements and annual tax summaries of the signed-in investor or owner (periods
 * in UTC), each as PDF or CSV: fetched with the session, then saved as a file.
 */
export function StatementsSection({ refreshKey }: { refreshKey: number }) {
  const headingId = useId();
  const periods = useAsync(() => getMyStatementPeriods(), [refreshKey]);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (p: StatementPeriod, format: StatementFormat) => {
    setBusy(`${p.period}.${format}`);
    setError(null);
    try {
      const blob = await downloadMyStatement(p.period, format);
      saveFile(blob, statementFileName(p.period, format));
    } catch (err) {
      setError(`Could not download the ${p.label} statement: ${await readError(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const columns = (kind: 'month' | 'year'): DataTableColumn<StatementPeriod>[] => [
    { key: 'label', header: kind === 'month' ? 'Month' : 'Tax year', render: (p) => <Box component="span" sx={{ fontWeight: 600 }}>{p.label}</Box> },
    { key: 'entries', header: 'Transactions', align: 'right', render: (p) => formatNumber(p.entries) },
    {
      key: 'download',
      header: 'Download',
      align: 'right',
      render: (p) => (
        <Box sx={{ display: 'inline-flex', gap: 1 }}>
          {(['pdf', 'csv'] as const).map((f) => (
            <Button
              key={f}
              variant="outline-blue"
              size="SM"
              aria-label={`Download ${kind === 'month' ? 'statement' : 'tax summary'} ${p.label} as ${f.toUpperCase()}`}
              loading={busy === `${p.period}.${f}`}
              disabled={busy !== null && busy !== `${p.period}.${f}`}
              onClick={() => void download(p, f)}
            >
              {f.toUpperCase()}
            </Button>
          ))}
        </Box>
      ),
    },
  ];

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        Statements
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Monthly statements and annual tax summaries of your wallet: opening and closing balance, deposits, withdrawals, investments, income by property, fees and every
        transaction. Periods are in UTC.
      </Typography>
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <DataTable
          label="Monthly statements"
          columns={columns('month')}
          rows={periods.data?.months}
          getRowId={(p) => p.period}
          loading={periods.loading}
          error={periods.error}
          onRetry={periods.reload}
          emptyMessage="No statements yet"
        />
        <DataTable
          label="Annual tax summaries"
          columns={columns('year')}
          rows={periods.data?.years}
          getRowId={(p) => p.period}
          loading={periods.loading}
          error={periods.error}
          onRetry={periods.reload}
          emptyMessage="No tax summaries yet"
        />
      </Box>
    </Box>
  );
}
