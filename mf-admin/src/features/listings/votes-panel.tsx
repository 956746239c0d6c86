// A listing's holder votes in its dialog: each proposal with its status, rule and tally (live
// while open, final once closed) and, for an admin who may review listings, Cancel on one not
// closed yet, after a confirmation with the reason its holders are told.
import { useState } from 'react';
import { Alert, Box, Paper, Typography } from 'shared-ui/mui';
import { Button, StatusBadge, formatDate, formatMoney, formatNumber, toast } from 'shared-ui';
import { apiQuery, useApiQuery, useInvalidate } from 'shared-api/query';
import { cancelProposal, getPropertyProposals } from 'shared-api/admin';
import type { Proposal, ProposalStatus } from 'shared-api/contract';
import { PROPOSAL_KIND_LABELS, PROPOSAL_MESSAGES, PROPOSAL_RESULT_LABELS, proposalRuleText } from 'shared-api/contract/votes';
import { DecisionDialog } from '../../components/decision-dialog';
import { DocumentLinks } from '../../components/files';

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  SCHEDULED: 'Not open yet',
  OPEN: 'Open',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
};

const proposalsKey = (propertyId: string) => ['admin', 'proposals', propertyId] as const;
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

function terms(p: Proposal): string {
  const kind = PROPOSAL_KIND_LABELS[p.kind];
  if (p.price !== null) return `${kind} ${p.priceIsFloor ? 'at or above' : 'at'} ${formatMoney(p.price)}`;
  if (p.budget !== null) return `${kind}, budget ${formatMoney(p.budget)}`;
  return kind;
}

function tallyText(p: Proposal): string {
  const t = p.tally;
  if (!t) return `Opens ${formatDate(p.opensAt, 'datetime')}`;
  const counts = `For ${share(t.for, t.eligible)}% · Against ${share(t.against, t.eligible)}% · Abstain ${share(t.abstain, t.eligible)}% of ${formatNumber(t.eligible)} votes (${t.voters} of ${t.holders} holders voted)`;
  if (p.status === 'OPEN') return `${counts}. If it closed now: ${PROPOSAL_RESULT_LABELS[t.outcome]}`;
  return counts;
}

function outcomeText(p: Proposal): string {
  if (p.status === 'CLOSED' && p.result) return `Result: ${PROPOSAL_RESULT_LABELS[p.result]}`;
  if (p.status === 'CANCELLED') return `Cancelled${p.cancelReason ? `: ${p.cancelReason}` : ''}`;
  return `Closes ${formatDate(p.closesAt, 'datetime')}`;
}

export function VotesPanel({ propertyId, canCancel }: { propertyId: string; canCancel: boolean }) {
  const list = useApiQuery(apiQuery(proposalsKey(propertyId), () => getPropertyProposals(propertyId)));
  const invalidate = useInvalidate();
  const [cancelling, setCancelling] = useState<Proposal | null>(null);

  if (list.error) return <Alert severity="error">{list.error}</Alert>;
  if (!list.data) return <Typography color="text.secondary">Loading votes…</Typography>;
  if (list.data.items.length === 0) return <Typography color="text.secondary">No votes on this listing.</Typography>;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {list.data.items.map((p) => (
        <Paper key={p._id} component="article" variant="outlined" aria-label={p.title} sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>{p.title}</Typography>
            <StatusBadge status={p.status} label={PROPOSAL_STATUS_LABELS[p.status]} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {terms(p)} · {outcomeText(p)}
          </Typography>
          <Typography variant="body2">Rule: {proposalRuleText(p.rule)}.</Typography>
          <Typography variant="body2">{tallyText(p)}</Typography>
          {p.documents.length > 0 && <DocumentLinks documents={p.documents} />}
          {canCancel && (p.status === 'OPEN' || p.status === 'SCHEDULED') && (
            <Box>
              <Button variant="outline-blue" size="SM" onClick={() => setCancelling(p)}>
                Cancel vote…
              </Button>
            </Box>
          )}
        </Paper>
      ))}
      <DecisionDialog
        open={cancelling !== null}
        title={cancelling ? `Cancel the vote “${cancelling.title}”?` : ''}
        description="Its holders are told it was cancelled, with your reason. A cancelled vote has no result and cannot be reopened."
        confirmLabel="Cancel the vote"
        reasonLabel="Reason (sent to the holders)"
        reasonRequired={PROPOSAL_MESSAGES.reasonRequired}
        destructive
        onClose={() => setCancelling(null)}
        onConfirm={async (reason) => {
          if (!cancelling) return;
          await cancelProposal(cancelling._id, { reason });
          toast.success(`The vote “${cancelling.title}” is cancelled`);
          setCancelling(null);
          await invalidate(proposalsKey(propertyId));
        }}
      />
    </Box>
  );
}
