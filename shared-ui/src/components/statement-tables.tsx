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
  /**
   * Fetches one year-end tax document (income by property, disposals, an owner's summary) and
   * saves it; when given, the years' table offers it beside the annual summary.
   */
  downloadTax?: (year: StatementPeriod, format: StatementFormat) => Promise<void>;
  /** Whose statements, in the buttons' names (" of Ivy Investor"); empty for one's own. */
  whose?: string;
  /** Appended to the tables' names (" of this person"). */
  tableSuffix?: string;
}

export function StatementTables({ periods, download, downloadTax, whose = '', tableSuffix = '' }: StatementTablesProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (p: StatementPeriod, format: StatementFormat, tax = false) => {
    setBusy(`${tax ? 'tax-' : ''}${p.period}.${format}`);
    setError(null);
    try {
      await (tax && downloadTax ? downloadTax(p, format) : download(p, format));
    } catch (err) {
      setError(`Could not download the ${p.label} ${tax ? 'tax document' : 'statement'}: ${await readError(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const buttons = (p: StatementPeriod, what: string, tax: boolean) => (
    <Box sx={{ display: 'inline-flex', gap: 1 }}>
      {(['pdf', 'csv'] as const).map((f) => {
        const key = `${tax ? 'tax-' : ''}${p.period}.${f}`;
        return (
          <Button
            key={f}
            variant="outline-blue"
            size="SM"
            aria-label={`Download ${what} ${p.label}${whose} as ${f.toUpperCase()}`}
            loading={busy === key}
            disabled={busy !== null && busy !== key}
            onClick={() => void run(p, f, tax)}
          >
            {f.toUpperCase()}
          </Button>
        );
      })}
    </Box>
  );

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
      render: (p) =>
        kind === 'year' && downloadTax ? (
          // Two documents a year, each name above its buttons, so the table keeps to half the
          // page on a 1366-pixel screen beside the console's menu.
          <Box sx={{ display: 'inline-grid', gridTemplateColumns: 'auto', rowGap: 0.25, justifyItems: 'end' }}>
            <Box component="span" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
              Summary
            </Box>
            {buttons(p, 'tax summary', false)}
            <Box component="span" sx={{ fontSize: '0.8125rem', color: 'text.secondary', mt: 0.5 }}>
              Tax document
            </Box>
            {buttons(p, 'tax document', true)}
          </Box>
        ) : (
          buttons(p, kind === 'month' ? 'statement' : 'tax summary', false)
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
