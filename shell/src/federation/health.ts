// Remote health as this page saw it, reported once per page (issue 17): per remote version
// and channel, whether it loaded, failed to load, and whether its code threw (caught by its
// error boundary, or after its page rendered: ./after-render.ts; the first one only), with
// the page path. Collected in memory and sent in one
// request when the page is hidden or left (`navigator.sendBeacon`, or `fetch` with
// `keepalive` where there is no beacon); a page that comes back and is hidden again sends
// only what changed since. The server derives the user-agent class from the request.
import type { Channel } from './registry';

export const HEALTH_URL = '/v1/telemetry/remote-load';
/** The server's limit on items per report (server/src/modules/telemetry/schemas.ts). */
export const MAX_ITEMS = 20;

type Flag = 'loads' | 'failures' | 'errors';
const FLAGS: Flag[] = ['loads', 'failures', 'errors'];

export interface HealthItem {
  remote: string;
  version: string;
  channel: Channel;
  /** 1 when this page loaded / failed to load / caught an error of this version, else 0. */
  loads: 0 | 1;
  failures: 0 | 1;
  errors: 0 | 1;
  /** The page where it first happened. */
  path: string;
  /** What failed (the first failure or error of this version in this page). */
  detail?: string;
}
export interface HealthReport {
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
}

const states = new Map<string, State>();

function path(): string {
  try {
    return window.location.pathname.slice(0, 200) || '/';
  } catch {
    return '/';
  }
}

function mark(flag: Flag, remote: string, version: string, channel: Channel, detail?: string): void {
  const key = `${remote}@${version}#${channel}`;
  let s = states.get(key);
  if (!s) {
    s = { remote, version, channel, path: path(), seen: new Set(), sent: new Set() };
    states.set(key, s);
  }
  if (detail && !s.detail && flag !== 'loads') s.detail = detail.slice(0, 500);
  s.seen.add(flag);
}

/** The version's first module loaded (and evaluated) in this page. */
export const recordLoad = (remote: string, version: string, channel: Channel) => mark('loads', remote, version, channel);
/** The version could not be loaded (manifest, entry, a chunk, or its module threw while evaluating). */
export const recordFailure = (remote: string, version: string, channel: Channel, detail: string) =>
  mark('failures', remote, version, channel, detail);
/** An error of the version's code: caught by its error boundary, or thrown after its page rendered (counted once per page). */
export const recordError = (remote: string, version: string, channel: Channel, detail: string) =>
  mark('errors', remote, version, channel, detail);

/** The channel this page recorded `version` of `remote` under (a canary stays one after its fallback). */
export function channelOf(remote: string, version: string): Channel | undefined {
  for (const s of states.values()) if (s.remote === remote && s.version === version) return s.channel;
  return undefined;
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
  return items.length ? { items } : null;
}

/** Sends what is new, in one request; best effort (never throws). Returns whether a request went out. */
export function flush(
  nav: Pick<Navigator, 'sendBeacon'> | undefined = typeof navigator === 'undefined' ? undefined : navigator,
  doFetch: typeof fetch | undefined = typeof fetch === 'undefined' ? undefined : fetch,
): boolean {
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

/** Flushes when the page is hidden (tab switch, app switch on phones) or left. */
export function flushOnPageHide(win: Window = window): () => void {
  const onHide = () => {
    flush();
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') flush();
  };
  win.addEventListener('pagehide', onHide);
  win.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('pagehide', onHide);
    win.document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** For tests: forget everything recorded. */
export function resetHealth(): void {
  states.clear();
}
