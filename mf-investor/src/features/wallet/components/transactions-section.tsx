import { useId, useMemo, useState } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { TextField } from 'shared-ui/mui-inputs';
import { Button, DataTable, StatusBadge, formatDate, formatMoney, toast, type DataTableColumn } from 'shared-ui';
import { exportMyTransactionsCsv, readError } from 'shared-api';
import { LEDGER_ENTRY_TYPES, type LedgerEntry, type LedgerEntryType } from 'shared-api/contract';
import { queries, useApiQuery } from 'shared-api/query';
import { MY_LEDGER_TYPE_LABELS, myEntryLabel } from 'shared-api/labels';
import { saveFile } from '../../../lib/browser';
import { todayStamp } from '../../../lib/dates';
import { useIsPhone } from '../../../lib/use-is-phone';
import { entryStatus } from '../lib/entry-status';

export const TRANSACTIONS_PAGE_SIZE = 10;

export function csvFileName(now = new Date()): string {
  return `tessera-transactions-${todayStamp(now)}.csv`;
}

function SignedAmount({ amount }: { amount: number }) {
  const credit = amount > 0;
  return (
    <Box component="span" sx={{ fontWeight: 600, color: credit ? 'success.main' : 'error.main', whiteSpace: 'nowrap' }}>
      {credit ? `+${formatMoney(amount)}` : formatMoney(amount)}
    </Box>
  );
}

/**
 * The ledger of the signed-in user, newest first: paged, filterable by type, exportable as
 * CSV. Each page comes with where its order and withdrawal holds stand (one request).
 */
export function TransactionsSection() {
  const headingId = useId();
  const filterId = useId();
  const [page, setPage] = useState(1);
  const [type, setType] = useState<LedgerEntryType | ''>('');
  const [exporting, setExporting] = useState(false);
  const ledger = useApiQuery(queries.me.transactions({ page, pageSize: TRANSACTIONS_PAGE_SIZE, type: type || undefined }));
  const orders = ledger.data?.orderStatuses;
  const payouts = ledger.data?.payoutStatuses;

  const phone = useIsPhone();
  const columns = useMemo<DataTableColumn<LedgerEntry>[]>(() => {
    const status = (e: LedgerEntry) => {
      const st = entryStatus(e, orders ?? {}, payouts ?? {});
      return st ? <StatusBadge status={st.label} label={st.label} tone={st.tone} /> : '…';
    };
    if (phone) {
      // Two columns fit a phone: what and when, then the money and where it stands.
      return [
        {
          key: 'entry',
          header: 'Transaction',
          render: (e) => (
            <Box sx={{ display: 'grid', gap: 0.25 }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {myEntryLabel(e.type)}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                {e.description}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
                {formatDate(e.createdAt, 'datetime')}
              </Box>
            </Box>
          ),
        },
        {
          key: 'amount',
          header: 'Amount',
          align: 'right',
          render: (e) => (
            <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'end' }}>
              <SignedAmount amount={e.amount} />
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>
                Balance {formatMoney(e.balanceAfter)}
              </Box>
              {status(e)}
            </Box>
          ),
        },
      ];
    }
    return [
      {
        key: 'createdAt',
        header: 'Date',
        render: (e) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {formatDate(e.createdAt, 'datetime')}
          </Box>
        ),
      },
      { key: 'type', header: 'Type', render: (e) => myEntryLabel(e.type) },
      {
        key: 'description',
        header: 'Description',
        render: (e) => (
          <Box component="span" sx={{ display: 'inline-block', minWidth: 160 }}>
            {e.description || '—'}
          </Box>
        ),
      },
      { key: 'amount', header: 'Amount', align: 'right', render: (e) => <SignedAmount amount={e.amount} /> },
      { key: 'balanceAfter', header: 'Balance after', align: 'right', render: (e) => formatMoney(e.balanceAfter) },
      { key: 'status', header: 'Status', render: status },
    ];
  }, [orders, payouts, phone]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await exportMyTransactionsCsv({ type: type || undefined });
      saveFile(blob, csvFileName());
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setExporting(false);
    }
  };

  const data = ledger.data;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          Transaction history
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: { xs: '100%', sm: 'auto' } }}>
          <TextField
            id={filterId}
            select
            size="small"
            label="Type"
            value={type}
            onChange={(e) => {
              setType(e.target.value as LedgerEntryType | '');
              setPage(1);
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 200, flex: { xs: 1, sm: 'none' } }}
          >
            <option value="">All types</option>
            {LEDGER_ENTRY_TYPES.map((t) => (
              <option key={t} value={t}>
                {MY_LEDGER_TYPE_LABELS[t]}
              </option>
            ))}
          </TextField>
          <Button
            variant="outline-blue"
            size="SM"
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={!data || data.total === 0}
          >
            Export CSV
          </Button>
        </Box>
      </Box>
      <DataTable
        label="Transactions"
        columns={columns}
        rows={data?.items}
        getRowId={(e) => e._id}
        loading={ledger.loading}
        error={ledger.error}
        onRetry={ledger.reload}
        emptyMessage={type ? `No ${MY_LEDGER_TYPE_LABELS[type].toLowerCase()} entries` : 'No transactions yet'}
        pagination={data ? { page: data.page, pageSize: data.pageSize, total: data.total, onPageChange: setPage } : undefined}
      />
    </Box>
  );
}
