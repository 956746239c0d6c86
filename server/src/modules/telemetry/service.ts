// Remote health as page views saw it, and its summary per remote version. Each page view
// the server issued (./views.ts) counts at most once per remote: loaded, failed, loaded
// then caught an error, abandoned (left while loading), or, when no report came before the
// view expired, unknown. The error rate is over settled views (loaded or failed), with a
// 95 % Wilson interval, and per live remote the stable's figures beside the canary's with a
// one-sided two-proportion z-test (shared-api/stats). Reports without a signed view count for
// nothing. Old views are deleted by housekeeping (./housekeeping.ts).
import { compareProportions, wilsonInterval } from 'shared-api/stats';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isPublished, liveRegistry } from './published';
import type { HealthItem, RemoteLoadBody, Summary, SummaryItem, VersionStats } from './schemas';
import { assign, newViewId, signView, verifyView, VIEW_TTL_S, type Assignment, type View } from './views';

export interface Refused {
  remote: string;
  version: string;
}

/** Reports one view may send (a page hidden and shown again sends what changed since). */
export const MAX_REPORTS_PER_VIEW = 20;
/** Views issued to one address per hour (when rate limits are on): a page view is one. */
export const MAX_VIEWS_PER_ADDRESS_HOUR = 120;

/** Why a report counted for nothing. */
export type Ignored = 'unsigned' | 'malformed' | 'signature' | 'expired' | 'not-issued' | 'over-cap';

export interface RecordResult {
  /** Items applied to their view's outcome (a replay applies, and changes nothing). */
  counted: number;
  /** Items of versions that are not published. */
  refused: Refused[];
  /** Items of published versions with something to count. */
  kept: number;
  /** Items of a version the view was not assigned (e.g. the stable after a canary fell back). */
  mismatched: number;
  ignored: Ignored | null;
}

export interface RecordMeta {
  uaClass: string;
  clientVersions?: string;
}

type Item = Omit<HealthItem, 'channel'>;

/**
 * Applies a report to the outcome of its view, per remote: the flags only ever turn on, so
 * a replayed report adds nothing, and a view counts once per remote whatever it sends.
 * Nothing counts without a view this server signed and stored, past its lifetime, past its
 * report cap, or for a version other than the one the view was assigned; the channel is the
 * assignment's.
 */
export async function record(app: FastifyInstance, body: RemoteLoadBody, meta: RecordMeta): Promise<RecordResult> {
  const items: Item[] =
    'items' in body
      ? body.items
      : [{ remote: body.remote, version: body.version, loads: 0, failures: 1, errors: 0, path: '/', detail: body.detail }];
  const src = { releasesDir: app.config.releasesDir ?? null, webRoot: app.config.webRoot };
  const refused: Refused[] = [];
  const kept = items.filter((i) => {
    if (i.loads + i.failures + i.errors + (i.abandoned ?? 0) === 0) return false;
    if (isPublished(src, i.remote, i.version)) return true;
    refused.push({ remote: i.remote, version: i.version });
    return false;
  });
  const result: RecordResult = { counted: 0, refused, kept: kept.length, mismatched: 0, ignored: null };
  const token = 'view' in body ? body.view : undefined;
  if (!token) return { ...result, ignored: 'unsigned' };
  const verified = verifyView(app.config.jwtSecret, token);
  if (!verified.ok) return { ...result, ignored: verified.reason };
  const { view } = verified;
  if (kept.length === 0) return result;

  const claimed = rowsOf<{ id: string }>(
    await app.db.execute(sql`
      UPDATE telemetry_views SET reports = reports + 1
       WHERE id = ${view.id} AND expires_at > now() AND reports < ${MAX_REPORTS_PER_VIEW}
      RETURNING id`),
  );
  if (claimed.length === 0) {
    const [row] = rowsOf<{ live: boolean }>(
      await app.db.execute(sql`SELECT expires_at > now() AS live FROM telemetry_views WHERE id = ${view.id}`),
    );
    return { ...result, ignored: !row ? 'not-issued' : row.live ? 'over-cap' : 'expired' };
  }

  for (const i of kept) {
    const assigned = view.assignment[i.remote];
    if (!assigned || assigned.version !== i.version) {
      result.mismatched++;
      continue;
    }
    const detail = i.failures || i.errors ? (i.detail ?? '').slice(0, 500) : '';
    await app.db.execute(sql`
      INSERT INTO telemetry_view_remotes AS o
             (view_id, remote, version, channel, issued_at, expires_at, loaded, failed, errored, abandoned,
              reported_at, path, ua_class, detail, client_versions)
      SELECT v.id, ${i.remote}, ${assigned.version}, ${assigned.channel}, v.issued_at, v.expires_at,
             ${i.loads === 1}, ${i.failures === 1}, ${i.errors === 1}, ${i.abandoned === 1},
             now(), ${i.path.slice(0, 200)}, ${meta.uaClass}, ${detail}, ${meta.clientVersions ? meta.clientVersions.slice(0, 500) : null}
        FROM telemetry_views v WHERE v.id = ${view.id}
      ON CONFLICT (view_id, remote) DO UPDATE SET
             loaded = o.loaded OR excluded.loaded,
             failed = o.failed OR excluded.failed,
             errored = o.errored OR excluded.errored,
             abandoned = o.abandoned OR excluded.abandoned,
             reported_at = coalesce(o.reported_at, excluded.reported_at),
             path = CASE WHEN o.reported_at IS NULL THEN excluded.path ELSE o.path END,
             ua_class = CASE WHEN o.reported_at IS NULL THEN excluded.ua_class ELSE o.ua_class END,
             detail = CASE WHEN o.detail = '' THEN excluded.detail ELSE o.detail END,
             client_versions = coalesce(o.client_versions, excluded.client_versions)
       WHERE o.version = excluded.version`);
    result.counted++;
  }
  return result;
}

const sourceOf = (app: FastifyInstance) => ({ releasesDir: app.config.releasesDir ?? null, webRoot: app.config.webRoot });

/** The remotes `preview` pins to a published version, and only those (channel `preview`). */
export function previewAssignment(app: FastifyInstance, preview: string[]): Assignment {
  return Object.fromEntries(Object.entries(assign(sourceOf(app), null, preview)).filter(([, a]) => a.channel === 'preview'));
}

/**
 * Issues a view: the versions this visitor gets (./views.ts assign), stored with the
 * address it was issued to, and signed. `expected`: the remotes the page will load at once
 * (a server-rendered page: mf_public); a view that never reports on them is `unknown`.
 * `previewOnly`: only the remotes pinned by `preview` are assigned (a view asked for
 * outside a served page, which must not count for any rollout decision). Null when the
 * address is over its cap.
 */
export async function issueView(
  app: FastifyInstance,
  o: { ip: string; cohort: string | null; preview?: string[]; expected?: string[]; previewOnly?: boolean; now?: Date },
): Promise<{ token: string; view: View } | null> {
  const now = o.now ?? new Date();
  if (app.config.rateLimit) {
    const [{ n }] = rowsOf<{ n: number }>(
      await app.db.execute(
        sql`SELECT count(*)::int AS n FROM telemetry_views WHERE ip = ${o.ip} AND issued_at > ${new Date(now.getTime() - 3600_000).toISOString()}::timestamptz`,
      ),
    );
    if (Number(n) >= MAX_VIEWS_PER_ADDRESS_HOUR) return null;
  }
  const assignment = o.previewOnly ? previewAssignment(app, o.preview ?? []) : assign(sourceOf(app), o.cohort, o.preview ?? []);
  const view: View = { id: newViewId(), expiresAt: new Date(now.getTime() + VIEW_TTL_S * 1000), assignment };
  const issued = now.toISOString();
  const expires = view.expiresAt.toISOString();
  await app.db.execute(
    sql`INSERT INTO telemetry_views (id, ip, issued_at, expires_at) VALUES (${view.id}, ${o.ip.slice(0, 100)}, ${issued}::timestamptz, ${expires}::timestamptz)`,
  );
  for (const remote of new Set(o.expected ?? [])) {
    const a = assignment[remote];
    if (!a) continue;
    await app.db.execute(
      sql`INSERT INTO telemetry_view_remotes (view_id, remote, version, channel, issued_at, expires_at)
          VALUES (${view.id}, ${remote}, ${a.version}, ${a.channel}, ${issued}::timestamptz, ${expires}::timestamptz)`,
    );
  }
  return { token: signView(app.config.jwtSecret, view), view };
}

interface Counts {
  loads: number;
  failures: number;
  errors: number;
  abandoned: number;
  unknown: number;
  pending: number;
}
const zero = (): Counts => ({ loads: 0, failures: 0, errors: 0, abandoned: 0, unknown: 0, pending: 0 });
const COUNT_KEYS = ['loads', 'failures', 'errors', 'abandoned', 'unknown', 'pending'] as const;

/** attempts (settled views), bad, error rate and its interval from counts. */
export function rateOf(
  c: Pick<Counts, 'loads' | 'failures' | 'errors'>,
): Pick<VersionStats, 'attempts' | 'bad' | 'errorRate' | 'interval'> {
  const attempts = c.loads + c.failures;
  const bad = Math.min(attempts, c.failures + c.errors);
  return { attempts, bad, errorRate: attempts ? bad / attempts : null, interval: wilsonInterval(bad, attempts) };
}

// One outcome per view and remote, in this order: failed (its load failed), error (it
// loaded, then an error of it was caught), loaded, abandoned (left while loading); no flag:
// pending while the view may still report, unknown after.
const OUTCOME_COUNTS = sql`
  count(*) FILTER (WHERE failed)::int AS failures,
  count(*) FILTER (WHERE NOT failed AND (loaded OR errored))::int AS loads,
  count(*) FILTER (WHERE NOT failed AND errored)::int AS errors,
  count(*) FILTER (WHERE NOT (failed OR loaded OR errored) AND abandoned)::int AS abandoned,
  count(*) FILTER (WHERE NOT (failed OR loaded OR errored OR abandoned) AND expires_at <= now())::int AS unknown,
  count(*) FILTER (WHERE NOT (failed OR loaded OR errored OR abandoned) AND expires_at > now())::int AS pending`;

export async function summary(app: FastifyInstance, hours: number, alpha = 0.05): Promise<Summary> {
  const until = new Date();
  const since = new Date(until.getTime() - hours * 3600_000);
  type ByChannelRow = Counts & {
    remote: string;
    version: string;
    channel: string;
    last_at: Date | string;
    last_detail: string | null;
  };
  const byChannel = await app.db.execute(sql`
    SELECT remote, version, channel, ${OUTCOME_COUNTS},
           max(coalesce(reported_at, issued_at)) AS last_at,
           (array_agg(detail ORDER BY reported_at DESC NULLS LAST) FILTER (WHERE detail <> ''))[1] AS last_detail
      FROM telemetry_view_remotes
     WHERE issued_at > ${since.toISOString()}::timestamptz
     GROUP BY remote, version, channel`);
  type ByPathRow = { remote: string; version: string; path: string; bad: number };
  const byPath = await app.db.execute(sql`
    SELECT remote, version, path, count(*)::int AS bad
      FROM telemetry_view_remotes
     WHERE issued_at > ${since.toISOString()}::timestamptz AND (failed OR errored) AND channel <> 'preview'
     GROUP BY remote, version, path`);
  type ByUaRow = { remote: string; version: string; ua_class: string; attempts: number; bad: number };
  const byUa = await app.db.execute(sql`
    SELECT remote, version, ua_class, count(*) FILTER (WHERE failed OR loaded OR errored)::int AS attempts,
           count(*) FILTER (WHERE failed OR errored)::int AS bad
      FROM telemetry_view_remotes
     WHERE issued_at > ${since.toISOString()}::timestamptz AND channel <> 'preview' AND reported_at IS NOT NULL
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
    const c = zero();
    for (const k of COUNT_KEYS) c[k] = Number(r[k]);
    item.channels[r.channel] = c;
    const target = r.channel === 'preview' ? item.preview : item;
    for (const k of COUNT_KEYS) target[k] += c[k];
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
    const c = zero();
    if (it) for (const k of COUNT_KEYS) c[k] = it[k];
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
