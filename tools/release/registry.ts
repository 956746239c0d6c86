// The live state of a releases root: the registry (remotes.json), the shell (shell.json,
// index.html), the published versions, the history.
//
//   <remote>/<version>/   one published build, never overwritten (prune removes old ones)
//   shell/<version>/      the shell's builds, the same way (with requirements.json)
//   remotes.json          the live registry the shell reads at boot (nginx: no-cache)
//   index.html            the live shell page (copy of shell/<stable>/index.html)
//   shell.json            the shell's stable version and the ones before it (not served)
//   rollouts.json         progressive rollouts, running and finished (not served)
//   history.jsonl         one JSON line per change (not served)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';
import platform from '../../platform.json';
import { ReleaseError, refuseIfInvalid } from './errors';
import { files, readJson, writeFileAtomic } from './files';

/** Federation name → package folder: the shell and the remotes of platform.json. */
export const PACKAGES: Readonly<Record<string, string>> = {
  shell: platform.shell.folder,
  ...Object.fromEntries(platform.remotes.map((r) => [r.name, r.folder])),
};
export type Target = string;
export type RemoteName = string;
export const REMOTE_NAMES: readonly RemoteName[] = platform.remotes.map((r) => r.name);
/** How many earlier stable versions `rollback` can go back through. */
export const KEEP_PREVIOUS = 20;
export const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export interface RemoteVersion {
  version: string;
  entry: string;
}
export interface RemoteRecord {
  stable: RemoteVersion;
  canary?: RemoteVersion & { percent: number };
  previous?: string[];
  /** Every published version (the API accepts telemetry only for these). */
  published?: string[];
}
export type Registry = Partial<Record<RemoteName, RemoteRecord>>;
export interface ShellState {
  stable: { version: string; entry: string };
  previous?: string[];
}

export interface HistoryEntry {
  time: string;
  verb: string;
  remote: string;
  from: string | null;
  to: string | null;
  percent: number | null;
  user: string;
  [k: string]: unknown;
}

export const entryOf = (remote: string, version: string) => `/remotes/${remote}/${version}/mf-manifest.json`;

export function readRegistry(root: string): Registry {
  return readJson<Registry>(files(root).registry, 'remotes.json') ?? {};
}

export function readShellState(root: string): ShellState | null {
  return readJson<ShellState>(files(root).shell, 'shell.json') ?? null;
}

/** The shell version index.html loads (what visitors get), or null. */
export function liveShellVersion(root: string): string | null {
  let html: string;
  try {
    html = fs.readFileSync(files(root).index, 'utf8');
  } catch {
    return null;
  }
  const m = /\/shell\/([^/"']+)\/main\.js/.exec(html);
  return m ? m[1] : null;
}

export function compareVersions(a: string, b: string): number {
  if (semver.valid(a) && semver.valid(b)) return semver.compare(a, b);
  return a.localeCompare(b, undefined, { numeric: true });
}

/** The published versions of a remote (or the shell), oldest first. */
export function published(root: string, remote: string): string[] {
  const dir = path.join(root, remote);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((v) => VERSION.test(v) && fs.existsSync(path.join(dir, v, 'mf-manifest.json')))
    .sort(compareVersions);
}

export function readHistory(root: string): HistoryEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(files(root).history, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as HistoryEntry];
      } catch {
        return [];
      }
    });
}

export function appendHistory(root: string, entry: HistoryEntry): void {
  // One write call per line with O_APPEND: lines never interleave.
  fs.appendFileSync(files(root).history, `${JSON.stringify(entry)}\n`);
}

export function whoAmI(user?: string): string {
  if (user) return user;
  if (process.env.RELEASE_USER) return process.env.RELEASE_USER;
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}

export function assertName(remote: string, { shell = true } = {}): asserts remote is Target {
  if (remote === 'shell' && shell) return;
  if (!(REMOTE_NAMES as string[]).includes(remote)) {
    throw new ReleaseError(`unknown remote "${remote}": one of ${(shell ? ['shell', ...REMOTE_NAMES] : REMOTE_NAMES).join(', ')}`);
  }
}

export function assertVersion(version: unknown): asserts version is string {
  if (typeof version !== 'string' || !VERSION.test(version)) throw new ReleaseError(`"${String(version)}" is not a version (x.y.z)`);
}

/** Structural check of a whole registry, and that every entry points at a published release. */
export function validateRegistryShape(registry: unknown, root: string): string[] {
  const problems: string[] = [];
  if (!registry || typeof registry !== 'object' || Array.isArray(registry)) return ['the registry must be an object'];
  for (const [name, rec] of Object.entries(registry as Record<string, RemoteRecord>)) {
    if (!(REMOTE_NAMES as string[]).includes(name)) {
      problems.push(`${name}: not a remote`);
      continue;
    }
    const check = (v: RemoteVersion | undefined, label: string) => {
      if (!v || typeof v.version !== 'string' || !VERSION.test(v.version)) {
        problems.push(`${name}.${label}: bad version`);
        return;
      }
      if (v.entry !== entryOf(name, v.version)) problems.push(`${name}.${label}: entry must be ${entryOf(name, v.version)}`);
      if (!fs.existsSync(path.join(root, name, v.version, 'mf-manifest.json')))
        problems.push(`${name}.${label}: ${name} ${v.version} is not published`);
    };
    check(rec?.stable, 'stable');
    if (rec?.canary) {
      check(rec.canary, 'canary');
      if (!Number.isInteger(rec.canary.percent) || rec.canary.percent < 0 || rec.canary.percent > 100)
        problems.push(`${name}.canary: percent must be an integer from 0 to 100`);
      if (rec.canary.version === rec.stable?.version) problems.push(`${name}.canary: the canary is the stable version`);
    }
    if (
      rec?.published !== undefined &&
      (!Array.isArray(rec.published) || rec.published.some((v) => typeof v !== 'string' || !VERSION.test(v)))
    )
      problems.push(`${name}.published: a list of versions`);
  }
  return problems;
}

/**
 * Validates the registry with one record changed, then swaps it in. Every record's
 * `published` list is refreshed from the folders on disk on each change.
 */
export function commitRegistry(root: string, remote: RemoteName, change: (rec: RemoteRecord) => RemoteRecord): Registry {
  const registry = readRegistry(root);
  const next: Registry = { ...registry, [remote]: change(registry[remote] ? { ...registry[remote] } : ({} as RemoteRecord)) };
  for (const name of Object.keys(next) as RemoteName[]) {
    const rec = { ...next[name]! };
    if (rec.canary === undefined) delete rec.canary;
    if (rec.previous && rec.previous.length === 0) delete rec.previous;
    rec.published = published(root, name);
    next[name] = rec;
  }
  refuseIfInvalid('the registry would be invalid', validateRegistryShape(next, root));
  writeFileAtomic(files(root).registry, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}

/** shell.json first (it keeps the rollback list), then index.html: both swapped whole. */
export function setShellStable(root: string, version: string, state: ShellState | null, { rollback = false } = {}): void {
  const html = fs.readFileSync(path.join(root, 'shell', version, 'index.html'));
  const previous = rollback
    ? (state?.previous ?? []).slice(0, -1)
    : [...(state?.previous ?? []), ...(state?.stable ? [state.stable.version] : [])].slice(-KEEP_PREVIOUS);
  const next: ShellState = { stable: { version, entry: `/shell/${version}/` }, ...(previous.length ? { previous } : {}) };
  writeFileAtomic(files(root).shell, `${JSON.stringify(next, null, 2)}\n`);
  writeFileAtomic(files(root).index, html);
}
