import { Type, type Static } from 'typebox';
import { DateTime } from '../../lib/schema';

/** What the shell's federation runtime plugin sends with navigator.sendBeacon. */
export const RemoteLoadBodySchema = Type.Object(
  {
    remote: Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }),
    version: Type.String({ pattern: '^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$' }),
    detail: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type RemoteLoadBody = Static<typeof RemoteLoadBodySchema>;

export const SummaryQuerySchema = Type.Object(
  { hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 30, default: 24 })) },
  { additionalProperties: false },
);
export type SummaryQuery = Static<typeof SummaryQuerySchema>;

export const SummarySchema = Type.Object({
  since: DateTime,
  until: DateTime,
  items: Type.Array(
    Type.Object({
      remote: Type.String(),
      version: Type.String(),
      failures: Type.Integer({ minimum: 0 }),
      lastAt: DateTime,
      lastDetail: Type.String(),
    }),
  ),
});
export type Summary = Static<typeof SummarySchema>;
