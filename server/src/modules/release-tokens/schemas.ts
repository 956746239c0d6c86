import { Type, type Static } from 'typebox';
import { DateTime, Id } from '../../lib/schema';
import { ApprovalRequestSchema } from '../approvals';

export const CreateReleaseTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' }),
    /** Days until it stops working (default 90, at most 365). */
    expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  },
  { additionalProperties: false },
);
export type CreateReleaseToken = Static<typeof CreateReleaseTokenBody>;

export const ReleaseTokenSchema = Type.Object({
  id: Id,
  name: Type.String(),
  createdBy: Type.Union([Id, Type.Null()]),
  createdAt: DateTime,
  revokedAt: Type.Union([DateTime, Type.Null()]),
  lastUsedAt: Type.Union([DateTime, Type.Null()]),
  expiresAt: DateTime,
  /** False while a second admin has not approved it (four eyes): it reads nothing yet. */
  approved: Type.Boolean(),
});
export type ReleaseToken = Static<typeof ReleaseTokenSchema>;

/** Only the creation answer carries the token itself (it is never shown again). */
export const CreatedReleaseTokenSchema = Type.Intersect([ReleaseTokenSchema, Type.Object({ token: Type.String() })]);

/** Four eyes held the creation (202): the waiting request, and the token, shown this once; it works once approved. */
export const PendingReleaseTokenSchema = Type.Object({ ...ApprovalRequestSchema.properties, token: Type.String() });

export const ReleaseTokenListSchema = Type.Object({ items: Type.Array(ReleaseTokenSchema) });
