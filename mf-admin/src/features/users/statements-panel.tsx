// A person's monthly statements and annual tax summaries (periods in UTC), as PDF or CSV:
// the same documents the person downloads from their wallet.
import { useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Button, DataTable, formatNumber, useAsync, type DataTableColumn } from 'shared-ui';
import { downloadUserStatement, getUserStatementPeriods, readError } from 'shared-api';
import { statementFileName, type StatementFormat, type StatementPeriod } from 'shared-api/contract';
import { Section } from '../../components/section';
import { downloadBlob } from '../../lib/download';

export function StatementsPanel({ userId, name }: { userId: string; name: string }) {
  const periods = useAsync(() => getUserStatementPeriods(userId), [userId]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (p: StatementPeriod, format: StatementFormat) => {
    setBusy(`${p.period}.${format}`);
    setError(null);
    try {
      const blob = await downloadUserStatement(userId, p.period, format);
      downloadBlob(statementFileName(p.period, format), blob);
    } catch (err) {
      setError(`Could not download the ${p.label} statement: ${await readError(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const columns = (kind: 'month' | 'year'): DataTableColumn<StatementPeriod>[] => [
    { key: 'label', header: kind === 'month' ? 'Month' : 'Tax year', render: (p) => p.label },
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
              aria-label={`Download ${kind === 'month' ? 'statement' : 'tax summary'} ${p.label} of ${name} as ${f.toUpperCase()}`}
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
    <Section title="Statements">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Monthly statements and annual tax summaries of this wallet, as {name} downloads them. Periods are in UTC.
      </Typography>
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <DataTable
          label="Monthly statements of this person"
          columns={columns('month')}
          rows={periods.data?.months}
          getRowId={(p) => p.period}
          loading={periods.loading}
          error={periods.error}
          onRetry={periods.reload}
          emptyMessage="No statements yet"
        />
        <DataTable
          label="Annual tax summaries of this person"
          columns={columns('year')}
          rows={periods.data?.years}
          getRowId={(p) => p.period}
          loading={periods.loading}
          error={periods.error}
          onRetry={periods.reload}
          emptyMessage="No tax summaries yet"
        />
      </Box>
    </Section>
  );
}
