// Four eyes: an admin action that is configured to need a second admin is stored as a
// PENDING request instead of running; another admin approves it (it then runs, in the same
// transaction as the decision) or rejects it, or its requester cancels it. Each gated action
// registers how to run its stored payload (`registerApproval`, from its own module), so this
// module imports none of them. The database holds the rules too (migration 1240: nobody
// decides their own request; approvals/sql/approval_requests_guard.sql: decided once).
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { AdminRole, ApprovalAction, ApprovalRequest, ApprovalsQuery } from 'shared-api/contract';
import { adminCan } from 'shared-api/contract/dashboard';
import { ADMIN_ROLE_MESSAGES, APPROVAL_MESSAGES, APPROVAL_PERMISSIONS } from 'shared-api/contract/admin';
import type { Executor, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { audit, type AuditEvent } from '../../lib/audit';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { moneyError, moneyTx } from '../../lib/money';

/** What a gated action asks for, in the words and ids the queue shows. */
export interface ApprovalAsk {
  targetType: AuditEvent['targetType'];
  targetId: string;
  summary: string;
}

export interface ApprovalHandler<P> {
  /**
   * Whether this call needs approval (the action is configured): e.g. a payout above the
   * threshold. Also checks the target exists, so a request for nothing is refused at once.
   * Returns what to show, or null to act at once.
   */
  ask(app: FastifyInstance, actor: Actor, payload: P): Promise<ApprovalAsk | null>;
  /**
   * Runs the stored action for the approver. `app.db` is the approval's own transaction (a
   * savepoint of it), so the action and the decision commit together or not at all.
   */
  execute(app: FastifyInstance, approver: Actor, payload: P): Promise<unknown>;
}

const handlers = new Map<ApprovalAction, ApprovalHandler<never>>();

/** Called once by each gated module, at load. */
export function registerApproval<P>(action: ApprovalAction, handler: ApprovalHandler<P>): void {
  handlers.set(action, handler as ApprovalHandler<never>);
}

/** Whether four eyes is configured for this action. */
export function fourEyesOn(app: FastifyInstance, action: ApprovalAction): boolean {
  return app.config.fourEyes?.actions.includes(action) ?? false;
}

type Row = Record<string, unknown>;

/** Cents in dollars for a summary: 123456 → "$1,234.56". */
export function usd(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

async function rows<T = Row>(db: Executor, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

const SELECT = sql`SELECT r.*, q.email AS q_email, q.first_name AS q_first, q.last_name AS q_last,
                          d.email AS d_email, d.first_name AS d_first, d.last_name AS d_last
                     FROM approval_requests r
                     JOIN users q ON q.id = r.requested_by
                     LEFT JOIN users d ON d.id = r.decided_by`;

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const name = (first: unknown, last: unknown) => `${String(first ?? '')} ${String(last ?? '')}`.trim();

function toRequest(r: Row): ApprovalRequest {
  return {
    _id: String(r.id),
    action: r.action as ApprovalAction,
    targetType: String(r.target_type),
    targetId: String(r.target_id),
    summary: String(r.summary),
    requestedBy: { _id: String(r.requested_by), email: String(r.q_email), name: name(r.q_first, r.q_last) },
    requestedAt: iso(r.requested_at),
    status: r.status as ApprovalRequest['status'],
    decidedBy: r.decided_by ? { _id: String(r.decided_by), email: String(r.d_email), name: name(r.d_first, r.d_last) } : null,
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
    decisionNote: String(r.decision_note ?? ''),
  };
}

async function requestById(db: Executor, id: string): Promise<ApprovalRequest> {
  const [r] = await rows(db, sql`${SELECT} WHERE r.id = ${id}`);
  if (!r) throw notFound(APPROVAL_MESSAGES.notFound);
  return toRequest(r);
}

/**
 * The gate a route calls before acting: when four eyes is on for the action and its handler
 * says this call needs it, stores a PENDING request and returns it (the route answers 202);
 * otherwise null, and the route acts at once as before.
 */
export async function held<P>(app: FastifyInstance, actor: Actor, action: ApprovalAction, payload: P): Promise<ApprovalRequest | null> {
  if (!fourEyesOn(app, action)) return null;
  const handler = handlers.get(action) as ApprovalHandler<P> | undefined;
  if (!handler) return null;
  const ask = await handler.ask(app, actor, payload);
  if (!ask) return null;
  const id = await moneyTx(app, async (tx) => {
    // One waiting request per action and target: a second would run the same thing twice.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`approval:${action}:${ask.targetId}`}))`);
    const [dup] = await rows(
      tx,
      sql`SELECT 1 FROM approval_requests WHERE status = 'PENDING' AND action = ${action} AND target_id = ${ask.targetId}`,
    );
    if (dup) throw conflict(APPROVAL_MESSAGES.alreadyPending);
    const [r] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO approval_requests (action, target_type, target_id, payload, summary, requested_by)
          VALUES (${action}, ${ask.targetType}, ${ask.targetId}, ${JSON.stringify(payload ?? {})}::jsonb, ${ask.summary.slice(0, 500)}, ${actor.id})
          RETURNING id`,
    );
    await audit(tx, actor, {
      action: 'approval.request',
      targetType: ask.targetType,
      targetId: ask.targetId,
      detail: { approvalId: r.id, action, summary: ask.summary },
    });
    return r.id;
  });
  return requestById(app.db, id);
}

export async function listApprovals(app: FastifyInstance, q: ApprovalsQuery): Promise<ApprovalRequest[]> {
  const status = q.status ?? 'PENDING';
  const list = await rows(app.db, sql`${SELECT} WHERE r.status = ${status} ORDER BY r.requested_at DESC LIMIT 500`);
  return list.map(toRequest);
}

/** Whether another super admin (who alone may approve admins and release tokens) exists. */
export async function anotherSuperAdmin(db: Executor, actorId: string): Promise<boolean> {
  const [r] = await rows<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM users
         WHERE role = 'ADMIN' AND admin_role = 'SUPER_ADMIN' AND id <> ${actorId} AND deleted_at IS NULL`,
  );
  return Number(r?.n ?? 0) > 0;
}

export async function pendingCount(db: Executor): Promise<number> {
  const [r] = await rows<{ n: string }>(db, sql`SELECT count(*) AS n FROM approval_requests WHERE status = 'PENDING'`);
  return Number(r?.n ?? 0);
}

/** The request locked for a decision, or the reason there can be none. */
async function lockPending(tx: Tx, id: string): Promise<Row> {
  const [r] = await rows(
    tx,
    sql`SELECT r.*, u.email AS requester_email FROM approval_requests r JOIN users u ON u.id = r.requested_by WHERE r.id = ${id} FOR UPDATE OF r`,
  );
  if (!r) throw notFound(APPROVAL_MESSAGES.notFound);
  if (r.status !== 'PENDING') throw conflict(APPROVAL_MESSAGES.notPending);
  return r;
}

/** `app` whose database is the given transaction: what a handler runs against. */
function within(app: FastifyInstance, tx: Tx): FastifyInstance {
  return Object.create(app, { db: { value: tx } }) as FastifyInstance;
}

/** The decider's admin role must hold the permission the action itself needs (read here, so a
 *  job or a test deciding through the service meets the same rule as a route). */
async function mayDecide(tx: Executor, decider: Actor, action: ApprovalAction): Promise<void> {
  const [row] = await rows<{ admin_role: AdminRole | null }>(tx, sql`SELECT admin_role FROM users WHERE id = ${decider.id}`);
  if (!adminCan(row?.admin_role, APPROVAL_PERMISSIONS[action])) throw forbidden(ADMIN_ROLE_MESSAGES.forbidden);
}

/**
 * A second admin approves: the action runs in this transaction. If it is refused (a 4xx: the
 * wallet is short now, the report was decided meanwhile), nothing of it stays and the request
 * becomes FAILED with the reason; the answer is the request either way.
 */
export async function approve(app: FastifyInstance, approver: Actor, id: string): Promise<ApprovalRequest> {
  await moneyTx(app, async (tx) => {
    const r = await lockPending(tx, id);
    if (r.requested_by === approver.id) throw forbidden(APPROVAL_MESSAGES.ownRequest);
    const action = r.action as ApprovalAction;
    await mayDecide(tx, approver, action);
    const handler = handlers.get(action);
    const base = {
      approvalId: id,
      action,
      requestedBy: { id: String(r.requested_by), email: String(r.requester_email) },
      approvedBy: { id: approver.id, email: approver.email },
    };
    const event = { targetType: r.target_type as AuditEvent['targetType'], targetId: String(r.target_id) };
    try {
      if (!handler) throw conflict(`Nothing runs "${action}" any more`);
      const result = await tx.transaction(async (sp) => handler.execute(within(app, sp), approver, r.payload as never));
      await tx.execute(
        sql`UPDATE approval_requests SET status = 'APPROVED', decided_by = ${approver.id}, decided_at = now(),
                   result = ${JSON.stringify(result ?? null)}::jsonb WHERE id = ${id}`,
      );
      await audit(tx, approver, { action: 'approval.approve', ...event, detail: { ...base, result } });
    } catch (err) {
      const e = moneyError(err);
      if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
      await tx.execute(
        sql`UPDATE approval_requests SET status = 'FAILED', decided_by = ${approver.id}, decided_at = now(),
                   decision_note = ${e.message.slice(0, 1000)}, result = ${JSON.stringify({ error: e.message, statusCode: e.statusCode })}::jsonb
             WHERE id = ${id}`,
      );
      await audit(tx, approver, { action: 'approval.fail', ...event, detail: { ...base, reason: e.message } });
    }
  });
  return requestById(app.db, id);
}

export async function reject(app: FastifyInstance, approver: Actor, id: string, note: string): Promise<ApprovalRequest> {
  const reason = note.trim();
  if (!reason) throw badRequest(APPROVAL_MESSAGES.noteRequired);
  await moneyTx(app, async (tx) => {
    const r = await lockPending(tx, id);
    if (r.requested_by === approver.id) throw forbidden(APPROVAL_MESSAGES.ownRequest);
    await mayDecide(tx, approver, r.action as ApprovalAction);
    await tx.execute(
      sql`UPDATE approval_requests SET status = 'REJECTED', decided_by = ${approver.id}, decided_at = now(), decision_note = ${reason} WHERE id = ${id}`,
    );
    await audit(tx, approver, {
      action: 'approval.reject',
      targetType: r.target_type as AuditEvent['targetType'],
      targetId: String(r.target_id),
      detail: {
        approvalId: id,
        action: r.action,
        requestedBy: { id: r.requested_by, email: r.requester_email },
        rejectedBy: { id: approver.id, email: approver.email },
        note: reason,
      },
    });
  });
  return requestById(app.db, id);
}

export async function cancel(app: FastifyInstance, requester: Actor, id: string): Promise<ApprovalRequest> {
  await moneyTx(app, async (tx) => {
    const r = await lockPending(tx, id);
    if (r.requested_by !== requester.id) throw forbidden(APPROVAL_MESSAGES.onlyRequesterCancels);
    await tx.execute(
      sql`UPDATE approval_requests SET status = 'CANCELLED', decided_by = ${requester.id}, decided_at = now() WHERE id = ${id}`,
    );
    await audit(tx, requester, {
      action: 'approval.cancel',
      targetType: r.target_type as AuditEvent['targetType'],
      targetId: String(r.target_id),
      detail: { approvalId: id, action: r.action },
    });
  });
  return requestById(app.db, id);
}
