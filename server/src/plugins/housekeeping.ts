// Housekeeping: rows that are only useful for a while are deleted once that while is over,
// so no table grows without bound in a long-running deployment (issue 12). Each API
// instance runs it a minute after start and then every hour; the deletes are idempotent,
// so several instances doing it at once is harmless. Money rows (ledger, orders, payouts,
// checkouts) and the audit log are never deleted.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../lib/periodic';

/** How long each kind of row is kept. */
export const RETENTION = {
  /** An Idempotency-Key answers repeats for a day: long past any client's retries. */
  idempotencyKeysHours: 24,
  /** Remote-load failures: `npm run release -- status` reads at most 30 days. */
  remoteHealthDays: 30,
  /** Sessions, once expired or revoked: kept a week for support questions, then gone. */
  endedSessionsDays: 7,
  /** One-time codes, once expired or used. */
  spentCodesDays: 1,
} as const;

/** At most this many rows a statement, so a large backlog never holds long locks. */
const BATCH = 5_000;
const FIRST_RUN_MS = 60_000;
const EVERY_MS = 3_600_000;

export interface HousekeepingReport {
  idempotencyKeys: number;
  remoteHealthReports: number;
  sessions: number;
  otpCodes: number;
}

async function deleteInBatches(app: FastifyInstance, table: string, where: string): Promise<number> {
  let total = 0;
  for (;;) {
    const res = (await app.db.execute(
      sql.raw(`DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${where} LIMIT ${BATCH})`),
    )) as unknown as { rowCount?: number | null; affectedRows?: number };
    const n = Number(res.rowCount ?? res.affectedRows ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

/** Deletes every row past its retention; returns how many of each went. */
export async function runHousekeeping(app: FastifyInstance): Promise<HousekeepingReport> {
  const r = RETENTION;
  return {
    idempotencyKeys: await deleteInBatches(app, 'idempotency_keys', `created_at < now() - interval '${r.idempotencyKeysHours} hours'`),
    remoteHealthReports: await deleteInBatches(app, 'remote_health_reports', `created_at < now() - interval '${r.remoteHealthDays} days'`),
    sessions: await deleteInBatches(app, 'sessions', `coalesce(revoked_at, expires_at) < now() - interval '${r.endedSessionsDays} days'`),
    otpCodes: await deleteInBatches(app, 'otp_codes', `coalesce(consumed_at, expires_at) < now() - interval '${r.spentCodesDays} days'`),
  };
}

export default fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    runPeriodically(app, {
      firstMs: FIRST_RUN_MS,
      everyMs: EVERY_MS,
      run: async () => {
        app.log.info({ housekeeping: await runHousekeeping(app) }, 'housekeeping done');
      },
      onError: (err) => app.log.warn({ err }, 'housekeeping failed; it runs again in an hour'),
    });
  },
  { name: 'housekeeping' },
);
