// A holding's distributions: the property's profit and loss for each period (rent, expenses,
// fee, net), what a unit earned, and the investor's units of record and share. Figures are
// the server's; the per-unit figure is shown as the server gives it (dollars, unrounded).
import { DataTable, StatusBadge, formatMoney, formatNumber, type DataTableColumn } from 'shared-ui';
import type { HolderDistribution } from 'shared-api/contract';
import { EXPENSE_CATEGORIES, EXPENSE_LABELS } from 'shared-api/contract/dashboard';
import { formatDay } from '../../lib/dates';

export const DISTRIBUTION_STATUS_TEXT: Record<HolderDistribution['status'], string> = {
  DECLARED: 'Declared',
  RECORDED: 'Recorded',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
  CORRECTED: 'Corrected (reversed)',
};

/** Per-unit income with up to 4 decimals (a cent split over many units). */
export function perUnitText(perUnit: number | null): string {
  return perUnit === null ? '—' : `$${formatNumber(perUnit, 4)}`;
}

function expensesTitle(d: HolderDistribution): string {
  return EXPENSE_CATEGORIES.filter((c) => d.expenses[c] > 0)
    .map((c) => `${EXPENSE_LABELS[c]} ${formatMoney(d.expenses[c])}`)
    .join(', ');
}

const columns: DataTableColumn<HolderDistribution>[] = [
  { key: 'period', header: 'Period', render: (d) => `${formatDay(d.periodStart)} – ${formatDay(d.periodEnd)}` },
  { key: 'grossRent', header: 'Rent', align: 'right', render: (d) => formatMoney(d.grossRent) },
  {
    key: 'totalExpenses',
    header: 'Expenses',
    align: 'right',
    render: (d) => <span title={expensesTitle(d) || undefined}>{formatMoney(d.totalExpenses)}</span>,
  },
  {
    key: 'managementFee',
    header: 'Fee',
    align: 'right',
    render: (d) => `${formatMoney(d.managementFee)} (${formatNumber(d.feePercent)}%)`,
  },
  { key: 'netIncome', header: 'Net income', align: 'right', render: (d) => formatMoney(d.netIncome) },
  {
    key: 'distributable',
    header: 'Paid to holders',
    align: 'right',
    render: (d) =>
      d.carriedLossIn > 0 || d.carriedLossOut > 0
        ? `${formatMoney(d.distributable)} (loss carried: ${formatMoney(d.carriedLossOut)})`
        : formatMoney(d.distributable),
  },
  { key: 'perUnit', header: 'Per unit', align: 'right', render: (d) => perUnitText(d.perUnit) },
  { key: 'myUnits', header: 'Your units', align: 'right', render: (d) => formatNumber(d.myUnits) },
  { key: 'myAmount', header: 'Your share', align: 'right', render: (d) => formatMoney(d.myAmount) },
  { key: 'payDate', header: 'Pay date', render: (d) => formatDay(d.payDate) },
  { key: 'status', header: 'Status', render: (d) => <StatusBadge status={d.status} label={DISTRIBUTION_STATUS_TEXT[d.status]} /> },
];

export function DistributionsTable({ propertyName, rows }: { propertyName: string; rows: readonly HolderDistribution[] }) {
  return (
    <DataTable
      label={`Distributions of ${propertyName}`}
      columns={columns}
      rows={rows}
      getRowId={(d) => d._id}
      emptyMessage="No distribution yet"
    />
  );
}
