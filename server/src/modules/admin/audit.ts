// The audit trail of admin actions (append-only in the database).
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { currentUser } from '../../plugins/auth';

export interface AuditEvent {
  action: string;
  targetType: 'user' | 'property' | 'support_ticket' | 'order' | 'payout' | 'income_report' | 'distribution' | 'appraisal' | 'market_order';
  targetId: string;
  detail?: Record<string, unknown>;
}

export async function audit(db: Executor, request: FastifyRequest, event: AuditEvent): Promise<void> {
  const actor = currentUser(request);
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    detail: event.detail ?? {},
    ip: request.ip ?? '',
  });
}
