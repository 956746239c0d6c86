// Admin dashboards (figures computed from the data) and the audit trail.
import { and, count, desc, eq, getTableColumns, gte, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  centsToDollars,
  type AdminInvestorMetrics,
  type AdminListingMetrics,
  type AdminMetrics,
  type AdminOwnerMetrics,
  type AuditEntry,
  type AuditQuery,
  type DatedCount,
  type Page,
  type PropertyStatus,
  type PropertyType,
  type UserStatus,
} from 'shared-api/contract';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { actionLabel } from 'shared-api/contract/admin';
import { csvStream, type CsvColumn } from '../transactions';
import { auditLog, properties, users } from '../../db/schema';
import { finishPage, planPage, sortedKey, totalOf, type KeyPart } from '../../lib/list-page';
import { investedByInvestors, platformMoneyFigures } from './money';
import { raisedCents, reservedUnits, soldUnits } from '../properties';
import { openFlagCount } from '../market';
import { submittedCaseCount } from '../users';
import { pendingCount } from '../approvals';

export const TREND_DAYS = 30;

const day = (column: AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

function lastDays(): string[] {
  const out: string[] = [];
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let i = TREND_DAYS - 1; i >= 0; i--) out.push(new Date(today - i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

function since(): Date {
  return new Date(Date.parse(lastDays()[0]));
}

function byKey<K extends string>(rows: { key: K; n: number }[]): Partial<Record<K, number>> {
  return Object.fromEntries(rows.map((r) => [r.key, r.n])) as Partial<Record<K, number>>;
}

const live = isNull(users.deletedAt);

async function signUps(app: FastifyInstance, role: 'INVESTOR' | 'PROPERTY_OWNER'): Promise<DatedCount[]> {
  const rows = await app.db
    .select({ date: day(users.createdAt), n: count() })
    .from(users)
    .where(and(live, eq(users.role, role), gte(users.createdAt, since())))
    .groupBy(day(users.createdAt));
  const map = new Map(rows.map((r) => [r.date, r.n]));
  return lastDays().map((date) => ({ date, count: map.get(date) ?? 0 }));
}

async function usersByStatus(app: FastifyInstance, where: SQL | undefined) {
  const rows = await app.db.select({ key: users.status, n: count() }).from(users).where(where).groupBy(users.status);
  return byKey<UserStatus>(rows);
}

export async function adminMetrics(app: FastifyInstance): Promise<AdminMetrics> {
  const roles = await app.db.select({ role: users.role, n: count() }).from(users).where(live).groupBy(users.role);
  const roleCount = (r: string) => roles.find((x) => x.role === r)?.n ?? 0;
  const listings = await app.db.select({ key: properties.status, n: count() }).from(properties).groupBy(properties.status);
  const [investors, owners] = [await signUps(app, 'INVESTOR'), await signUps(app, 'PROPERTY_OWNER')];
  const money = await platformMoneyFigures(app.db);
  return {
    investors: roleCount('INVESTOR'),
    owners: roleCount('PROPERTY_OWNER'),
    admins: roleCount('ADMIN'),
    properties: listings.reduce((a, r) => a + r.n, 0),
    listingsByStatus: byKey<PropertyStatus>(listings),
    usersByStatus: await usersByStatus(app, and(live, ne(users.role, 'ADMIN'))),
    signUpsOverTime: investors.map((d, i) => ({ date: d.date, investors: d.count, owners: owners[i].count })),
    ...money,
    openMarketFlags: await openFlagCount(app.db),
    submittedCases: await submittedCaseCount(app.db),
    pendingApprovals: await pendingCount(app.db),
    ...(await queueCounts(app)),
  };
}

/** The other queues "Needs attention" names: each count reads an index on its status. */
async function queueCounts(app: FastifyInstance) {
  const r = (await app.db.execute(sql`
    SELECT (SELECT count(*) FROM property_revisions WHERE status = 'PENDING') AS revisions,
           (SELECT count(*) FROM income_reports WHERE status = 'SUBMITTED') AS reports,
           (SELECT count(*) FROM distributions WHERE status IN ('DECLARED', 'RECORDED') AND refused_reason IS NOT NULL) AS refused,
           (SELECT count(*) FROM payouts WHERE status = 'REQUESTED') AS payouts,
           (SELECT count(*) FROM support_tickets WHERE status = 'OPEN') AS tickets,
           (SELECT count(*) FROM progress_updates WHERE status = 'PENDING_REVIEW') AS progress`)) as unknown as {
    rows: Record<'revisions' | 'reports' | 'refused' | 'payouts' | 'tickets' | 'progress', unknown>[];
  };
  const q = r.rows[0];
  return {
    pendingRevisions: Number(q.revisions),
    submittedReports: Number(q.reports),
    refusedDistributions: Number(q.refused),
    requestedPayouts: Number(q.payouts),
    openTickets: Number(q.tickets),
    pendingProgressReviews: Number(q.progress),
  };
}

export async function investorMetrics(app: FastifyInstance): Promise<AdminInvestorMetrics> {
  const isInvestor = and(live, eq(users.role, 'INVESTOR'));
  const [row] = await app.db
    .select({
      total: count(),
      subscribed: sql<number>`count(*) filter (where ${users.isSubscribed})`.mapWith(Number),
      onboarded: sql<number>`count(*) filter (where ${users.onboardingCompleted})`.mapWith(Number),
      verifiedEmail: sql<number>`count(*) filter (where ${users.emailVerified})`.mapWith(Number),
    })
    .from(users)
    .where(isInvestor);
  const money = await platformMoneyFigures(app.db);
  return {
    total: row.total,
    byStatus: await usersByStatus(app, isInvestor),
    subscribed: row.subscribed,
    onboardingCompleted: row.onboarded,
    emailVerified: row.verifiedEmail,
    signUpsOverTime: await signUps(app, 'INVESTOR'),
    totalInvested: (await investedByInvestors(app.db)).total,
    walletBalances: money.walletBalances,
  };
}

export async function listingMetrics(app: FastifyInstance): Promise<AdminListingMetrics> {
  const byStatus = await app.db.select({ key: properties.status, n: count() }).from(properties).groupBy(properties.status);
  const byType = await app.db.select({ key: properties.type, n: count() }).from(properties).groupBy(properties.type);
  const byState = await app.db
    .select({ state: properties.state, count: count() })
    .from(properties)
    .groupBy(properties.state)
    .orderBy(desc(count()), properties.state);
  const [sums] = await app.db
    .select({
      unitsTotal: sql<string>`coalesce(sum(${properties.totalQuantity}), 0)`,
      unitsSold: sql<string>`coalesce(sum(${soldUnits}), 0)`,
      unitsReserved: sql<string>`coalesce(sum(${reservedUnits}), 0)`,
      valueCents: sql<string>`coalesce(sum(${properties.totalQuantity}::numeric * ${properties.unitPriceCents}), 0)`,
      raisedCents: sql<string>`coalesce(sum(${raisedCents}), 0)`,
    })
    .from(properties);
  const listed = await app.db
    .select({ date: day(properties.createdAt), n: count() })
    .from(properties)
    .where(gte(properties.createdAt, since()))
    .groupBy(day(properties.createdAt));
  const map = new Map(listed.map((r) => [r.date, r.n]));
  return {
    total: byStatus.reduce((a, r) => a + r.n, 0),
    byStatus: byKey<PropertyStatus>(byStatus),
    byType: byKey<PropertyType>(byType),
    byState: byState.map((r) => ({ state: r.state, count: r.count })),
    unitsTotal: Number(sums.unitsTotal),
    unitsSold: Number(sums.unitsSold),
    unitsReserved: Number(sums.unitsReserved),
    totalValue: centsToDollars(Number(sums.valueCents)),
    amountRaised: centsToDollars(Number(sums.raisedCents)),
    listedOverTime: lastDays().map((date) => ({ date, count: map.get(date) ?? 0 })),
  };
}

export async function ownerMetrics(app: FastifyInstance): Promise<AdminOwnerMetrics> {
  const isOwner = and(live, eq(users.role, 'PROPERTY_OWNER'));
  const [{ total }] = await app.db.select({ total: count() }).from(users).where(isOwner);
  const top = await app.db
    .select({
      ownerId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      listings: count(properties.id),
      raisedCents: sql<string>`coalesce(sum(${raisedCents}), 0)`,
    })
    .from(users)
    .innerJoin(properties, eq(properties.ownerId, users.id))
    .where(isOwner)
    .groupBy(users.id, users.firstName, users.lastName)
    .orderBy(desc(sql`coalesce(sum(${raisedCents}), 0)`), desc(count(properties.id)), users.id);
  return {
    total,
    byStatus: await usersByStatus(app, isOwner),
    withListings: top.length,
    signUpsOverTime: await signUps(app, 'PROPERTY_OWNER'),
    topOwners: top.slice(0, 5).map((o) => ({
      ownerId: o.ownerId,
      name: `${o.firstName} ${o.lastName}`,
      listings: o.listings,
      amountRaised: centsToDollars(Number(o.raisedCents)),
    })),
  };
}

interface AuditCsvRow {
  created_at: Date | string;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  detail: unknown;
  ip: string;
}

const AUDIT_COLUMNS: CsvColumn<AuditCsvRow>[] = [
  { title: 'Time (UTC)', value: (r) => new Date(r.created_at).toISOString() },
  { title: 'Admin', value: (r) => r.actor_email },
  { title: 'Admin id', value: (r) => r.actor_id },
  { title: 'Action', value: (r) => r.action },
  { title: 'What it means', value: (r) => actionLabel(r.action) },
  { title: 'Target type', value: (r) => r.target_type },
  { title: 'Target id', value: (r) => r.target_id },
  { title: 'Detail (JSON)', value: (r) => JSON.stringify(typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) },
  { title: 'Address', value: (r) => r.ip },
];

const dialect = new PgDialect();

/**
 * Every audit row matching the list's filters, newest first, streamed from a cursor a batch at
 * a time (the trail only grows: no ceiling, memory that does not grow with it).
 */
export function exportAudit(
  app: FastifyInstance,
  q: { action?: string; actorId?: string },
  signal?: AbortSignal,
): { filename: string; csv: AsyncGenerator<string> } {
  const where: SQL[] = [];
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
  const query = sql`SELECT ${auditLog.createdAt} AS created_at, ${auditLog.actorId} AS actor_id, ${auditLog.actorEmail} AS actor_email,
      ${auditLog.action} AS action, ${auditLog.targetType} AS target_type, ${auditLog.targetId} AS target_id,
      ${auditLog.detail} AS detail, ${auditLog.ip} AS ip
    FROM ${auditLog}${where.length > 0 ? sql` WHERE ${and(...where)}` : sql``}
    ORDER BY ${auditLog.createdAt} DESC, ${auditLog.id} DESC`;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const rows = app.database.cursor<AuditCsvRow>(text, params, { batchSize: 2000, signal });
  return { filename: `tessera-audit-${new Date().toISOString().slice(0, 10)}.csv`, csv: csvStream(AUDIT_COLUMNS, rows) };
}

export async function listAudit(app: FastifyInstance, q: AuditQuery): Promise<Page<AuditEntry>> {
  // Newest first, ties by id: the audit_log_*keyset_idx indexes have this order.
  const where: SQL[] = [];
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
  const cond = where.length > 0 ? and(...where) : undefined;
  const column: KeyPart =
    q.sort === 'action' ? { expr: sql`${auditLog.action}`, cast: 'text' } : { expr: sql`${auditLog.createdAt}`, cast: 'timestamptz' };
  const plan = planPage(q, auditLog, cond, sortedKey(column, sql`${auditLog.id}`), 20, q.order);
  const fetched = await app.db
    .select({ ...getTableColumns(auditLog), _k: sql<string>`${plan.keyText}` })
    .from(auditLog)
    .where(and(cond, plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.limit);
  const { rows, nextCursor, prevCursor } = finishPage(fetched, plan);
  return {
    items: rows.map((r) => ({
      _id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      detail: r.detail,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
    ...(await totalOf(app.db, auditLog, cond, plan)),
    page: plan.page,
    pageSize: plan.pageSize,
    nextCursor,
    prevCursor,
  };
}
