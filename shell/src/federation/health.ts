// Remote health as this page saw it, reported once per page (issue 17): per remote version
// and channel, whether it loaded, failed to load, and whether its code threw (caught by its
// error boundary, or after its page rendered: ./after-render.ts; the first one only), with
// the page path. Collected in memory and sent in one
// request when the page is hidden or left (`navigator.sendBeacon`, or `fetch` with
// `keepalive` where there is no beacon); a page that comes back and is hidden again sends
// only what changed since. The server derives the user-agent class from the request.
//
// Every report carries this page's view id: signed by the server, bound to the versions it
// assigned this page (server/src/modules/telemetry/views.ts). Every page the server serves
// has it in a meta tag; a tab previewing versions from its session asks GET
// /v1/telemetry/view for a view of its pins (acquireView). Without one nothing is sent: the
// server would count nothing.
//
// Leaving while a remote still loads is not its failure: a load cut by leaving the page
// (the browser aborts its requests: "Failed to get manifest") is reported as abandoned.
// A failure recorded after `beforeunload` waits: the page then hides (abandoned) or, when
// it stays (a download, a cancelled navigation), it is a failure after all. A failure
// recorded after `pagehide` (the aborted requests of the page left behind) is abandoned;
// one recorded before `beforeunload` is a failure, however soon the visitor then leaves.
import type { Channel, ChosenRemote } from './registry';

export const HEALTH_URL = '/v1/telemetry/remote-load';
export const VIEW_URL = '/v1/telemetry/view';
/** The meta tag a server-rendered page carries its view id in (server/src/plugins/ssr.ts). */
export const VIEW_META = 'tessera-view';
/** After `beforeunload`, how long the page may take to hide before it is taken as staying. */
export const LEAVE_TIMEOUT_MS = 3000;
/** The server's limit on items per report (server/src/modules/telemetry/schemas.ts). */
export const MAX_ITEMS = 20;

type Flag = 'loads' | 'failures' | 'errors' | 'abandoned';
const FLAGS: Flag[] = ['loads', 'failures', 'errors', 'abandoned'];

export interface HealthItem {
  remote: string;
  version: string;
  channel: Channel;
  /** 1 when this page loaded / failed to load / caught an error of this version, else 0. */
  loads: 0 | 1;
  failures: 0 | 1;
  errors: 0 | 1;
  /** 1 when the page was left while this version was still loading (not a failure). */
  abandoned?: 0 | 1;
  /** The page where it first happened. */
  path: string;
  /** What failed (the first failure or error of this version in this page). */
  detail?: string;
}
export interface HealthReport {
  /** The page's signed view id (absent only in what takeReport returns before it is known). */
  view?: string;
  items: HealthItem[];
}

interface State {
  remote: string;
  version: string;
  channel: Channel;
  path: string;
  detail?: string;
  seen: Set<Flag>;
  sent: Set<Flag>;
  /** Its load started in this page (the runtime plugin's beforeRequest). */
  started: boolean;
  /** A failure recorded while the page was leaving: abandoned if it hides, else a failure. */
  leavingFailure?: string;
}

const states = new Map<string, State>();
let viewToken: string | null = null;
let leavingSince: number | null = null;
/** The page has hidden for good (pagehide), until it is shown again (pageshow: bfcache). */
let left = false;
let leavingTimer: ReturnType<typeof setTimeout> | null = null;
const now = () => Date.now();

function path(): string {
  try {
    return window.location.pathname.slice(0, 200) || '/';
  } catch {
    return '/';
  }
}

function stateOf(remote: string, version: string, channel: Channel): State {
  const key = `${remote}@${version}#${channel}`;
  let s = states.get(key);
  if (!s) {
    s = { remote, version, channel, path: path(), seen: new Set(), sent: new Set(), started: false };
    states.set(key, s);
  }
  return s;
}

function mark(flag: Flag, remote: string, version: string, channel: Channel, detail?: string): void {
  const s = stateOf(remote, version, channel);
  if (detail && !s.detail && flag !== 'loads') s.detail = detail.slice(0, 500);
  s.seen.add(flag);
}

/** A load of the version started in this page (left before it ends: abandoned). */
export function recordStart(remote: string, version: string, channel: Channel): void {
  stateOf(remote, version, channel).started = true;
}
/** The version's first module loaded (and evaluated) in this page. */
export const recordLoad = (remote: string, version: string, channel: Channel) => mark('loads', remote, version, channel);
/** The version could not be loaded (manifest, entry, a chunk, or its module threw while evaluating). */
export function recordFailure(remote: string, version: string, channel: Channel, detail: string): void {
  const s = stateOf(remote, version, channel);
  if (left) {
    // After pagehide: the requests of the page left behind, aborted.
    if (!s.seen.has('loads') && !s.seen.has('failures')) s.seen.add('abandoned');
    return;
  }
  if (leavingSince !== null) {
    // Most likely the browser aborting the page's requests as it leaves: decided at pagehide.
    s.leavingFailure ??= detail.slice(0, 500);
    return;
  }
  mark('failures', remote, version, channel, detail);
}
/** An error of the version's code: caught by its error boundary, or thrown after its page rendered (counted once per page). */
export const recordError = (remote: string, version: string, channel: Channel, detail: string) =>
  mark('errors', remote, version, channel, detail);

/** The channel this page recorded `version` of `remote` under (a canary stays one after its fallback). */
export function channelOf(remote: string, version: string): Channel | undefined {
  for (const s of states.values()) if (s.remote === remote && s.version === version) return s.channel;
  return undefined;
}

/**
 * The page is leaving (beforeunload): failures recorded from now on wait for pagehide. If
 * the page has not hidden LEAVE_TIMEOUT_MS later it stays (a download, a cancelled
 * navigation), and they are failures after all.
 */
export function beginLeaving(): void {
  leavingSince ??= now();
  if (leavingTimer) clearTimeout(leavingTimer);
  leavingTimer = setTimeout(() => {
    leavingSince = null;
    leavingTimer = null;
    for (const s of states.values()) {
      if (s.leavingFailure === undefined) continue;
      const detail = s.leavingFailure;
      s.leavingFailure = undefined;
      mark('failures', s.remote, s.version, s.channel, detail);
    }
  }, LEAVE_TIMEOUT_MS);
}

/**
 * The page hides for good (pagehide): every load it started that neither loaded nor failed
 * before the visitor left is abandoned, and so is a failure recorded while leaving (after
 * `beforeunload`: the browser aborting the requests of the page being left). A failure
 * recorded before that is a failure, however soon the visitor left after it.
 */
export function markAbandoned(): void {
  if (leavingTimer) clearTimeout(leavingTimer);
  leavingTimer = null;
  leavingSince = null;
  left = true;
  for (const s of states.values()) {
    const cut = s.leavingFailure !== undefined || (s.started && !s.seen.has('loads') && !s.seen.has('failures'));
    s.leavingFailure = undefined;
    if (cut && !s.seen.has('loads') && !s.seen.has('failures')) {
      s.detail = undefined;
      s.seen.add('abandoned');
    }
  }
}

/** This page's signed view id (the server's; see acquireView). */
export function setViewToken(token: string | null): void {
  viewToken = token;
}
export const getViewToken = () => viewToken;

/** The assignment in a view id's payload (not checked here: the server checks the signature). */
export function viewAssignment(token: string): Record<string, [string, string]> | null {
  try {
    const payload = token.split('.')[0].replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(payload + '='.repeat((4 - (payload.length % 4)) % 4))) as { a?: Record<string, [string, string]> };
    return json.a && typeof json.a === 'object' ? json.a : null;
  } catch {
    return null;
  }
}

/**
 * Gets this page's view id: the served page's (meta tag) when it was assigned the versions
 * this page chose, else, in a tab previewing versions, one from GET /v1/telemetry/view for
 * its pins (the server assigns it those only). Best effort: without a view id, nothing is
 * reported (a page that chose otherwise than its server, e.g. a cohort cookie cleared, goes
 * uncounted rather than count on a view the client asked for).
 */
export async function acquireView(
  chosen: readonly ChosenRemote[],
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
  doFetch: typeof fetch | undefined = typeof fetch === 'undefined' ? undefined : fetch,
): Promise<string | null> {
  const meta = doc?.querySelector(`meta[name="${VIEW_META}"]`)?.getAttribute('content');
  if (meta) {
    const a = viewAssignment(meta);
    if (a && chosen.every((c) => a[c.name]?.[0] === c.version && a[c.name]?.[1] === c.channel)) {
      setViewToken(meta);
      return meta;
    }
  }
  const pins = chosen.filter((c) => c.channel === 'preview').map((c) => `${c.name}@${c.version}`);
  if (!doFetch || pins.length === 0) return null;
  const q = new URLSearchParams({ preview: pins.join(',') });
  try {
    const res = await doFetch(`${VIEW_URL}?${q.toString()}`, { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const { view } = (await res.json()) as { view?: unknown };
    if (typeof view !== 'string') return null;
    setViewToken(view);
    return view;
  } catch {
    return null;
  }
}

/** What has not been sent yet (and marks it sent), or null when nothing is new. */
export function takeReport(): HealthReport | null {
  const items: HealthItem[] = [];
  for (const s of states.values()) {
    const fresh = FLAGS.filter((f) => s.seen.has(f) && !s.sent.has(f));
    if (fresh.length === 0) continue;
    if (items.length >= MAX_ITEMS) break;
    fresh.forEach((f) => s.sent.add(f));
    const item: HealthItem = { remote: s.remote, version: s.version, channel: s.channel, loads: 0, failures: 0, errors: 0, path: s.path };
    fresh.forEach((f) => {
      item[f] = 1;
    });
    if (s.detail && (fresh.includes('failures') || fresh.includes('errors'))) item.detail = s.detail;
    items.push(item);
  }
  if (!items.length) return null;
  return viewToken ? { view: viewToken, items } : { items };
}

/**
 * Sends what is new, in one request; best effort (never throws). Returns whether a request
 * went out. Nothing goes out before the page's view id is known (it would count for
 * nothing): what was recorded waits for the next flush.
 */
export function flush(
  nav: Pick<Navigator, 'sendBeacon'> | undefined = typeof navigator === 'undefined' ? undefined : navigator,
  doFetch: typeof fetch | undefined = typeof fetch === 'undefined' ? undefined : fetch,
): boolean {
  if (!viewToken) return false;
  const report = takeReport();
  if (!report) return false;
  const body = JSON.stringify(report);
  try {
    // A Blob typed application/json: the API accepts JSON only.
    if (nav?.sendBeacon && nav.sendBeacon(HEALTH_URL, new Blob([body], { type: 'application/json' }))) return true;
    if (doFetch) {
      void doFetch(HEALTH_URL, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
        () => undefined,
      );
      return true;
    }
  } catch {
    /* telemetry is best effort */
  }
  return false;
}

/**
 * Flushes when the page is hidden (tab switch, app switch on phones) or left; on leaving,
 * loads still under way are abandoned first (markAbandoned). `beforeunload` only notes that
 * the page is leaving (it never asks the visitor anything).
 */
export function flushOnPageHide(win: Window = window): () => void {
  const onLeave = () => beginLeaving();
  const onHide = () => {
    markAbandoned();
    flush();
  };
  // Back from the back/forward cache: failures are failures again.
  const onShow = () => {
    left = false;
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') flush();
  };
  win.addEventListener('beforeunload', onLeave);
  win.addEventListener('pagehide', onHide);
  win.addEventListener('pageshow', onShow);
  win.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('beforeunload', onLeave);
    win.removeEventListener('pagehide', onHide);
    win.removeEventListener('pageshow', onShow);
    win.document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** For tests: forget everything recorded (the view id and the leaving state too). */
export function resetHealth(): void {
  states.clear();
  viewToken = null;
  leavingSince = null;
  left = false;
  if (leavingTimer) clearTimeout(leavingTimer);
  leavingTimer = null;
}
