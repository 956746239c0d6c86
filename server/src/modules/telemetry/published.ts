// Which remote versions are published, and which are live (stable, canary), as the release
// tool leaves them on disk (tools/release): `<releasesRoot>/<remote>/<version>/mf-manifest.json`
// for every published build and `<releasesRoot>/remotes.json` for the live registry. Without
// a releases root (npm start, one origin), the web root's `remotes/<remote>/<version>/` and
// `remotes.json`. Answers are cached briefly: a report arrives with every page view.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface VersionsSource {
  releasesDir?: string | null;
  webRoot?: string | null;
}

export interface LiveRemote {
  stable: string | null;
  canary: { version: string; percent: number } | null;
}

const TTL_MS = 15_000;
const MAX_ENTRIES = 2_000;
const cache = new Map<string, { at: number; published: boolean }>();

/** The folder holding `<remote>/<version>/`, or null when nothing is configured. */
function versionsDir(src: VersionsSource): string | null {
  if (src.releasesDir) return src.releasesDir;
  if (src.webRoot) return path.join(src.webRoot, 'remotes');
  return null;
}

function registryFile(src: VersionsSource): string | null {
  if (src.releasesDir) return path.join(src.releasesDir, 'remotes.json');
  if (src.webRoot) return path.join(src.webRoot, 'remotes.json');
  return null;
}

const NAME = /^[a-z][a-z0-9_]{0,63}$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

/** Whether `remote` `version` is published (names are checked again: they become a path). */
export function isPublished(src: VersionsSource, remote: string, version: string, now = Date.now()): boolean {
  const dir = versionsDir(src);
  if (!dir || !NAME.test(remote) || !VERSION.test(version) || version.includes('..')) return false;
  const key = `${dir}\0${remote}\0${version}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.published;
  let published: boolean;
  try {
    published = statSync(path.join(dir, remote, version, 'mf-manifest.json')).isFile();
  } catch {
    published = false;
  }
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { at: now, published });
  return published;
}

/** The live registry (stable and canary per remote); {} when there is none or it is unreadable. */
export function liveRegistry(src: VersionsSource): Record<string, LiveRemote> {
  const file = registryFile(src);
  if (!file || !existsSync(file)) return {};
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<
      string,
      { stable?: { version?: unknown }; canary?: { version?: unknown; percent?: unknown } }
    >;
    const out: Record<string, LiveRemote> = {};
    for (const [name, rec] of Object.entries(raw ?? {})) {
      if (!NAME.test(name) || !rec || typeof rec !== 'object') continue;
      const stable = typeof rec.stable?.version === 'string' ? rec.stable.version : null;
      const canary =
        rec.canary && typeof rec.canary.version === 'string'
          ? { version: rec.canary.version, percent: Number(rec.canary.percent) || 0 }
          : null;
      out[name] = { stable, canary };
    }
    return out;
  } catch {
    return {};
  }
}

/** For tests. */
export function clearPublishedCache(): void {
  cache.clear();
}
