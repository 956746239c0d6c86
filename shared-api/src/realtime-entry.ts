// The public door to the real-time client (realtime.ts), loaded on the first subscription:
// shared-api's entry is part of every first visit, the stream code only of pages that
// follow events (the dashboard's bell, market screens). Same signatures as realtime.ts.
import type * as Realtime from './realtime';
import type { RealtimeListener } from './realtime';

export type { RealtimeListener } from './realtime';
export const POLL_INTERVAL_MS = 10_000;

let impl: Promise<typeof Realtime> | null = null;
const load = () => (impl ??= import('./realtime'));

/**
 * Calls `onEvent` for every real-time event on `topics` (e.g. `market:<propertyId>`, or the
 * signed-in person's `user:<id>`), and with `{ topic, type: 'poll' }` every ~10 s while the
 * stream is unavailable. Returns the function that stops it.
 */
export function subscribeEvents(topics: string[], onEvent: RealtimeListener): () => void {
  let off: (() => void) | null = null;
  let stopped = false;
  void load().then((m) => {
    if (!stopped) off = m.subscribeEvents(topics, onEvent);
  });
  return () => {
    stopped = true;
    off?.();
    off = null;
  };
}

/** Listen for more named event types (`event: <type>`) on the shared stream. */
export function addRealtimeEventTypes(...types: string[]): void {
  void load().then((m) => m.addRealtimeEventTypes(...types));
}
