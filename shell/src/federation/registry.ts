// The remote registry (/remotes.json) and the sticky canary cohort. No remote URL is
// baked into the shell build: everything comes from the registry at boot.
import type { RemoteName } from '../routes/route-table';

export interface RemoteVersion { version: string; entry: string }
export interface RemoteRecord { stable: RemoteVersion; canary?: RemoteVersion & { percent: number } }
export type Registry = Partial<Record<RemoteName, RemoteRecord>>;

export interface ChosenRemote { name: RemoteName; version: string; entry: string; channel: 'stable' | 'canary'; stable: RemoteVersion }

export const COHORT_KEY = 'tesseraCohort';

/** A random id kept in localStorage: the same browser stays in the same cohort. */
export function cohortId(storage: Storage = window.localStorage): string {
  let id = storage.getItem(COHORT_KEY);
  if (!id) {
    id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    try { storage.setItem(COHORT_KEY, id); } catch { /* private mode: cohort lasts for the page */ }
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

export function chooseRemotes(registry: Registry, id: string): ChosenRemote[] {
  return (Object.entries(registry) as [RemoteName, RemoteRecord][]).flatMap(([name, rec]): ChosenRemote[] => {
    if (!rec?.stable?.entry) return [];
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
export function setChosenRemotes(list: ChosenRemote[]): void { chosen = list; listeners.forEach((fn) => fn()); }
export function getChosenRemotes(): readonly ChosenRemote[] { return chosen; }
export function chosenRemote(name: string): ChosenRemote | undefined { return chosen.find((c) => c.name === name); }
export function onChosenRemotesChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => { listeners.delete(fn); };
}

/** A canary that failed to load: the rest of this page life uses its stable build. */
export function fallBackToStable(name: string): ChosenRemote | undefined {
  const c = chosenRemote(name);
  if (!c || c.channel !== 'canary') return undefined;
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
