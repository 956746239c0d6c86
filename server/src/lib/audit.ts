// The audit trail of admin actions (append-only in the database). Any module records
// into it, so it lives here rather than in one of them.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditAction } from 'shared-api/contract/admin';
import type { Actor } from './actor';

export interface AuditEvent {
  action: AuditAction;
  targetType:
    | 'user'
    | 'property'
    | 'support_ticket'
    | 'order'
    | 'payout'
    | 'payout_batch'
    | 'income_report'
    | 'distribution'
    | 'appraisal'
    | 'market_order'
    | 'release_token'
    | 'payout_destination'
    | 'market_flag'
    | 'kyc_case'
    | 'approval_request'
    | 'export'
    | 'proposal';
  targetId: string;
  detail?: Record<string, unknown>;
}

const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/**
 * What an edit changed, as the audit trail keeps it: the old and new value of each field it
 * set to something different (fields set to what they were are left out).
 */
export function changesOf(before: object, set: object): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was = before as Record<string, unknown>;
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const [k, v] of Object.entries(set)) {
    if (k === 'updatedAt' || v === undefined) continue;
    if (JSON.stringify(plain(was[k])) === JSON.stringify(plain(v))) continue;
    out.before[k] = plain(was[k]);
    out.after[k] = plain(v);
  }
  return out;
}

/** The audit rows the current request wrote: plugins/audit-trail checks every admin change left one. */
export const requestAudits = new AsyncLocalStorage<{ events: AuditEvent[] }>();

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
  requestAudits.getStore()?.events.push(event);
}
