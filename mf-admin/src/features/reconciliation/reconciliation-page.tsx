// /dashboard/reconciliation: one day (UTC) of money in and out as the ledger, the payment
// provider and the paid withdrawals each have it, and every place where they differ.
import { Box, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-forms';
import { Button, DataTable, PageHeader, StatCard, formatMoney, formatNumber, useAsync } from 'shared-ui';
import { getReconciliation } from 'shared-api/admin';
import type { Reconciliation, ReconciliationDifference } from 'shared-api/contract';
import { RECONCILIATION_KIND_LABELS } from 'shared-api/contract/admin';
import { DateTimeCell, shortId } from '../../components/links';
import { saveFile } from '../../lib/download';
import { sortableColumns, useClientSort } from '../../lib/table-kit';
import { useUrlFilters } from '../../lib/use-url-filters';
import { IntegritySection } from './integrity-section';

const FILTERS = ['date'] as const;

type DifferenceSort = 'at' | 'kind' | 'reference' | 'ledger' | 'provider' | 'payout';

/** Yesterday (UTC): the last whole day, what finance usually reconciles. */
export function yesterday(now = new Date()): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}

const money = (v: number | null) => (v === null ? '—' : formatMoney(v));

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
const amount = (v: number | null) => (v === null ? '' : v.toFixed(2));

/**
 * The differences as CSV (amounts in dollars with two decimals, as the screen shows them), in
 * the order shown. Its own cells rather than the table kit's: a negative amount stays a number.
 */
export function differencesCsv(r: Reconciliation, shown: readonly ReconciliationDifference[] = r.differences): string {
  const head = [
    'date',
    'kind',
    'reference',
    'checkout_id',
    'payout_id',
    'ledger_entry_id',
    'ledger_amount',
    'provider_amount',
    'payout_amount',
    'at',
  ];
  const rows = shown.map((d) =>
    [
      cell(r.date),
      cell(d.kind),
      cell(d.reference),
      cell(d.checkoutId ?? ''),
      cell(d.payoutId ?? ''),
      cell(d.ledgerEntryId ?? ''),
      amount(d.ledgerAmount),
      amount(d.providerAmount),
      amount(d.payoutAmount),
      cell(d.at),
    ].join(','),
  );
  return `${[head.join(','), ...rows].join('\r\n')}\r\n`;
}

export function ReconciliationPage() {
  const { filters, setFilters } = useUrlFilters(FILTERS);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(filters.date) ? filters.date : yesterday();
  const { data, error, loading, reload } = useAsync(() => getReconciliation(date), [date]);
  // A day's differences come whole: they are sorted here.
  const sorted = useClientSort<ReconciliationDifference, DifferenceSort>(data?.differences, {
    at: (d: ReconciliationDifference) => d.at,
    kind: (d: ReconciliationDifference) => RECONCILIATION_KIND_LABELS[d.kind],
    reference: (d: ReconciliationDifference) => d.reference,
    ledger: (d: ReconciliationDifference) => d.ledgerAmount,
    provider: (d: ReconciliationDifference) => d.providerAmount,
    payout: (d: ReconciliationDifference) => d.payoutAmount,
  });

  return (
    <Box>
      <PageHeader
        title="Reconciliation"
        subtitle="One day (UTC): the ledger against the payment provider's records and the paid withdrawals. Every difference is listed."
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          type="date"
          size="small"
          label="Day (UTC)"
          value={date}
          onChange={(e) => e.target.value && setFilters({ date: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          variant="outline-blue"
          size="SM"
          disabled={!data || data.differences.length === 0}
          onClick={() =>
            data &&
            saveFile(new Blob([differencesCsv(data, sorted.rows)], { type: 'text/csv;charset=utf-8' }), `reconciliation-${data.date}.csv`)
          }
        >
          Export differences (CSV)
        </Button>
      </Box>
      {data && (
        <Box
          role="region"
          aria-label="Totals"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 2 }}
        >
          <StatCard
            title="Ledger"
            value={`In ${formatMoney(data.totals.ledger.moneyIn)} · Out ${formatMoney(data.totals.ledger.moneyOut)}`}
            hint={`${formatNumber(data.totals.ledger.count)} entries or withdrawals`}
          />
          <StatCard
            title={`Payment provider (${data.providerName})`}
            value={`In ${formatMoney(data.totals.provider.moneyIn)}`}
            hint={`${formatNumber(data.totals.provider.count)} payments`}
          />
          <StatCard
            title="Paid withdrawals"
            value={`Out ${formatMoney(data.totals.payouts.moneyOut)}`}
            hint={`${formatNumber(data.totals.payouts.count)} withdrawals`}
          />
        </Box>
      )}
      {data && data.differences.length === 0 && (
        <Typography role="status" sx={{ mb: 2 }}>
          No differences on {data.date}: the ledger, the provider and the withdrawals agree.
        </Typography>
      )}
      <DataTable<ReconciliationDifference>
        label="Differences"
        rows={sorted.rows}
        getRowId={(d) => `${d.kind}:${d.reference}`}
        loading={loading}
        error={error}
        onRetry={reload}
        emptyMessage="No differences"
        columns={sortableColumns<ReconciliationDifference, DifferenceSort>(
          [
            { key: 'at', header: 'When', render: (d) => <DateTimeCell value={d.at} /> },
            { key: 'kind', header: 'Difference', render: (d) => RECONCILIATION_KIND_LABELS[d.kind] },
            { key: 'reference', header: 'Reference', render: (d) => <span title={d.reference}>{shortId(d.reference)}</span> },
            { key: 'ledger', header: 'Ledger', align: 'right', render: (d) => money(d.ledgerAmount) },
            { key: 'provider', header: 'Provider', align: 'right', render: (d) => money(d.providerAmount) },
            { key: 'payout', header: 'Withdrawal', align: 'right', render: (d) => money(d.payoutAmount) },
          ],
          { at: 'at', kind: 'kind', reference: 'reference', ledger: 'ledger', provider: 'provider', payout: 'payout' },
          sorted,
        )}
      />
      <IntegritySection />
    </Box>
  );
}
