// The per-page health report: batched, one request when the page is hidden, deltas after.
import {
  acquireView,
  flush,
  flushOnPageHide,
  HEALTH_URL,
  LEAVE_TIMEOUT_MS,
  MAX_ITEMS,
  markAbandoned,
  recordError,
  recordFailure,
  recordLoad,
  recordStart,
  resetHealth,
  setViewToken,
  takeReport,
  VIEW_URL,
} from './health';
import type { ChosenRemote } from './registry';

beforeEach(() => resetHealth());

function blobJson(b: Blob): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(JSON.parse(String(r.result)));
    r.onerror = reject;
    r.readAsText(b);
  });
}

test('nothing to send, no request', () => {
  setViewToken('view.mac');
  const beacon = jest.fn(() => true);
  expect(flush({ sendBeacon: beacon })).toBe(false);
  expect(beacon).not.toHaveBeenCalled();
});

test('one request for everything the page saw, each fact once per version', () => {
  window.history.replaceState({}, '', '/about');
  recordFailure('mf_public', '1.1.0', 'canary', 'failed at onLoad: boom');
  recordFailure('mf_public', '1.1.0', 'canary', 'a second failure is the same fact');
  recordLoad('mf_public', '1.0.0', 'stable');
  recordLoad('mf_public', '1.0.0', 'stable');
  recordLoad('mf_admin', '2.0.0', 'stable');
  expect(takeReport()).toEqual({
    items: [
      {
        remote: 'mf_public',
        version: '1.1.0',
        channel: 'canary',
        loads: 0,
        failures: 1,
        errors: 0,
        path: '/about',
        detail: 'failed at onLoad: boom',
      },
      { remote: 'mf_public', version: '1.0.0', channel: 'stable', loads: 1, failures: 0, errors: 0, path: '/about' },
      { remote: 'mf_admin', version: '2.0.0', channel: 'stable', loads: 1, failures: 0, errors: 0, path: '/about' },
    ],
  });
  // Sent: the next report holds only what is new (an error after the load).
  expect(takeReport()).toBeNull();
  recordError('mf_public', '1.0.0', 'stable', 'error while rendering: x');
  recordError('mf_public', '1.0.0', 'stable', 'a second error in the page is not counted');
  expect(takeReport()).toEqual({
    items: [
      {
        remote: 'mf_public',
        version: '1.0.0',
        channel: 'stable',
        loads: 0,
        failures: 0,
        errors: 1,
        path: '/about',
        detail: 'error while rendering: x',
      },
    ],
  });
  expect(takeReport()).toBeNull();
});

test('preview loads are their own channel', () => {
  recordLoad('mf_public', '1.1.0', 'preview');
  recordLoad('mf_public', '1.1.0', 'canary');
  expect(takeReport()!.items.map((i) => i.channel)).toEqual(['preview', 'canary']);
});

test('at most MAX_ITEMS per request; the rest goes with the next', () => {
  for (let i = 0; i < MAX_ITEMS + 3; i++) recordLoad('mf_public', `1.0.${i}`, 'stable');
  expect(takeReport()!.items).toHaveLength(MAX_ITEMS);
  expect(takeReport()!.items).toHaveLength(3);
});

test('sent with sendBeacon as JSON, or fetch keepalive without a beacon', async () => {
  setViewToken('view.mac');
  recordLoad('mf_public', '1.0.0', 'stable');
  const beacon = jest.fn((_url: string, _body: Blob) => true);
  expect(flush({ sendBeacon: beacon })).toBe(true);
  expect(beacon).toHaveBeenCalledTimes(1);
  const [url, blob] = beacon.mock.calls[0];
  expect(url).toBe(HEALTH_URL);
  expect(blob.type).toBe('application/json');
  expect(await blobJson(blob)).toMatchObject({ view: 'view.mac', items: [{ remote: 'mf_public', loads: 1 }] });

  recordLoad('mf_admin', '2.0.0', 'stable');
  const doFetch = jest.fn(() => Promise.resolve({ ok: true, status: 204 }));
  // A beacon the browser refuses (queue full) falls back to fetch.
  expect(flush({ sendBeacon: () => false }, doFetch as unknown as typeof fetch)).toBe(true);
  expect(doFetch).toHaveBeenCalledWith(
    HEALTH_URL,
    expect.objectContaining({ method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' } }),
  );
});

test('flushed on pagehide and when the page turns hidden, once', () => {
  const beacon = jest.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  const off = flushOnPageHide(window);
  setViewToken('view.mac');
  recordLoad('mf_public', '1.0.0', 'stable');
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new Event('pagehide'));
  expect(beacon).toHaveBeenCalledTimes(1);
  recordError('mf_public', '1.0.0', 'stable', 'later');
  window.dispatchEvent(new Event('pagehide'));
  expect(beacon).toHaveBeenCalledTimes(2);
  off();
  recordLoad('mf_owner', '1.0.0', 'stable');
  window.dispatchEvent(new Event('pagehide'));
  expect(beacon).toHaveBeenCalledTimes(2);
});

test('nothing goes out before the page has its view id; what was recorded waits for it', () => {
  const beacon = jest.fn(() => true);
  recordLoad('mf_public', '1.0.0', 'stable');
  expect(flush({ sendBeacon: beacon })).toBe(false);
  expect(beacon).not.toHaveBeenCalled();
  setViewToken('view.mac');
  expect(flush({ sendBeacon: beacon })).toBe(true);
  expect(beacon).toHaveBeenCalledTimes(1);
});

const token = (a: Record<string, [string, string]>) => `${btoa(JSON.stringify({ v: 'id', e: 1, a })).replace(/=+$/, '')}.mac`;
const chosen = (name: string, version: string, channel: ChosenRemote['channel']) =>
  ({ name, version, channel, entry: '', stable: { version: '1.0.0', entry: '' } }) as unknown as ChosenRemote;

test("the view id: the served page's when it was assigned these versions, else for a preview only, asked of the API", async () => {
  const meta = document.createElement('meta');
  meta.name = 'tessera-view';
  meta.content = token({ mf_public: ['1.1.0', 'canary'] });
  document.head.append(meta);
  const doFetch = jest.fn(() => Promise.resolve({ ok: true, json: () => Promise.resolve({ view: 'fresh.mac' }) }));
  expect(await acquireView([chosen('mf_public', '1.1.0', 'canary')], document, doFetch as unknown as typeof fetch)).toBe(meta.content);
  expect(doFetch).not.toHaveBeenCalled();
  // This tab chose a canary the page was not assigned (its cohort cookie was cleared): no
  // view, rather than one the client asked for.
  expect(await acquireView([chosen('mf_public', '1.2.0', 'canary')], document, doFetch as unknown as typeof fetch)).toBeNull();
  expect(doFetch).not.toHaveBeenCalled();
  // This tab previews another version than the page was rendered with: a view of its pins.
  expect(await acquireView([chosen('mf_public', '1.2.0', 'preview')], document, doFetch as unknown as typeof fetch)).toBe('fresh.mac');
  expect(doFetch).toHaveBeenCalledWith(`${VIEW_URL}?preview=mf_public%401.2.0`, expect.anything());
  meta.remove();
  // No view to be had: nothing is reported.
  resetHealth();
  expect(
    await acquireView([chosen('mf_public', '1.2.0', 'preview')], document, (() =>
      Promise.reject(new Error('offline'))) as unknown as typeof fetch),
  ).toBeNull();
  recordLoad('mf_public', '1.0.0', 'stable');
  expect(flush({ sendBeacon: () => true })).toBe(false);
});

describe('leaving the page while a remote loads', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a load under way when the page hides is abandoned, not failed', () => {
    recordStart('mf_public', '1.1.0', 'canary');
    recordStart('mf_admin', '2.0.0', 'stable');
    recordLoad('mf_admin', '2.0.0', 'stable');
    markAbandoned();
    expect(takeReport()!.items).toEqual([
      expect.objectContaining({ remote: 'mf_public', abandoned: 1, failures: 0, loads: 0 }),
      expect.objectContaining({ remote: 'mf_admin', loads: 1 }),
    ]);
    expect(takeReport()).toBeNull();
  });

  test('a failure while leaving (the browser aborts the requests: "Failed to get manifest") is abandoned', async () => {
    const beacon = jest.fn((_u: string, _b: Blob) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const off = flushOnPageHide(window);
    setViewToken('view.mac');
    recordStart('mf_public', '1.1.0', 'canary');
    window.dispatchEvent(new Event('beforeunload'));
    recordFailure('mf_public', '1.1.0', 'canary', 'failed at onLoad: Failed to get manifest');
    window.dispatchEvent(new Event('pagehide'));
    off();
    expect(beacon).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
    expect(await blobJson(beacon.mock.calls[0][1])).toEqual({
      view: 'view.mac',
      items: [
        {
          remote: 'mf_public',
          version: '1.1.0',
          channel: 'canary',
          loads: 0,
          failures: 0,
          errors: 0,
          abandoned: 1,
          path: expect.any(String),
        },
      ],
    });
  });

  test('a failure after the page hid (its requests aborted) is abandoned; after pageshow, a failure again', () => {
    const off = flushOnPageHide(window);
    setViewToken('view.mac');
    recordStart('mf_public', '1.1.0', 'canary');
    window.dispatchEvent(new Event('pagehide'));
    recordFailure('mf_public', '1.1.0', 'canary', 'Failed to get manifest');
    expect(takeReport()).toBeNull();
    window.dispatchEvent(new Event('pageshow'));
    recordFailure('mf_admin', '2.0.0', 'stable', 'failed at onLoad: boom');
    expect(takeReport()!.items).toEqual([expect.objectContaining({ remote: 'mf_admin', failures: 1 })]);
    off();
  });

  test('a failure before the page started leaving is a failure, however soon the visitor leaves', () => {
    recordStart('mf_public', '1.1.0', 'canary');
    recordFailure('mf_public', '1.1.0', 'canary', 'failed at onLoad: 404');
    markAbandoned();
    expect(takeReport()!.items[0]).toMatchObject({ failures: 1, detail: 'failed at onLoad: 404' });
    expect(takeReport()).toBeNull();
  });

  test('a page that does not leave after all (a download): the failure counts', () => {
    const off = flushOnPageHide(window);
    window.dispatchEvent(new Event('beforeunload'));
    recordFailure('mf_public', '1.1.0', 'canary', 'failed at onLoad: boom');
    expect(takeReport()).toBeNull();
    jest.advanceTimersByTime(LEAVE_TIMEOUT_MS + 1);
    expect(takeReport()!.items[0]).toMatchObject({ failures: 1, detail: 'failed at onLoad: boom' });
    off();
  });
});
