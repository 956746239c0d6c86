// /dashboard/distributions (issue 18): the platform revenue account's balance, the income
// reports review queue (approve: declares the distribution with its record and pay dates;
// reject with a reason; receipts open in a new tab) and every distribution: upcoming,
// refused (with the reason), paid, cancelled and corrected, with "Pay now" and "Cancel" (a
// reason) after a confirmation, and "Correct" on a paid one (correct-distribution-dialog).
import { useState } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Tab, Tabs } from 'shared-ui/mui-data';
import { NativeSelect, TextField } from 'shared-ui/mui-forms';
import {
  Button,
  DataTable,
  Modal,
  PageHeader,
  StatCard,
  StatusBadge,
  formatMoney,
  formatNumber,
  toast,
  useAsync,
  type DataTableColumn,
} from 'shared-ui';
import {
  approveIncomeReport,
  cancelDistribution,
  correctDistribution,
  getAdminDistributions,
  getAdminIncomeReports,
  payDistribution,
  rejectIncomeReport,
} from 'shared-api/admin';
import type { Distribution, DistributionsQuery, IncomeReport, IncomeReportStatus } from 'shared-api/contract';
import { isSentForApproval, SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import {
  DEFAULT_PAY_DAYS_AFTER_RECORD,
  EXPENSE_CATEGORIES,
  EXPENSE_LABELS,
  MAX_CORRECTION_REASON,
  RETURNS_MESSAGES,
} from 'shared-api/contract/dashboard';
import { REPORT_STATUS_LABELS, distributionStatusLabel } from 'shared-api/labels';
import { DecisionDialog } from '../../components/decision-dialog';
import { DocumentLinks } from '../../components/files';
import { Section } from '../../components/section';
import { CorrectDistributionDialog } from './correct-distribution-dialog';
import { DownloadCsvButton, TableTools, sortableColumns, useClientSort } from '../../lib/table-kit';
import { addDays, day, period, todayUtc } from './labels';

type View = 'upcoming' | 'refused' | 'paid' | 'cancelled' | 'corrected';
const VIEWS: Record<View, { label: string; query: DistributionsQuery; empty: string }> = {
  upcoming: { label: 'Upcoming', query: {}, empty: 'No distribution is waiting to be paid' },
  refused: { label: 'Refused', query: { refused: true }, empty: 'No payment was refused' },
  paid: { label: 'Paid', query: { status: 'PAID' }, empty: 'No distribution paid yet' },
  cancelled: { label: 'Cancelled', query: { status: 'CANCELLED' }, empty: 'No distribution was cancelled' },
  corrected: { label: 'Corrected', query: { status: 'CORRECTED' }, empty: 'No paid distribution was corrected' },
};

const describeReport = (r: IncomeReport) =>
  `${r.propertyName}, ${period(r)}: rent ${formatMoney(r.grossRent)}, expenses ${formatMoney(r.totalExpenses)}`;
const describeDistribution = (d: Distribution) => `${d.propertyName}, ${period(d)}: ${formatMoney(d.distributable)} to holders`;

function ReportDetails({ report: r }: { report: IncomeReport }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(9rem, max-content) 1fr', columnGap: 2, rowGap: 0.5 }}>
        <Typography component="dt" color="text.secondary">
          Gross rent
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {formatMoney(r.grossRent)}
        </Typography>
        {EXPENSE_CATEGORIES.filter((c) => r.expenses[c] !== 0).map((c) => (
          <Box key={c} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {EXPENSE_LABELS[c]}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {formatMoney(r.expenses[c])}
            </Typography>
          </Box>
        ))}
        <Typography component="dt" color="text.secondary">
          Total expenses
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {formatMoney(r.totalExpenses)}
        </Typography>
      </Box>
      {r.approvedRepairs.length > 0 && (
        <Box aria-label="Repairs the holders approved" role="list">
          {r.approvedRepairs.map((x) => (
            <Typography key={x.proposalId} role="listitem">
              {x.line}: spent from the reserve {formatMoney(x.spent)}
            </Typography>
          ))}
        </Box>
      )}
      {r.note && <Typography>Note: {r.note}</Typography>}
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        Receipts
      </Typography>
      <DocumentLinks documents={r.receipts} empty="No receipts were uploaded." />
    </Box>
  );
}

function ApproveFields({
  recordDate,
  payDate,
  onRecord,
  onPay,
  problem,
}: {
  recordDate: string;
  payDate: string;
  onRecord: (v: string) => void;
  onPay: (v: string) => void;
  problem: string | null;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label="Record date"
        type="date"
        value={recordDate}
        onChange={(e) => onRecord(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText="Holders of record on this day are paid"
        required
      />
      <TextField
        label="Pay date"
        type="date"
        value={payDate}
        onChange={(e) => onPay(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        error={Boolean(problem)}
        helperText={problem ?? 'The money moves on this day'}
        required
      />
    </Box>
  );
}

export function DistributionsPage() {
  const [view, setView] = useState<View>('upcoming');
  const [reportStatus, setReportStatus] = useState<IncomeReportStatus>('SUBMITTED');
  const reports = useAsync(() => getAdminIncomeReports({ status: reportStatus }), [reportStatus]);
  // The reports of a status come whole: sorted here, under their own names in the address
  // (the distributions below have the plain ones).
  const sortedReports = useClientSort(
    reports.data,
    {
      propertyName: (r: IncomeReport) => r.propertyName,
      period: (r: IncomeReport) => r.periodStart,
      grossRent: (r: IncomeReport) => r.grossRent,
      totalExpenses: (r: IncomeReport) => r.totalExpenses,
      receipts: (r: IncomeReport) => r.receipts.length,
    },
    { prefix: 'reports' },
  );
  const dists = useAsync(() => getAdminDistributions(VIEWS[view].query), [view]);
  const [viewing, setViewing] = useState<IncomeReport | null>(null);
  const [deciding, setDeciding] = useState<{ report: IncomeReport; action: 'approve' | 'reject' } | null>(null);
  const [dates, setDates] = useState({ recordDate: '', payDate: '' });
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState<Distribution | null>(null);
  const [cancelling, setCancelling] = useState<Distribution | null>(null);
  const [correcting, setCorrecting] = useState<Distribution | null>(null);

  // Upcoming: not paid or cancelled yet (the server lists every status without a filter).
  const shown =
    view === 'upcoming' ? dists.data?.items.filter((d) => d.status === 'DECLARED' || d.status === 'RECORDED') : dists.data?.items;
  // Sorted here, among the rows the view shows.
  const sorted = useClientSort(shown, {
    propertyName: (d: Distribution) => d.propertyName,
    period: (d: Distribution) => d.periodStart,
    distributable: (d: Distribution) => d.distributable,
    recordDate: (d: Distribution) => d.recordDate,
    payDate: (d: Distribution) => d.payDate,
  });
  const rows = sorted.rows;

  const openApprove = (report: IncomeReport) => {
    const recordDate = todayUtc();
    setDates({ recordDate, payDate: addDays(recordDate, DEFAULT_PAY_DAYS_AFTER_RECORD) });
    setDateProblem(null);
    setDeciding({ report, action: 'approve' });
  };

  const approve = async () => {
    if (!deciding) return;
    const problem =
      dates.recordDate < todayUtc()
        ? RETURNS_MESSAGES.recordDatePast
        : dates.payDate < dates.recordDate
          ? RETURNS_MESSAGES.payBeforeRecord
          : null;
    if (problem) {
      setDateProblem(problem);
      return;
    }
    const approved = await approveIncomeReport(deciding.report._id, {
      recordDate: dates.recordDate || undefined,
      payDate: dates.payDate || undefined,
    });
    setDeciding(null);
    if (isSentForApproval(approved)) {
      toast.info(SENT_FOR_APPROVAL);
      return;
    }
    const { distribution } = approved;
    toast.success(
      `Report approved: ${formatMoney(distribution.distributable)} to holders of record on ${day(distribution.recordDate)}, paid ${day(distribution.payDate)}`,
    );
    reports.reload();
    dists.reload();
  };

  const reject = async (reason: string) => {
    if (!deciding) return;
    await rejectIncomeReport(deciding.report._id, { reason });
    setDeciding(null);
    toast.success(`Report of ${deciding.report.propertyName} rejected`);
    reports.reload();
  };

  const pay = async () => {
    if (!paying) return;
    const res = await payDistribution(paying._id);
    setPaying(null);
    if (isSentForApproval(res)) toast.info(SENT_FOR_APPROVAL);
    else if (res.result === 'PAID')
      toast.success(`Paid ${formatMoney(res.distribution.distributable)} to the holders of ${res.distribution.propertyName}`);
    else if (res.result === 'ALREADY_PAID') toast.info(`This distribution was already paid: nothing was paid twice`);
    else toast.error(`Payment refused: ${res.distribution.refusedReason ?? 'the owner’s wallet does not cover it'}`);
    dists.reload();
  };

  const cancel = async (reason: string) => {
    if (!cancelling) return;
    await cancelDistribution(cancelling._id, { reason });
    setCancelling(null);
    toast.success(`Distribution of ${cancelling.propertyName} cancelled: it will not be paid`);
    dists.reload();
  };

  const correct = async (d: Distribution, totalCents: number, reason: string) => {
    const res = await correctDistribution(d._id, { totalCents, reason });
    setCorrecting(null);
    if (isSentForApproval(res)) toast.info(SENT_FOR_APPROVAL);
    else if (res.correction)
      toast.success(
        `Distribution of ${d.propertyName} corrected: ${formatMoney(d.distributable)} reversed, ${formatMoney(res.correction.distributable)} paid instead`,
      );
    else toast.success(`Distribution of ${d.propertyName} reversed: ${formatMoney(d.distributable)} taken back, nothing paid instead`);
    dists.reload();
  };

  const reportColumns: DataTableColumn<IncomeReport>[] = [
    { key: 'propertyName', header: 'Property' },
    { key: 'period', header: 'Period', render: (r) => period(r) },
    { key: 'grossRent', header: 'Rent', align: 'right', render: (r) => formatMoney(r.grossRent) },
    { key: 'totalExpenses', header: 'Expenses', align: 'right', render: (r) => formatMoney(r.totalExpenses) },
    { key: 'receipts', header: 'Receipts', align: 'right', render: (r) => formatNumber(r.receipts.length) },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} label={REPORT_STATUS_LABELS[r.status]} /> },
    { key: 'rejectionReason', header: 'Reason', render: (r) => r.rejectionReason ?? '—' },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <Button variant="text-blue" size="XS" onClick={() => setViewing(r)} aria-label={`View report: ${describeReport(r)}`}>
            View
          </Button>
          {r.status === 'SUBMITTED' && (
            <>
              <Button variant="filled-blue" size="XS" onClick={() => openApprove(r)} aria-label={`Approve: ${describeReport(r)}`}>
                Approve
              </Button>
              <Button
                variant="text"
                size="XS"
                sx={{ color: 'error.main' }}
                onClick={() => setDeciding({ report: r, action: 'reject' })}
                aria-label={`Reject: ${describeReport(r)}`}
              >
                Reject
              </Button>
            </>
          )}
        </Box>
      ),
    },
  ];

  const distColumns: DataTableColumn<Distribution>[] = [
    { key: 'propertyName', header: 'Property' },
    { key: 'period', header: 'Period', render: (d) => period(d) },
    { key: 'grossRent', header: 'Rent', align: 'right', render: (d) => formatMoney(d.grossRent) },
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
      render: (d) => (
        <StatusBadge status={d.status !== 'PAID' && d.refusedReason ? 'REJECTED' : d.status} label={distributionStatusLabel(d)} />
      ),
    },
    {
      key: 'refusedReason',
      header: 'Why refused, cancelled or corrected',
      render: (d) =>
        d.status === 'CANCELLED'
          ? `Cancelled: ${d.cancelReason ?? ''}`
          : d.status === 'CORRECTED'
            ? `Corrected: ${d.correctionReason ?? ''}`
            : d.correctsId
              ? 'Pays instead of a corrected distribution'
              : (d.status !== 'PAID' && d.refusedReason) || '—',
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (d) =>
        d.status === 'PAID' ? (
          <Button variant="text-blue" size="XS" onClick={() => setCorrecting(d)} aria-label={`Correct: ${describeDistribution(d)}`}>
            Correct
          </Button>
        ) : d.status === 'CANCELLED' || d.status === 'CORRECTED' ? (
          '—'
        ) : (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="filled-blue" size="XS" onClick={() => setPaying(d)} aria-label={`Pay now: ${describeDistribution(d)}`}>
              Pay now
            </Button>
            <Button variant="text-blue" size="XS" onClick={() => setCancelling(d)} aria-label={`Cancel: ${describeDistribution(d)}`}>
              Cancel
            </Button>
          </Box>
        ),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeader
        title="Distributions"
        subtitle="Income reports to review, the distributions they declare, and the management fees the platform received."
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(14rem, 100%), 1fr))' }}>
        <StatCard
          title="Platform revenue account"
          value={dists.data ? formatMoney(dists.data.revenueBalance) : dists.error ? '—' : 'Loading...'}
          hint="Management fees received from paid distributions"
        />
      </Box>

      <Section
        title="Income reports"
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography component="label" htmlFor="income-report-status" variant="body2" color="text.secondary">
              Show
            </Typography>
            <NativeSelect
              value={reportStatus}
              onChange={(e) => setReportStatus(e.target.value as IncomeReportStatus)}
              inputProps={{ id: 'income-report-status' }}
            >
              {(['SUBMITTED', 'APPROVED', 'REJECTED'] as const).map((s) => (
                <option key={s} value={s}>
                  {REPORT_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </Box>
        }
      >
        {reports.data && reports.data.length > 0 && (
          <TableTools>
            <DownloadCsvButton<IncomeReport>
              filename={`income-reports-${reportStatus.toLowerCase()}.csv`}
              rows={sortedReports.rows ?? []}
              columns={[
                { header: 'Property', value: (r) => r.propertyName },
                { header: 'Period start', value: (r) => r.periodStart },
                { header: 'Period end', value: (r) => r.periodEnd },
                { header: 'Rent', value: (r) => r.grossRent },
                { header: 'Expenses', value: (r) => r.totalExpenses },
                { header: 'Receipts', value: (r) => r.receipts.length },
                { header: 'Note', value: (r) => r.note },
                { header: 'Status', value: (r) => REPORT_STATUS_LABELS[r.status] },
                { header: 'Reason', value: (r) => r.rejectionReason },
                { header: 'Submitted', value: (r) => r.createdAt },
              ]}
            />
          </TableTools>
        )}
        <DataTable
          label={reportStatus === 'SUBMITTED' ? 'Income reports to review' : `${REPORT_STATUS_LABELS[reportStatus]} income reports`}
          columns={sortableColumns(
            reportColumns,
            {
              propertyName: 'propertyName',
              period: 'period',
              grossRent: 'grossRent',
              totalExpenses: 'totalExpenses',
              receipts: 'receipts',
            },
            sortedReports,
          )}
          rows={sortedReports.rows}
          getRowId={(r) => r._id}
          loading={reports.loading}
          error={reports.error}
          onRetry={reports.reload}
          emptyMessage={reportStatus === 'SUBMITTED' ? 'No report is waiting for review' : 'No report here'}
        />
      </Section>

      <Section title="Distributions">
        <Tabs
          value={view}
          onChange={(_e, v: View) => setView(v)}
          aria-label="Distribution views"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {(Object.keys(VIEWS) as View[]).map((v) => (
            <Tab key={v} value={v} id={`dist-tab-${v}`} aria-controls="dist-panel" label={VIEWS[v].label} />
          ))}
        </Tabs>
        <Box role="tabpanel" id="dist-panel" aria-labelledby={`dist-tab-${view}`}>
          <TableTools>
            <DownloadCsvButton<Distribution>
              filename={`distributions-${view}.csv`}
              rows={rows ?? []}
              columns={[
                { header: 'Property', value: (d) => d.propertyName },
                { header: 'Period start', value: (d) => d.periodStart },
                { header: 'Period end', value: (d) => d.periodEnd },
                { header: 'Rent', value: (d) => d.grossRent },
                { header: 'Expenses', value: (d) => d.totalExpenses },
                { header: 'Fee', value: (d) => d.managementFee },
                { header: 'Net income', value: (d) => d.netIncome },
                { header: 'Distributable', value: (d) => d.distributable },
                { header: 'Record date', value: (d) => d.recordDate },
                { header: 'Pay date', value: (d) => d.payDate },
                { header: 'Status', value: (d) => d.status },
              ]}
            />
          </TableTools>
          <DataTable
            label={`${VIEWS[view].label} distributions`}
            columns={sortableColumns(
              distColumns,
              {
                propertyName: 'propertyName',
                period: 'period',
                distributable: 'distributable',
                recordDate: 'recordDate',
                payDate: 'payDate',
              },
              sorted,
            )}
            rows={rows}
            getRowId={(d) => d._id}
            loading={dists.loading}
            error={dists.error}
            onRetry={dists.reload}
            emptyMessage={VIEWS[view].empty}
          />
        </Box>
      </Section>

      <Modal
        open={Boolean(viewing)}
        onClose={() => setViewing(null)}
        title={viewing ? `Income report: ${viewing.propertyName}, ${period(viewing)}` : ''}
        maxWidth="sm"
        actions={
          <Button variant="outline-blue" size="SM" onClick={() => setViewing(null)}>
            Close
          </Button>
        }
      >
        {viewing && <ReportDetails report={viewing} />}
      </Modal>

      <DecisionDialog
        open={deciding?.action === 'approve'}
        title="Approve this report?"
        description={
          deciding
            ? `${describeReport(deciding.report)}. Approving declares a distribution of the net income (after the platform's management fee) to the holders of record.`
            : ''
        }
        confirmLabel="Approve and declare"
        onConfirm={approve}
        onClose={() => setDeciding(null)}
      >
        {deciding && <ReportDetails report={deciding.report} />}
        <ApproveFields
          recordDate={dates.recordDate}
          payDate={dates.payDate}
          onRecord={(recordDate) => {
            setDates((d) => ({ ...d, recordDate }));
            setDateProblem(null);
          }}
          onPay={(payDate) => {
            setDates((d) => ({ ...d, payDate }));
            setDateProblem(null);
          }}
          problem={dateProblem}
        />
        {dateProblem && <Alert severity="error">{dateProblem}</Alert>}
      </DecisionDialog>

      <DecisionDialog
        open={deciding?.action === 'reject'}
        title="Reject this report?"
        description={deciding ? `${describeReport(deciding.report)}. The owner sees the reason and may submit a corrected report.` : ''}
        confirmLabel="Reject report"
        reasonLabel="Reason (shown to the owner)"
        destructive
        onConfirm={reject}
        onClose={() => setDeciding(null)}
      />

      <DecisionDialog
        open={Boolean(paying)}
        title="Pay this distribution now?"
        description={
          paying
            ? `${describeDistribution(paying)}. The money moves from the owner's wallet to the holders of record; a distribution is paid once.`
            : ''
        }
        confirmLabel="Pay now"
        onConfirm={pay}
        onClose={() => setPaying(null)}
      />

      <DecisionDialog
        open={Boolean(cancelling)}
        title="Cancel this distribution?"
        description={
          cancelling
            ? `${describeDistribution(cancelling)}. It will never be paid and nothing leaves the owner's wallet for it; the owner is told and can submit a corrected report for the period.`
            : ''
        }
        confirmLabel="Cancel distribution"
        reasonLabel="Reason"
        reasonRequired={RETURNS_MESSAGES.reasonRequired}
        reasonMax={MAX_CORRECTION_REASON}
        destructive
        onConfirm={cancel}
        onClose={() => setCancelling(null)}
      />

      <CorrectDistributionDialog distribution={correcting} onCorrect={correct} onClose={() => setCorrecting(null)} />
    </Box>
  );
}
