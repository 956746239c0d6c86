// The notification centre's reads and writes for the signed-in person (issue 19): their
// notices (paged, newest first, with the unread count), marking them read, and which
// kinds also come by e-mail.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Notification, NotificationKind, NotificationPreferences, NotificationsPage } from 'shared-api/contract';
import { MANDATORY_EMAIL_KINDS, NOTIFICATION_KINDS } from 'shared-api/contract/dashboard';
import type { Executor } from '../../db/client';
import { notificationEmailOptouts, notifications } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';

type Row = typeof notifications.$inferSelect;

export function toNotification(r: Row): Notification {
  return {
    _id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt ? r.readAt.toISOString() : null,
  };
}

async function unreadOf(db: Executor, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(n);
}

export async function listNotifications(
  app: FastifyInstance,
  userId: string,
  q: { page?: number; pageSize?: number },
): Promise<NotificationsPage> {
  const page = q.page ?? 1;
  const pageSize = Math.min(q.pageSize ?? 20, 50);
  const [rows, [{ n }], unread] = await Promise.all([
    app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    app.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    unreadOf(app.db, userId),
  ]);
  return { items: rows.map(toNotification), total: Number(n), page, pageSize, unread };
}

export async function markRead(app: FastifyInstance, userId: string, id: string): Promise<Notification> {
  const [row] = await app.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  // Someone else's notice is as absent as one that does not exist.
  if (!row) throw notFound('Notification not found');
  return toNotification(row);
}

export async function markAllRead(app: FastifyInstance, userId: string): Promise<{ unread: 0 }> {
  await app.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unread: 0 };
}

export async function emailOptouts(db: Executor, userId: string): Promise<Set<NotificationKind>> {
  const rows = await db
    .select({ kind: notificationEmailOptouts.kind })
    .from(notificationEmailOptouts)
    .where(eq(notificationEmailOptouts.userId, userId));
  return new Set(rows.map((r) => r.kind));
}

export function isMandatory(kind: NotificationKind): boolean {
  return MANDATORY_EMAIL_KINDS.includes(kind);
}

export async function getPreferences(db: Executor, userId: string): Promise<NotificationPreferences> {
  const out = await emailOptouts(db, userId);
  const email = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, isMandatory(k) || !out.has(k)])) as Record<NotificationKind, boolean>;
  return { email, mandatory: [...MANDATORY_EMAIL_KINDS] };
}

export async function updatePreferences(
  app: FastifyInstance,
  userId: string,
  body: { email: Record<string, unknown> },
): Promise<NotificationPreferences> {
  const problems: string[] = [];
  const changes: [NotificationKind, boolean][] = [];
  for (const [kind, value] of Object.entries(body.email)) {
    if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) {
      problems.push(`Unknown notification kind: ${kind}`);
    } else if (typeof value !== 'boolean') {
      problems.push(`email.${kind} must be true or false`);
    } else if (value === false && isMandatory(kind as NotificationKind)) {
      problems.push(`E-mails about ${kind} cannot be switched off: they concern your security or your money`);
    } else {
      changes.push([kind as NotificationKind, value]);
    }
  }
  if (problems.length > 0) throw badRequest(problems.length === 1 ? problems[0] : problems);
  return app.db.transaction(async (tx) => {
    for (const [kind, on] of changes) {
      if (on) {
        await tx
          .delete(notificationEmailOptouts)
          .where(and(eq(notificationEmailOptouts.userId, userId), eq(notificationEmailOptouts.kind, kind)));
      } else {
        await tx.insert(notificationEmailOptouts).values({ userId, kind }).onConflictDoNothing();
      }
    }
    return getPreferences(tx, userId);
  });
}
