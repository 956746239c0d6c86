// The admins' surveillance queue (on /dashboard/market, anchor #surveillance): flags of
// patterns that look like wash trading, raised by the server's market job. Filter by status,
// page by cursor, and review an open flag (dismiss or escalate) with a note, after a
// confirmation; the server keeps the note with the flag and in the audit log.
import { useState } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { Button, DataTable, StatusBadge, formatNumber, toast, useAsync, type DataTableColumn, type PageCursor } from 'shared-ui';
import { getMarketFlags, reviewMarketFlag } from 'shared-api/admin';
import type { MarketFlag, MarketFlagStatus } from 'shared-api/contract';
import {
  MARKET_FLAG_KIND_LABELS,
  MARKET_FLAG_MESSAGES,
  MARKET_FLAG_STATUS_LABELS,
  type MarketFlagDecision,
} from 'shared-api/contract/market';
import { DecisionDialog } from '../../components/decision-dialog';
import { FilterBar, SelectFilter } from '../../components/filter-bar';
import { DateTimeCell, PropertyLink } from '../../components/links';
import { Section } from '../../components/section';
import { DownloadCsvButton, PageSizeSelect, TableTools, collectPages, usePageSize, type CsvColumn } from '../../lib/table-kit';
import { pageOf } from '../../lib/use-url-filters';

export const SURVEILLANCE_PAGE_SIZE = 20;

const STATUS_OPTIONS = (Object.keys(MARKET_FLAG_STATUS_LABELS) as MarketFlagStatus[]).map((s) => ({
  value: s,
  label: MARKET_FLAG_STATUS_LABELS[s],
}));

/** What was seen, in words. */
export function flagEvidence(f: MarketFlag): string {
  const d = f.detail;
  const trades = d.trades !== undefined ? `${formatNumber(d.trades)} trade${d.trades === 1 ? '' : 's'} between them` : '';
  switch (f.kind) {
    case 'WASH_TRADES':
      return `${formatNumber(d.units ?? 0)} units traded both ways in ${formatNumber(d.trades ?? 0)} trades`;
    case 'SHARED_DEVICE':
      return [`Signed in from ${formatNumber(d.devices ?? 1)} same device${d.devices === 1 ? '' : 's'}`, trades].filter(Boolean).join('; ');
    case 'SHARED_BANK_ACCOUNT':
      return [`Same bank account ending ${d.last4 ?? '····'}`, trades].filter(Boolean).join('; ');
  }
}

const accountsOf = (f: MarketFlag) => f.accounts.map((a) => a.email || a._id).join(' and ');

type Pending = { decision: MarketFlagDecision; flag: MarketFlag } | null;

export const FLAGS_CSV: CsvColumn<MarketFlag>[] = [
  { header: 'Raised', value: (f) => f.createdAt },
  { header: 'Last seen', value: (f) => f.lastSeenAt },
  { header: 'Pattern', value: (f) => MARKET_FLAG_KIND_LABELS[f.kind] },
  { header: 'Accounts', value: (f) => f.accounts.map((a) => (a.name ? `${a.name} <${a.email}>` : a.email || a._id)).join('; ') },
  { header: 'Property', value: (f) => f.property?.name ?? 'Any' },
  { header: 'Seen', value: (f) => flagEvidence(f) },
  { header: 'Status', value: (f) => MARKET_FLAG_STATUS_LABELS[f.status] },
  { header: 'Reviewed', value: (f) => f.reviewedAt },
  { header: 'Reviewer', value: (f) => f.reviewerEmail },
  { header: 'Review note', value: (f) => f.reviewNote },
];

export function SurveillanceSection() {
  const [status, setStatus] = useState<string>('OPEN');
  const [page, setPage] = useState(1);
  const [cursor, setCursor] = useState<PageCursor>({});
  // The size has its own name in the address: the market's trades above have theirs.
  const size = usePageSize(SURVEILLANCE_PAGE_SIZE, { prefix: 'flags' });
  const statusQuery = (status || undefined) as MarketFlagStatus | undefined;
  const flags = useAsync(
    () => getMarketFlags({ status: statusQuery, page, ...cursor, pageSize: size.pageSize }),
    [status, page, cursor, size.pageSize],
  );
  const [pending, setPending] = useState<Pending>(null);

  const goTo = (p: number, to: PageCursor = {}) => {
    setPage(p);
    setCursor(p > 1 ? to : {});
  };

  const decide = async (note: string) => {
    if (!pending) return;
    await reviewMarketFlag(pending.flag._id, { decision: pending.decision, note });
    toast.success(pending.decision === 'DISMISS' ? 'Flag dismissed' : 'Flag escalated');
    setPending(null);
    flags.reload();
  };

  const columns: DataTableColumn<MarketFlag>[] = [
    { key: 'createdAt', header: 'Raised', render: (f) => <DateTimeCell value={f.createdAt} /> },
    { key: 'kind', header: 'Pattern', render: (f) => MARKET_FLAG_KIND_LABELS[f.kind] },
    {
      key: 'accounts',
      header: 'Accounts',
      render: (f) => (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {f.accounts.map((a) => (
            <li key={a._id}>
              {a.name ? `${a.name} · ` : ''}
              {a.email}
            </li>
          ))}
        </Box>
      ),
    },
    {
      key: 'property',
      header: 'Property',
      render: (f) => (f.property ? <PropertyLink id={f.property._id} name={f.property.name} /> : 'Any'),
    },
    { key: 'evidence', header: 'Seen', render: (f) => flagEvidence(f) },
    {
      key: 'status',
      header: 'Status',
      render: (f) => (
        <Box>
          <StatusBadge
            status={f.status}
            tone={f.status === 'OPEN' ? 'warning' : f.status === 'ESCALATED' ? 'error' : 'neutral'}
            label={MARKET_FLAG_STATUS_LABELS[f.status]}
          />
          {f.reviewNote && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, maxWidth: 240 }}>
              {f.reviewNote}
              {f.reviewerEmail ? ` (${f.reviewerEmail})` : ''}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'actions',
      header: 'Review',
      align: 'right',
      render: (f) =>
        f.status === 'OPEN' ? (
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button
              variant="outline-blue"
              size="XS"
              onClick={() => setPending({ decision: 'DISMISS', flag: f })}
              aria-label={`Dismiss: ${MARKET_FLAG_KIND_LABELS[f.kind]}, ${accountsOf(f)}`}
            >
              Dismiss
            </Button>
            <Button
              variant="filled-red"
              size="XS"
              onClick={() => setPending({ decision: 'ESCALATE', flag: f })}
              aria-label={`Escalate: ${MARKET_FLAG_KIND_LABELS[f.kind]}, ${accountsOf(f)}`}
            >
              Escalate
            </Button>
          </Box>
        ) : null,
    },
  ];

  const escalating = pending?.decision === 'ESCALATE';
  return (
    <Box id="surveillance" sx={{ scrollMarginTop: 80 }}>
      <Section title="Surveillance">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Accounts that traded a property back and forth, or that traded with each other and share a sign-in device or a bank account.
          Raised every few minutes; one open flag per pattern and pair.
        </Typography>
        <FilterBar label="Filter flags">
          <SelectFilter
            label="Status"
            value={status}
            onChange={(s) => {
              setStatus(s);
              goTo(1);
            }}
            options={STATUS_OPTIONS}
            allLabel="Any status"
          />
        </FilterBar>
        <TableTools>
          <PageSizeSelect
            value={size.pageSize}
            sizes={size.sizes}
            label="Flags per page"
            onChange={(n) => {
              size.setPageSize(n);
              goTo(1);
            }}
          />
          <DownloadCsvButton
            filename="market-flags.csv"
            columns={FLAGS_CSV}
            rows={() => collectPages((p) => getMarketFlags({ status: statusQuery, ...p }))}
          />
        </TableTools>
        <DataTable
          label="Surveillance flags"
          columns={columns}
          rows={flags.data?.items}
          getRowId={(f) => f._id}
          loading={flags.loading}
          error={flags.error}
          onRetry={flags.reload}
          emptyMessage={status === 'OPEN' ? 'No open flags: nothing waits for a review' : 'No flag matches this filter'}
          pagination={flags.data ? { page, pageSize: size.pageSize, ...pageOf(flags.data), onPageChange: goTo } : undefined}
        />
      </Section>
      <DecisionDialog
        open={pending !== null}
        title={escalating ? 'Escalate this flag?' : 'Dismiss this flag?'}
        description={
          pending
            ? `${MARKET_FLAG_KIND_LABELS[pending.flag.kind]}: ${accountsOf(pending.flag)}. ${
                escalating
                  ? 'The flag is marked for investigation; nothing changes for the accounts until you act on them.'
                  : 'The flag is closed; the pattern is raised again only if they trade again.'
              }`
            : undefined
        }
        confirmLabel={escalating ? 'Escalate' : 'Dismiss'}
        reasonLabel="Note"
        reasonRequired={MARKET_FLAG_MESSAGES.noteRequired}
        destructive={escalating}
        onConfirm={decide}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
