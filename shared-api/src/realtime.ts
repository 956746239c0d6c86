// Real-time events (issue 19): one EventSource per tab to GET /v1/events, shared by every
// subscriber of the page (shell bell, market screens; shared-api is a federation singleton).
//
// - Signed in: a one-use ticket (POST /v1/events/ticket, valid 60 s) names the person, and
//   the server adds their own `user:<id>` topic; `user:` topics are never put in the URL.
//   Signed out: only `market:*` topics are asked for.
// - The stream is reopened when the set of topics or the person changes (and closed on
//   logout, or reopened without a ticket when market topics are still wanted).
// - On an error the stream is closed and reopened with a fresh ticket after a backoff
//   (1 s, 2 s, 4 s … 30 s). No EventSource, or three failures in a row: every subscriber is
//   called with `{ topic, type: 'poll' }` for each of its topics every ~10 s (and the stream
//   is still retried; polling stops once it opens).
// - Every time the stream opens, every subscriber is called once with `{ topic, type: 'poll' }`:
//   what changed before the server subscribed it, or while it was down, is fetched then.
import type { RealtimeMessage } from './contract';
import { apiUrl } from './client';
import { getEventsTicket } from './endpoints/notifications';
import { getSession, useSessionStore } from './session-store';
import { POLL_INTERVAL_MS } from './realtime-entry';

export { POLL_INTERVAL_MS };

export type RealtimeListener = (e: RealtimeMessage) => void;

const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
/** Failures in a row before polling takes over (the stream is still retried). */
const FAILURES_BEFORE_POLLING = 3;

/**
 * Named SSE events (`event: <type>`) reach an EventSource only through a listener for that
 * name; these are listened for, besides unnamed `message` events. Add more with
 * `addRealtimeEventTypes` before subscribing.
 */
const eventTypes = new Set<string>(['message', 'notification', 'market.book', 'market.order', 'market.trade']);

interface Subscriber {
  topics: string[];
  onEvent: RealtimeListener;
}

const subscribers = new Set<Subscriber>();

let source: EventSource | null = null;
/** The topics and person the stream (or the attempt to open it) is for. */
let openKey: string | null = null;
let generation = 0;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let pollTimer: ReturnType<typeof setInterval> | null = null;
let reconcileQueued = false;
let unsubscribeSession: (() => void) | null = null;

const isUserTopic = (t: string) => t.startsWith('user:');

function wantedTopics(): string[] {
  const all = new Set<string>();
  for (const s of subscribers) for (const t of s.topics) all.add(t);
  return [...all].sort();
}

function deliver(message: RealtimeMessage): void {
  for (const s of [...subscribers]) {
    if (!s.topics.includes(message.topic)) continue;
    try {
      s.onEvent(message);
    } catch {
      /* one subscriber's failure does not stop the others */
    }
  }
}

function onStreamEvent(e: Event): void {
  const raw = (e as MessageEvent<string>).data;
  if (typeof raw !== 'string') return;
  try {
    const parsed = JSON.parse(raw) as Partial<RealtimeMessage>;
    if (typeof parsed.topic !== 'string') return;
    const type = typeof parsed.type === 'string' ? parsed.type : e.type;
    deliver({ topic: parsed.topic, type, ...(parsed.data ? { data: parsed.data } : {}) });
  } catch {
    /* not JSON: ignored (comments and heartbeats never reach here) */
  }
}

function poll(): void {
  for (const s of [...subscribers]) {
    for (const topic of s.topics) {
      try {
        s.onEvent({ topic, type: 'poll' });
      } catch {
        /* ignored, as for stream events */
      }
    }
  }
}

function startPolling(): void {
  if (pollTimer === null) pollTimer = setInterval(poll, POLL_INTERVAL_MS);
}

function stopPolling(): void {
  if (pollTimer !== null) clearInterval(pollTimer);
  pollTimer = null;
}

function closeStream(): void {
  generation += 1;
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  if (source) source.close();
  source = null;
}

function fail(gen: number): void {
  if (gen !== generation) return;
  if (source) source.close();
  source = null;
  failures += 1;
  if (failures >= FAILURES_BEFORE_POLLING) startPolling();
  const delay = BACKOFF_MS[Math.min(failures - 1, BACKOFF_MS.length - 1)];
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (gen === generation) void connect();
  }, delay);
}

async function connect(): Promise<void> {
  const gen = ++generation;
  const { user, token } = getSession();
  const signedIn = Boolean(user && token);
  const topics = wantedTopics().filter((t) => !isUserTopic(t));
  const params = new URLSearchParams();
  if (signedIn) {
    try {
      const { ticket } = await getEventsTicket();
      if (gen !== generation) return;
      params.set('ticket', ticket);
    } catch {
      fail(gen);
      return;
    }
  }
  if (topics.length > 0) params.set('topics', topics.join(','));
  let es: EventSource;
  try {
    es = new EventSource(apiUrl(`v1/events?${params.toString()}`));
  } catch {
    fail(gen);
    return;
  }
  source = es;
  es.onopen = () => {
    if (gen !== generation) return;
    failures = 0;
    stopPolling();
    // Catch up once: an event committed before the server subscribed this stream (the page's
    // first fetch races the stream's opening) or while it was down was never sent to it.
    poll();
  };
  es.onerror = () => fail(gen);
  for (const type of eventTypes) es.addEventListener(type, onStreamEvent);
}

/** What the stream should be now, given the subscribers and the session. */
function reconcile(): void {
  reconcileQueued = false;
  const topics = wantedTopics();
  const { user, token } = getSession();
  const signedIn = Boolean(user && token);
  // Signed out, only market topics can be followed; signed in, the ticket brings the user's own.
  const streamable = signedIn ? topics.length > 0 : topics.some((t) => !isUserTopic(t));
  if (!streamable) {
    closeStream();
    stopPolling();
    openKey = null;
    failures = 0;
    return;
  }
  const key = `${signedIn ? (user?._id ?? '') : ''}|${topics.filter((t) => !isUserTopic(t)).join(',')}`;
  if (key === openKey) return;
  openKey = key;
  closeStream();
  if (typeof EventSource === 'undefined') {
    startPolling();
    return;
  }
  void connect();
}

function queueReconcile(): void {
  if (reconcileQueued) return;
  reconcileQueued = true;
  // Subscribers added in the same task (one render) open one stream.
  void Promise.resolve().then(reconcile);
}

function watchSession(): void {
  if (unsubscribeSession) return;
  unsubscribeSession = useSessionStore.subscribe((s, prev) => {
    // A refreshed token keeps the stream; a different person (or none) reopens it.
    if (s.user?._id !== prev.user?._id || Boolean(s.token) !== Boolean(prev.token)) {
      openKey = null;
      queueReconcile();
    }
  });
}

/**
 * Calls `onEvent` for every real-time event on `topics` (e.g. `market:<propertyId>`, or the
 * signed-in person's `user:<id>`), and with `{ topic, type: 'poll' }` every ~10 s while the
 * stream is unavailable. Returns the function that stops it.
 */
export function subscribeEvents(topics: string[], onEvent: RealtimeListener): () => void {
  const sub: Subscriber = { topics: [...new Set(topics)], onEvent };
  subscribers.add(sub);
  watchSession();
  queueReconcile();
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    subscribers.delete(sub);
    queueReconcile();
  };
}

/** Listen for more named event types (`event: <type>`) on the shared stream. */
export function addRealtimeEventTypes(...types: string[]): void {
  for (const t of types) {
    if (eventTypes.has(t)) continue;
    eventTypes.add(t);
    source?.addEventListener(t, onStreamEvent);
  }
}

/** Tests: forget every subscriber and close the stream. */
export function resetRealtime(): void {
  subscribers.clear();
  closeStream();
  stopPolling();
  openKey = null;
  failures = 0;
  reconcileQueued = false;
  unsubscribeSession?.();
  unsubscribeSession = null;
}
