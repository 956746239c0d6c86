// Holder votes: the caller's open votes and voting. Shapes and rules: contract/proposals.ts.
import type { Proposal, ProposalList, VoteChoice } from '../contract';
import { http } from '../client';
import { id } from './query';

/** Votes open on what I hold, and those decided in the last 30 days. */
export const getMyProposals = (): Promise<ProposalList> => http.get('v1/me/proposals').json<ProposalList>();

/** Votes, or changes my vote, until the close; answers the proposal with its new tally. */
export const voteOnProposal = (proposalId: string, choice: VoteChoice): Promise<Proposal> =>
  http.put(`v1/proposals/${id(proposalId)}/vote`, { json: { choice } }).json<Proposal>();
