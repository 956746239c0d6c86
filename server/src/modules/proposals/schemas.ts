// Route schemas of holder votes; the static types are checked against the contract.
import { Type, type Static } from 'typebox';
import type { CancelProposalBody, CreateProposalBody, Proposal, ProposalList, VoteBody } from 'shared-api/contract';
import {
  PROPOSAL_DESCRIPTION_MAX,
  PROPOSAL_KINDS,
  PROPOSAL_RESULTS,
  PROPOSAL_STATUSES,
  PROPOSAL_TITLE_MAX,
  VOTE_CHOICES,
} from 'shared-api/contract/votes';
import { assertSame, DateTime, Id, Nullable, StringEnum, type Same } from '../../lib/schema';
import { FileRefSchema } from '../files';

const Pct = Type.Integer({ minimum: 1, maximum: 100 });
const RuleSchema = Type.Object(
  { quorumPct: Pct, majorityPct: Type.Integer({ minimum: 51, maximum: 100 }), capPct: Nullable(Pct) },
  { additionalProperties: false },
);

export const CreateProposalSchema = Type.Object(
  {
    kind: StringEnum(PROPOSAL_KINDS),
    title: Type.String({ minLength: 3, maxLength: PROPOSAL_TITLE_MAX }),
    description: Type.Optional(Type.String({ maxLength: PROPOSAL_DESCRIPTION_MAX })),
    price: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, description: 'dollars' })),
    priceIsFloor: Type.Optional(Type.Boolean()),
    budget: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, description: 'dollars' })),
    opensAt: Type.Optional(DateTime),
    closesAt: DateTime,
    rule: Type.Optional(RuleSchema),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof CreateProposalSchema>, CreateProposalBody>>();

export const VoteSchema = Type.Object({ choice: StringEnum(VOTE_CHOICES) }, { additionalProperties: false });
assertSame<Same<Static<typeof VoteSchema>, VoteBody>>();

export const CancelProposalSchema = Type.Object({ reason: Type.String({ minLength: 3, maxLength: 500 }) }, { additionalProperties: false });
assertSame<Same<Static<typeof CancelProposalSchema>, CancelProposalBody>>();

const TallySchema = Type.Object({
  eligible: Type.Integer(),
  for: Type.Integer(),
  against: Type.Integer(),
  abstain: Type.Integer(),
  holders: Type.Integer(),
  voters: Type.Integer(),
  outcome: StringEnum(PROPOSAL_RESULTS),
});

export const ProposalSchema = Type.Object({
  _id: Id,
  propertyId: Id,
  propertyName: Type.String(),
  kind: StringEnum(PROPOSAL_KINDS),
  title: Type.String(),
  description: Type.String(),
  price: Nullable(Type.Number()),
  priceIsFloor: Type.Boolean(),
  budget: Nullable(Type.Number()),
  rule: Type.Object({ quorumPct: Type.Integer(), majorityPct: Type.Integer(), capPct: Nullable(Type.Integer()) }),
  opensAt: DateTime,
  closesAt: DateTime,
  status: StringEnum(PROPOSAL_STATUSES),
  result: Nullable(StringEnum(PROPOSAL_RESULTS)),
  tally: Nullable(TallySchema),
  myVote: Nullable(StringEnum(VOTE_CHOICES)),
  myWeight: Nullable(Type.Integer()),
  cancelReason: Nullable(Type.String()),
  createdAt: DateTime,
  documents: Type.Array(FileRefSchema),
});
assertSame<Same<Static<typeof ProposalSchema>, Proposal>>();

export const ProposalListSchema = Type.Object({ items: Type.Array(ProposalSchema) });
assertSame<Same<Static<typeof ProposalListSchema>, ProposalList>>();
