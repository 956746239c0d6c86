import { useId, useState } from 'react';
import { Box, Chip, Paper, Typography } from 'shared-ui/mui';
import { Link as RouterLink } from 'shared-ui/router';
import {
  Button,
  DataTable,
  ProgressBar,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  type AsyncState,
  type DataTableColumn,
} from 'shared-ui';
import {
  PROPERTY_TYPE_LABELS,
  amountRaised,
  fundingPercent,
  paths,
  totalValue,
  unitsReserved,
  unitsSold,
  type ActiveInvestments,
  type ActiveInvestor,
  type ProgressPosted,
  type ProgressUpdateRecord,
  type Property,
  type PropertyRevision,
} from 'shared-api/contract';
import { PROGRESS_UPDATE_STATUS_LABELS } from 'shared-api/contract/dashboard';
import { ListingStatus } from '../../../components/listing-status';
import { ProgressUpdateForm } from './progress-update-form';
import { IncomeSection } from '../../income/income-section';
import { RaiseProposalDialog } from '../../votes/raise-proposal-dialog';

const investorColumns: DataTableColumn<ActiveInvestor>[] = [
  { key: 'name', header: 'Investor', render: (i) => `${i.firstName} ${i.lastName}` },
  { key: 'quantity', header: 'Units', align: 'right', render: (i) => formatNumber(i.quantity) },
  { key: 'amountInvested', header: 'Invested', align: 'right', render: (i) => formatMoney(i.amountInvested) },
];

/** The card after a post: a held update is shown; a rejected one gives way to any newer update. */
function afterPost(p: ActiveListingCardProps['initial'], next: ProgressPosted): ActiveListingCardProps['initial'] {
  const { progressUpdate, message: _message, ...property } = next;
  const stillPending = p.progressReview?.status === 'PENDING_REVIEW' ? p.progressReview : null;
  return {
    ...property,
    revision: p.revision,
    progressReview: progressUpdate.status === 'PENDING_REVIEW' ? progressUpdate : stillPending,
  };
}

/** A lower progress the owner posted: awaiting the platform's review, or rejected with its reason. */
function ProgressReviewNotice({ update }: { update: ProgressUpdateRecord }) {
  const pending = update.status === 'PENDING_REVIEW';
  return (
    <Box
      role="status"
      aria-label={`Progress update ${PROGRESS_UPDATE_STATUS_LABELS[update.status].toLowerCase()}`}
      sx={{ border: 1, borderColor: pending ? 'warning.main' : 'error.main', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" color={pending ? 'warning' : 'error'} label={PROGRESS_UPDATE_STATUS_LABELS[update.status]} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {update.percent}% posted {formatDate(update.createdAt)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {pending
          ? `Progress lower than the current ${update.previousPercent ?? 0}% is checked by our team before investors see it.`
          : `Not approved; the listing keeps its progress. Reason: ${update.reviewReason ?? ''}`}
      </Typography>
      {update.note && <Typography variant="body2">{update.note}</Typography>}
    </Box>
  );
}

interface ActiveListingCardProps {
  initial: Property & { revision?: PropertyRevision | null; progressReview?: ProgressUpdateRecord | null };
  investments: AsyncState<ActiveInvestments>;
}

/**
 * One approved listing: funding, its investors and, off-plan, construction progress. The
 * investors come from the page, which asks for every card's at once.
 */
export function ActiveListingCard({ initial, investments }: ActiveListingCardProps) {
  const headingId = useId();
  const [p, setP] = useState(initial);
  const [asking, setAsking] = useState(false);
  const raised = amountRaised(p);
  const total = totalValue(p);
  const sold = unitsSold(p);
  const reserved = unitsReserved(p);
  const latest = [...p.progressUpdates].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 3);

  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {p.name}
          </Typography>
          <Typography color="text.secondary">
            {p.address}, {p.state}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <ListingStatus property={p} />
            <Chip size="small" label={PROPERTY_TYPE_LABELS[p.type]} variant="outlined" />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Button size="SM" variant="outline-blue" component={RouterLink} to={paths.property(p._id)}>
            View on site
          </Button>
          <Button size="SM" variant="text-blue" component={RouterLink} to={paths.editListing(p._id)}>
            Edit
          </Button>
          {sold > 0 && (
            <Button size="SM" variant="text-blue" onClick={() => setAsking(true)}>
              Ask holders to vote
            </Button>
          )}
        </Box>
        {asking && <RaiseProposalDialog property={p} open={asking} onClose={() => setAsking(false)} />}
      </Box>

      <Box component="section" aria-label={`Funding of ${p.name}`}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {formatMoney(raised, { cents: 'auto' })} raised of {formatMoney(total, { cents: 'auto' })}
          </Typography>
          <Typography color="text.secondary">{formatPercent(fundingPercent(p), 0)} funded</Typography>
        </Box>
        <ProgressBar
          current={raised}
          max={total}
          label={`Funding of ${p.name}`}
          valueText={`${formatMoney(raised, { cents: 'auto' })} of ${formatMoney(total, { cents: 'auto' })}`}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {formatNumber(sold)} of {formatNumber(p.totalQuantity)} units sold · {formatNumber(reserved)} reserved in pending orders ·{' '}
          {formatNumber(p.availableQuantity)} available at {formatMoney(p.unitPrice, { cents: 'auto' })} each
        </Typography>
      </Box>

      <Box component="section" aria-label={`Investors in ${p.name}`}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          Investors {investments.data ? `(${investments.data.investors.length})` : ''}
        </Typography>
        {investments.data && investments.data.investors.length === 0 ? (
          <Typography color="text.secondary">No investors yet.</Typography>
        ) : (
          <DataTable
            label={`Investors in ${p.name}`}
            columns={investorColumns}
            rows={investments.data?.investors}
            getRowId={(i) => i.investorId}
            loading={investments.loading}
            error={investments.error}
            onRetry={investments.reload}
          />
        )}
      </Box>

      {p.type === 'OFF_PLAN' && (
        <Box component="section" aria-label={`Construction progress of ${p.name}`} sx={{ display: 'grid', gap: 1.5 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Construction progress
          </Typography>
          <ProgressBar
            current={p.progress ?? 0}
            max={100}
            label={`Construction progress of ${p.name}`}
            valueText={`${p.progress ?? 0}% built`}
          />
          {latest.length > 0 && (
            <Box component="ul" aria-label="Latest progress updates" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
              {latest.map((u) => (
                <Typography component="li" variant="body2" key={u._id}>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {formatDate(u.createdAt)} · {u.percent}%
                  </Box>
                  {u.note ? ` — ${u.note}` : ''}
                </Typography>
              ))}
            </Box>
          )}
          {p.progressReview && <ProgressReviewNotice update={p.progressReview} />}
          <ProgressUpdateForm property={p} onPosted={(next) => setP(afterPost(p, next))} />
        </Box>
      )}

      {p.status === 'FUNDED' && <IncomeSection property={p} />}
    </Paper>
  );
}
