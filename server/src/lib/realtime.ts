// Real-time events (issue 19, and the market of issue 20): `publish` runs pg_notify inside
// the caller's transaction, so an event is sent only if the change commits, and it reaches
// every API instance listening on the same database (PostgreSQL LISTEN/NOTIFY; PGlite has
// the same in process). The server's events plugin LISTENs and fans events out to the
// browsers connected to GET /v1/events (server-sent events).
//
// Topics: `user:<userId>` (that person's notices, orders, wallet) and `market:<propertyId>`
// (a property's order book). Payloads stay small (ids and a type); clients refetch.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

export const REALTIME_CHANNEL = 'tessera_events';

export interface RealtimeEvent {
  topic: string;
  /** What changed, e.g. 'notification', 'market.book', 'market.order'. */
  type: string;
  data?: Record<string, string | number | boolean | null>;
}

export const userTopic = (userId: string) => `user:${userId}`;
export const marketTopic = (propertyId: string) => `market:${propertyId}`;

export async function publish(tx: Executor, event: RealtimeEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Many events in one statement (each its own notification, as publish sends it). */
export async function publishAll(tx: Executor, events: readonly RealtimeEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(
    sql`select pg_notify(${REALTIME_CHANNEL}, e) from jsonb_array_elements_text(${JSON.stringify(events.map((e) => JSON.stringify(e)))}::jsonb) e`,
  );
}
