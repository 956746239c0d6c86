// Four eyes for verification (modules/approvals): approving a case whose checklist is not all
// ticked (a check failed or was overridden) waits for a second admin; a case with every check
// ticked, and any rejection, is decided at once. The direct verify route ticks no checklist at
// all, so verifying through it always waits for a second admin.
import { eq } from 'drizzle-orm';
import type { KycDecisionBody, VerifyUserBody } from 'shared-api/contract';
import { KYC_CHECKLIST, KYC_CHECKLIST_LABELS, KYC_MESSAGES } from 'shared-api/contract/admin';
import { kycCases, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { registerApproval } from '../approvals';
import { decideCase } from './cases';
import { verifyUser } from './service';
import { verificationRefusal } from './verification';

type VerifyPayload = { caseId: string; body: KycDecisionBody } | { userId: string; direct: VerifyUserBody };

registerApproval<VerifyPayload>('person.verify', {
  async ask(app, _actor, payload) {
    if ('userId' in payload) {
      if (payload.direct.status !== 'VERIFIED') return null;
      const [u] = await app.db.select().from(users).where(eq(users.id, payload.userId));
      if (!u || u.role === 'ADMIN') throw notFound('User not found');
      // Refused now rather than after a second admin has looked at it.
      const why = await verificationRefusal(app.db, u);
      if (why) throw conflict(why);
      return {
        targetType: 'user',
        targetId: payload.userId,
        summary: `Verify ${u.email} without a case checklist`,
      };
    }
    const { caseId, body } = payload;
    if (body.decision !== 'APPROVE') return null;
    const [row] = await app.db
      .select({ kind: kycCases.kind, status: kycCases.status, email: users.email })
      .from(kycCases)
      .innerJoin(users, eq(users.id, kycCases.userId))
      .where(eq(kycCases.id, caseId));
    if (!row) throw notFound(KYC_MESSAGES.caseNotFound);
    if (row.status !== 'SUBMITTED') throw conflict(KYC_MESSAGES.caseAlreadyDecided);
    const unticked = KYC_CHECKLIST[row.kind].filter((item) => body.checklist?.[item] !== true);
    if (unticked.length === 0) return null;
    return {
      targetType: 'kyc_case',
      targetId: caseId,
      summary: `Verify ${row.email} without: ${unticked.map((i) => KYC_CHECKLIST_LABELS[i]).join('; ')}`,
    };
  },
  execute: (app, approver, payload) =>
    'userId' in payload
      ? verifyUser(app, approver, payload.userId, payload.direct)
      : decideCase(app, approver, payload.caseId, payload.body),
});
