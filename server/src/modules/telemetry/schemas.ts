import { Type, type Static } from 'typebox';
import { DateTime } from '../../lib/schema';

const RemoteName = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' });
const Version = Type.String({ pattern: '^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$' });
const Flag = Type.Integer({ minimum: 0, maximum: 1 });
export const CHANNELS = ['stable', 'canary', 'preview'] as const;
const Channel = Type.Union(CHANNELS.map((c) => Type.Literal(c)));

/** The earlier format: one failure of one remote version (still accepted). */
export const LegacyFailureSchema = Type.Object(
  {
    remote: RemoteName,
    version: Version,
    detail: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type LegacyFailure = Static<typeof LegacyFailureSchema>;

/** One remote version as one page used it (shell/src/federation/health.ts). */
export const HealthItemSchema = Type.Object(
  {
    remote: RemoteName,
    version: Version,
    channel: Channel,
    loads: Flag,
    failures: Flag,
    errors: Flag,
    path: Type.String({ maxLength: 200, pattern: '^/' }),
    detail: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type HealthItem = Static<typeof HealthItemSchema>;
export const MAX_ITEMS = 20;

/** What the shell sends once per page (navigator.sendBeacon, or fetch with keepalive). */
export const HealthReportSchema = Type.Object(
  { items: Type.Array(HealthItemSchema, { minItems: 1, maxItems: MAX_ITEMS }) },
  { additionalProperties: false },
);
export type HealthReport = Static<typeof HealthReportSchema>;

export const RemoteLoadBodySchema = Type.Union([HealthReportSchema, LegacyFailureSchema]);
export type RemoteLoadBody = Static<typeof RemoteLoadBodySchema>;

export const SummaryQuerySchema = Type.Object(
  {
    hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 30, default: 24 })),
    alpha: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 0.5, default: 0.05 })),
  },
  { additionalProperties: false },
);
export type SummaryQuery = Static<typeof SummaryQuerySchema>;

const Counts = {
  loads: Type.Integer({ minimum: 0, description: 'pages that loaded this version' }),
  failures: Type.Integer({
    minimum: 0,
    description: 'pages where loading it failed (manifest, entry, a chunk, or its module threw while evaluating)',
  }),
  errors: Type.Integer({ minimum: 0, description: 'pages where its error boundary caught an error (the first one per page)' }),
};
const Rate = {
  attempts: Type.Integer({ minimum: 0, description: 'loads + failures' }),
  bad: Type.Integer({ minimum: 0, description: 'failures + errors (at most attempts)' }),
  errorRate: Type.Union([Type.Number(), Type.Null()], { description: 'bad / attempts; null without attempts' }),
  interval: Type.Object(
    { low: Type.Number(), high: Type.Number() },
    { description: '95 % Wilson score interval of errorRate ([0, 1] without attempts)' },
  ),
};
export const VersionStatsSchema = Type.Object({ version: Type.String(), ...Counts, ...Rate });
export type VersionStats = Static<typeof VersionStatsSchema>;
export const CanaryStatsSchema = Type.Object({
  version: Type.String(),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  ...Counts,
  ...Rate,
});

export const SummaryItemSchema = Type.Object({
  remote: Type.String(),
  version: Type.String(),
  ...Counts,
  ...Rate,
  /** Preview loads are kept apart: they are not in the counts above. */
  preview: Type.Object(Counts),
  /** By channel (stable, canary, preview, unknown: reports of the earlier format). */
  channels: Type.Record(Type.String(), Type.Object(Counts)),
  /** Pages with the most failures and errors (at most 5). */
  paths: Type.Array(Type.Object({ path: Type.String(), bad: Type.Integer({ minimum: 0 }) })),
  /** Browser classes (desktop-blink, mobile-webkit, …): attempts and bad pages of each. */
  uaClasses: Type.Array(Type.Object({ uaClass: Type.String(), attempts: Type.Integer({ minimum: 0 }), bad: Type.Integer({ minimum: 0 }) })),
  lastAt: DateTime,
  lastDetail: Type.String(),
});
export type SummaryItem = Static<typeof SummaryItemSchema>;

export const ComparisonSchema = Type.Object({
  test: Type.String(),
  difference: Type.Number(),
  z: Type.Number(),
  pValue: Type.Number(),
  worse: Type.Boolean(),
  alpha: Type.Number(),
});

export const SummarySchema = Type.Object({
  since: DateTime,
  until: DateTime,
  items: Type.Array(SummaryItemSchema),
  /** Per remote of the live registry: its stable's figures beside its canary's, and whether the canary is worse. */
  remotes: Type.Array(
    Type.Object({
      remote: Type.String(),
      stable: Type.Union([VersionStatsSchema, Type.Null()]),
      canary: Type.Union([CanaryStatsSchema, Type.Null()]),
      comparison: Type.Union([ComparisonSchema, Type.Null()]),
    }),
  ),
});
export type Summary = Static<typeof SummarySchema>;
