// Page views for remote health: every page the server serves gets a view id, signed with a
// key derived from JWT_SECRET and valid for VIEW_TTL_S, bound to the versions that view was
// assigned (per remote: version and channel, chosen here from the live registry, the
// visitor's cohort and the tab's preview pins, exactly as the shell chooses). Reports carry
// it (./service.ts): a report without a view this server signed counts for nothing, and the
// channel of what it reports is the assignment's, never the client's word.
//
// Token: `<payload>.<mac>`, both base64url; payload is JSON { v: view id, e: expiry (unix
// seconds), a: { remote: [version, channel] } }; mac = HMAC-SHA256(key, payload).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isPublished, liveRegistry, type VersionsSource } from './published';
import { CHANNELS, type Channel } from './schemas';

/** How long a view's reports count. Past it, a view that never reported is `unknown`. */
export const VIEW_TTL_S = 3600;

export type Assignment = Record<string, { version: string; channel: Channel }>;

export interface View {
  id: string;
  expiresAt: Date;
  assignment: Assignment;
}

const keys = new Map<string, Buffer>();
/** The view key: derived from the JWT secret (never the secret itself), so a view id is no token. */
function keyOf(secret: string): Buffer {
  let k = keys.get(secret);
  if (!k) {
    k = createHmac('sha256', secret).update('tessera telemetry view v1').digest();
    if (keys.size > 16) keys.clear();
    keys.set(secret, k);
  }
  return k;
}

const mac = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export function signView(secret: string, view: View): string {
  const a = Object.fromEntries(Object.entries(view.assignment).map(([r, x]) => [r, [x.version, x.channel]]));
  const payload = Buffer.from(JSON.stringify({ v: view.id, e: Math.floor(view.expiresAt.getTime() / 1000), a })).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export type VerifyResult = { ok: true; view: View } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

const NAME = /^[a-z][a-z0-9_]{0,63}$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

/** Checks the signature first (nothing of an unsigned payload is read), then the expiry. */
export function verifyView(secret: string, token: unknown, now = Date.now()): VerifyResult {
  if (typeof token !== 'string' || token.length > 2048) return { ok: false, reason: 'malformed' };
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return { ok: false, reason: 'malformed' };
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(mac(secret, payload), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  let raw: { v?: unknown; e?: unknown; a?: unknown };
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof raw;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof raw.v !== 'string' || typeof raw.e !== 'number' || !raw.a || typeof raw.a !== 'object')
    return { ok: false, reason: 'malformed' };
  const assignment: Assignment = {};
  for (const [remote, x] of Object.entries(raw.a as Record<string, unknown>)) {
    if (!NAME.test(remote) || !Array.isArray(x)) return { ok: false, reason: 'malformed' };
    const [version, channel] = x as unknown[];
    if (typeof version !== 'string' || !VERSION.test(version) || !CHANNELS.includes(channel as Channel))
      return { ok: false, reason: 'malformed' };
    assignment[remote] = { version, channel: channel as Channel };
  }
  const expiresAt = new Date(raw.e * 1000);
  if (expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
  return { ok: true, view: { id: raw.v, expiresAt, assignment } };
}

export const newViewId = () => randomBytes(16).toString('base64url');

/** bucket = hash(id + remote) mod 100: the shell's rule (shell/src/federation/registry.ts), FNV-1a. */
export function bucket(id: string, remote: string): number {
  let h = 0x811c9dc5;
  const s = `${id}:${remote}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 100;
}

/**
 * The versions a visitor gets, per live remote: a preview pin (`remote@version`) of a
 * published version, else the canary when the cohort's bucket is under its percentage, else
 * the stable. The shell's chooseRemotes, on the server's copy of the registry.
 */
export function assign(src: VersionsSource, cohort: string | null, preview: string[] = []): Assignment {
  const out: Assignment = {};
  const live = liveRegistry(src);
  for (const [remote, rec] of Object.entries(live)) {
    const pinned = preview
      .map((p) => p.trim().split('@'))
      .find(([r, v]) => r === remote && v && (v === rec.stable || v === rec.canary?.version || isPublished(src, remote, v)));
    if (pinned) out[remote] = { version: pinned[1], channel: 'preview' };
    else if (cohort && rec.canary && rec.canary.percent > 0 && bucket(cohort, remote) < rec.canary.percent)
      out[remote] = { version: rec.canary.version, channel: 'canary' };
    else if (rec.stable) out[remote] = { version: rec.stable, channel: 'stable' };
  }
  return out;
}
