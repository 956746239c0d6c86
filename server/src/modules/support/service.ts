// Support: tickets from signed-in users, contact-form messages from anyone; admins close them.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONTACT_FIELD_MAX,
  MESSAGES,
  PHONE_ALLOWED,
  validateEmail,
  type Page,
  type SupportQuery,
  type SupportTicket,
} from 'shared-api/contract';
import { supportTickets, type SupportRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { audit } from '../admin/audit';
import type { SupportBody } from './schemas';

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
  };
}

export async function createTicket(app: FastifyInstance, request: FastifyRequest, body: SupportBody): Promise<SupportTicket> {
  const v = {
    name: body.name?.trim() ?? '',
    phoneNumber: body.phoneNumber?.trim() ?? '',
    email: body.email?.trim() ?? '',
    subject: body.subject?.trim() ?? '',
    message: body.message?.trim() ?? '',
  };
  const user = request.user;
  const contactForm = !user || body.name !== undefined || body.phoneNumber !== undefined || body.email !== undefined;
  if (!contactForm) {
    if (!v.subject || !v.message) throw badRequest(MESSAGES.contactRequired);
    const [row] = await app.db
      .insert(supportTickets)
      .values({ kind: 'TICKET', userId: user.id, subject: v.subject, message: v.message })
      .returning();
    return toTicket(row);
  }
  if (!v.name || !v.phoneNumber || !v.email || !v.subject || !v.message) throw badRequest(MESSAGES.contactRequired);
  if (v.subject.length > CONTACT_FIELD_MAX) throw badRequest(`subject must be at most ${CONTACT_FIELD_MAX} characters`);
  const emailProblem = validateEmail(v.email);
  if (emailProblem) throw badRequest(emailProblem);
  if (!PHONE_ALLOWED.test(v.phoneNumber) || !/\d/.test(v.phoneNumber)) throw badRequest(MESSAGES.invalidPhone);
  const [row] = await app.db
    .insert(supportTickets)
    .values({
      kind: 'CONTACT',
      userId: user?.id ?? null,
      name: v.name,
      phoneNumber: v.phoneNumber,
      email: v.email.toLowerCase(),
      subject: v.subject,
      message: v.message,
    })
    .returning();
  return toTicket(row);
}

async function page(app: FastifyInstance, where: SQL[], q: SupportQuery): Promise<Page<SupportTicket>> {
  const p = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await app.db.select({ total: count() }).from(supportTickets).where(cond);
  const rows = await app.db
    .select()
    .from(supportTickets)
    .where(cond)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(pageSize)
    .offset((p - 1) * pageSize);
  return { items: rows.map(toTicket), total, page: p, pageSize };
}

function filters(q: SupportQuery): SQL[] {
  const where: SQL[] = [];
  if (q.status) where.push(eq(supportTickets.status, q.status));
  if (q.kind) where.push(eq(supportTickets.kind, q.kind));
  return where;
}

export function myTickets(app: FastifyInstance, request: FastifyRequest, q: SupportQuery): Promise<Page<SupportTicket>> {
  return page(app, [eq(supportTickets.userId, currentUser(request).id), ...filters(q)], q);
}

export function allTickets(app: FastifyInstance, q: SupportQuery): Promise<Page<SupportTicket>> {
  return page(app, filters(q), q);
}

export async function closeTicket(app: FastifyInstance, request: FastifyRequest, id: string): Promise<SupportTicket> {
  return app.db.transaction(async (tx) => {
    const [t] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
    if (!t) throw notFound('Ticket not found');
    if (t.status === 'CLOSED') throw conflict('The ticket is already closed');
    const [row] = await tx
      .update(supportTickets)
      .set({ status: 'CLOSED', closedAt: new Date(), closedBy: currentUser(request).id })
      .where(eq(supportTickets.id, id))
      .returning();
    await audit(tx, request, { action: 'support.close', targetType: 'support_ticket', targetId: id, detail: { subject: t.subject } });
    return toTicket(row);
  });
}
