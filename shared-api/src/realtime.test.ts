// subscribeEvents: one shared EventSource, tickets when signed in, reconnects with a fresh
// ticket, polling fallback, closed on logout. A fake EventSource stands in for the browser's.
import { getEventsTicket } from './endpoints/notifications';
import { POLL_INTERVAL_MS, resetRealtime, subscribeEvents } from './realtime';
import { useSessionStore } from './session-store';
import * as entry from './realtime-entry';

jest.mock('./endpoints/notifications', () => ({ getEventsTicket: jest.fn() }));
jest.mock('./client', () => ({ apiUrl: (p: string) => `https://api.test/${p}` }));

const ticket = jest.mocked(getEventsTicket);

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  url: string;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, ((e: Event) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    const e = Object.assign(new Event(type), { data: JSON.stringify(data) });
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
  get params() {
    return new URL(this.url).searchParams;
  }
}

const open = () => FakeEventSource.instances.filter((s) => !s.closed);
const last = () => FakeEventSource.instances[FakeEventSource.instances.length - 1];
/** Lets queued microtasks and the ticket promise settle. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

let n = 0;
beforeEach(() => {
  jest.useFakeTimers();
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  ticket.mockReset();
  ticket.mockImplementation(async () => ({ ticket: `t${++n}`, expiresAt: new Date().toISOString() }));
  useSessionStore.getState().clearSession();
});

afterEach(() => {
  resetRealtime();
  jest.useRealTimers();
});

const signIn = (id = 'u1') => useSessionStore.getState().setSession({ _id: id, role: 'INVESTOR' } as never, `token-${id}`);

test('signed in: a ticket opens the stream; user topics stay out of the URL; events reach their topic only', async () => {
  signIn();
  const bell = jest.fn();
  const market = jest.fn();
  subscribeEvents(['user:u1'], bell);
  subscribeEvents(['market:p1'], market);
  await settle();
  expect(ticket).toHaveBeenCalledTimes(1);
  expect(FakeEventSource.instances).toHaveLength(1);
  const es = last();
  expect(es.url.startsWith('https://api.test/v1/events?')).toBe(true);
  expect(es.params.get('ticket')).toMatch(/^t\d+$/);
  expect(es.params.get('topics')).toBe('market:p1');

  es.emit('notification', { topic: 'user:u1', type: 'notification', data: { id: 'n1', kind: 'ORDER_REJECTED' } });
  expect(bell).toHaveBeenCalledWith({ topic: 'user:u1', type: 'notification', data: { id: 'n1', kind: 'ORDER_REJECTED' } });
  expect(market).not.toHaveBeenCalled();
  es.emit('market.book', { topic: 'market:p1', type: 'market.book' });
  expect(market).toHaveBeenCalledWith({ topic: 'market:p1', type: 'market.book' });
  expect(bell).toHaveBeenCalledTimes(1);
});

test('signed out: no ticket, market topics only, and nothing at all for user topics alone', async () => {
  const off = subscribeEvents(['user:u1'], jest.fn());
  await settle();
  expect(FakeEventSource.instances).toHaveLength(0);
  subscribeEvents(['market:p2', 'market:p1'], jest.fn());
  await settle();
  expect(ticket).not.toHaveBeenCalled();
  expect(open()).toHaveLength(1);
  expect(last().params.get('ticket')).toBeNull();
  expect(last().params.get('topics')).toBe('market:p1,market:p2');
  off();
});

test('one stream per tab: ref-counted, reopened when the topic set changes, closed after the last one leaves', async () => {
  signIn();
  const a = subscribeEvents(['market:p1'], jest.fn());
  const b = subscribeEvents(['market:p1'], jest.fn());
  await settle();
  expect(FakeEventSource.instances).toHaveLength(1);
  const c = subscribeEvents(['market:p2'], jest.fn());
  await settle();
  expect(FakeEventSource.instances).toHaveLength(2);
  expect(FakeEventSource.instances[0].closed).toBe(true);
  expect(last().params.get('topics')).toBe('market:p1,market:p2');
  expect(ticket).toHaveBeenCalledTimes(2);
  a();
  await settle();
  expect(FakeEventSource.instances).toHaveLength(2); // p1 still wanted by b
  c();
  await settle();
  expect(last().params.get('topics')).toBe('market:p1');
  b();
  await settle();
  expect(open()).toHaveLength(0);
});

test('an error reopens the stream with a fresh ticket after a backoff', async () => {
  signIn();
  subscribeEvents(['user:u1'], jest.fn());
  await settle();
  const first = last();
  const firstTicket = first.params.get('ticket');
  first.onerror?.();
  expect(first.closed).toBe(true);
  await jest.advanceTimersByTimeAsync(999);
  expect(FakeEventSource.instances).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(1);
  await settle();
  expect(FakeEventSource.instances).toHaveLength(2);
  expect(last().params.get('ticket')).not.toBe(firstTicket);
  // The second failure waits longer.
  last().onerror?.();
  await jest.advanceTimersByTimeAsync(1_500);
  expect(FakeEventSource.instances).toHaveLength(2);
  await jest.advanceTimersByTimeAsync(500);
  await settle();
  expect(FakeEventSource.instances).toHaveLength(3);
});

test('after repeated failures it polls every ~10 s, and stops polling once the stream opens again', async () => {
  signIn();
  const bell = jest.fn();
  subscribeEvents(['user:u1'], bell);
  await settle();
  for (let i = 0; i < 3; i += 1) {
    last().onerror?.();
    await jest.advanceTimersByTimeAsync(5_000);
    await settle();
  }
  bell.mockClear();
  await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
  expect(bell).toHaveBeenCalledWith({ topic: 'user:u1', type: 'poll' });
  last().onopen?.();
  bell.mockClear();
  await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
  expect(bell).not.toHaveBeenCalled();
});

test('every time the stream opens, each subscriber catches up once (what happened before it was subscribed)', async () => {
  signIn();
  const bell = jest.fn();
  subscribeEvents(['user:u1'], bell);
  await settle();
  expect(bell).not.toHaveBeenCalled();
  last().onopen?.();
  expect(bell).toHaveBeenCalledTimes(1);
  expect(bell).toHaveBeenCalledWith({ topic: 'user:u1', type: 'poll' });
  // A reconnect catches up again; an open of a stream already replaced does not.
  const stale = last();
  stale.onerror?.();
  await jest.advanceTimersByTimeAsync(1_000);
  await settle();
  stale.onopen?.();
  expect(bell).toHaveBeenCalledTimes(1);
  last().onopen?.();
  expect(bell).toHaveBeenCalledTimes(2);
});

test('a refused ticket counts as a failure and is retried', async () => {
  signIn();
  ticket.mockRejectedValueOnce(new Error('offline'));
  subscribeEvents(['user:u1'], jest.fn());
  await settle();
  expect(FakeEventSource.instances).toHaveLength(0);
  await jest.advanceTimersByTimeAsync(1_000);
  await settle();
  expect(FakeEventSource.instances).toHaveLength(1);
});

test('without EventSource, every subscriber polls its topics', async () => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
  signIn();
  const bell = jest.fn();
  const market = jest.fn();
  subscribeEvents(['user:u1'], bell);
  const off = subscribeEvents(['market:p1', 'market:p2'], market);
  await settle();
  await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
  expect(bell).toHaveBeenCalledWith({ topic: 'user:u1', type: 'poll' });
  expect(market).toHaveBeenCalledWith({ topic: 'market:p1', type: 'poll' });
  expect(market).toHaveBeenCalledWith({ topic: 'market:p2', type: 'poll' });
  off();
  market.mockClear();
  await jest.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
  expect(market).not.toHaveBeenCalled();
});

test('logout closes the stream; another person signing in gets a stream of their own', async () => {
  signIn('u1');
  subscribeEvents(['user:u1'], jest.fn());
  await settle();
  expect(open()).toHaveLength(1);
  useSessionStore.getState().clearSession();
  await settle();
  expect(open()).toHaveLength(0);
  signIn('u2');
  await settle();
  expect(open()).toHaveLength(1);
  // A refreshed token keeps the stream.
  useSessionStore.getState().setSession({ _id: 'u2', role: 'INVESTOR' } as never, 'token-u2-refreshed');
  await settle();
  expect(FakeEventSource.instances).toHaveLength(2);
});

test("shared-api's door loads the client on the first subscription, and a subscription stopped before that opens nothing", async () => {
  signIn();
  const stop = entry.subscribeEvents(['user:u1'], jest.fn());
  stop();
  await jest.advanceTimersByTimeAsync(0);
  await settle();
  expect(FakeEventSource.instances).toHaveLength(0);
  const bell = jest.fn();
  entry.subscribeEvents(['user:u1'], bell);
  await jest.advanceTimersByTimeAsync(0);
  await settle();
  expect(open()).toHaveLength(1);
  last().emit('notification', { topic: 'user:u1', type: 'notification' });
  expect(bell).toHaveBeenCalledWith({ topic: 'user:u1', type: 'notification' });
});
