// The per-page health report: batched, one request when the page is hidden, deltas after.
import { flush, flushOnPageHide, HEALTH_URL, MAX_ITEMS, recordError, recordFailure, recordLoad, resetHealth, takeReport } from './health';

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
  recordLoad('mf_public', '1.0.0', 'stable');
  const beacon = jest.fn((_url: string, _body: Blob) => true);
  expect(flush({ sendBeacon: beacon })).toBe(true);
  expect(beacon).toHaveBeenCalledTimes(1);
  const [url, blob] = beacon.mock.calls[0];
  expect(url).toBe(HEALTH_URL);
  expect(blob.type).toBe('application/json');
  expect(await blobJson(blob)).toMatchObject({ items: [{ remote: 'mf_public', loads: 1 }] });

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
