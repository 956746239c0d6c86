import { Type, type Static } from 'typebox';
import type { ApprovalRequest, ApprovalsQuery, RejectApprovalBody } from 'shared-api/contract';
import { APPROVAL_ACTIONS, APPROVAL_STATUSES } from 'shared-api/contract/admin';
import { assertSame, DateTime, Id, Nullable, StringEnum, type Same } from '../../lib/schema';

const PersonSchema = Type.Object({ _id: Id, email: Type.String(), name: Type.String() });

export const ApprovalRequestSchema = Type.Object({
  _id: Id,
  action: StringEnum(APPROVAL_ACTIONS),
  targetType: Type.String(),
  targetId: Type.String(),
  summary: Type.String(),
  requestedBy: PersonSchema,
  requestedAt: DateTime,
  status: StringEnum(APPROVAL_STATUSES),
  decidedBy: Nullable(PersonSchema),
  decidedAt: Nullable(DateTime),
  decisionNote: Type.String(),
});
assertSame<Same<Static<typeof ApprovalRequestSchema>, ApprovalRequest>>();

export const ApprovalsQuerySchema = Type.Object({ status: Type.Optional(StringEnum(APPROVAL_STATUSES)) }, { additionalProperties: false });
assertSame<Same<Static<typeof ApprovalsQuerySchema>, ApprovalsQuery>>();

export const RejectApprovalSchema = Type.Object({ note: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false });
assertSame<Same<Static<typeof RejectApprovalSchema>, RejectApprovalBody>>();
