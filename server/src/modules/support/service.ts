// Support: tickets from signed-in people and contact-form messages from visitors, each a
// thread. OPEN (the team's turn) → WAITING (an admin replied) → CLOSED; the person's answer
// reopens it. The database enforces the same moves (0085_support_threads.sql).
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CONTACT_FIELD_MAX,
  MESSAGES,
  PHONE_ALLOWED,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGES,
  paths,
  validateEmail,
  type AdminSupportThread,
  type Page,
  type SupportMessage,
  type SupportPersonSummary,
  type SupportQuery,
  type SupportSort,
  type SupportThread,
  type SupportTicket,
} from 'shared-api/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { sortedBy } from '../../lib/list-page';
import { holdings, supportMessages, supportTickets, users, type SupportMessageRow, type SupportRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { audit } from '../../lib/audit';
import type { Actor } from '../../lib/actor';
import { notify } from '../notifications';
import { walletOf } from '../ledger';
import type { SupportBody } from './schemas';

/** How the person sees an admin's message. */
export const SUPPORT_TEAM_NAME = 'Support team';

function toTicket(r: SupportRow): SupportTicket {
  return {
    _id: r.id,
    kind: r.kind,
    userId: r.userId,
    name: r.name,
    email: r.email,
    phoneNumber: r.phoneNumber,
    subject: r.subject,
    message: r.message,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
    assignedTo: r.assignedTo,
  };
}

/** A message body: trimmed, not blank, at most SUPPORT_MESSAGE_MAX characters. */
function messageBody(raw: string): string {
  const body = raw.trim();
  if (!body) throw badRequest(SUPPORT_MESSAGES.emptyMessage);
  if (body.length > SUPPORT_MESSAGE_MAX) throw badRequest(SUPPORT_MESSAGES.tooLong);
  return body;
}

export async function createTicket(app: FastifyInstance, user: Actor | null, body: SupportBody): Promise<SupportTicket> {
  const v = {
    name: body.name?.trim() ?? '',
    phoneNumber: body.phoneNumber?.trim() ?? '',
    email: body.email?.trim() ?? '',
    subject: body.subject?.trim() ?? '',
    message: body.message?.trim() ?? '',
  };
  const contactForm = !user || body.name !== undefined || body.phoneNumber !== undefined || body.email !== undefined;
  let values: typeof supportTickets.$inferInsert;
  if (!contactForm) {
    if (!v.subject || !v.message) throw badRequest(MESSAGES.contactRequired);
    values = { kind: 'TICKET', userId: user.id, subject: v.subject, message: v.message };
  } else {
    if (!v.name || !v.phoneNumber || !v.email || !v.subject || !v.message) throw badRequest(MESSAGES.contactRequired);
    if (v.subject.length > CONTACT_FIELD_MAX) throw badRequest(`subject must be at most ${CONTACT_FIELD_MAX} characters`);
    const emailProblem = validateEmail(v.email);
    if (emailProblem) throw badRequest(emailProblem);
    if (!PHONE_ALLOWED.test(v.phoneNumber) || !/\d/.test(v.phoneNumber)) throw badRequest(MESSAGES.invalidPhone);
    values = {
      kind: 'CONTACT',
      userId: user?.id ?? null,
      name: v.name,
      phoneNumber: v.phoneNumber,
      email: v.email.toLowerCase(),
      subject: v.subject,
      message: v.message,
    };
  }
  return app.db.transaction(async (tx) => {
    const [row] = await tx.insert(supportTickets).values(values).returning();
    // The opening message is the thread's first.
    await tx
      .insert(supportMessages)
      .values({ ticketId: row.id, authorId: row.userId, authorRole: 'PERSON', body: row.message, createdAt: row.createdAt });
    return toTicket(row);
  });
}

// ---- Lists ----

/** The sortable columns (SupportQuery.sort). */
const SUPPORT_SORT_COLUMNS: Record<SupportSort, SQL | AnyPgColumn> = {
  updatedAt: supportTickets.updatedAt,
  createdAt: supportTickets.createdAt,
  subject: sql`lower(${supportTickets.subject})`,
  status: supportTickets.status,
};

async function page(app: FastifyInstance, where: SQL[], q: SupportQuery, order: 'created' | 'updated'): Promise<Page<SupportTicket>> {
  const p = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await app.db.select({ total: count() }).from(supportTickets).where(cond);
  const rows = await app.db
    .select()
    .from(supportTickets)
    .where(cond)
    .orderBy(...sortedBy(SUPPORT_SORT_COLUMNS[q.sort ?? (order === 'updated' ? 'updatedAt' : 'createdAt')], supportTickets.id, q.order))
    .limit(pageSize)
    .offset((p - 1) * pageSize);
  return { items: rows.map(toTicket), total, page: p, pageSize };
}

function filters(q: SupportQuery, me?: string): SQL[] {
  const where: SQL[] = [];
  if (q.status) where.push(eq(supportTickets.status, q.status));
  if (q.kind) where.push(eq(supportTickets.kind, q.kind));
  if (q.assignee === 'unassigned') where.push(isNull(supportTickets.assignedTo));
  else if (q.assignee === 'me' && me) where.push(eq(supportTickets.assignedTo, me));
  else if (q.assignee && q.assignee !== 'me') where.push(eq(supportTickets.assignedTo, q.assignee));
  return where;
}

/** The person's tickets, most recent activity first. */
export function myTickets(app: FastifyInstance, actor: Actor, q: SupportQuery): Promise<Page<SupportTicket>> {
  const { assignee: _ignored, ...own } = q;
  return page(app, [eq(supportTickets.userId, actor.id), ...filters(own)], q, 'updated');
}

export function allTickets(app: FastifyInstance, actor: Actor, q: SupportQuery): Promise<Page<SupportTicket>> {
  return page(app, filters(q, actor.id), q, 'updated');
}

// ---- Threads ----

async function messagesOf(db: Executor, ticketId: string, view: 'person' | 'admin'): Promise<SupportMessage[]> {
  const rows = await db
    .select({ m: supportMessages, firstName: users.firstName, lastName: users.lastName })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const [ticket] = await db.select({ name: supportTickets.name }).from(supportTickets).where(eq(supportTickets.id, ticketId));
  return rows.map(({ m, firstName, lastName }) => toMessage(m, authorName(m, view, firstName, lastName, ticket?.name ?? null), view));
}

function authorName(m: SupportMessageRow, view: 'person' | 'admin', first: string | null, last: string | null, visitor: string | null) {
  if (m.authorRole === 'ADMIN') return view === 'person' ? SUPPORT_TEAM_NAME : `${first ?? ''} ${last ?? ''}`.trim() || 'Admin';
  if (view === 'person') return 'You';
  return first !== null ? `${first} ${last ?? ''}`.trim() : (visitor ?? 'Visitor');
}

function toMessage(m: SupportMessageRow, name: string, view: 'person' | 'admin'): SupportMessage {
  return {
    _id: m.id,
    ticketId: m.ticketId,
    authorId: view === 'person' && m.authorRole === 'ADMIN' ? null : m.authorId,
    authorRole: m.authorRole,
    authorName: name,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    email:
      view === 'admin' && m.emailStatus
        ? { status: m.emailStatus, sentAt: m.emailSentAt?.toISOString() ?? null, error: m.emailError }
        : null,
  };
}

async function ownTicket(db: Executor, actor: Actor, id: string, lock = false): Promise<SupportRow> {
  const q = db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, actor.id)));
  const [t] = lock ? await q.for('update') : await q;
  // Someone else's ticket is "not found" too: its existence is not the person's business.
  if (!t) throw notFound('Ticket not found');
  return t;
}

export async function myThread(app: FastifyInstance, actor: Actor, id: string): Promise<SupportThread> {
  const t = await ownTicket(app.db, actor, id);
  return { ticket: toTicket(t), messages: await messagesOf(app.db, id, 'person') };
}

/** The person answers: the message is added and the ticket is the team's turn again (a closed one reopens). */
export async function answer(app: FastifyInstance, actor: Actor, id: string, raw: string): Promise<SupportThread> {
  const body = messageBody(raw);
  return app.db.transaction(async (tx) => {
    const t = await ownTicket(tx, actor, id, true);
    if (t.kind === 'CONTACT') throw conflict(SUPPORT_MESSAGES.contactAnswer);
    const [m] = await tx.insert(supportMessages).values({ ticketId: id, authorId: actor.id, authorRole: 'PERSON', body }).returning();
    const [row] = await tx
      .update(supportTickets)
      .set({ status: 'OPEN', closedAt: null, closedBy: null, updatedAt: m.createdAt })
      .where(eq(supportTickets.id, t.id))
      .returning();
    return { ticket: toTicket(row), messages: await messagesOf(tx, id, 'person') };
  });
}

async function anyTicket(db: Executor, id: string, lock = false): Promise<SupportRow> {
  const q = db.select().from(supportTickets).where(eq(supportTickets.id, id));
  const [t] = lock ? await q.for('update') : await q;
  if (!t) throw notFound('Ticket not found');
  return t;
}

async function personSummary(db: Executor, userId: string | null): Promise<SupportPersonSummary | null> {
  if (!userId) return null;
  const [u] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      status: users.status,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!u) return null;
  const wallet = await walletOf(db, u.id);
  const [{ n }] = await db
    .select({ n: count() })
    .from(holdings)
    .where(and(eq(holdings.investorId, u.id), sql`${holdings.quantity} > 0`));
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    status: u.status,
    walletBalance: wallet.balance,
    holdingsCount: n,
  };
}

async function adminThread(db: Executor, t: SupportRow): Promise<AdminSupportThread> {
  let assignee: AdminSupportThread['assignee'] = null;
  if (t.assignedTo) {
    const [a] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, t.assignedTo));
    assignee = { _id: t.assignedTo, name: a ? `${a.firstName} ${a.lastName}`.trim() : 'Admin' };
  }
  return {
    ticket: toTicket(t),
    messages: await messagesOf(db, t.id, 'admin'),
    person: await personSummary(db, t.userId),
    assignee,
  };
}

export async function getThread(app: FastifyInstance, id: string): Promise<AdminSupportThread> {
  return adminThread(app.db, await anyTicket(app.db, id));
}

/**
 * An admin replies. A ticket: the person's turn (WAITING), and a SUPPORT_REPLY notice in the
 * same transaction (the notifications dispatcher e-mails it). A contact-form message: the
 * reply is stored with its e-mail PENDING, and sent after the commit (see sendReplyMail).
 */
export async function reply(app: FastifyInstance, admin: Actor, id: string, raw: string): Promise<AdminSupportThread> {
  const body = messageBody(raw);
  const { thread, mailId } = await app.db.transaction(async (tx) => {
    const t = await anyTicket(tx, id, true);
    if (t.status === 'CLOSED') throw conflict(SUPPORT_MESSAGES.closedReply);
    const contact = t.kind === 'CONTACT';
    if (!contact && t.userId) {
      const [u] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, t.userId));
      if (!u || u.deletedAt) throw conflict(SUPPORT_MESSAGES.closedAccount);
    }
    const [m] = await tx
      .insert(supportMessages)
      .values({ ticketId: id, authorId: admin.id, authorRole: 'ADMIN', body, emailStatus: contact ? 'PENDING' : null })
      .returning();
    const [row] = await tx
      .update(supportTickets)
      .set({ status: 'WAITING', updatedAt: m.createdAt, assignedTo: t.assignedTo ?? admin.id })
      .where(eq(supportTickets.id, id))
      .returning();
    if (!contact && t.userId) {
      await notify(tx, {
        userId: t.userId,
        kind: 'SUPPORT_REPLY',
        title: `Reply to your ticket: ${t.subject}`.slice(0, 200),
        body: body.length > 300 ? `${body.slice(0, 297)}...` : body,
        link: paths.supportThread(id),
        data: { ticketId: id, messageId: m.id },
      });
    }
    await audit(tx, admin, {
      action: 'support.reply',
      targetType: 'support_ticket',
      targetId: id,
      detail: { messageId: m.id, kind: t.kind, byEmail: contact },
    });
    return { thread: await adminThread(tx, row), mailId: contact ? m.id : null };
  });
  if (!mailId) return thread;
  await sendReplyMail(app, mailId);
  return getThread(app, id);
}

/**
 * Sends a stored contact reply and records the outcome. Runs after the reply's commit, so a
 * failed send never loses the reply; a crash between commit and send leaves it PENDING, shown
 * in the inbox with "Send again". The row is locked while sending so two admins pressing
 * "Send again" at once send it once; SENT is final (the database refuses to change it).
 */
export async function sendReplyMail(app: FastifyInstance, messageId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ m: supportMessages, t: supportTickets })
      .from(supportMessages)
      .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
      .where(eq(supportMessages.id, messageId))
      .for('update', { of: supportMessages });
    if (!row || row.m.emailStatus === 'SENT' || row.m.emailStatus === null || !row.t.email) return;
    try {
      await app.mailer.send({
        to: row.t.email,
        subject: `Re: ${row.t.subject}`,
        text: `Hello ${row.t.name ?? ''},\n\n${row.m.body}\n\n— The support team\n\nYou wrote:\n${row.t.message
          .split('\n')
          .map((l) => `> ${l}`)
          .join('\n')}\n`,
      });
      await tx
        .update(supportMessages)
        .set({ emailStatus: 'SENT', emailSentAt: new Date(), emailError: null, emailAttempts: row.m.emailAttempts + 1 })
        .where(eq(supportMessages.id, messageId));
    } catch (err) {
      app.log.warn({ err, messageId }, 'support reply e-mail failed');
      await tx
        .update(supportMessages)
        .set({ emailStatus: 'FAILED', emailError: (err as Error).message.slice(0, 500), emailAttempts: row.m.emailAttempts + 1 })
        .where(eq(supportMessages.id, messageId));
    }
  });
}

/** "Send again" for a contact reply whose e-mail failed or never went. */
export async function resendReply(app: FastifyInstance, actor: Actor, id: string, messageId: string): Promise<AdminSupportThread> {
  const [m] = await app.db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.id, messageId), eq(supportMessages.ticketId, id)));
  if (!m) throw notFound('Message not found');
  if (m.emailStatus === null) throw conflict(SUPPORT_MESSAGES.notContact);
  if (m.emailStatus === 'SENT') throw conflict(SUPPORT_MESSAGES.alreadySent);
  await audit(app.db, actor, { action: 'support.resend', targetType: 'support_ticket', targetId: id, detail: { messageId } });
  await sendReplyMail(app, messageId);
  return getThread(app, id);
}

export async function assign(app: FastifyInstance, actor: Actor, id: string, assignee: 'me' | null): Promise<AdminSupportThread> {
  return app.db.transaction(async (tx) => {
    const t = await anyTicket(tx, id, true);
    const to = assignee === 'me' ? actor.id : null;
    const [row] = await tx.update(supportTickets).set({ assignedTo: to }).where(eq(supportTickets.id, id)).returning();
    await audit(tx, actor, {
      action: to ? 'support.assign' : 'support.unassign',
      targetType: 'support_ticket',
      targetId: id,
      detail: { from: t.assignedTo, to },
    });
    return adminThread(tx, row);
  });
}

export async function closeTicket(app: FastifyInstance, actor: Actor, id: string): Promise<SupportTicket> {
  return app.db.transaction(async (tx) => {
    const t = await anyTicket(tx, id, true);
    if (t.status === 'CLOSED') throw conflict('The ticket is already closed');
    const now = new Date();
    const [row] = await tx
      .update(supportTickets)
      .set({ status: 'CLOSED', closedAt: now, closedBy: actor.id, updatedAt: now })
      .where(eq(supportTickets.id, id))
      .returning();
    await audit(tx, actor, { action: 'support.close', targetType: 'support_ticket', targetId: id, detail: { subject: t.subject } });
    return toTicket(row);
  });
}

/** Closing an account (users/service.ts deleteUser, same transaction): the person's open tickets are closed, nobody can answer them any more. Returns how many. */
export async function closeTicketsOfClosedAccount(tx: Executor, userId: string, closedBy: string): Promise<number> {
  const now = new Date();
  const closed = await tx
    .update(supportTickets)
    .set({ status: 'CLOSED', closedAt: now, closedBy, updatedAt: now })
    .where(and(eq(supportTickets.userId, userId), eq(supportTickets.kind, 'TICKET'), sql`${supportTickets.status} <> 'CLOSED'`))
    .returning({ id: supportTickets.id });
  return closed.length;
}
