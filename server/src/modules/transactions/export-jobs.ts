// Ledger exports in the background: the request records a job and answers 202 at once; the
// job reads the rows from a cursor into a temporary file, hands the file to the storage
// (the local folder or the bucket, so any API host can serve it), and notifies its person
// with a signed download link. For exports too large to wait for in a browser tab.
// A running job beats a heartbeat; one whose process died (no beat for HEARTBEAT_LEASE_MS) is
// marked FAILED by any instance and its person told (sweepInterruptedExports). A finished
// file is removed once its download window is over (housekeeping: exportHousekeeping).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EXPORT_MESSAGES, type ExportJob, type ExportJobStatus, type TransactionsQuery } from 'shared-api/contract';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/http-error';
import type { Executor } from '../../db/client';
import { runPeriodically } from '../../lib/periodic';
import { notify } from '../notifications';
import { checkFilters, exportTransactions } from './service';

/** A running job writes its heartbeat this often… */
export const HEARTBEAT_MS = 15_000;
/** …and is taken for dead (its process gone) when the last beat is older than this. */
export const HEARTBEAT_LEASE_MS = 60_000;
/** A temporary file left by a process that died is removed after this. */
const TMP_MAX_AGE_MS = 3_600_000;

interface JobRow {
  id: string;
  user_id: string;
  filters: Omit<TransactionsQuery, 'page' | 'pageSize'>;
  status: ExportJobStatus;
  storage_key: string | null;
  row_count: string | number | null;
  size_bytes: string | number | null;
  error: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

const rowsOf = async <T>(app: FastifyInstance, q: ReturnType<typeof sql>) => (await app.db.execute(q)) as unknown as { rows: T[] };
const iso = (d: string | Date) => (d instanceof Date ? d : new Date(d)).toISOString();
const num = (v: string | number | null) => (v === null ? null : Number(v));

/** The path of the file, signed for LINK_TTL_MINUTES: it works without signing in (from the e-mail). */
export function downloadPath(app: FastifyInstance, job: { id: string; storage_key: string }): string {
  const query = app.links.url(job.storage_key, true).split('?')[1];
  return `/v1/transactions/export-jobs/${job.id}/file?${query}`;
}

function toJob(app: FastifyInstance, r: JobRow): ExportJob {
  return {
    _id: r.id,
    status: r.status,
    rows: num(r.row_count),
    size: num(r.size_bytes),
    error: r.error,
    createdAt: iso(r.created_at),
    finishedAt: r.finished_at === null ? null : iso(r.finished_at),
    downloadUrl: r.status === 'DONE' && r.storage_key ? downloadPath(app, { id: r.id, storage_key: r.storage_key }) : null,
  };
}

/** Records the job and starts it on this process; the answer does not wait for it. */
export async function startLedgerExport(
  app: FastifyInstance,
  actor: Actor,
  filters: Omit<TransactionsQuery, 'page' | 'pageSize'>,
): Promise<ExportJob> {
  // The filters are checked now (a bad range is the request's 400, not a failed job).
  checkFilters(filters);
  const { rows } = await rowsOf<JobRow>(
    app,
    sql`INSERT INTO export_jobs (user_id, kind, filters) VALUES (${actor.id}, 'LEDGER', ${JSON.stringify(filters)}::jsonb) RETURNING *`,
  );
  app.background.run(
    () => runLedgerExport(app, rows[0]),
    (err) => app.log.error({ err, job: rows[0].id }, 'export job failed'),
  );
  return toJob(app, rows[0]);
}

const tmpDir = (app: FastifyInstance) => path.join(app.config.dataDir, 'exports-tmp');

async function runLedgerExport(app: FastifyInstance, job: JobRow): Promise<void> {
  const { rows: started } = await rowsOf<{ id: string }>(
    app,
    sql`UPDATE export_jobs SET status = 'RUNNING', heartbeat_at = now() WHERE id = ${job.id} AND status = 'PENDING' RETURNING id`,
  );
  // Already swept as interrupted (this process stalled past the lease): nothing to do.
  if (started.length === 0) return;
  const beat = setInterval(() => {
    app.db
      .execute(sql`UPDATE export_jobs SET heartbeat_at = now() WHERE id = ${job.id} AND status = 'RUNNING'`)
      .catch((err: unknown) => app.log.warn({ err, job: job.id }, 'export heartbeat failed'));
  }, HEARTBEAT_MS);
  beat.unref();
  const key = `${randomUUID()}.csv`;
  const dir = tmpDir(app);
  const tmp = path.join(dir, key);
  let stored = false;
  try {
    await mkdir(dir, { recursive: true });
    const file = exportTransactions(app, job.filters);
    await pipeline(Readable.from(file.csv), createWriteStream(tmp, { mode: 0o600 }));
    const lines = file.rows();
    const size = (await stat(tmp)).size;
    await app.storage.putFile(key, tmp, 'text/csv; charset=utf-8');
    stored = true;
    const done = await app.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(
        sql`UPDATE export_jobs SET status = 'DONE', storage_key = ${key}, row_count = ${lines}, size_bytes = ${size}, finished_at = now()
            WHERE id = ${job.id} AND status = 'RUNNING' RETURNING id`,
      )) as unknown as { rows: unknown[] };
      if (rows.length === 0) return false;
      await notify(tx, {
        userId: job.user_id,
        kind: 'EXPORT_READY',
        title: 'Your ledger export is ready',
        body: `It holds ${lines} ${lines === 1 ? 'entry' : 'entries'} (CSV). The link works for ${app.config.linkTtlMinutes} minutes; afterwards, ask for the export again.`,
        link: downloadPath(app, { id: job.id, storage_key: key }),
        data: { exportJobId: job.id },
      });
      return true;
    });
    // Swept meanwhile (and its person told it failed): the file is nobody's.
    if (!done) await app.storage.delete(key);
  } catch (err) {
    if (stored) await app.storage.delete(key).catch(() => undefined);
    await app.db
      .transaction(async (tx) => {
        const { rows } = (await tx.execute(
          sql`UPDATE export_jobs SET status = 'FAILED', error = ${String((err as Error)?.message ?? err).slice(0, 1000)}, finished_at = now()
              WHERE id = ${job.id} AND status = 'RUNNING' RETURNING id`,
        )) as unknown as { rows: unknown[] };
        if (rows.length > 0) await notifyFailed(tx, job, EXPORT_MESSAGES.failed);
      })
      .catch(() => undefined);
    throw err;
  } finally {
    clearInterval(beat);
    await rm(tmp, { force: true });
  }
}

function notifyFailed(tx: Executor, job: Pick<JobRow, 'id' | 'user_id'>, body: string) {
  return notify(tx, {
    userId: job.user_id,
    kind: 'EXPORT_FAILED',
    title: EXPORT_MESSAGES.failedTitle,
    body,
    link: null,
    data: { exportJobId: job.id },
  });
}

/**
 * Jobs whose process died (a crash, a kill: a graceful stop finishes them first) are left
 * PENDING or RUNNING with no heartbeat: each is marked FAILED and its person told, in one
 * transaction per job (a job is swept once, whichever instance gets it). Returns how many.
 */
export async function sweepInterruptedExports(app: FastifyInstance): Promise<number> {
  const lease = `${HEARTBEAT_LEASE_MS} milliseconds`;
  return app.db.transaction(async (tx) => {
    const { rows } = (await tx.execute(
      sql`UPDATE export_jobs SET status = 'FAILED', error = ${EXPORT_MESSAGES.interrupted}, finished_at = now()
          WHERE status IN ('PENDING', 'RUNNING') AND coalesce(heartbeat_at, created_at) < now() - ${lease}::interval
          RETURNING id, user_id`,
    )) as unknown as { rows: Pick<JobRow, 'id' | 'user_id'>[] };
    for (const job of rows) await notifyFailed(tx, job, EXPORT_MESSAGES.interrupted);
    return rows.length;
  });
}

/** Sweeps interrupted jobs at start and then every lease (on every instance). */
export function scheduleExportSweeps(app: FastifyInstance): void {
  runPeriodically(app, {
    firstMs: 0,
    everyMs: HEARTBEAT_LEASE_MS,
    run: async () => {
      const n = await sweepInterruptedExports(app);
      if (n > 0) app.log.warn({ exports: n }, 'background exports interrupted by a stop were marked failed');
    },
    onError: (err) => app.log.warn({ err }, 'the sweep of interrupted exports failed; it runs again in a minute'),
  });
}

/**
 * Housekeeping (plugins/housekeeping.ts): a finished export's file is removed once its
 * download window (LINK_TTL_MINUTES after it finished, as its notice says) is over, and the
 * job becomes EXPIRED; temporary files a dead process left behind go too. Returns how many
 * export files were removed.
 */
export const exportHousekeeping = {
  name: 'exportFiles',
  run: async (app: FastifyInstance): Promise<number> => {
    const window = `${app.config.linkTtlMinutes} minutes`;
    const { rows } = await rowsOf<{ id: string; storage_key: string }>(
      app,
      sql`SELECT id, storage_key FROM export_jobs WHERE status = 'DONE' AND finished_at < now() - ${window}::interval ORDER BY finished_at LIMIT 1000`,
    );
    let removed = 0;
    for (const job of rows) {
      // The file first: a job is EXPIRED only once its file is gone (a failed delete is retried next run).
      await app.storage.delete(job.storage_key);
      const { rows: expired } = await rowsOf<{ id: string }>(
        app,
        sql`UPDATE export_jobs SET status = 'EXPIRED', storage_key = NULL WHERE id = ${job.id} AND status = 'DONE' RETURNING id`,
      );
      removed += expired.length;
    }
    const dir = tmpDir(app);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > TMP_MAX_AGE_MS) await rm(file, { force: true });
    }
    return removed;
  },
};

/** The caller's own job. */
export async function exportJob(app: FastifyInstance, actor: Actor, id: string): Promise<ExportJob> {
  const { rows } = await rowsOf<JobRow>(app, sql`SELECT * FROM export_jobs WHERE id = ${id} AND user_id = ${actor.id}`);
  if (!rows[0]) throw notFound('Export not found');
  return toJob(app, rows[0]);
}

/**
 * The finished file, for its person (signed in) or anyone holding a signed link to it.
 * Someone else's export does not exist, as far as the caller can tell.
 */
export async function exportFile(
  app: FastifyInstance,
  userId: string | null,
  id: string,
  exp: unknown,
  sig: unknown,
): Promise<{ stream: Readable; size: number; createdAt: string }> {
  const { rows } = await rowsOf<JobRow>(app, sql`SELECT * FROM export_jobs WHERE id = ${id} AND status = 'DONE'`);
  const job = rows[0];
  if (!job?.storage_key) throw notFound('Export not found');
  if (job.user_id !== userId && !app.links.verify(job.storage_key, exp, sig)) throw notFound('Export not found');
  const stored = await app.storage.get(job.storage_key);
  if (!stored) throw notFound('Export not found');
  return { stream: stored.stream, size: stored.size, createdAt: iso(job.created_at) };
}
