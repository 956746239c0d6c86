// Returns (issue 18): income reports, distributions, appraisals, the investor's figures.
// The money rules live in migration 0050 (triggers and the functions record_distribution and
// pay_distribution); this module validates requests, calls them and shapes the answers.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  annualReturn,
  centsToDollars,
  type AdminDistributions,
  type Appraisal,
  type ApprovedRepair,
  type ApproveIncomeReportBody,
  type CancelDistributionBody,
  type CorrectDistributionBody,
  type CorrectDistributionResult,
  type CreateAppraisalBody,
  type Distribution,
  type DistributionDetail,
  type DistributionsQuery,
  type Expenses,
  type FileRef,
  type HolderDistribution,
  type HoldingReturns,
  type IncomeProducingState,
  type IncomeReport,
  type IncomeReportBody,
  type IncomeReportsQuery,
  type PayDistributionResult,
  type PortfolioReturns,
  type PropertyPerformance,
  type ReinvestSetting,
  type RejectIncomeReportBody,
  type VoidAppraisalBody,
} from 'shared-api/contract';
import {
  CORRECTION_REASON_MAX,
  CORRECTION_REASON_MIN,
  DEFAULT_PAY_DAYS_AFTER_RECORD,
  EXPENSE_CATEGORIES,
  MAX_INCOME_REPORT_DAYS,
  MAX_RECEIPTS_PER_REPORT,
  RETURNS_MESSAGES,
  appraisalChangeMessage,
  appraisalChangePercent,
  percentOf,
} from 'shared-api/contract/dashboard';
import { REPAIR_MESSAGES, approvedRepairLine, repairsMissingMessage } from 'shared-api/contract/votes';
import type { Executor } from '../../db/client';
import type { FileRow } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { amountCents, moneyError, moneyTx } from '../../lib/money';
import type { ReadUploads } from '../../plugins/uploads';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { insertFiles, storeUploads, toFileRef } from '../files';
import { isPublic } from '../properties';
import { holderNotices, holdersOf, notices, notifyDistributionPaid } from '../notifications';
import { PAID_DAY, portfolioFigures } from '../portfolio';

const MAX_CENTS = 100_000_000_000;

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const today = () => new Date().toISOString().slice(0, 10);
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const pad = (n: number) => String(n).padStart(2, '0');
/** A DATE column as YYYY-MM-DD: pg gives a Date at local midnight, PGlite one at UTC midnight, or text. */
const date = (v: unknown): string => {
  if (!(v instanceof Date)) return String(v).slice(0, 10);
  if (v.getUTCHours() === 0 && v.getUTCMinutes() === 0) return v.toISOString().slice(0, 10);
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
};

/** Dollars as cents, 0 allowed (rent or an expense can be nothing). */
function centsOrZero(v: unknown, field: string): number {
  if (v === 0) return 0;
  return amountCents(v, field, MAX_CENTS);
}

/** Money errors (TS4xx from the triggers) as HTTP answers. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw moneyError(err);
  }
}

// ---- Rows to JSON ----

const EXPENSE_COLUMNS: Record<(typeof EXPENSE_CATEGORIES)[number], string> = {
  management: 'management_cents',
  maintenanceRepairs: 'maintenance_repairs_cents',
  propertyTax: 'property_tax_cents',
  insurance: 'insurance_cents',
  hoa: 'hoa_cents',
  utilities: 'utilities_cents',
  reserve: 'reserve_cents',
  other: 'other_cents',
};

type Row = Record<string, unknown>;

function expensesOf(r: Row): Expenses {
  return Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, centsToDollars(Number(r[EXPENSE_COLUMNS[c]] ?? 0))])) as Expenses;
}

async function receiptsOf(app: FastifyInstance, reportIds: string[]): Promise<Map<string, FileRef[]>> {
  const out = new Map<string, FileRef[]>();
  if (reportIds.length === 0) return out;
  const list = await rows<Row>(
    app.db,
    sql`SELECT r.report_id, f.id, f.storage_key, f.original_name, f.mime_type, f.size, f.variants FROM income_report_receipts r JOIN files f ON f.id = r.file_id
        WHERE r.report_id IN (${sql.join(
          reportIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) ORDER BY f.created_at, f.id`,
  );
  for (const f of list) {
    const ref = toFileRef(
      app.links,
      { id: f.id, storageKey: f.storage_key, originalName: f.original_name, mimeType: f.mime_type, size: Number(f.size) } as FileRow,
      true,
    );
    const key = String(f.report_id);
    out.set(key, [...(out.get(key) ?? []), ref]);
  }
  return out;
}

const REPORT_SELECT = sql`SELECT r.*, p.name AS property_name, d.id AS distribution_id FROM income_reports r JOIN properties p ON p.id = r.property_id LEFT JOIN distributions d ON d.report_id = r.id`;

// A passed REPAIR vote's line on a report (the day it closed, UTC).
const REPAIR_COLUMNS = sql`p.id AS proposal_id, p.title, p.budget_cents, to_char(p.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS approved_on`;

function toRepair(r: Row, spentCents: number): ApprovedRepair {
  const budget = centsToDollars(Number(r.budget_cents));
  const approvedOn = String(r.approved_on);
  return {
    proposalId: String(r.proposal_id),
    title: String(r.title),
    approvedOn,
    budget,
    spent: centsToDollars(spentCents),
    line: approvedRepairLine(String(r.title), approvedOn, budget),
  };
}

async function repairsOf(app: FastifyInstance, reportIds: string[]): Promise<Map<string, ApprovedRepair[]>> {
  const out = new Map<string, ApprovedRepair[]>();
  if (reportIds.length === 0) return out;
  const list = await rows<Row>(
    app.db,
    sql`SELECT x.report_id, x.spent_cents, ${REPAIR_COLUMNS} FROM income_report_repairs x JOIN proposals p ON p.id = x.proposal_id
        WHERE x.report_id IN (${sql.join(
          reportIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) ORDER BY p.closed_at, p.id`,
  );
  for (const r of list) {
    const key = String(r.report_id);
    out.set(key, [...(out.get(key) ?? []), toRepair(r, Number(r.spent_cents))]);
  }
  return out;
}

/**
 * The repairs a property's holders approved that no standing report carries yet (one not
 * rejected, its distribution not cancelled): the next report must say what the reserve spent.
 */
async function pendingRepairs(db: Executor, propertyId: string): Promise<Row[]> {
  return rows<Row>(
    db,
    sql`SELECT ${REPAIR_COLUMNS} FROM proposals p
         WHERE p.property_id = ${propertyId} AND p.kind = 'REPAIR' AND p.status = 'CLOSED' AND p.result = 'PASSED'
           AND NOT EXISTS (SELECT 1 FROM income_report_repairs x JOIN income_reports o ON o.id = x.report_id
                            WHERE x.proposal_id = p.id AND o.status <> 'REJECTED'
                              AND NOT EXISTS (SELECT 1 FROM distributions d WHERE d.report_id = o.id AND d.status = 'CANCELLED'))
         ORDER BY p.closed_at, p.id`,
  );
}

async function toReports(app: FastifyInstance, list: Row[]): Promise<IncomeReport[]> {
  const ids = list.map((r) => String(r.id));
  const [receipts, repairs] = await Promise.all([receiptsOf(app, ids), repairsOf(app, ids)]);
  return list.map((r) => ({
    _id: String(r.id),
    propertyId: String(r.property_id),
    propertyName: String(r.property_name),
    ownerId: String(r.owner_id),
    periodStart: date(r.period_start),
    periodEnd: date(r.period_end),
    grossRent: centsToDollars(Number(r.gross_rent_cents)),
    expenses: expensesOf(r),
    totalExpenses: centsToDollars(Number(r.expenses_cents)),
    note: String(r.note),
    status: r.status as IncomeReport['status'],
    rejectionReason: (r.rejection_reason as string | null) ?? null,
    decidedAt: iso(r.decided_at),
    createdAt: iso(r.created_at) as string,
    receipts: receipts.get(String(r.id)) ?? [],
    distributionId: (r.distribution_id as string | null) ?? null,
    approvedRepairs: repairs.get(String(r.id)) ?? [],
  }));
}

const DISTRIBUTION_COLUMNS = sql`d.*, (SELECT c.id FROM distributions c WHERE c.corrects_id = d.id) AS correction_id, p.name AS property_name, r.management_cents, r.maintenance_repairs_cents, r.property_tax_cents, r.insurance_cents,
  r.hoa_cents, r.utilities_cents, r.reserve_cents, r.other_cents`;
const DISTRIBUTION_FROM = sql`distributions d JOIN properties p ON p.id = d.property_id JOIN income_reports r ON r.id = d.report_id`;
const DISTRIBUTION_SELECT = sql`SELECT ${DISTRIBUTION_COLUMNS} FROM ${DISTRIBUTION_FROM}`;

function toDistribution(r: Row): Distribution {
  const units = r.total_units === null || r.total_units === undefined ? null : Number(r.total_units);
  const distributable = Number(r.distributable_cents);
  return {
    _id: String(r.id),
    reportId: String(r.report_id),
    propertyId: String(r.property_id),
    propertyName: String(r.property_name),
    periodStart: date(r.period_start),
    periodEnd: date(r.period_end),
    grossRent: centsToDollars(Number(r.gross_rent_cents)),
    totalExpenses: centsToDollars(Number(r.expenses_cents)),
    expenses: expensesOf(r),
    feePercent: Number(r.fee_bps) / 100,
    managementFee: centsToDollars(Number(r.fee_cents)),
    netIncome: centsToDollars(Number(r.net_income_cents)),
    carriedLossIn: centsToDollars(Number(r.carried_loss_in_cents)),
    distributable: centsToDollars(distributable),
    carriedLossOut: centsToDollars(Number(r.carried_loss_out_cents)),
    perUnit: units ? distributable / units / 100 : null,
    totalUnits: units,
    recordDate: date(r.record_date),
    payDate: date(r.pay_date),
    status: r.status as Distribution['status'],
    refusedReason: (r.refused_reason as string | null) ?? null,
    refusedAt: iso(r.refused_at),
    recordedAt: iso(r.recorded_at),
    paidAt: iso(r.paid_at),
    cancelReason: (r.cancel_reason as string | null) ?? null,
    cancelledAt: iso(r.cancelled_at),
    correctionReason: (r.correction_reason as string | null) ?? null,
    correctedAt: iso(r.corrected_at),
    correctsId: (r.corrects_id as string | null) ?? null,
    correctedById: (r.correction_id as string | null) ?? null,
    createdAt: iso(r.created_at) as string,
  };
}

async function distributionById(app: FastifyInstance, id: string): Promise<Distribution> {
  const [r] = await rows<Row>(app.db, sql`${DISTRIBUTION_SELECT} WHERE d.id = ${id}`);
  if (!r) throw notFound('Distribution not found');
  return toDistribution(r);
}

async function reportById(app: FastifyInstance, db: Executor, id: string): Promise<Row | undefined> {
  return (await rows<Row>(db, sql`${REPORT_SELECT} WHERE r.id = ${id}`))[0];
}

// ---- Income reports ----

function checkPeriod(start: string, end: string): void {
  if (Number.isNaN(dayNumber(start)) || Number.isNaN(dayNumber(end)))
    throw badRequest('periodStart and periodEnd must be dates (YYYY-MM-DD)');
  if (end < start) throw badRequest(RETURNS_MESSAGES.periodOrder);
  if (dayNumber(end) - dayNumber(start) >= MAX_INCOME_REPORT_DAYS) throw badRequest(RETURNS_MESSAGES.periodTooLong);
  if (end >= today()) throw badRequest(RETURNS_MESSAGES.periodNotEnded);
}

export async function submitReport(app: FastifyInstance, owner: Actor, body: IncomeReportBody): Promise<IncomeReport> {
  checkPeriod(body.periodStart, body.periodEnd);
  const rent = centsOrZero(body.grossRent, 'grossRent');
  const e = Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, centsOrZero(body.expenses[c] ?? 0, `expenses.${c}`)])) as Record<
    string,
    number
  >;
  const note = (body.note ?? '').trim();
  const repairs = (body.approvedRepairs ?? []).map((x, i) => ({
    proposalId: x.proposalId,
    spentCents: centsOrZero(x.spent, `approvedRepairs[${i}].spent`),
  }));
  if (new Set(repairs.map((x) => x.proposalId)).size !== repairs.length) throw badRequest(REPAIR_MESSAGES.twice);
  const id = await guarded(() =>
    app.db.transaction(async (tx) => {
      const [r] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO income_reports (property_id, owner_id, period_start, period_end, gross_rent_cents, management_cents, maintenance_repairs_cents,
              property_tax_cents, insurance_cents, hoa_cents, utilities_cents, reserve_cents, other_cents, note)
            VALUES (${body.propertyId}, ${owner.id}, ${body.periodStart}, ${body.periodEnd}, ${rent}, ${e.management}, ${e.maintenanceRepairs},
              ${e.propertyTax}, ${e.insurance}, ${e.hoa}, ${e.utilities}, ${e.reserve}, ${e.other}, ${note})
            RETURNING id`,
      );
      // The insert locked the property row: what is pending cannot change until this commits.
      for (const x of repairs)
        await tx.execute(
          sql`INSERT INTO income_report_repairs (report_id, proposal_id, spent_cents) VALUES (${r.id}, ${x.proposalId}, ${x.spentCents})`,
        );
      const missing = await pendingRepairs(tx, body.propertyId);
      if (missing.length > 0) throw badRequest(repairsMissingMessage(missing.map((m) => toRepair(m, 0).line)));
      await audit(tx, owner, {
        action: 'income_report.submit',
        targetType: 'income_report',
        targetId: r.id,
        detail: {
          propertyId: body.propertyId,
          periodStart: body.periodStart,
          periodEnd: body.periodEnd,
          grossRentCents: rent,
          ...(repairs.length > 0 ? { approvedRepairs: repairs } : {}),
        },
      });
      return r.id;
    }),
  );
  return (await toReports(app, [(await reportById(app, app.db, id)) as Row]))[0];
}

export async function addReceipts(app: FastifyInstance, owner: Actor, id: string, readFiles: ReadUploads): Promise<IncomeReport> {
  // Ownership and state before reading any upload.
  const r = await reportById(app, app.db, id);
  if (!r || r.owner_id !== owner.id) throw notFound('Report not found');
  if (r.status !== 'SUBMITTED') throw conflict(RETURNS_MESSAGES.reportNotSubmitted);
  const uploads = await readFiles({ field: 'files', kind: 'pdf+images', maxFiles: 5 });
  await storeUploads(app, uploads, 'INCOME_RECEIPT', (fileRows) =>
    app.db.transaction(async (tx) => {
      // Lock the report: two uploads at once cannot pass the cap together.
      const [locked] = await rows<{ status: string; n: string }>(
        tx,
        sql`SELECT status, (SELECT count(*) FROM income_report_receipts WHERE report_id = ${id}) AS n FROM income_reports WHERE id = ${id} FOR UPDATE`,
      );
      if (locked.status !== 'SUBMITTED') throw conflict(RETURNS_MESSAGES.reportNotSubmitted);
      if (Number(locked.n) + fileRows.length > MAX_RECEIPTS_PER_REPORT)
        throw badRequest(`A report has at most ${MAX_RECEIPTS_PER_REPORT} receipts`);
      const inserted = await insertFiles(
        tx,
        fileRows.map((f) => ({ ...f, userId: owner.id, propertyId: String(r.property_id) })),
      );
      for (const f of inserted) await tx.execute(sql`INSERT INTO income_report_receipts (report_id, file_id) VALUES (${id}, ${f.id})`);
    }),
  );
  return (await toReports(app, [(await reportById(app, app.db, id)) as Row]))[0];
}

function reportFilters(q: IncomeReportsQuery): SQL[] {
  const where: SQL[] = [];
  if (q.status) where.push(sql`r.status = ${q.status}`);
  if (q.propertyId) where.push(sql`r.property_id = ${q.propertyId}`);
  return where;
}

const and = (parts: SQL[]) => (parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``);

export async function ownedReports(app: FastifyInstance, actor: Actor, q: IncomeReportsQuery): Promise<IncomeReport[]> {
  const where = [sql`r.owner_id = ${actor.id}`, ...reportFilters(q)];
  return toReports(
    app,
    await rows<Row>(app.db, sql`${REPORT_SELECT} ${and(where)} ORDER BY r.period_start DESC, r.created_at DESC LIMIT 500`),
  );
}

export async function adminReports(app: FastifyInstance, q: IncomeReportsQuery): Promise<IncomeReport[]> {
  return toReports(
    app,
    await rows<Row>(
      app.db,
      sql`${REPORT_SELECT} ${and(reportFilters(q))} ORDER BY (r.status = 'SUBMITTED') DESC, CASE WHEN r.status = 'SUBMITTED' THEN r.created_at END ASC, r.created_at DESC LIMIT 500`,
    ),
  );
}

export async function getReport(app: FastifyInstance, user: Actor, id: string): Promise<IncomeReport> {
  const r = await reportById(app, app.db, id);
  if (!r || (user.role !== 'ADMIN' && r.owner_id !== user.id)) throw notFound('Report not found');
  return (await toReports(app, [r]))[0];
}

export async function approveReport(
  app: FastifyInstance,
  admin: Actor,
  id: string,
  body: ApproveIncomeReportBody,
): Promise<{ report: IncomeReport; distribution: Distribution }> {
  const recordDate = body.recordDate ?? today();
  const payDate = body.payDate ?? addDays(recordDate, DEFAULT_PAY_DAYS_AFTER_RECORD);
  if (Number.isNaN(dayNumber(recordDate)) || Number.isNaN(dayNumber(payDate)))
    throw badRequest('recordDate and payDate must be dates (YYYY-MM-DD)');
  if (recordDate < today()) throw badRequest(RETURNS_MESSAGES.recordDatePast);
  if (payDate < recordDate) throw badRequest(RETURNS_MESSAGES.payBeforeRecord);
  const bps = app.config.managementFeeBps;
  const distributionId = await moneyTx(app, async (tx) => {
    const [r] = await rows<{ status: string }>(tx, sql`SELECT status FROM income_reports WHERE id = ${id} FOR UPDATE`);
    if (!r) throw notFound('Report not found');
    if (r.status !== 'SUBMITTED') throw conflict(`This report is already ${r.status.toLowerCase()}`);
    await tx.execute(sql`UPDATE income_reports SET status = 'APPROVED', decided_by = ${admin.id} WHERE id = ${id}`);
    const [d] = await rows<{ id: string; distributable_cents: string; fee_cents: string; carried_loss_out_cents: string }>(
      tx,
      // The trigger computes every figure from the report (migration 0050); these are its inputs.
      sql`INSERT INTO distributions (report_id, property_id, owner_id, period_start, period_end, gross_rent_cents, expenses_cents, fee_bps, fee_cents,
            net_income_cents, carried_loss_in_cents, distributable_cents, carried_loss_out_cents, record_date, pay_date)
          SELECT id, property_id, owner_id, period_start, period_end, gross_rent_cents, expenses_cents, ${bps}, 0, 0, 0, 0, 0, ${recordDate}, ${payDate}
          FROM income_reports WHERE id = ${id}
          RETURNING id, distributable_cents, fee_cents, carried_loss_out_cents`,
    );
    await audit(tx, admin, {
      action: 'income_report.approve',
      targetType: 'income_report',
      targetId: id,
      detail: {
        distributionId: d.id,
        recordDate,
        payDate,
        feeBps: bps,
        feeCents: Number(d.fee_cents),
        distributableCents: Number(d.distributable_cents),
        carriedLossOutCents: Number(d.carried_loss_out_cents),
      },
    });
    const [about] = await reportNoticeFacts(tx, id);
    await notices.incomeReportApproved(tx, {
      ...about,
      distributableCents: Number(d.distributable_cents),
      feeCents: Number(d.fee_cents),
      payDate,
    });
    return d.id;
  });
  const report = (await toReports(app, [(await reportById(app, app.db, id)) as Row]))[0];
  return { report, distribution: await distributionById(app, distributionId) };
}

/** What the owner's notice about a report says: whose, which property, which period. */
function reportNoticeFacts(tx: Executor, id: string) {
  return rows<{ ownerId: string; reportId: string; propertyName: string; period: string }>(
    tx,
    sql`SELECT r.owner_id AS "ownerId", r.id AS "reportId", p.name AS "propertyName",
               to_char(r.period_start, 'Mon FMDD, YYYY') || ' – ' || to_char(r.period_end, 'Mon FMDD, YYYY') AS period
          FROM income_reports r JOIN properties p ON p.id = r.property_id WHERE r.id = ${id}`,
  );
}

export async function rejectReport(app: FastifyInstance, admin: Actor, id: string, body: RejectIncomeReportBody): Promise<IncomeReport> {
  const reason = body.reason.trim();
  if (!reason) throw badRequest(RETURNS_MESSAGES.reasonRequired);
  await moneyTx(app, async (tx) => {
    const [r] = await rows<{ status: string }>(tx, sql`SELECT status FROM income_reports WHERE id = ${id} FOR UPDATE`);
    if (!r) throw notFound('Report not found');
    if (r.status !== 'SUBMITTED') throw conflict(`This report is already ${r.status.toLowerCase()}`);
    await tx.execute(
      sql`UPDATE income_reports SET status = 'REJECTED', rejection_reason = ${reason}, decided_by = ${admin.id} WHERE id = ${id}`,
    );
    await audit(tx, admin, { action: 'income_report.reject', targetType: 'income_report', targetId: id, detail: { reason } });
    const [about] = await reportNoticeFacts(tx, id);
    await notices.incomeReportRejected(tx, about, reason);
  });
  return (await toReports(app, [(await reportById(app, app.db, id)) as Row]))[0];
}

// ---- Income-producing ----

async function incomeState(app: FastifyInstance, id: string): Promise<IncomeProducingState> {
  const [p] = await rows<Row>(
    app.db,
    sql`SELECT id, construction_completed_at, property_is_income_producing(status, type, income_producing_at) AS producing FROM properties WHERE id = ${id}`,
  );
  if (!p) throw notFound('Property not found');
  return { propertyId: String(p.id), constructionCompletedAt: iso(p.construction_completed_at), incomeProducing: Boolean(p.producing) };
}

/** The owner's form: the repairs the property's holders approved that its next report must carry. */
export async function approvedRepairsToReport(app: FastifyInstance, owner: Actor, propertyId: string): Promise<ApprovedRepair[]> {
  const [p] = await rows<Row>(app.db, sql`SELECT owner_id FROM properties WHERE id = ${propertyId}`);
  if (!p || p.owner_id !== owner.id) throw notFound('Property not found');
  return (await pendingRepairs(app.db, propertyId)).map((r) => toRepair(r, 0));
}

export async function markConstructionComplete(app: FastifyInstance, owner: Actor, id: string): Promise<IncomeProducingState> {
  const [p] = await rows<Row>(app.db, sql`SELECT owner_id, type, construction_completed_at FROM properties WHERE id = ${id}`);
  if (!p || p.owner_id !== owner.id) throw notFound('Property not found');
  if (p.type !== 'OFF_PLAN') throw conflict('Only an off-plan property reports construction complete');
  if (p.construction_completed_at === null) {
    await app.db.execute(
      sql`UPDATE properties SET construction_completed_at = now() WHERE id = ${id} AND construction_completed_at IS NULL`,
    );
  }
  return incomeState(app, id);
}

export async function convertToIncomeProducing(app: FastifyInstance, actor: Actor, id: string): Promise<IncomeProducingState> {
  await app.db.transaction(async (tx) => {
    const [p] = await rows<Row>(
      tx,
      sql`SELECT type, status, construction_completed_at, income_producing_at FROM properties WHERE id = ${id} FOR UPDATE`,
    );
    if (!p) throw notFound('Property not found');
    if (p.type !== 'OFF_PLAN') throw conflict('A rental-ready property produces income once funded; there is nothing to convert');
    if (p.construction_completed_at === null) throw conflict('The owner has not reported construction complete');
    // A property partly sold produces income too: holders are paid per unit held, the owner keeps the rest.
    if (p.status !== 'FUNDED' && p.status !== 'ACTIVE')
      throw conflict('Only a property on sale or funded can produce income for its holders');
    if (p.income_producing_at !== null) return;
    await tx.execute(sql`UPDATE properties SET income_producing_at = now() WHERE id = ${id}`);
    await audit(tx, actor, { action: 'property.income_producing', targetType: 'property', targetId: id });
  });
  return incomeState(app, id);
}

// ---- Distributions ----

function distributionFilters(q: DistributionsQuery): SQL[] {
  const where: SQL[] = [];
  if (q.status) where.push(sql`d.status = ${q.status}`);
  if (q.propertyId) where.push(sql`d.property_id = ${q.propertyId}`);
  if (q.refused) where.push(sql`d.refused_reason IS NOT NULL AND d.status <> 'CANCELLED'`);
  return where;
}

export async function adminDistributions(app: FastifyInstance, q: DistributionsQuery): Promise<AdminDistributions> {
  const list = await rows<Row>(
    app.db,
    sql`${DISTRIBUTION_SELECT} ${and(distributionFilters(q))} ORDER BY d.pay_date DESC, d.seq DESC LIMIT 500`,
  );
  const [w] = await rows<{ b: string | null }>(
    app.db,
    sql`SELECT balance_cents AS b FROM wallets WHERE user_id = platform_revenue_account()`,
  );
  return { items: list.map(toDistribution), revenueBalance: centsToDollars(Number(w?.b ?? 0)) };
}

export async function ownedDistributions(app: FastifyInstance, actor: Actor, q: DistributionsQuery): Promise<Distribution[]> {
  const where = [sql`d.owner_id = ${actor.id}`, ...distributionFilters(q)];
  return (await rows<Row>(app.db, sql`${DISTRIBUTION_SELECT} ${and(where)} ORDER BY d.period_start DESC, d.seq DESC LIMIT 500`)).map(
    toDistribution,
  );
}

export async function distributionDetail(app: FastifyInstance, user: Actor, id: string): Promise<DistributionDetail> {
  const [r] = await rows<Row>(app.db, sql`${DISTRIBUTION_SELECT} WHERE d.id = ${id}`);
  if (!r || (user.role !== 'ADMIN' && r.owner_id !== user.id)) throw notFound('Distribution not found');
  const holders = await rows<Row>(
    app.db,
    sql`SELECT h.holder_id, h.is_owner, h.units, h.cents, u.first_name, u.last_name FROM distribution_holders h JOIN users u ON u.id = h.holder_id
        WHERE h.distribution_id = ${id} ORDER BY h.units DESC, h.holder_id LIMIT 20000`,
  );
  return {
    ...toDistribution(r),
    holders: holders.map((h) => ({
      holderId: String(h.holder_id),
      name: `${h.first_name} ${h.last_name}`,
      isOwner: Boolean(h.is_owner),
      units: Number(h.units),
      amount: centsToDollars(Number(h.cents)),
    })),
  };
}

export type PayOutcome = PayDistributionResult['result'];

/** Pays one distribution (the DB function decides; safe to repeat, from any instance). */
export async function payDistribution(app: FastifyInstance, id: string): Promise<PayOutcome> {
  return moneyTx(app, (tx) => payAndTell(tx, id));
}

/** One payment attempt in the caller's transaction; holders told when paid, the owner when refused. */
async function payAndTell(tx: Executor, id: string): Promise<PayOutcome> {
  const [before] = await rows<{ refused_reason: string | null }>(tx, sql`SELECT refused_reason FROM distributions WHERE id = ${id}`);
  const [r] = await rows<{ result: PayOutcome }>(tx, sql`SELECT pay_distribution(${id}) AS result`);
  if (r.result === 'PAID') await notifyDistributionPaid(tx, id);
  if (r.result === 'REFUSED') await notifyRefusal(tx, id, before?.refused_reason ?? null);
  return r.result;
}

export async function payNow(app: FastifyInstance, actor: Actor, id: string): Promise<PayDistributionResult> {
  await distributionById(app, id);
  const result = await payDistribution(app, id);
  await audit(app.db, actor, { action: 'distribution.pay', targetType: 'distribution', targetId: id, detail: { result } });
  if (result === 'PAID') await reinvestAfter(app, id);
  return { result, distribution: await distributionById(app, id) };
}

/**
 * Cancels a distribution not yet paid: it never pays (the job and pay_distribution skip it);
 * nothing was moved or reserved for it, the snapshot of a recorded one stays for the record,
 * and its report's period is free for a corrected report. The owner is told.
 */
export async function cancelDistribution(
  app: FastifyInstance,
  admin: Actor,
  id: string,
  body: CancelDistributionBody,
): Promise<Distribution> {
  const reason = body.reason.trim();
  if (!reason) throw badRequest(RETURNS_MESSAGES.reasonRequired);
  await moneyTx(app, async (tx) => {
    const [d] = await rows<Row>(
      tx,
      sql`SELECT d.status, d.refused_reason, d.owner_id, d.distributable_cents, d.fee_cents, p.name,
                 to_char(d.period_start, 'Mon FMDD, YYYY') || ' – ' || to_char(d.period_end, 'Mon FMDD, YYYY') AS period
            FROM distributions d JOIN properties p ON p.id = d.property_id WHERE d.id = ${id} FOR UPDATE OF d`,
    );
    if (!d) throw notFound('Distribution not found');
    if (d.status === 'CANCELLED') throw conflict(RETURNS_MESSAGES.distributionCancelled);
    if (d.status !== 'DECLARED' && d.status !== 'RECORDED') throw conflict(RETURNS_MESSAGES.distributionNotCancellable);
    await tx.execute(
      sql`UPDATE distributions SET status = 'CANCELLED', cancelled_by = ${admin.id}, cancel_reason = ${reason} WHERE id = ${id}`,
    );
    await audit(tx, admin, {
      action: 'distribution.cancel',
      targetType: 'distribution',
      targetId: id,
      detail: {
        reason,
        before: { status: d.status, refusedReason: d.refused_reason ?? null },
        after: { status: 'CANCELLED' },
        distributableCents: Number(d.distributable_cents),
        feeCents: Number(d.fee_cents),
      },
    });
    await notices.distributionCancelled(tx, {
      ownerId: String(d.owner_id),
      distributionId: id,
      propertyName: String(d.name),
      period: String(d.period),
      reason,
    });
  });
  return distributionById(app, id);
}

/** Who asked for a correction that a second admin approved (four eyes). */
export interface CorrectionRequester {
  id: string;
  email: string;
}

/** Per person: what the distribution moved for them (holders: paid; the owner: funded). */
async function movedBy(tx: Executor, id: string | null): Promise<Map<string, { role: 'holder' | 'owner'; cents: number }>> {
  const out = new Map<string, { role: 'holder' | 'owner'; cents: number }>();
  if (!id) return out;
  const moved = await rows<{ user_id: string; type: string; cents: string }>(
    tx,
    sql`SELECT user_id, type, sum(amount_cents)::bigint AS cents FROM ledger_entries
         WHERE distribution_id = ${id} AND type IN ('DISTRIBUTION_PAYMENT', 'DISTRIBUTION_FUNDING') GROUP BY user_id, type`,
  );
  for (const m of moved)
    out.set(`${m.user_id}:${m.type}`, { role: m.type === 'DISTRIBUTION_PAYMENT' ? 'holder' : 'owner', cents: Math.abs(Number(m.cents)) });
  return out;
}

/**
 * Corrects a PAID distribution the ledger's way (correct_distribution, one transaction): its
 * entries reversed, then the corrected total split over the same holders of record and paid
 * as a new distribution linked to it (none when the total is 0). Refused whole (409) when a
 * holder has spent or withdrawn what the reversal takes back. Holders and the owner are told
 * their amount before and after; the audit row keeps both totals, the reason and, under four
 * eyes, who asked and who approved.
 */
export async function correctDistribution(
  app: FastifyInstance,
  admin: Actor,
  id: string,
  body: CorrectDistributionBody,
  requestedBy?: CorrectionRequester,
): Promise<CorrectDistributionResult> {
  const reason = body.reason.trim();
  if (reason.length < CORRECTION_REASON_MIN || reason.length > CORRECTION_REASON_MAX) throw badRequest(RETURNS_MESSAGES.correctionReason);
  if (!Number.isSafeInteger(body.totalCents) || body.totalCents < 0) throw badRequest(RETURNS_MESSAGES.correctionTotal);
  const correctionId = await moneyTx(app, async (tx) => {
    const [d] = await rows<Row>(
      tx,
      sql`SELECT d.status, d.distributable_cents, d.fee_cents, d.owner_id, p.name,
                 to_char(d.period_start, 'Mon FMDD, YYYY') || ' – ' || to_char(d.period_end, 'Mon FMDD, YYYY') AS period
            FROM distributions d JOIN properties p ON p.id = d.property_id WHERE d.id = ${id}`,
    );
    if (!d) throw notFound('Distribution not found');
    const [r] = await rows<{ id: string | null }>(
      tx,
      sql`SELECT correct_distribution(${id}, ${body.totalCents}, ${admin.id}, ${reason}) AS id`,
    );
    const newId = r.id ?? null;
    const before = await movedBy(tx, id);
    const after = await movedBy(tx, newId);
    // Both admins by name in the audit row when a second one approved it.
    const names = new Map(
      (
        await rows<{ id: string; name: string }>(
          tx,
          sql`SELECT id, btrim(first_name || ' ' || last_name) AS name FROM users WHERE id IN (${admin.id}, ${requestedBy?.id ?? admin.id})`,
        )
      ).map((u) => [u.id, u.name]),
    );
    await audit(tx, admin, {
      action: 'distribution.correct',
      targetType: 'distribution',
      targetId: id,
      detail: {
        reason,
        before: { status: 'PAID', totalCents: Number(d.distributable_cents) },
        after: { status: 'CORRECTED', totalCents: body.totalCents, correctionId: newId },
        feeCents: Number(d.fee_cents),
        holdersReversed: [...before.values()].filter((m) => m.role === 'holder').length,
        ...(requestedBy
          ? {
              requestedBy: { ...requestedBy, name: names.get(requestedBy.id) ?? null },
              approvedBy: { id: admin.id, email: admin.email, name: names.get(admin.id) ?? null },
            }
          : { by: { id: admin.id, email: admin.email, name: names.get(admin.id) ?? null } }),
      },
    });
    const everyone = new Set([...before.keys(), ...after.keys()]);
    const ownerKey = `${String(d.owner_id)}:DISTRIBUTION_FUNDING`;
    everyone.add(ownerKey);
    for (const key of [...everyone].sort()) {
      const [userId, type] = key.split(':');
      const oldCents = before.get(key)?.cents ?? 0;
      const newCents = after.get(key)?.cents ?? 0;
      if (oldCents === 0 && newCents === 0 && key !== ownerKey) continue;
      await notices.distributionCorrected(tx, {
        userId,
        role: type === 'DISTRIBUTION_PAYMENT' ? 'holder' : 'owner',
        distributionId: id,
        correctionId: newId,
        propertyName: String(d.name),
        period: String(d.period),
        oldCents,
        newCents,
        reason,
      });
    }
    return newId;
  });
  return { original: await distributionById(app, id), correction: correctionId ? await distributionById(app, correctionId) : null };
}

export interface DistributionRun {
  recorded: number;
  paid: number;
  refused: number;
  /** Payments that raised an error (rolled back; tried again on the next run). */
  failed: number;
}

/**
 * The scheduled work: snapshot the distributions whose record date has come, pay those whose
 * pay date has come. Each in its own transaction; `FOR UPDATE SKIP LOCKED` lets several
 * instances share the work, and the functions are idempotent besides. A refused payment
 * is retried on later runs (at most hourly), until the owner's wallet covers it.
 */
export async function runDueDistributions(app: FastifyInstance, now: string = today()): Promise<DistributionRun> {
  const out: DistributionRun = { recorded: 0, paid: 0, refused: 0, failed: 0 };
  for (;;) {
    const done = await moneyTx(app, async (tx) => {
      const [d] = await rows<{ id: string }>(
        tx,
        sql`SELECT id FROM distributions WHERE status = 'DECLARED' AND record_date <= ${now} AND pay_date > ${now} ORDER BY record_date, seq LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (!d) return null;
      await tx.execute(sql`SELECT record_distribution(${d.id})`);
      return d.id;
    });
    if (!done) break;
    out.recorded++;
  }
  const tried = new Set<string>();
  for (;;) {
    let current: string | null = null;
    let step: { id: string; result: PayOutcome } | null;
    try {
      step = await moneyTx(app, async (tx) => {
        const [d] = await rows<{ id: string }>(
          tx,
          sql`SELECT id FROM distributions WHERE status IN ('DECLARED', 'RECORDED') AND pay_date <= ${now}
                AND (refused_at IS NULL OR refused_at < now() - interval '1 hour')
                AND NOT (id = ANY(${`{${[...tried].join(',')}}`}::uuid[]))
              ORDER BY pay_date, seq LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        if (!d) return null;
        current = d.id;
        return { id: d.id, result: await payAndTell(tx, d.id) };
      });
    } catch (err) {
      // One distribution failing (rolled back whole) must not hold up the others.
      if (current === null) throw err;
      app.log.warn({ err, distributionId: current }, 'distribution payment failed; retried on the next run');
      tried.add(current);
      out.failed++;
      continue;
    }
    if (!step) break;
    tried.add(step.id);
    if (step.result === 'PAID') {
      out.paid++;
      await reinvestAfter(app, step.id);
    } else if (step.result === 'REFUSED') out.refused++;
  }
  return out;
}

/**
 * The owner learns a distribution could not be paid (the shortfall is in the reason) the first
 * time, and again only when the reason changes: the hourly retries do not repeat it.
 */
async function notifyRefusal(tx: Executor, distributionId: string, previous: string | null): Promise<void> {
  const [d] = await rows<{ ownerId: string; propertyName: string; reason: string | null }>(
    tx,
    sql`SELECT d.owner_id AS "ownerId", p.name AS "propertyName", d.refused_reason AS reason
          FROM distributions d JOIN properties p ON p.id = d.property_id WHERE d.id = ${distributionId}`,
  );
  if (!d?.reason || d.reason === previous) return;
  await notices.distributionRefused(tx, { ownerId: d.ownerId, distributionId, propertyName: d.propertyName, reason: d.reason });
}

// ---- Reinvest ----

export async function setReinvest(app: FastifyInstance, investor: Actor, propertyId: string, enabled: boolean): Promise<ReinvestSetting> {
  const [h] = await rows<Row>(app.db, sql`SELECT 1 FROM holdings WHERE investor_id = ${investor.id} AND property_id = ${propertyId}`);
  if (!h) throw notFound('You hold no units of this property');
  await app.db.execute(
    sql`INSERT INTO reinvest_settings (investor_id, property_id, enabled) VALUES (${investor.id}, ${propertyId}, ${enabled})
        ON CONFLICT (investor_id, property_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
  );
  return { propertyId, enabled };
}

/**
 * After a distribution is paid: holders who chose to reinvest buy whole units of the same
 * property with their payment, when units are available, as a normal PENDING order through
 * place_order (the order triggers check, price, reserve and hold). The Idempotency-Key
 * `reinvest:<distribution>` makes it once per distribution whatever retries happen; the
 * rest of the payment stays in the wallet. A refused order (sold out, not verified…) is
 * simply not placed.
 */
export async function reinvestAfter(app: FastifyInstance, distributionId: string): Promise<number> {
  const candidates = await rows<{ holder_id: string; property_id: string; cents: string; price: string; available: number }>(
    app.db,
    sql`SELECT h.holder_id, d.property_id, h.cents, p.unit_price_cents AS price, p.available_quantity AS available
        FROM distribution_holders h
        JOIN distributions d ON d.id = h.distribution_id
        JOIN properties p ON p.id = d.property_id
        JOIN reinvest_settings s ON s.investor_id = h.holder_id AND s.property_id = d.property_id AND s.enabled
        WHERE h.distribution_id = ${distributionId} AND NOT h.is_owner AND p.status = 'ACTIVE' AND h.cents >= p.unit_price_cents`,
  );
  let placed = 0;
  for (const c of candidates) {
    const units = Math.min(Math.floor(Number(c.cents) / Number(c.price)), c.available);
    if (units <= 0) continue;
    try {
      await app.db.execute(
        sql`SELECT place_order(${c.holder_id}, ${c.property_id}, ${units}, ${`reinvest:${distributionId}`}, ${`reinvest:${distributionId}:${units}`})`,
      );
      placed++;
    } catch (err) {
      if (!(moneyError(err) instanceof HttpError)) app.log.warn({ err, distributionId, investor: c.holder_id }, 'reinvest order failed');
    }
  }
  return placed;
}

// ---- Appraisals ----

async function toAppraisals(app: FastifyInstance, list: Row[], signed: boolean): Promise<Appraisal[]> {
  return list.map((a) => ({
    _id: String(a.id),
    propertyId: String(a.property_id),
    valuePerUnit: centsToDollars(Number(a.value_per_unit_cents)),
    appraisedOn: date(a.appraised_on),
    note: String(a.note),
    document: a.file_id
      ? toFileRef(
          app.links,
          {
            id: a.file_id,
            storageKey: a.storage_key,
            originalName: a.original_name,
            mimeType: a.mime_type,
            size: Number(a.size),
          } as FileRow,
          signed,
        )
      : null,
    createdAt: iso(a.created_at) as string,
    voidedAt: iso(a.voided_at),
    voidReason: (a.void_reason as string | null) ?? null,
  }));
}

const APPRAISAL_SELECT = sql`SELECT a.*, f.id AS file_id, f.storage_key, f.original_name, f.mime_type, f.size FROM appraisals a LEFT JOIN files f ON f.id = a.document_file_id`;

export async function createAppraisal(
  app: FastifyInstance,
  admin: Actor,
  propertyId: string,
  body: CreateAppraisalBody,
): Promise<Appraisal> {
  const cents = amountCents(body.valuePerUnit, 'valuePerUnit', MAX_CENTS);
  if (Number.isNaN(dayNumber(body.appraisedOn))) throw badRequest('appraisedOn must be a date (YYYY-MM-DD)');
  if (body.appraisedOn > today()) throw badRequest('The appraisal date cannot be in the future');
  const id = await app.db.transaction(async (tx) => {
    // The property row lock orders two appraisals of one property: each is compared with the other.
    const [p] = await rows<Row>(tx, sql`SELECT status FROM properties WHERE id = ${propertyId} FOR UPDATE`);
    if (!p) throw notFound('Property not found');
    // A mistyped value (100x) goes straight to investors' marks and the market's price band:
    // a large move from the latest standing appraisal must be confirmed.
    const [last] = await rows<{ cents: string }>(
      tx,
      sql`SELECT value_per_unit_cents AS cents FROM appraisals WHERE property_id = ${propertyId} AND voided_at IS NULL
          ORDER BY appraised_on DESC, created_at DESC LIMIT 1`,
    );
    const limit = app.config.appraisalMaxChangePct;
    const change = last ? appraisalChangePercent(Number(last.cents), cents) : 0;
    if (Math.abs(change) > limit && body.confirmLargeChange !== true) throw conflict(appraisalChangeMessage(change, limit));
    const [a] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO appraisals (property_id, value_per_unit_cents, appraised_on, note, created_by) VALUES (${propertyId}, ${cents}, ${body.appraisedOn}, ${(body.note ?? '').trim()}, ${admin.id}) RETURNING id`,
    );
    await audit(tx, admin, {
      action: 'appraisal.create',
      targetType: 'appraisal',
      targetId: a.id,
      detail: {
        propertyId,
        valuePerUnitCents: cents,
        appraisedOn: body.appraisedOn,
        ...(last ? { previousValuePerUnitCents: Number(last.cents), changePercent: change } : {}),
        ...(Math.abs(change) > limit ? { confirmedLargeChange: true } : {}),
      },
    });
    return a.id;
  });
  return (await toAppraisals(app, await rows<Row>(app.db, sql`${APPRAISAL_SELECT} WHERE a.id = ${id}`), true))[0];
}

/**
 * Voids a mistaken appraisal: it stays on record (who, when, why) and every reader takes the
 * latest one not voided, so marks, charts, statements and the market's band are restated.
 * Holders are told the value they see changed.
 */
export async function voidAppraisal(app: FastifyInstance, admin: Actor, id: string, body: VoidAppraisalBody): Promise<Appraisal> {
  const reason = body.reason.trim();
  if (!reason) throw badRequest(RETURNS_MESSAGES.reasonRequired);
  await app.db.transaction(async (tx) => {
    const [found] = await rows<{ property_id: string }>(tx, sql`SELECT property_id FROM appraisals WHERE id = ${id}`);
    if (!found) throw notFound('Appraisal not found');
    // The property first (as recording does), then the appraisal.
    const [p] = await rows<{ name: string }>(tx, sql`SELECT name FROM properties WHERE id = ${found.property_id} FOR UPDATE`);
    const [a] = await rows<Row>(tx, sql`SELECT * FROM appraisals WHERE id = ${id} FOR UPDATE`);
    if (a.voided_at !== null) throw conflict(RETURNS_MESSAGES.appraisalVoided);
    const latest = () =>
      rows<{ cents: string; day: unknown }>(
        tx,
        sql`SELECT value_per_unit_cents AS cents, appraised_on AS day FROM appraisals WHERE property_id = ${found.property_id} AND voided_at IS NULL
            ORDER BY appraised_on DESC, created_at DESC LIMIT 1`,
      );
    const [before] = await latest();
    await tx.execute(sql`UPDATE appraisals SET voided_at = now(), voided_by = ${admin.id}, void_reason = ${reason} WHERE id = ${id}`);
    const [after] = await latest();
    const valueOf = (l: { cents: string; day: unknown } | undefined) =>
      l ? { valuePerUnitCents: Number(l.cents), appraisedOn: date(l.day) } : { valuePerUnitCents: null, appraisedOn: null };
    await audit(tx, admin, {
      action: 'appraisal.void',
      targetType: 'appraisal',
      targetId: id,
      detail: {
        propertyId: found.property_id,
        reason,
        voided: { valuePerUnitCents: Number(a.value_per_unit_cents), appraisedOn: date(a.appraised_on) },
        before: { latest: valueOf(before) },
        after: { latest: valueOf(after) },
      },
    });
    const holders = await holdersOf(tx, found.property_id);
    await holderNotices.appraisalVoided(
      tx,
      holders.map((userId) => ({
        userId,
        propertyId: found.property_id,
        propertyName: p.name,
        voidedCents: Number(a.value_per_unit_cents),
        appraisedOn: date(a.appraised_on),
        currentCents: after ? Number(after.cents) : null,
        reason,
      })),
    );
  });
  return (await toAppraisals(app, await rows<Row>(app.db, sql`${APPRAISAL_SELECT} WHERE a.id = ${id}`), true))[0];
}

export async function uploadAppraisalDocument(app: FastifyInstance, admin: Actor, id: string, readFiles: ReadUploads): Promise<Appraisal> {
  const [a] = await rows<Row>(app.db, sql`SELECT property_id FROM appraisals WHERE id = ${id}`);
  if (!a) throw notFound('Appraisal not found');
  const uploads = await readFiles({ field: 'file', kind: 'pdf', maxFiles: 1 });
  await storeUploads(app, uploads, 'APPRAISAL_DOCUMENT', (fileRows) =>
    app.db.transaction(async (tx) => {
      const [f] = await insertFiles(
        tx,
        fileRows.map((r) => ({ ...r, userId: admin.id, propertyId: String(a.property_id) })),
      );
      await tx.execute(sql`UPDATE appraisals SET document_file_id = ${f.id} WHERE id = ${id}`);
      await audit(tx, admin, { action: 'appraisal.document', targetType: 'appraisal', targetId: id, detail: { fileId: f.id } });
    }),
  );
  return (await toAppraisals(app, await rows<Row>(app.db, sql`${APPRAISAL_SELECT} WHERE a.id = ${id}`), true))[0];
}

/** A property the caller may see: live listings for everyone, any to its owner and admins. */
async function visibleProperty(app: FastifyInstance, user: Actor | null, id: string): Promise<Row> {
  const [p] = await rows<Row>(
    app.db,
    sql`SELECT id, status, owner_id, property_is_income_producing(status, type, income_producing_at) AS producing FROM properties WHERE id = ${id}`,
  );
  if (!p || !(isPublic(p.status as never) || user?.role === 'ADMIN' || user?.id === p.owner_id)) throw notFound('Property not found');
  return p;
}

export async function appraisalsOf(app: FastifyInstance, viewer: Actor | null, propertyId: string): Promise<Appraisal[]> {
  await visibleProperty(app, viewer, propertyId);
  return toAppraisals(
    app,
    await rows<Row>(
      app.db,
      sql`${APPRAISAL_SELECT} WHERE a.property_id = ${propertyId} ORDER BY a.appraised_on DESC, a.created_at DESC LIMIT 200`,
    ),
    true,
  );
}

export async function performance(app: FastifyInstance, viewer: Actor | null, propertyId: string): Promise<PropertyPerformance> {
  const p = await visibleProperty(app, viewer, propertyId);
  const appraisals = await appraisalsOf(app, viewer, propertyId);
  const distributions = (
    await rows<Row>(
      app.db,
      sql`${DISTRIBUTION_SELECT} WHERE d.property_id = ${propertyId} ORDER BY d.period_start DESC, d.seq DESC LIMIT 200`,
    )
  ).map(toDistribution);
  // The public sees each distribution's profit-and-loss; why a payment was refused is the owner's and admins' business.
  const insider = viewer?.role === 'ADMIN' || viewer?.id === p.owner_id;
  return {
    propertyId,
    latestAppraisal: appraisals.find((a) => a.voidedAt === null) ?? null,
    appraisals,
    distributions: insider ? distributions : distributions.map((d) => ({ ...d, refusedReason: null, refusedAt: null })),
    incomeProducing: Boolean(p.producing),
  };
}

// ---- The investor's returns ----

export async function myReturns(app: FastifyInstance, actor: Actor, now: Date = new Date()): Promise<PortfolioReturns> {
  const investorId = actor.id;
  // Every money figure comes from the portfolio engine (lots, disposals, income, marks);
  // this adds what only this screen shows: distributions, reinvestment, projections.
  const engine = await portfolioFigures(app.db, investorId, now);
  const byProperty = new Map(engine.holdings.map((h) => [h.propertyId, h]));
  const holdings = await rows<Row>(
    app.db,
    sql`SELECT h.property_id, h.quantity, p.name, p.roi_in_five_years,
          (SELECT min(l.acquired_at) FROM lots l WHERE l.investor_id = h.investor_id AND l.property_id = h.property_id) AS first_at,
          (SELECT a.value_per_unit_cents FROM appraisals a WHERE a.property_id = h.property_id AND a.voided_at IS NULL ORDER BY a.appraised_on DESC, a.created_at DESC LIMIT 1) AS value_cents,
          (SELECT a.appraised_on FROM appraisals a WHERE a.property_id = h.property_id AND a.voided_at IS NULL ORDER BY a.appraised_on DESC, a.created_at DESC LIMIT 1) AS appraised_on,
          coalesce(s.enabled, false) AS reinvest
        FROM holdings h JOIN properties p ON p.id = h.property_id
        LEFT JOIN reinvest_settings s ON s.investor_id = h.investor_id AND s.property_id = h.property_id
        WHERE h.investor_id = ${investorId} ORDER BY h.amount_invested_cents DESC, h.property_id`,
  );
  const ids = holdings.map((h) => String(h.property_id));
  const inIds = ids.length
    ? sql`(${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`(NULL::uuid)`;
  const dists = await rows<Row>(
    app.db,
    sql`SELECT ${DISTRIBUTION_COLUMNS}, x.units, x.cents FROM ${DISTRIBUTION_FROM}
        JOIN distribution_holders x ON x.distribution_id = d.id AND x.holder_id = ${investorId}
        WHERE d.property_id IN ${inIds} ORDER BY d.period_start DESC, d.seq DESC`,
  );
  // Distributions of record before the snapshot are listed too (the holder's share is not known yet).
  const pending = await rows<Row>(
    app.db,
    sql`${DISTRIBUTION_SELECT} WHERE d.property_id IN ${inIds} AND d.status = 'DECLARED' ORDER BY d.period_start DESC`,
  );
  const [yearIncome] = await rows<{ cents: string }>(
    app.db,
    sql`SELECT coalesce(sum(x.cents), 0) AS cents FROM distribution_holders x JOIN distributions d ON d.id = x.distribution_id
        WHERE x.holder_id = ${investorId} AND NOT x.is_owner AND d.status = 'PAID' AND to_char(${PAID_DAY}, 'YYYY') = ${String(now.getUTCFullYear())}`,
  );

  const year = String(now.getUTCFullYear());
  let projectedWeighted = 0;
  const out: HoldingReturns[] = holdings.map((h) => {
    const pid = String(h.property_id);
    const e = byProperty.get(pid);
    const mine = dists.filter((d) => d.property_id === pid);
    const paid = mine.filter((d) => d.status === 'PAID');
    const paidDay = (d: Row) => {
      const pay = date(d.pay_date);
      const at = d.paid_at ? new Date(d.paid_at as string).toISOString().slice(0, 10) : pay;
      return at < pay ? at : pay;
    };
    const yearCents = paid.filter((d) => paidDay(d).startsWith(year)).reduce((a, d) => a + Number(d.cents), 0);
    const first = h.first_at ? new Date(h.first_at as string).toISOString() : now.toISOString();
    const valueCents = h.value_cents === null ? null : Number(h.value_cents);
    const projected = annualReturn({ roiInFiveYears: Number(h.roi_in_five_years) });
    const cost = e?.costCents ?? 0;
    projectedWeighted += projected * cost;
    const list: HolderDistribution[] = [
      ...pending
        .filter((d) => d.property_id === pid)
        .map((d) => ({ ...toDistribution(d), refusedReason: null, refusedAt: null, myUnits: Number(h.quantity), myAmount: 0 })),
      ...mine.map((d) => ({
        ...toDistribution(d),
        refusedReason: null,
        refusedAt: null,
        myUnits: Number(d.units),
        myAmount: d.status === 'PAID' ? centsToDollars(Number(d.cents)) : 0,
      })),
    ];
    return {
      propertyId: pid,
      propertyName: String(h.name),
      quantity: Number(h.quantity),
      cost: centsToDollars(cost),
      firstPurchaseAt: first,
      incomeReceived: centsToDollars(e?.incomeCents ?? 0),
      incomeThisYear: centsToDollars(yearCents),
      realizedAnnualYield: e?.realizedYield ?? null,
      projectedAnnualReturn: projected,
      valuePerUnit: valueCents === null ? null : centsToDollars(valueCents),
      appraisedOn: h.appraised_on ? date(h.appraised_on) : null,
      markPerUnit: centsToDollars(e?.markCents ?? 0),
      marketPrice: e?.marketPriceCents == null ? null : centsToDollars(e.marketPriceCents),
      marketPriceDate: e?.marketPriceDate ?? null,
      currentValue: centsToDollars(e?.valueCents ?? 0),
      unrealizedGain: centsToDollars(e?.unrealizedCents ?? 0),
      realizedGain: centsToDollars(e?.realizedCents ?? 0),
      totalReturn: centsToDollars(e?.totalReturnCents ?? 0),
      totalReturnPercent: percentOf(e?.totalReturnCents ?? 0, e?.boughtCents ?? 0),
      reinvest: Boolean(h.reinvest),
      distributions: list,
    };
  });
  const t = engine.totals;
  const series = (s: { date: string; cents: number }[]) => s.map((p) => ({ date: p.date, amount: centsToDollars(p.cents) }));
  return {
    holdings: out,
    total: {
      cost: centsToDollars(t.investedCents),
      currentValue: centsToDollars(t.holdingsValueCents),
      cash: centsToDollars(t.cashCents),
      accountValue: centsToDollars(t.accountValueCents),
      incomeReceived: centsToDollars(t.incomeCents),
      incomeThisYear: centsToDollars(Number(yearIncome.cents)),
      unrealizedGain: centsToDollars(t.unrealizedCents),
      realizedGain: centsToDollars(t.realizedCents),
      fees: centsToDollars(t.feesCents),
      totalReturn: centsToDollars(t.totalReturnCents),
      totalReturnPercent: percentOf(t.totalReturnCents, t.boughtCents),
      realizedAnnualYield: t.realizedYield,
      moneyWeightedReturn: t.moneyWeightedReturn,
      projectedAnnualReturn: t.investedCents > 0 ? Math.round((projectedWeighted / t.investedCents) * 100) / 100 : 0,
    },
    incomeOverTime: series(engine.incomeOverTime),
    valueOverTime: series(engine.valueOverTime),
    investedOverTime: series(engine.investedOverTime),
  };
}
