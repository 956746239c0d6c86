import { Type, type Static } from 'typebox';
import { DateTime, Id } from '../../lib/schema';

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
});
export type ReleaseToken = Static<typeof ReleaseTokenSchema>;

/** Only the creation answer carries the token itself (it is never shown again). */
export const CreatedReleaseTokenSchema = Type.Intersect([ReleaseTokenSchema, Type.Object({ token: Type.String() })]);

export const ReleaseTokenListSchema = Type.Object({ items: Type.Array(ReleaseTokenSchema) });
