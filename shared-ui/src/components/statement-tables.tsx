// Monthly statements and annual tax summaries (periods in UTC), each downloadable as PDF or
// CSV: the investor's and owner's wallet and the admin's person page show the same tables;
// each passes how to fetch and save a file (its own, or a person's as an admin).
import { useState } from 'react';
import { Alert, Box } from 'shared-ui/mui';
import { Button, formatNumber } from 'shared-ui/core';
import { readError } from 'shared-api';
import type { StatementFormat, StatementPeriod, StatementPeriods } from 'shared-api/contract';
import { DataTable, type DataTableColumn } from './data-table';
import type { AsyncState } from '../hooks/use-async';

export interface StatementTablesProps {
  periods: AsyncState<StatementPeriods>;
  /** Fetches one statement and saves it as a file. */
  download: (period: StatementPeriod, format: StatementFormat) => Promise<void>;
  /** Whose statements, in the buttons' names (" of Ivy Investor"); empty for one's own. */
  whose?: string;
  /** Appended to the tables' names (" of this person"). */
  tableSuffix?: string;
}

export function StatementTables({ periods, download, whose = '', tableSuffix = '' }: StatementTablesProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (p: StatementPeriod, format: StatementFormat) => {
    setBusy(`${p.period}.${format}`);
    setError(null);
    try {
      await download(p, format);
    } catch (err) {
      setError(`Could not download the ${p.label} statement: ${await readError(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const columns = (kind: 'month' | 'year'): DataTableColumn<StatementPeriod>[] => [
    {
      key: 'label',
      header: kind === 'month' ? 'Month' : 'Tax year',
      render: (p) => (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {p.label}
        </Box>
      ),
    },
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
              aria-label={`Download ${kind === 'month' ? 'statement' : 'tax summary'} ${p.label}${whose} as ${f.toUpperCase()}`}
              loading={busy === `${p.period}.${f}`}
              disabled={busy !== null && busy !== `${p.period}.${f}`}
              onClick={() => void run(p, f)}
            >
              {f.toUpperCase()}
            </Button>
          ))}
        </Box>
      ),
    },
  ];

  return (
    <>
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <DataTable
          label={`Monthly statements${tableSuffix}`}
          columns={columns('month')}
          rows={periods.data?.months}
          getRowId={(p) => p.period}
          loading={periods.loading}
          error={periods.error}
          onRetry={periods.reload}
          emptyMessage="No statements yet"
        />
        <DataTable
          label={`Annual tax summaries${tableSuffix}`}
          columns={columns('year')}
          rows={periods.data?.years}
          getRowId={(p) => p.period}
          loading={periods.loading}
          error={periods.error}
          onRetry={periods.reload}
          emptyMessage="No tax summaries yet"
        />
      </Box>
    </>
  );
}
