// Housekeeping: rows that are only useful for a while are deleted once that while is over,
// so no table grows without bound in a long-running deployment. Each API instance runs it a
// minute after start and then every hour; the deletes are idempotent, so several instances
// doing it at once is harmless. Money rows (ledger, orders, payouts, checkouts) and the
// audit log are never deleted. A module's own tables are its job, which app.ts hands in
// (`jobs`: plugins never import modules), e.g. the telemetry module's old page views.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteInBatches } from '../lib/delete-in-batches';
import { runPeriodically } from '../lib/periodic';

/** How long each kind of row is kept. */
export const RETENTION = {
  /** An Idempotency-Key answers repeats for a day: long past any client's retries. */
  idempotencyKeysHours: 24,
  /** Sessions, once expired or revoked: kept a week for support questions, then gone. */
  endedSessionsDays: 7,
  /** One-time codes, once expired or used. */
  spentCodesDays: 1,
} as const;

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 3_600_000;

/** A module's retention: deletes its rows past their while, returns how many went. */
export interface HousekeepingJob {
  name: string;
  run: (app: FastifyInstance) => Promise<number>;
}

export interface HousekeepingReport {
  idempotencyKeys: number;
  sessions: number;
  otpCodes: number;
  /** Sign-in failure streaks a day old (forgotten by then anyway) and no longer locking. */
  signinThrottle: number;
  /** Stream tickets past their minute. */
  streamTickets: number;
  /** Per module job, by its name. */
  [job: string]: number;
}

/** Deletes every row past its retention; returns how many of each went. */
export async function runHousekeeping(app: FastifyInstance, jobs: readonly HousekeepingJob[] = []): Promise<HousekeepingReport> {
  const r = RETENTION;
  const report: HousekeepingReport = {
    idempotencyKeys: await deleteInBatches(app, 'idempotency_keys', `created_at < now() - interval '${r.idempotencyKeysHours} hours'`),
    sessions: await deleteInBatches(app, 'sessions', `coalesce(revoked_at, expires_at) < now() - interval '${r.endedSessionsDays} days'`),
    otpCodes: await deleteInBatches(app, 'otp_codes', `coalesce(consumed_at, expires_at) < now() - interval '${r.spentCodesDays} days'`),
    signinThrottle: await deleteInBatches(
      app,
      'signin_throttle',
      `updated_at < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())`,
    ),
    streamTickets: await deleteInBatches(app, 'stream_tickets', `expires_at < now() - interval '1 hour'`),
  };
  for (const job of jobs) report[job.name] = await job.run(app);
  return report;
}

export default fp(
  async (app: FastifyInstance, opts: { enabled: boolean; jobs?: readonly HousekeepingJob[] }) => {
    if (!opts.enabled) return;
    runPeriodically(app, {
      firstMs: FIRST_RUN_MS,
      everyMs: EVERY_MS,
      run: async () => {
        app.log.info({ housekeeping: await runHousekeeping(app, opts.jobs) }, 'housekeeping done');
      },
      onError: (err) => app.log.warn({ err }, 'housekeeping failed; it runs again in an hour'),
    });
  },
  { name: 'housekeeping' },
);
