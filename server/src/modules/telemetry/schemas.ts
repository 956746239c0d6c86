import { Type, type Static } from 'typebox';
import { DateTime } from '../../lib/schema';

const RemoteName = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' });
const Version = Type.String({ pattern: '^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$' });
const Flag = Type.Integer({ minimum: 0, maximum: 1 });
export const CHANNELS = ['stable', 'canary', 'preview'] as const;
export type Channel = (typeof CHANNELS)[number];
const ChannelSchema = Type.Union(CHANNELS.map((c) => Type.Literal(c)));

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
    /** What the client believes; ignored: the channel counted is the signed view's. */
    channel: Type.Optional(ChannelSchema),
    loads: Flag,
    failures: Flag,
    errors: Flag,
    /** 1: this page was left while the version was still loading (not a failure). */
    abandoned: Type.Optional(Flag),
    path: Type.String({ maxLength: 200, pattern: '^/' }),
    detail: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type HealthItem = Static<typeof HealthItemSchema>;
export const MAX_ITEMS = 20;

/**
 * What the shell sends when the page is hidden or left (navigator.sendBeacon, or fetch with
 * keepalive). `view`: the signed view id the page was served with; without it nothing counts.
 */
export const HealthReportSchema = Type.Object(
  {
    view: Type.Optional(Type.String({ maxLength: 2048 })),
    items: Type.Array(HealthItemSchema, { minItems: 1, maxItems: MAX_ITEMS }),
  },
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

export const ViewQuerySchema = Type.Object(
  {
    cohort: Type.Optional(Type.String({ pattern: '^[0-9A-Za-z._-]{1,100}$' })),
    preview: Type.Optional(Type.String({ maxLength: 1000 })),
    remote: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type ViewQuery = Static<typeof ViewQuerySchema>;

export const ViewSchema = Type.Object({
  view: Type.String({ description: 'The signed view id: send it with every report of this page' }),
  expiresAt: DateTime,
  assignment: Type.Record(Type.String(), Type.Object({ version: Type.String(), channel: Type.String() }), {
    description: 'Per remote, the version and channel this view was assigned',
  }),
});

const Counts = {
  loads: Type.Integer({ minimum: 0, description: 'views that loaded this version (errors included)' }),
  failures: Type.Integer({
    minimum: 0,
    description: 'views where loading it failed (manifest, entry, a chunk, or its module threw while evaluating)',
  }),
  errors: Type.Integer({ minimum: 0, description: 'views that loaded it and then caught an error of it' }),
  abandoned: Type.Integer({ minimum: 0, description: 'views left while it was still loading: neither good nor bad, not in the rate' }),
  unknown: Type.Integer({ minimum: 0, description: 'views assigned it whose report never came before the view expired: not in the rate' }),
  pending: Type.Integer({ minimum: 0, description: 'views assigned it, not reported yet, still within their lifetime' }),
};
const Rate = {
  attempts: Type.Integer({
    minimum: 0,
    description: 'settled views: loads + failures (abandoned, unknown and pending views are not in it)',
  }),
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
  /** By channel (stable, canary, preview), as the signed views were assigned. */
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
