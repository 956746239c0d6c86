// Setting a person's verification status: the one path both the direct route and a case's
// decision take, so the refusal to verify someone with nothing to check holds for every caller.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { KycRejectionReason } from 'shared-api/contract';
import { KYC_MESSAGES } from 'shared-api/contract/admin';
import type { Executor } from '../../db/client';
import { files, kycCases, properties, users, type UserRow } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { holderNotices, holdersOf, notices } from '../notifications';

/** Identity and business documents on file for a person, by kind. */
export async function documentCounts(db: Executor, userId: string): Promise<{ KYC: number; BUSINESS_KYC: number }> {
  const rows = await db
    .select({ kind: files.kind, n: count() })
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.kind, ['KYC', 'BUSINESS_KYC'])))
    .groupBy(files.kind);
  const of = (k: string) => rows.find((r) => r.kind === k)?.n ?? 0;
  return { KYC: of('KYC'), BUSINESS_KYC: of('BUSINESS_KYC') };
}

/** Why a person cannot be verified (null: they can): onboarding first, then the documents. */
export async function verificationRefusal(db: Executor, u: UserRow): Promise<string | null> {
  if (!u.onboardingCompleted) return KYC_MESSAGES.verifyNeedsOnboarding;
  const docs = await documentCounts(db, u.id);
  if (docs.KYC === 0) return KYC_MESSAGES.verifyNeedsDocuments;
  if (u.userType === 'BUSINESS_ENTITY' && docs.BUSINESS_KYC === 0) return KYC_MESSAGES.verifyNeedsDocuments;
  return null;
}

export interface VerificationChange {
  status: 'VERIFIED' | 'REJECTED';
  /** What the person is told (plain words), for a rejection. */
  reason: string;
  /** How the open case closes (the direct route has no code of its own). */
  reasonCode?: KycRejectionReason;
  note?: string | null;
}

/**
 * Inside the caller's transaction: refuses verifying a person with nothing submitted, sets the
 * status, closes their open case the same way, tells them and records it.
 */
export async function applyVerification(
  app: FastifyInstance,
  tx: Executor,
  actor: Actor,
  u: UserRow,
  change: VerificationChange,
): Promise<void> {
  const { status, reason } = change;
  if (status === 'VERIFIED') {
    const why = await verificationRefusal(tx, u);
    if (why) throw conflict(why);
  }
  await tx
    .update(users)
    .set({ status, rejectionReason: status === 'REJECTED' ? reason : null, updatedAt: new Date() })
    .where(eq(users.id, u.id));
  await tx
    .update(kycCases)
    .set({
      status: status === 'VERIFIED' ? 'APPROVED' : 'REJECTED',
      decidedAt: new Date(),
      decidedBy: actor.id,
      reasonCode: status === 'REJECTED' ? (change.reasonCode ?? 'OTHER') : null,
      decisionNote: change.note ?? (status === 'REJECTED' ? reason : null),
    })
    .where(and(eq(kycCases.userId, u.id), eq(kycCases.status, 'SUBMITTED')));
  if (status === 'REJECTED') await app.tokens.revokeAll(tx, u.id);
  if (status === 'VERIFIED' && u.status !== 'VERIFIED') await notices.kycVerified(tx, u.id);
  if (status === 'REJECTED') {
    // The orders a rejection cancelled in this transaction (the database cancels them: migration 0103).
    const cancelled = (await tx.execute(
      sql`SELECT count(*) AS n FROM market_orders WHERE investor_id = ${u.id} AND status = 'CANCELLED' AND closed_at = now()`,
    )) as unknown as { rows: { n: unknown }[] };
    await notices.kycRejected(tx, u.id, reason, Number(cancelled.rows[0].n));
    // The database suspended the owner's live listings in this transaction (0040's trigger): tell them, and the listings' holders, too.
    for (const p of await tx
      .select({ id: properties.id, name: properties.name, ownerId: properties.ownerId, reason: properties.suspendedReason })
      .from(properties)
      .where(and(eq(properties.ownerId, u.id), sql`${properties.suspendedAt} = now()`))) {
      const why = p.reason ?? 'The owner’s identity verification was rejected';
      await notices.listingSuspended(tx, p, why);
      const holders = (await holdersOf(tx, p.id)).filter((holder) => holder !== p.ownerId);
      await holderNotices.holdingSuspended(
        tx,
        holders.map((userId) => ({ userId, id: p.id, name: p.name })),
        why,
      );
    }
  }
  await audit(tx, actor, {
    action: status === 'VERIFIED' ? 'user.verify' : 'user.reject',
    targetType: 'user',
    targetId: u.id,
    detail: { from: u.status, to: status, ...(reason && status === 'REJECTED' ? { reason } : {}) },
  });
}
