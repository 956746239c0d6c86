// Verification cases: one per submission of documents, the admins' queue (submitted cases,
// oldest first), the case page's reads, notes and the decision.
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sortedBy } from '../../lib/list-page';
import type { FastifyInstance } from 'fastify';
import type {
  KycCase,
  KycCaseKind,
  KycCaseNote,
  KycCasesQuery,
  KycCaseSort,
  KycCaseSummary,
  KycChecklist,
  KycDecisionBody,
  KycDocumentView,
  Page,
} from 'shared-api/contract';
import { KYC_CHECKLIST, KYC_MESSAGES, KYC_REJECTION_REASON_TEXT } from 'shared-api/contract/admin';
import type { Executor } from '../../db/client';
import { files, kycCaseNotes, kycCases, users, type UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { applyVerification } from './verification';

export const caseKindOf = (role: string): KycCaseKind => (role === 'PROPERTY_OWNER' ? 'KYB' : 'KYC');

/** On a submission: opens the person's case, or refreshes the one still open (its place in the queue kept). */
export async function openCase(tx: Executor, u: UserRow, documentCount: number): Promise<void> {
  const open = await tx
    .select({ id: kycCases.id })
    .from(kycCases)
    .where(and(eq(kycCases.userId, u.id), eq(kycCases.status, 'SUBMITTED')))
    .for('update');
  if (open[0]) {
    await tx.update(kycCases).set({ documentCount }).where(eq(kycCases.id, open[0].id));
    return;
  }
  await tx.insert(kycCases).values({ userId: u.id, kind: caseKindOf(u.role), documentCount });
}

/** Submitted cases waiting for a decision (the overview's "Needs attention"). */
export async function submittedCaseCount(db: Executor): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(kycCases)
    .innerJoin(users, eq(users.id, kycCases.userId))
    .where(and(eq(kycCases.status, 'SUBMITTED'), sql`${users.deletedAt} IS NULL`));
  return n;
}

const summaryColumns = {
  id: kycCases.id,
  userId: kycCases.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  kind: kycCases.kind,
  status: kycCases.status,
  documentCount: kycCases.documentCount,
  submittedAt: kycCases.submittedAt,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] };

function toSummary(r: SummaryRow): KycCaseSummary {
  return {
    _id: r.id,
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`,
    email: r.email,
    kind: r.kind,
    status: r.status,
    documentCount: r.documentCount,
    submittedAt: r.submittedAt.toISOString(),
  };
}

/** The sortable columns (KycCasesQuery.sort). */
const CASE_SORT_COLUMNS: Record<KycCaseSort, SQL | AnyPgColumn> = {
  submittedAt: kycCases.submittedAt,
  name: sql`lower(${users.lastName} || ' ' || ${users.firstName})`,
  email: sql`lower(${users.email})`,
  kind: kycCases.kind,
};

/** The queue: submitted cases only, oldest first; page numbers (the queue is short-lived work, not an archive). */
export async function listCases(app: FastifyInstance, q: KycCasesQuery): Promise<Page<KycCaseSummary>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const where: SQL[] = [eq(kycCases.status, 'SUBMITTED'), sql`${users.deletedAt} IS NULL`];
  if (q.kind) where.push(eq(kycCases.kind, q.kind));
  const cond = and(...where);
  const rows = await app.db
    .select(summaryColumns)
    .from(kycCases)
    .innerJoin(users, eq(users.id, kycCases.userId))
    .where(cond)
    .orderBy(...sortedBy(CASE_SORT_COLUMNS[q.sort ?? 'submittedAt'], kycCases.id, q.order ?? 'asc'))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ n }] = await app.db.select({ n: count() }).from(kycCases).innerJoin(users, eq(users.id, kycCases.userId)).where(cond);
  return { items: rows.map(toSummary), total: n, page, pageSize };
}

async function caseRow(db: Executor, id: string, lock = false) {
  const q = db
    .select({ c: kycCases, u: users })
    .from(kycCases)
    .innerJoin(users, eq(users.id, kycCases.userId))
    .where(and(eq(kycCases.id, id), sql`${users.deletedAt} IS NULL`));
  const rows = lock ? await q.for('update', { of: kycCases }) : await q;
  if (!rows[0]) throw notFound(KYC_MESSAGES.caseNotFound);
  return rows[0];
}

/** The person's documents as they stood for this case (those uploaded before its decision). */
function caseDocuments(db: Executor, c: { userId: string; decidedAt: Date | null }) {
  const where: SQL[] = [eq(files.userId, c.userId), inArray(files.kind, ['KYC', 'BUSINESS_KYC'])];
  if (c.decidedAt) where.push(lte(files.createdAt, c.decidedAt));
  return db
    .select()
    .from(files)
    .where(and(...where))
    .orderBy(desc(files.createdAt));
}

export async function getCase(app: FastifyInstance, id: string): Promise<KycCase> {
  const { c, u } = await caseRow(app.db, id);
  const docs = await caseDocuments(app.db, c);
  const notes = await app.db
    .select({ n: kycCaseNotes, email: users.email })
    .from(kycCaseNotes)
    .innerJoin(users, eq(users.id, kycCaseNotes.authorId))
    .where(eq(kycCaseNotes.caseId, c.id))
    .orderBy(asc(kycCaseNotes.createdAt), asc(kycCaseNotes.id));
  const history = await app.db
    .select(summaryColumns)
    .from(kycCases)
    .innerJoin(users, eq(users.id, kycCases.userId))
    .where(eq(kycCases.userId, c.userId))
    .orderBy(desc(kycCases.submittedAt), desc(kycCases.id));
  return {
    ...toSummary({ ...c, firstName: u.firstName, lastName: u.lastName, email: u.email }),
    checklist: c.checklist,
    decidedAt: c.decidedAt ? c.decidedAt.toISOString() : null,
    decidedBy: c.decidedBy,
    reasonCode: c.reasonCode,
    decisionNote: c.decisionNote,
    userStatus: u.status,
    onboardingCompleted: u.onboardingCompleted,
    documents: docs.map((d) => ({
      _id: d.id,
      kind: d.kind as 'KYC' | 'BUSINESS_KYC',
      originalName: d.originalName,
      mimeType: d.mimeType,
      createdAt: d.createdAt.toISOString(),
    })),
    notes: notes.map(({ n, email }): KycCaseNote => ({
      _id: n.id,
      authorId: n.authorId,
      authorEmail: email,
      body: n.body,
      createdAt: n.createdAt.toISOString(),
    })),
    history: history.map(toSummary),
  };
}

/** A short-lived link to one of the case's documents; every view is recorded as a personal-data read. */
export async function viewCaseDocument(app: FastifyInstance, actor: Actor, id: string, fileId: string): Promise<KycDocumentView> {
  return app.db.transaction(async (tx) => {
    const { c } = await caseRow(tx, id);
    const doc = (await caseDocuments(tx, c)).find((d) => d.id === fileId);
    if (!doc) throw notFound(KYC_MESSAGES.documentNotInCase);
    await audit(tx, actor, {
      action: 'kyc.document.view',
      targetType: 'kyc_case',
      targetId: c.id,
      detail: { userId: c.userId, fileId: doc.id, kind: doc.kind, name: doc.originalName },
    });
    return { url: app.links.url(doc.storageKey, true), mimeType: doc.mimeType, originalName: doc.originalName };
  });
}

export async function addCaseNote(app: FastifyInstance, actor: Actor, id: string, body: string): Promise<KycCaseNote> {
  const text = body.trim();
  if (!text) throw badRequest('The note is empty');
  const note = await app.db.transaction(async (tx) => {
    const { c } = await caseRow(tx, id);
    const [n] = await tx.insert(kycCaseNotes).values({ caseId: c.id, authorId: actor.id, body: text }).returning();
    // The note's text stays on the case: the audit trail says only that one was written.
    await audit(tx, actor, { action: 'kyc.note', targetType: 'kyc_case', targetId: c.id, detail: { userId: c.userId, noteId: n.id } });
    return n;
  });
  return { _id: note.id, authorId: note.authorId, authorEmail: actor.email, body: note.body, createdAt: note.createdAt.toISOString() };
}

function cleanChecklist(kind: KycCaseKind, given: KycChecklist | undefined): KycChecklist {
  const out: KycChecklist = {};
  for (const item of KYC_CHECKLIST[kind]) out[item] = given?.[item] === true;
  return out;
}

/** Approve or reject a submitted case: the person's status follows, they are told, and it is audited. */
export async function decideCase(app: FastifyInstance, actor: Actor, id: string, body: KycDecisionBody): Promise<KycCase> {
  const note = body.note?.trim() || null;
  if (body.decision === 'REJECT' && !body.reasonCode) throw badRequest(KYC_MESSAGES.rejectNeedsReason);
  await app.db.transaction(async (tx) => {
    const { c, u } = await caseRow(tx, id, true);
    if (c.status !== 'SUBMITTED') throw conflict(KYC_MESSAGES.caseAlreadyDecided);
    const checklist = cleanChecklist(c.kind, body.checklist);
    const reasonCode = body.decision === 'REJECT' ? body.reasonCode : undefined;
    // The person reads the reason in plain words, and the decision's note when one is given;
    // internal notes never leave the case.
    const reason = reasonCode ? [KYC_REJECTION_REASON_TEXT[reasonCode], note].filter(Boolean).join(' ') : '';
    await tx.update(kycCases).set({ checklist }).where(eq(kycCases.id, c.id));
    await applyVerification(app, tx, actor, u, {
      status: body.decision === 'APPROVE' ? 'VERIFIED' : 'REJECTED',
      reason,
      reasonCode,
      note,
    });
    await audit(tx, actor, {
      action: 'kyc.decide',
      targetType: 'kyc_case',
      targetId: c.id,
      detail: {
        userId: c.userId,
        before: { status: c.status, userStatus: u.status },
        after: {
          status: body.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED',
          userStatus: body.decision === 'APPROVE' ? 'VERIFIED' : 'REJECTED',
          reasonCode: reasonCode ?? null,
          note,
          checklist,
        },
      },
    });
  });
  return getCase(app, id);
}
