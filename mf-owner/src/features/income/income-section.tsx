// A funded property's income (issue 18) on the owner's active listing: submit a period
// report, the reports submitted (status, rejection reason) and the distributions (gross,
// expenses, fee, net, dates, status, refused with the reason) with what each took from the
// owner's wallet. Off-plan: report construction complete so an admin can convert it.
import { useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Button, ConfirmDialog, DataTable, StatusBadge, formatDate, formatMoney, toast, useAsync, type DataTableColumn } from 'shared-ui';
import { getOwnedDistributions, getOwnedIncomeReports, getPropertyPerformance, markConstructionComplete, readError } from 'shared-api';
import type { Distribution, IncomeProducingState, IncomeReport, Property } from 'shared-api/contract';
import { REPORT_STATUS_LABELS, distributionStatusLabel } from 'shared-api/labels';
import { IncomeReportDialog } from './income-report-dialog';
import { day } from './dates';

const period = (p: { periodStart: string; periodEnd: string }) => `${day(p.periodStart)} – ${day(p.periodEnd)}`;

/** What a paid distribution took from the owner's wallet: the amount to holders plus the fee (cents summed). */
export function fundedFromWallet(d: Distribution): number | null {
  return d.status === 'PAID' ? (Math.round(d.distributable * 100) + Math.round(d.managementFee * 100)) / 100 : null;
}

function distributionStatus(d: Distribution): { label: string; tone: string } {
  const label = distributionStatusLabel(d);
  if (d.status === 'PAID') return { label, tone: 'PAID' };
  return { label, tone: d.refusedReason ? 'REJECTED' : 'PENDING' };
}

const reportColumns: DataTableColumn<IncomeReport>[] = [
  { key: 'period', header: 'Period', render: (r) => period(r) },
  { key: 'grossRent', header: 'Rent', align: 'right', render: (r) => formatMoney(r.grossRent) },
  { key: 'totalExpenses', header: 'Expenses', align: 'right', render: (r) => formatMoney(r.totalExpenses) },
  { key: 'receipts', header: 'Receipts', align: 'right', render: (r) => String(r.receipts.length) },
  {
    // A repair the holders approved is accounted for once, on the report that carried it: the
    // owner sees it there afterwards, with what the reserve spent on it.
    key: 'approvedRepairs',
    header: 'Approved repairs',
    render: (r) =>
      r.approvedRepairs.length === 0 ? (
        '—'
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {r.approvedRepairs.map((x) => (
            <li key={x.proposalId}>
              <Typography variant="body2">{x.line}</Typography>
              <Typography variant="body2" color="text.secondary">
                Spent from the reserve: {formatMoney(x.spent)}
              </Typography>
            </li>
          ))}
        </Box>
      ),
  },
  { key: 'createdAt', header: 'Submitted', render: (r) => formatDate(r.createdAt) },
  {
    key: 'status',
    header: 'Status',
    render: (r) => <StatusBadge status={r.status === 'SUBMITTED' ? 'PENDING' : r.status} label={REPORT_STATUS_LABELS[r.status]} />,
  },
  { key: 'rejectionReason', header: 'Reason', render: (r) => r.rejectionReason ?? '—' },
];

const distributionColumns: DataTableColumn<Distribution>[] = [
  { key: 'period', header: 'Period', render: (d) => period(d) },
  { key: 'grossRent', header: 'Gross rent', align: 'right', render: (d) => formatMoney(d.grossRent) },
  { key: 'totalExpenses', header: 'Expenses', align: 'right', render: (d) => formatMoney(d.totalExpenses) },
  { key: 'managementFee', header: 'Fee', align: 'right', render: (d) => formatMoney(d.managementFee) },
  { key: 'netIncome', header: 'Net income', align: 'right', render: (d) => formatMoney(d.netIncome) },
  {
    key: 'distributable',
    header: 'To holders',
    align: 'right',
    render: (d) =>
      d.carriedLossOut > 0
        ? `${formatMoney(d.distributable)} (loss carried forward: ${formatMoney(d.carriedLossOut)})`
        : formatMoney(d.distributable),
  },
  { key: 'recordDate', header: 'Record date', render: (d) => day(d.recordDate) },
  { key: 'payDate', header: 'Pay date', render: (d) => day(d.payDate) },
  {
    key: 'status',
    header: 'Status',
    render: (d) => {
      const s = distributionStatus(d);
      return (
        <Box>
          <StatusBadge status={s.tone} label={s.label} />
          {d.status !== 'PAID' && d.refusedReason && (
            <Typography variant="body2" color="error.main" sx={{ mt: 0.5 }}>
              {d.refusedReason}
            </Typography>
          )}
        </Box>
      );
    },
  },
  { key: 'funded', header: 'From your wallet', align: 'right', render: (d) => formatMoney(fundedFromWallet(d)) },
];

function ConstructionComplete({ property, onDone }: { property: Property; onDone: (s: IncomeProducingState) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<IncomeProducingState | null>(null);
  if (state?.constructionCompletedAt)
    return (
      <Alert severity="success">
        Construction reported complete on {formatDate(state.constructionCompletedAt)}. An admin converts the property to income-producing;
        then you can submit income reports.
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Typography color="text.secondary">
        Off-plan properties pay income once built. When construction is complete, tell us: an admin then converts the property to
        income-producing.
      </Typography>
      <Button variant="outline-blue" size="SM" onClick={() => setAsking(true)}>
        Construction complete
      </Button>
      <ConfirmDialog
        open={asking}
        title="Report construction complete?"
        message={`Tell the platform that ${property.name} is built. An admin reviews it and converts it to income-producing.`}
        confirmLabel="Report complete"
        destructive={false}
        loading={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setBusy(true);
          markConstructionComplete(property._id)
            .then((s) => {
              setState(s);
              setAsking(false);
              toast.success(`Construction of ${property.name} reported complete`);
              onDone(s);
            })
            .catch(async (err: unknown) => toast.error(await readError(err)))
            .finally(() => setBusy(false));
        }}
      />
    </Box>
  );
}

export function IncomeSection({ property: p }: { property: Property }) {
  const perf = useAsync(() => getPropertyPerformance(p._id), [p._id]);
  const reports = useAsync(() => getOwnedIncomeReports({ propertyId: p._id }), [p._id]);
  const dists = useAsync(() => getOwnedDistributions({ propertyId: p._id }), [p._id]);
  const [open, setOpen] = useState(false);
  const producing = perf.data?.incomeProducing;

  return (
    <Box component="section" aria-label={`Income of ${p.name}`} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Income and distributions
        </Typography>
        {producing && (
          <Button variant="filled-blue" size="SM" onClick={() => setOpen(true)}>
            Submit an income report
          </Button>
        )}
      </Box>
      {perf.error ? (
        <Alert severity="error">{perf.error}</Alert>
      ) : producing === false && p.type === 'OFF_PLAN' ? (
        <ConstructionComplete property={p} onDone={() => perf.reload()} />
      ) : producing === false ? (
        <Typography color="text.secondary">Income reports open once the property is funded.</Typography>
      ) : null}

      <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
        Reports submitted
      </Typography>
      <DataTable
        label={`Income reports of ${p.name}`}
        columns={reportColumns}
        rows={reports.data}
        getRowId={(r) => r._id}
        loading={reports.loading}
        error={reports.error}
        onRetry={reports.reload}
        emptyMessage="No income report yet"
      />
      <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
        Distributions
      </Typography>
      <DataTable
        label={`Distributions of ${p.name}`}
        columns={distributionColumns}
        rows={dists.data}
        getRowId={(d) => d._id}
        loading={dists.loading}
        error={dists.error}
        onRetry={dists.reload}
        emptyMessage="No distribution yet"
      />
      <IncomeReportDialog
        property={p}
        open={open}
        onClose={() => setOpen(false)}
        onSubmitted={() => {
          setOpen(false);
          reports.reload();
        }}
      />
    </Box>
  );
}
