// Errors a remote's code throws after its page rendered (event handlers, timers, promises
// nobody catches) reach the window, not the page's error boundary. This file says whose
// they are, counts them against that remote and version (./health.ts, sent when the page is
// hidden or left) and hands them to that remote's area, which shows its error panel
// (./areas.ts, ./remote-page.tsx). What nobody can attribute is left to the global error
// screen. No React here; loaded with the first uncaught error (chrome/GlobalErrorScreen.tsx),
// not part of main.js.
import { chosenRemote, getChosenRemotes, type Channel } from './registry';
import { channelOf, recordError } from './health';
import { showInAreas } from './areas';

export interface Culprit {
  remote: string;
  version: string;
}

/** Released builds are served from /remotes/<name>/<version>/ (README: Releases). */
const VERSIONED = /\/remotes\/([a-z][a-z0-9_]{0,63})\/([0-9A-Za-z][0-9A-Za-z.+%-]{0,63})\//;
const URLS = /\b(?:https?|file):\/\/[^\s()'"<>]+/g;

/**
 * The remote and version whose file `url` is: by its version folder, else by the folder of a
 * manifest this page registered (the dev loop serves a remote from /__dev/<name>/), else null
 * (the shell's own files, shared libraries included: the shell provides them all).
 */
export function remoteOfUrl(url: string, base: string = window.location.href): Culprit | null {
  const m = VERSIONED.exec(url);
  if (m && chosenRemote(m[1])) return { remote: m[1], version: decodeURIComponent(m[2]) };
  for (const c of getChosenRemotes()) {
    for (const [entry, version] of [
      [c.entry, c.version],
      [c.stable.entry, c.stable.version],
    ]) {
      try {
        const dir = new URL('.', new URL(entry, base));
        if (dir.pathname !== '/' && url.startsWith(dir.href)) return { remote: c.name, version };
      } catch {
        /* not a URL */
      }
    }
  }
  return null;
}

/**
 * Whose code threw: the topmost frame of the error's stack that lies in a remote's file
 * (a remote's handler calling into a shared library is still the remote's), else the file
 * the browser names for the error event.
 */
export function attribute(error: unknown, filename?: string): Culprit | null {
  const stack = (error as { stack?: unknown } | null | undefined)?.stack;
  for (const url of typeof stack === 'string' ? (stack.match(URLS) ?? []) : []) {
    const c = remoteOfUrl(url);
    if (c) return c;
  }
  return filename ? remoteOfUrl(filename) : null;
}

/** The channel this page uses (or used, before a fallback) `version` of `remote` under. */
function channelFor(remote: string, version: string): Channel {
  const c = chosenRemote(remote);
  if (c?.version === version) return c.channel;
  return channelOf(remote, version) ?? 'stable';
}

/**
 * An uncaught error or unhandled rejection. When a remote's code threw it: counted against
 * that remote and version (first error per page), its areas of that version show the error
 * panel, and true is returned. False when nobody can attribute it.
 */
export function containRemoteError(error: unknown, filename: string | undefined, kind: 'error' | 'rejection'): boolean {
  const c = attribute(error, filename);
  if (!c) return false;
  const message = error instanceof Error ? error.message : String(error);
  const what = kind === 'error' ? 'error after render' : 'unhandled rejection';
  recordError(c.remote, c.version, channelFor(c.remote, c.version), `${what}: ${message}`.slice(0, 300));
  showInAreas(c.remote, c.version, error);
  return true;
}
