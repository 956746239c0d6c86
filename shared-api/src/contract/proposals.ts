// Holder votes: proposals about one property (sell it, repair it from the reserve, change the
// rent policy or the manager, extend or end the hold, or an advisory question), voted by the
// holders of record taken when the vote opens, weighted by their units then.
import type { FileRef } from './types';

export const PROPOSAL_KINDS = ['SELL', 'REPAIR', 'RENT_POLICY', 'MANAGER', 'HOLD', 'ADVISORY'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export const VOTE_CHOICES = ['FOR', 'AGAINST', 'ABSTAIN'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];
export const PROPOSAL_STATUSES = ['SCHEDULED', 'OPEN', 'CLOSED', 'CANCELLED'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_RESULTS = ['PASSED', 'REJECTED', 'NO_QUORUM'] as const;
export type ProposalResult = (typeof PROPOSAL_RESULTS)[number];

/**
 * The decision rule, in whole percents. Quorum: the weight that voted (abstentions included)
 * is at least quorumPct of the eligible weight. Majority: FOR is at least majorityPct of
 * FOR + AGAINST. Cap: no holder counts for more than capPct of the property's units (null: no
 * cap); every figure is on counted weights.
 */
export interface ProposalRule {
  quorumPct: number;
  majorityPct: number;
  capPct: number | null;
}

/** Each kind's rule unless an administrator sets another when raising it. */
export const PROPOSAL_DEFAULT_RULES: Record<ProposalKind, ProposalRule> = {
  SELL: { quorumPct: 50, majorityPct: 60, capPct: 15 },
  HOLD: { quorumPct: 50, majorityPct: 60, capPct: 15 },
  REPAIR: { quorumPct: 30, majorityPct: 51, capPct: 25 },
  RENT_POLICY: { quorumPct: 30, majorityPct: 51, capPct: 25 },
  MANAGER: { quorumPct: 40, majorityPct: 51, capPct: 25 },
  ADVISORY: { quorumPct: 10, majorityPct: 51, capPct: null },
};

/** A holder may raise a proposal when they hold at least this % of the property's units. */
export const PROPOSAL_RAISE_THRESHOLD_PCT = 5;
/** A vote stays open at least 2 days (so the reminder a day before the close means something) and at most 90. */
export const PROPOSAL_MIN_DAYS = 2;
/** Documents a proposal may carry (a broker's opinion, a repair quote): PDF or images, added by its raiser before the close. */
export const PROPOSAL_MAX_DOCUMENTS = 5;
export const PROPOSAL_MAX_DAYS = 90;
export const PROPOSAL_TITLE_MAX = 200;
export const PROPOSAL_DESCRIPTION_MAX = 5000;

export const PROPOSAL_KIND_LABELS: Record<ProposalKind, string> = {
  SELL: 'Sell the property',
  REPAIR: 'Repair from the reserve',
  RENT_POLICY: 'Change the rent policy',
  MANAGER: 'Change the manager',
  HOLD: 'Extend or end the hold',
  ADVISORY: 'Advisory question',
};
export const VOTE_CHOICE_LABELS: Record<VoteChoice, string> = { FOR: 'For', AGAINST: 'Against', ABSTAIN: 'Abstain' };
export const PROPOSAL_RESULT_LABELS: Record<ProposalResult, string> = {
  PASSED: 'Passed',
  REJECTED: 'Rejected',
  NO_QUORUM: 'No quorum',
};

/** The rule in words, as it is shown before anyone votes. */
export function proposalRuleText(r: ProposalRule): string {
  return `Quorum ${r.quorumPct}% of the votes, passes with ${r.majorityPct}% of for and against${
    r.capPct === null ? '' : `, no holder counts for more than ${r.capPct}% of the units`
  }`;
}

/** POST /v1/properties/:id/proposals. Dollars for money; ISO date-times. */
export interface CreateProposalBody {
  kind: ProposalKind;
  title: string;
  description?: string;
  /** SELL: the price (or the floor, priceIsFloor), dollars. */
  price?: number;
  priceIsFloor?: boolean;
  /** REPAIR: the budget from the property's reserve, dollars. */
  budget?: number;
  /** Default: now. */
  opensAt?: string;
  closesAt: string;
  /** Administrators only: another rule than the kind's default. */
  rule?: ProposalRule;
}

/** PUT /v1/proposals/:id/vote */
export interface VoteBody {
  choice: VoteChoice;
}

/** POST /v1/proposals/:id/cancel (admins, audited) */
export interface CancelProposalBody {
  reason: string;
}

/** Counted weights: the snapshot's units, each holder's at most the cap. */
export interface ProposalTally {
  eligible: number;
  for: number;
  against: number;
  abstain: number;
  holders: number;
  voters: number;
  /** What the result would be if the vote closed now (the final one once closed). */
  outcome: ProposalResult;
}

export interface Proposal {
  _id: string;
  propertyId: string;
  propertyName: string;
  kind: ProposalKind;
  title: string;
  description: string;
  price: number | null;
  priceIsFloor: boolean;
  budget: number | null;
  rule: ProposalRule;
  opensAt: string;
  closesAt: string;
  status: ProposalStatus;
  result: ProposalResult | null;
  /** Null until the vote opens (no holders of record yet). */
  tally: ProposalTally | null;
  /** The caller's vote, and the weight it counts for (null: not a holder of record). */
  myVote: VoteChoice | null;
  myWeight: number | null;
  cancelReason: string | null;
  createdAt: string;
  /** What the raiser attached (signed links, for whoever may read the proposal), oldest first. */
  documents: FileRef[];
}

export interface ProposalList {
  items: Proposal[];
}

export const PROPOSAL_MESSAGES = {
  propertyNotFound: 'Property not found',
  notFound: 'Proposal not found',
  notAllowedToRaise: `Only the owner, an administrator or a holder of at least ${PROPOSAL_RAISE_THRESHOLD_PCT}% of the units can raise a proposal`,
  notAllowedToSee: 'Only the owner, administrators and holders of this property can see its proposals',
  ruleAdminsOnly: 'Only an administrator can set another decision rule',
  notLive: 'Votes are held only on a live property',
  priceRequired: 'A sale proposal needs a price',
  priceOnlySell: 'Only a sale proposal has a price',
  budgetRequired: 'A repair proposal needs a budget',
  budgetOnlyRepair: 'Only a repair proposal has a budget',
  badDates: 'The close must come after the opening',
  opensInPast: 'The opening cannot be in the past',
  tooShort: `A vote stays open at least ${PROPOSAL_MIN_DAYS} days`,
  tooLong: `A vote stays open at most ${PROPOSAL_MAX_DAYS} days`,
  notHolderOfRecord: 'You held no units of this property when the vote opened, so you cannot vote on it',
  notOpen: 'Voting on this proposal is closed',
  notOpenYet: 'Voting on this proposal has not opened yet',
  cancelFinal: 'This proposal has reached its close: its result stands',
  reasonRequired: 'Give a reason of 3 to 500 characters',
  documentsRaiserOnly: 'Only whoever raised this proposal can add documents to it',
  documentsClosed: 'Documents can be added only until the vote closes',
  tooManyDocuments: `A proposal carries at most ${PROPOSAL_MAX_DOCUMENTS} documents`,
} as const;

/**
 * A passed REPAIR on the property's next income report (its words; the shapes are
 * ApprovedRepair and IncomeReportBody.approvedRepairs in contract/returns.ts). Here, not in the
 * returns subpath, so the signed-in screens' shared module does not grow.
 */
export const REPAIR_MESSAGES = {
  twice: 'Each approved repair goes on a report once',
  notApproved: 'This is not a repair the holders of this property approved',
  overBudget: "The reserve's spending on a repair cannot exceed the budget the holders approved",
  onEarlierReport: 'This repair is already on an earlier income report',
  spent: 'Enter what the reserve spent on it, in dollars (0 if nothing yet)',
} as const;

/**
 * The 400 when a report leaves out a repair the holders approved since the property's last
 * report: the report must say what the reserve spent on each (0 if nothing yet).
 */
export function repairsMissingMessage(lines: string[]): string {
  return `Say what the reserve spent on each repair the holders approved since the last report: ${lines.join('; ')}`;
}

/** How a report shows an approved repair: "Repair approved by holders on 2026-11-28: budget $2,500.00". */
export function approvedRepairLine(title: string, approvedOn: string, budget: number): string {
  const usd = budget.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `Repair approved by holders on ${approvedOn}: budget $${usd} (“${title}”)`;
}
