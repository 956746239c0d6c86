// The audit trail of admin actions (append-only in the database). Any module records
// into it, so it lives here rather than in one of them.
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditAction } from 'shared-api/labels';
import type { Actor } from './actor';

export interface AuditEvent {
  action: AuditAction;
  targetType:
    | 'user'
    | 'property'
    | 'support_ticket'
    | 'order'
    | 'payout'
    | 'income_report'
    | 'distribution'
    | 'appraisal'
    | 'market_order'
    | 'release_token'
    | 'payout_destination'
    | 'market_flag';
  targetId: string;
  detail?: Record<string, unknown>;
}

export async function audit(db: Executor, actor: Pick<Actor, 'id' | 'email' | 'ip'>, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    detail: event.detail ?? {},
    ip: actor.ip,
  });
}
