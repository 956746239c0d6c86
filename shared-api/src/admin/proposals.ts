// /v1/properties/:id/proposals and /v1/proposals/:id/cancel: a listing's holder votes as an
// admin sees them (listings.read) and cancelling an open one (listings.review, audited).
import type { CancelProposalBody, Proposal, ProposalList } from '../contract';
import { http } from 'shared-api';
import { id } from '../endpoints/query';

/** A listing's proposals, newest first, each with its rule and live (or final) tally. */
export const getPropertyProposals = (propertyId: string): Promise<ProposalList> =>
  http.get(`v1/properties/${id(propertyId)}/proposals`).json<ProposalList>();

/** Cancels a proposal before its close, with a reason its holders are told. */
export const cancelProposal = (proposalId: string, body: CancelProposalBody): Promise<Proposal> =>
  http.post(`v1/proposals/${id(proposalId)}/cancel`, { json: body }).json<Proposal>();
