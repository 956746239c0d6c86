// Off-plan construction progress: forward updates apply at once; one that goes backwards on
// a listing investors see waits for a compliance review (migration 1260), because a drop
// from 80% to 20% is news a regulated platform checks before it reaches holders.
// Applying a percent has one home, `applyProgress`, used by a forward update and by approval.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_PROPERTY_STATUSES, type ProgressReview, type ProgressUpdateRecord } from 'shared-api/contract';
import { PROGRESS_REVIEW_MESSAGES } from 'shared-api/contract/dashboard';
import type { Executor } from '../../db/client';
import { progressUpdates, properties, users, type PropertyRow } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { notices } from '../notifications';

type UpdateRow = typeof progressUpdates.$inferSelect;

export function toProgressRecord(u: UpdateRow): ProgressUpdateRecord {
  return {
    _id: u.id,
    propertyId: u.propertyId,
    percent: u.percent,
    note: u.note,
    status: u.status,
    previousPercent: u.previousPercent,
    reviewReason: u.reviewReason,
    createdAt: u.createdAt.toISOString(),
    decidedAt: u.decidedAt ? u.decidedAt.toISOString() : null,
  };
}

/** Sets a listing's progress: what a forward update and an approved backward one both do. */
export async function applyProgress(tx: Executor, propertyId: string, percent: number): Promise<PropertyRow> {
  const [row] = await tx
    .update(properties)
    .set({ progress: percent, updatedAt: new Date() })
    .where(eq(properties.id, propertyId))
    .returning();
  return row;
}

/**
 * Records an update of a listing locked by the caller, asked for by its owner or by an admin's
 * edit: applied, or held when it is lower than the progress investors see now. A second held
 * update is refused (409) rather than replacing the first: the reviewer may be reading that
 * one, and the owner sees it.
 */
export async function recordProgress(
  tx: Executor,
  p: PropertyRow,
  percent: number,
  note: string,
  requestedBy: string,
): Promise<{ row: PropertyRow; update: UpdateRow; message: string | null }> {
  const current = p.progress ?? 0;
  const held = percent < current && PUBLIC_PROPERTY_STATUSES.includes(p.status);
  if (held) {
    const [pending] = await tx
      .select({ id: progressUpdates.id })
      .from(progressUpdates)
      .where(and(eq(progressUpdates.propertyId, p.id), eq(progressUpdates.status, 'PENDING_REVIEW')))
      .limit(1);
    if (pending) throw conflict(PROGRESS_REVIEW_MESSAGES.alreadyPending);
  }
  const [update] = await tx
    .insert(progressUpdates)
    .values({ propertyId: p.id, percent, note, status: held ? 'PENDING_REVIEW' : 'APPLIED', previousPercent: current, requestedBy })
    .returning();
  if (held) return { row: p, update, message: PROGRESS_REVIEW_MESSAGES.held(current) };
  return { row: await applyProgress(tx, p.id, percent), update, message: null };
}

/** Each listing's held update, else its last rejected one while no update came after the decision. */
export async function progressReviewsOf(db: Executor, ids: string[]): Promise<Map<string, ProgressUpdateRecord>> {
  const out = new Map<string, ProgressUpdateRecord>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(progressUpdates)
    .where(inArray(progressUpdates.propertyId, ids))
    .orderBy(asc(progressUpdates.createdAt), asc(progressUpdates.id));
  for (const id of ids) {
    const mine = rows.filter((u) => u.propertyId === id);
    const pending = mine.find((u) => u.status === 'PENDING_REVIEW');
    const rejected = mine
      .filter((u) => u.status === 'REJECTED')
      .sort((a, b) => (b.decidedAt?.getTime() ?? 0) - (a.decidedAt?.getTime() ?? 0))[0];
    const shown =
      pending ?? (rejected && !mine.some((u) => u.createdAt.getTime() > (rejected.decidedAt?.getTime() ?? 0)) ? rejected : undefined);
    if (shown) out.set(id, toProgressRecord(shown));
  }
  return out;
}

/** The review queue, oldest first. */
export async function pendingProgressReviews(app: FastifyInstance): Promise<ProgressReview[]> {
  const rows = await app.db
    .select({
      u: progressUpdates,
      name: properties.name,
      progress: properties.progress,
      ownerId: properties.ownerId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(progressUpdates)
    .innerJoin(properties, eq(properties.id, progressUpdates.propertyId))
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(eq(progressUpdates.status, 'PENDING_REVIEW'))
    .orderBy(asc(progressUpdates.createdAt), asc(progressUpdates.id));
  const now = Date.now();
  return rows.map((r) => ({
    _id: r.u.id,
    propertyId: r.u.propertyId,
    propertyTitle: r.name,
    currentPercent: r.progress ?? 0,
    proposedPercent: r.u.percent,
    note: r.u.note,
    ownerId: r.ownerId,
    ownerName: `${r.firstName} ${r.lastName}`.trim(),
    ownerEmail: r.email,
    createdAt: r.u.createdAt.toISOString(),
    ageHours: Math.max(0, Math.floor((now - r.u.createdAt.getTime()) / 3_600_000)),
  }));
}

/** The held update and its listing, both locked (listing first, as an owner's post locks them). */
async function lockPending(tx: Executor, id: string): Promise<{ u: UpdateRow; p: PropertyRow }> {
  const [found] = await tx.select({ propertyId: progressUpdates.propertyId }).from(progressUpdates).where(eq(progressUpdates.id, id));
  if (!found) throw notFound(PROGRESS_REVIEW_MESSAGES.notFound);
  const [p] = await tx.select().from(properties).where(eq(properties.id, found.propertyId)).for('update');
  const [u] = await tx.select().from(progressUpdates).where(eq(progressUpdates.id, id)).for('update');
  if (!p || !u) throw notFound(PROGRESS_REVIEW_MESSAGES.notFound);
  if (u.status !== 'PENDING_REVIEW') throw conflict(PROGRESS_REVIEW_MESSAGES.notPending);
  return { u, p };
}

export async function approveProgress(app: FastifyInstance, actor: Actor, id: string): Promise<ProgressUpdateRecord> {
  return app.db.transaction(async (tx) => {
    const { u, p } = await lockPending(tx, id);
    // An admin's own lowering waits for a second admin; rejecting (withdrawing) it is allowed.
    if (u.requestedBy === actor.id) throw conflict(PROGRESS_REVIEW_MESSAGES.ownRequest);
    const before = { progress: p.progress, status: u.status };
    const row = await applyProgress(tx, p.id, u.percent);
    const [decided] = await tx
      .update(progressUpdates)
      .set({ status: 'APPLIED', decidedBy: actor.id, decidedAt: new Date() })
      .where(and(eq(progressUpdates.id, id), ne(progressUpdates.status, 'APPLIED')))
      .returning();
    await notices.progressReviewed(tx, { ownerId: p.ownerId, id: p.id, name: p.name }, u.percent, null);
    await audit(tx, actor, {
      action: 'property.progress.approve',
      targetType: 'property',
      targetId: p.id,
      detail: { updateId: id, name: p.name, before, after: { progress: row.progress, status: decided.status } },
    });
    return toProgressRecord(decided);
  });
}

export async function rejectProgress(app: FastifyInstance, actor: Actor, id: string, reasonIn: string): Promise<ProgressUpdateRecord> {
  const reason = reasonIn.trim();
  if (!reason) throw badRequest(PROGRESS_REVIEW_MESSAGES.reasonRequired);
  return app.db.transaction(async (tx) => {
    const { u, p } = await lockPending(tx, id);
    const [decided] = await tx
      .update(progressUpdates)
      .set({ status: 'REJECTED', decidedBy: actor.id, decidedAt: new Date(), reviewReason: reason })
      .where(eq(progressUpdates.id, id))
      .returning();
    await notices.progressReviewed(tx, { ownerId: p.ownerId, id: p.id, name: p.name }, u.percent, reason);
    await audit(tx, actor, {
      action: 'property.progress.reject',
      targetType: 'property',
      targetId: p.id,
      detail: {
        updateId: id,
        name: p.name,
        reason,
        before: { progress: p.progress, status: u.status, percent: u.percent },
        after: { progress: p.progress, status: decided.status, percent: u.percent },
      },
    });
    return toProgressRecord(decided);
  });
}
