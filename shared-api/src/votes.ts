// 'shared-api/votes': holder votes' calls, the caller's open votes and voting (shapes and rules:
// contract/proposals.ts, its values 'shared-api/contract/votes'). Not a shared module: only the
// investor remote's investments page bundles it, so no first visit downloads it. It takes the
// HTTP client from 'shared-api' (the shared module), as 'shared-api/admin' does.
import type { ApprovedRepair, CreateProposalBody, Proposal, ProposalList, VoteChoice } from './contract';
import { http, upload, type UploadOptions } from 'shared-api';
import { filesForm, id } from './endpoints/query';

/** Votes open on what I hold, those not open yet, and those decided in the last 30 days. */
export const getMyProposals = (): Promise<ProposalList> => http.get('v1/me/proposals').json<ProposalList>();

/** Votes, or changes my vote, until the close; answers the proposal with its new tally. */
export const voteOnProposal = (proposalId: string, choice: VoteChoice): Promise<Proposal> =>
  http.put(`v1/proposals/${id(proposalId)}/vote`, { json: { choice } }).json<Proposal>();

/** Raises a proposal on a property (its owner, an admin, or a holder of 5%); it opens now unless opensAt says later. */
export const raiseProposal = (propertyId: string, body: CreateProposalBody): Promise<Proposal> =>
  http.post(`v1/properties/${id(propertyId)}/proposals`, { json: body }).json<Proposal>();

/** The owner's report form: the repairs the holders approved that the property's next income report must carry. */
export const getApprovedRepairsToReport = (propertyId: string): Promise<ApprovedRepair[]> =>
  http.get(`v1/properties/owned/${id(propertyId)}/approved-repairs`).json<ApprovedRepair[]>();

/** Adds documents (PDF or images, 5 MB each, at most 5 in all) to a proposal I raised, until its close. */
export const addProposalDocuments = (proposalId: string, files: readonly Blob[], opts: UploadOptions = {}): Promise<Proposal> =>
  upload<Proposal>(`v1/proposals/${id(proposalId)}/documents`, filesForm('files', files), { method: 'PATCH', ...opts });
