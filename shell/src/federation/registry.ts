// The remote registry (/remotes.json) and the sticky canary cohort. No remote URL is
// baked into the shell build: everything comes from the registry at boot.
import type { RemoteName } from '../routes/route-table';

export interface RemoteVersion {
  version: string;
  entry: string;
}
/**
 * One remote in remotes.json. `published` (optional, written by the release tool): every
 * version published for this remote, the ones a tab may preview; without it only the
 * stable and canary versions can be previewed.
 */
export interface RemoteRecord {
  stable: RemoteVersion;
  canary?: RemoteVersion & { percent: number };
  published?: string[];
}
export type Registry = Partial<Record<RemoteName, RemoteRecord>>;

/** stable: the live build; canary: the cohort's canary; preview: pinned by this tab (?preview=). */
export type Channel = 'stable' | 'canary' | 'preview';
export interface ChosenRemote {
  name: RemoteName;
  version: string;
  entry: string;
  channel: Channel;
  stable: RemoteVersion;
}
/** Versions this tab pins (remote → version), from `?preview=` and kept in sessionStorage. */
export type PreviewPins = Partial<Record<string, string>>;

export const COHORT_KEY = 'tesseraCohort';

/** The cookie that tells the server the cohort, so its HTML is the version this browser gets (server/src/plugins/ssr.ts). */
export const COHORT_COOKIE = 'tesseraCohort';

function readCohortCookie(doc: Document | undefined): string | null {
  const m = /(?:^|;\s*)tesseraCohort=([0-9A-Za-z._-]{1,100})(?:;|$)/.exec(doc?.cookie ?? '');
  return m ? m[1] : null;
}

/**
 * A random id kept in localStorage: the same browser stays in the same cohort. It is
 * mirrored in a cookie the server reads to render the public pages with the same versions;
 * a first visit takes the id the server gave it in that cookie.
 */
export function cohortId(
  storage: Storage = window.localStorage,
  doc: Document | undefined = typeof document !== 'undefined' ? document : undefined,
): string {
  let id = storage.getItem(COHORT_KEY);
  const cookie = readCohortCookie(doc);
  if (!id) {
    id = cookie ?? (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
    try {
      storage.setItem(COHORT_KEY, id);
    } catch {
      /* private mode: cohort lasts for the page */
    }
  }
  if (doc && cookie !== id && /^[0-9A-Za-z._-]{1,100}$/.test(id)) {
    doc.cookie = `${COHORT_COOKIE}=${id}; Path=/; Max-Age=${400 * 24 * 3600}; SameSite=Lax`;
  }
  return id;
}

/** bucket = hash(id + remote) mod 100 (FNV-1a, stable across browsers). */
export function bucket(id: string, remote: string): number {
  let h = 0x811c9dc5;
  const s = `${id}:${remote}`;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 100;
}

/** The manifest URL of another version of a remote: its stable entry with the version folder changed. */
export function entryOfVersion(rec: RemoteRecord, version: string): string {
  if (rec.canary?.version === version) return rec.canary.entry;
  return rec.stable.entry.replace(/\/[^/]+\/mf-manifest\.json$/, `/${encodeURIComponent(version)}/mf-manifest.json`);
}

/** Whether `version` of this remote is published: listed in `published`, or its stable or canary. */
export function isPublished(rec: RemoteRecord | undefined, version: string): boolean {
  if (!rec?.stable?.entry) return false;
  if (rec.stable.version === version || rec.canary?.version === version) return true;
  return Array.isArray(rec.published) && rec.published.includes(version);
}

export function chooseRemotes(registry: Registry, id: string, pins: PreviewPins = {}): ChosenRemote[] {
  return (Object.entries(registry) as [RemoteName, RemoteRecord][]).flatMap(([name, rec]): ChosenRemote[] => {
    if (!rec?.stable?.entry) return [];
    const pinned = pins[name];
    if (pinned && isPublished(rec, pinned)) {
      return [{ name, version: pinned, entry: entryOfVersion(rec, pinned), channel: 'preview', stable: rec.stable }];
    }
    const canary = rec.canary;
    if (canary && canary.percent > 0 && bucket(id, name) < canary.percent) {
      return [{ name, version: canary.version, entry: canary.entry, channel: 'canary', stable: rec.stable }];
    }
    return [{ name, version: rec.stable.version, entry: rec.stable.entry, channel: 'stable', stable: rec.stable }];
  });
}

export async function fetchRegistry(url = '/remotes.json'): Promise<Registry> {
  // index.html preloads /remotes.json (served no-cache: every page load asks again); a
  // plain fetch takes that response instead of waiting for a second round trip.
  const res = await fetch(url);
  if (!res.ok) throw new Error(`remotes.json: ${res.status}`);
  return (await res.json()) as Registry;
}

/** What was chosen at boot; holds for the whole page life (a failed canary turns stable). */
let chosen: ChosenRemote[] = [];
const listeners = new Set<() => void>();
export function setChosenRemotes(list: ChosenRemote[]): void {
  chosen = list;
  listeners.forEach((fn) => fn());
}
export function getChosenRemotes(): readonly ChosenRemote[] {
  return chosen;
}
export function chosenRemote(name: string): ChosenRemote | undefined {
  return chosen.find((c) => c.name === name);
}
export function onChosenRemotesChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** A canary (or previewed version) that failed: the rest of this page life uses the stable build. */
export function fallBackToStable(name: string): ChosenRemote | undefined {
  const c = chosenRemote(name);
  if (!c || c.channel === 'stable') return undefined;
  c.channel = 'stable';
  c.version = c.stable.version;
  c.entry = c.stable.entry;
  listeners.forEach((fn) => fn());
  return c;
}

/** The `X-Client-Versions` value: `shell@1.0.0,mf_public@1.1.0,…` (the versions in use). */
export function clientVersions(shellVersion: string, list: readonly ChosenRemote[] = chosen): string {
  return [`shell@${shellVersion}`, ...list.map((c) => `${c.name}@${c.version}`)].join(',');
}
