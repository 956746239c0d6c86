// Remote-load failures reported by browsers, and their count per remote version, so a
// release engineer can judge a canary (`npm run release -- status --api …`).
import { desc, gt, sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { RemoteLoadBody, Summary } from './schemas';

// The table of migration 0020 (the SQL is the source of truth).
export const remoteLoadFailures = pgTable('remote_load_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  remote: text('remote').notNull(),
  version: text('version').notNull(),
  detail: text('detail').notNull(),
  clientVersions: text('client_versions'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export async function recordFailure(app: FastifyInstance, body: RemoteLoadBody, clientVersions: string | undefined): Promise<void> {
  await app.db.insert(remoteLoadFailures).values({
    remote: body.remote,
    version: body.version,
    detail: (body.detail ?? '').slice(0, 500),
    clientVersions: clientVersions ? clientVersions.slice(0, 500) : null,
  });
}

export async function summary(app: FastifyInstance, hours: number): Promise<Summary> {
  const until = new Date();
  const since = new Date(until.getTime() - hours * 3600_000);
  const rows = await app.db
    .select({
      remote: remoteLoadFailures.remote,
      version: remoteLoadFailures.version,
      failures: sql<number>`count(*)::int`,
      lastAt: sql<Date>`max(${remoteLoadFailures.createdAt})`,
      // The detail of the newest failure of the group.
      lastDetail: sql<string>`(array_agg(${remoteLoadFailures.detail} ORDER BY ${remoteLoadFailures.id} DESC))[1]`,
    })
    .from(remoteLoadFailures)
    .where(gt(remoteLoadFailures.createdAt, since))
    .groupBy(remoteLoadFailures.remote, remoteLoadFailures.version)
    .orderBy(remoteLoadFailures.remote, desc(sql`count(*)`));
  return {
    since: since.toISOString(),
    until: until.toISOString(),
    items: rows.map((r) => ({
      remote: r.remote,
      version: r.version,
      failures: Number(r.failures),
      lastAt: new Date(r.lastAt).toISOString(),
      lastDetail: r.lastDetail ?? '',
    })),
  };
}
