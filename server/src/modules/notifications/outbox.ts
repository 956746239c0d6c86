// The outbox's writing side: a notice is inserted in the caller's transaction (the same one
// that makes the change it reports), and a real-time event tells the person's open tabs.
// The mail dispatcher delivers its e-mail from the row (see dispatcher.ts).
import type { NotificationKind } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';
import { publish, publishAll, userTopic } from '../../lib/realtime';

export interface NoticeInput {
  userId: string;
  kind: NotificationKind;
  /** Short, shown in the bell and as the e-mail's subject. */
  title: string;
  /** One or two plain-text sentences (a rejection carries its reason). */
  body: string;
  /** Where in the app it is about, e.g. '/investor/orders' (a path, not a URL). */
  link?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Notices mailed in the first lane, ahead of any backlog of the others: what a person must
 * hear about their account's safety and their money at once. Market fills, listing news
 * and support replies wait behind them.
 */
export const PRIORITY_KINDS: readonly NotificationKind[] = [
  'KYC_REJECTED',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_DECLINED',
  'DEPOSIT_RECEIVED',
  'DISTRIBUTION_PAID',
  'PAYOUT_DESTINATION_CHANGED',
  'TWO_FACTOR_CHANGED',
];

export const laneOf = (kind: NotificationKind): 0 | 1 => (PRIORITY_KINDS.includes(kind) ? 0 : 1);

const rowOf = (n: NoticeInput) => ({
  userId: n.userId,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link ?? null,
  data: n.data ?? {},
  emailLane: laneOf(n.kind),
});

export async function notify(tx: Executor, n: NoticeInput): Promise<string> {
  const [row] = await tx.insert(notifications).values(rowOf(n)).returning({ id: notifications.id });
  await publish(tx, { topic: userTopic(n.userId), type: 'notification', data: { id: row.id, kind: n.kind } });
  return row.id;
}

/** Rows per statement of notifyAll: 7 parameters each, far under PostgreSQL's 65,535. */
const NOTIFY_CHUNK = 1000;

/**
 * Notices to many people at once (a distribution's holders, a listing's): the same rows and
 * events as notify() one by one, written a thousand to a statement, not two statements each.
 */
export async function notifyAll(tx: Executor, all: readonly NoticeInput[]): Promise<void> {
  for (let i = 0; i < all.length; i += NOTIFY_CHUNK) {
    const rows = await tx
      .insert(notifications)
      .values(all.slice(i, i + NOTIFY_CHUNK).map(rowOf))
      .returning({ id: notifications.id, userId: notifications.userId, kind: notifications.kind });
    await publishAll(
      tx,
      rows.map((r) => ({ topic: userTopic(r.userId), type: 'notification', data: { id: r.id, kind: r.kind } })),
    );
  }
}
