// Remote health reported by browsers (issue 17), and its summary per remote version: loads,
// failures, errors, error rate with a 95 % Wilson interval, and per live remote the stable's
// figures beside the canary's with a one-sided two-proportion z-test (shared-api/stats).
import { compareProportions, wilsonInterval } from 'shared-api/stats';
import { bigint, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isPublished, liveRegistry } from './published';
import type { HealthItem, RemoteLoadBody, Summary, SummaryItem, VersionStats } from './schemas';

// The table of migration 0060 (the SQL is the source of truth).
export const remoteHealthReports = pgTable('remote_health_reports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  remote: text('remote').notNull(),
  version: text('version').notNull(),
  channel: text('channel'),
  loads: smallint('loads').notNull(),
  failures: smallint('failures').notNull(),
  errors: smallint('errors').notNull(),
  path: text('path').notNull(),
  uaClass: text('ua_class').notNull(),
  detail: text('detail').notNull(),
  clientVersions: text('client_versions'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export interface Refused {
  remote: string;
  version: string;
}

/** Stores the items of published versions; returns the ones refused (not published, or empty). */
export async function record(
  app: FastifyInstance,
  body: RemoteLoadBody,
  meta: { uaClass: string; clientVersions?: string },
): Promise<{ stored: number; refused: Refused[] }> {
  const items: (HealthItem | (Omit<HealthItem, 'channel'> & { channel: null }))[] =
    'items' in body
      ? body.items
      : [{ remote: body.remote, version: body.version, channel: null, loads: 0, failures: 1, errors: 0, path: '/', detail: body.detail }];
  const src = { releasesDir: app.config.releasesDir ?? null, webRoot: app.config.webRoot };
  const refused: Refused[] = [];
  const rows = items.flatMap((i) => {
    if (i.loads + i.failures + i.errors === 0) return [];
    if (!isPublished(src, i.remote, i.version)) {
      refused.push({ remote: i.remote, version: i.version });
      return [];
    }
    return [
      {
        remote: i.remote,
        version: i.version,
        channel: i.channel,
        loads: i.loads,
        failures: i.failures,
        errors: i.errors,
        path: i.path.slice(0, 200),
        uaClass: meta.uaClass,
        detail: (i.detail ?? '').slice(0, 500),
        clientVersions: meta.clientVersions ? meta.clientVersions.slice(0, 500) : null,
      },
    ];
  });
  if (rows.length) await app.db.insert(remoteHealthReports).values(rows);
  return { stored: rows.length, refused };
}

interface Counts {
  loads: number;
  failures: number;
  errors: number;
}
const zero = (): Counts => ({ loads: 0, failures: 0, errors: 0 });

/** attempts, bad, error rate and its interval from counts. */
export function rateOf(c: Counts): Pick<VersionStats, 'attempts' | 'bad' | 'errorRate' | 'interval'> {
  const attempts = c.loads + c.failures;
  const bad = Math.min(attempts, c.failures + c.errors);
  return { attempts, bad, errorRate: attempts ? bad / attempts : null, interval: wilsonInterval(bad, attempts) };
}

export async function summary(app: FastifyInstance, hours: number, alpha = 0.05): Promise<Summary> {
  const until = new Date();
  const since = new Date(until.getTime() - hours * 3600_000);
  type ByChannelRow = {
    remote: string;
    version: string;
    channel: string;
    loads: number;
    failures: number;
    errors: number;
    last_at: Date | string;
    last_detail: string | null;
  };
  const byChannel = await app.db.execute(sql`
    SELECT remote, version, coalesce(channel, 'unknown') AS channel,
           sum(loads)::int AS loads, sum(failures)::int AS failures, sum(errors)::int AS errors,
           max(created_at) AS last_at,
           (array_agg(detail ORDER BY id DESC) FILTER (WHERE detail <> ''))[1] AS last_detail
      FROM remote_health_reports
     WHERE created_at > ${since.toISOString()}::timestamptz
     GROUP BY remote, version, coalesce(channel, 'unknown')`);
  type ByPathRow = { remote: string; version: string; path: string; bad: number };
  const byPath = await app.db.execute(sql`
    SELECT remote, version, path, sum(failures + errors)::int AS bad
      FROM remote_health_reports
     WHERE created_at > ${since.toISOString()}::timestamptz AND (failures + errors) > 0 AND coalesce(channel, '') <> 'preview'
     GROUP BY remote, version, path`);
  type ByUaRow = { remote: string; version: string; ua_class: string; attempts: number; bad: number };
  const byUa = await app.db.execute(sql`
    SELECT remote, version, ua_class, sum(loads + failures)::int AS attempts, sum(least(loads + failures, failures + errors))::int AS bad
      FROM remote_health_reports
     WHERE created_at > ${since.toISOString()}::timestamptz AND coalesce(channel, '') <> 'preview'
     GROUP BY remote, version, ua_class`);

  const items = new Map<string, SummaryItem & { lastTime: number }>();
  for (const r of rowsOf<ByChannelRow>(byChannel)) {
    const key = `${r.remote}\0${r.version}`;
    let item = items.get(key);
    if (!item) {
      item = {
        remote: r.remote,
        version: r.version,
        ...zero(),
        ...rateOf(zero()),
        preview: zero(),
        channels: {},
        paths: [],
        uaClasses: [],
        lastAt: '',
        lastDetail: '',
        lastTime: 0,
      };
      items.set(key, item);
    }
    const c = { loads: Number(r.loads), failures: Number(r.failures), errors: Number(r.errors) };
    item.channels[r.channel] = c;
    const target = r.channel === 'preview' ? item.preview : item;
    target.loads += c.loads;
    target.failures += c.failures;
    target.errors += c.errors;
    const t = new Date(r.last_at).getTime();
    if (t > item.lastTime) {
      item.lastTime = t;
      item.lastAt = new Date(t).toISOString();
      if (r.last_detail) item.lastDetail = r.last_detail;
    } else if (!item.lastDetail && r.last_detail) item.lastDetail = r.last_detail;
  }
  for (const item of items.values()) Object.assign(item, rateOf(item));
  for (const r of rowsOf<ByPathRow>(byPath)) items.get(`${r.remote}\0${r.version}`)?.paths.push({ path: r.path, bad: Number(r.bad) });
  for (const r of rowsOf<ByUaRow>(byUa))
    items.get(`${r.remote}\0${r.version}`)?.uaClasses.push({ uaClass: r.ua_class, attempts: Number(r.attempts), bad: Number(r.bad) });
  const list = [...items.values()].map(({ lastTime: _t, ...item }) => ({
    ...item,
    paths: item.paths.sort((a, b) => b.bad - a.bad || a.path.localeCompare(b.path)).slice(0, 5),
    uaClasses: item.uaClasses.sort((a, b) => b.attempts - a.attempts || a.uaClass.localeCompare(b.uaClass)),
  }));
  list.sort((a, b) => a.remote.localeCompare(b.remote) || b.failures - a.failures || a.version.localeCompare(b.version));

  const stats = (remote: string, version: string): VersionStats => {
    const it = items.get(`${remote}\0${version}`);
    const c = it ? { loads: it.loads, failures: it.failures, errors: it.errors } : zero();
    return { version, ...c, ...rateOf(c) };
  };
  const live = liveRegistry({ releasesDir: app.config.releasesDir ?? null, webRoot: app.config.webRoot });
  const remotes = Object.entries(live)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([remote, rec]) => {
      const stable = rec.stable ? stats(remote, rec.stable) : null;
      const canary = rec.canary
        ? { ...stats(remote, rec.canary.version), percent: Math.max(0, Math.min(100, Math.trunc(rec.canary.percent))) }
        : null;
      const comparison =
        stable && canary
          ? compareProportions({ bad: canary.bad, n: canary.attempts }, { bad: stable.bad, n: stable.attempts }, alpha)
          : null;
      return { remote, stable, canary, comparison };
    });
  return { since: since.toISOString(), until: until.toISOString(), items: list, remotes };
}

/** drizzle's execute answers rows (node-postgres) or { rows } (PGlite): either way, the rows. */
function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}
