// The investor's holder votes: each proposal open on what they hold, with its decision rule
// up front, the live tally and their vote, which they cast or change (after a confirmation)
// until the close. Decided ones of the last 30 days show their result.
import { useId, useState } from 'react';
import { Alert, Box, LinearProgress, Paper, Typography } from 'shared-ui/mui';
import { ConfirmDialog } from 'shared-ui/display';
import { Button, formatDate, formatMoney, formatNumber, toast } from 'shared-ui/core';
import { fileUrl, readError } from 'shared-api';
import { apiQuery, queryKeys, useApiQuery, useInvalidate } from 'shared-api/query';
import { getMyProposals, voteOnProposal } from 'shared-api/votes';
import type { Proposal, VoteChoice } from 'shared-api/contract';
import {
  PROPOSAL_KIND_LABELS,
  PROPOSAL_RESULT_LABELS,
  VOTE_CHOICES,
  VOTE_CHOICE_LABELS,
  proposalRuleText,
} from 'shared-api/contract/votes';

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

/** What the proposal asks, in a line: its kind and, for a sale or a repair, the amount. */
function terms(p: Proposal): string {
  const kind = PROPOSAL_KIND_LABELS[p.kind];
  if (p.price !== null) return `${kind} ${p.priceIsFloor ? 'at or above' : 'at'} ${formatMoney(p.price)}`;
  if (p.budget !== null) return `${kind}, budget ${formatMoney(p.budget)}`;
  return kind;
}

function Tally({ p }: { p: Proposal }) {
  const t = p.tally;
  if (!t) return <Typography variant="body2">Voting opens {formatDate(p.opensAt, 'datetime')}.</Typography>;
  const voted = t.for + t.against + t.abstain;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2">
        For {share(t.for, t.eligible)}% · Against {share(t.against, t.eligible)}% · Abstain {share(t.abstain, t.eligible)}% of{' '}
        {formatNumber(t.eligible)} votes ({t.voters} of {t.holders} holders voted)
      </Typography>
      <LinearProgress variant="determinate" value={Math.min(100, share(voted, t.eligible))} aria-label="Votes cast (quorum)" />
      <Typography variant="body2" color="text.secondary">
        {p.status === 'OPEN' ? `If it closed now: ${PROPOSAL_RESULT_LABELS[t.outcome]}` : ''}
      </Typography>
    </Box>
  );
}

function ProposalCard({ p, onVote }: { p: Proposal; onVote: (p: Proposal, choice: VoteChoice) => void }) {
  const headingId = useId();
  const open = p.status === 'OPEN';
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {p.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {p.propertyName} · {terms(p)}
      </Typography>
      {p.description && <Typography variant="body2">{p.description}</Typography>}
      {p.documents.length > 0 && (
        <Box component="ul" aria-label={`Documents of ${p.title}`} sx={{ m: 0, pl: 2 }}>
          {p.documents.map((d) => (
            <li key={d._id}>
              <a href={fileUrl(d.url)} target="_blank" rel="noopener">
                {d.name}
              </a>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                (opens in a new tab)
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Typography variant="body2">Rule: {proposalRuleText(p.rule)}.</Typography>
      <Typography variant="body2">
        {p.status === 'CLOSED' && p.result
          ? `Result: ${PROPOSAL_RESULT_LABELS[p.result]}`
          : p.status === 'CANCELLED'
            ? `Cancelled${p.cancelReason ? `: ${p.cancelReason}` : ''}`
            : `Closes ${formatDate(p.closesAt, 'datetime')}`}
      </Typography>
      <Tally p={p} />
      {p.myWeight !== null && (
        <Typography variant="body2">
          Your vote: {p.myVote ? VOTE_CHOICE_LABELS[p.myVote] : 'not cast yet'} ({formatNumber(p.myWeight)} votes)
        </Typography>
      )}
      {open && p.myWeight !== null && (
        <Box role="group" aria-label={`Vote on ${p.title}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {VOTE_CHOICES.map((c) => (
            <Button
              key={c}
              size="SM"
              variant={p.myVote === c ? 'filled-blue' : 'outline-blue'}
              aria-pressed={p.myVote === c}
              disabled={p.myVote === c}
              onClick={() => onVote(p, c)}
            >
              {p.myVote && p.myVote !== c ? `Change to ${VOTE_CHOICE_LABELS[c]}` : `Vote ${VOTE_CHOICE_LABELS[c]}`}
            </Button>
          ))}
        </Box>
      )}
    </Paper>
  );
}

export function VotesSection() {
  const votes = useApiQuery(apiQuery(queryKeys.me.proposals(), () => getMyProposals()));
  const invalidate = useInvalidate();
  const [pending, setPending] = useState<{ p: Proposal; choice: VoteChoice } | null>(null);
  const [busy, setBusy] = useState(false);
  const items = votes.data?.items ?? [];
  if (votes.error) {
    return (
      <Alert severity="error" sx={{ mb: 3 }}>
        Your votes could not be loaded: {votes.error}
      </Alert>
    );
  }
  if (items.length === 0) return null;

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await voteOnProposal(pending.p._id, pending.choice);
      toast.success(`Your vote on “${pending.p.title}” is ${VOTE_CHOICE_LABELS[pending.choice]}`);
      await invalidate(queryKeys.me.proposals());
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return (
    <Box component="section" aria-label="Votes" sx={{ mb: 3, display: 'grid', gap: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        Votes
      </Typography>
      {items.map((p) => (
        <ProposalCard key={p._id} p={p} onVote={(proposal, choice) => setPending({ p: proposal, choice })} />
      ))}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `Vote ${VOTE_CHOICE_LABELS[pending.choice]}?` : ''}
        message={
          pending
            ? `Your ${formatNumber(pending.p.myWeight ?? 0)} votes on “${pending.p.title}” will count as ${VOTE_CHOICE_LABELS[pending.choice]}. You can change your vote until ${formatDate(pending.p.closesAt, 'datetime')}.`
            : ''
        }
        confirmLabel="Confirm vote"
        cancelLabel="Go back"
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
