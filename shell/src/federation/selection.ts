// Which version of each remote this page uses: read once per page from /remotes.json, the
// sticky cohort (canaries) and this tab's preview pins (`?preview=mf_public@1.1.0`, kept in
// sessionStorage: that tab only, until "Exit preview" or the tab closes). shell/src/index.ts
// starts it before anything else, so the first-screen prefetch can carry X-Client-Versions.
import {
  chooseRemotes,
  cohortId,
  fetchRegistry,
  isPublished,
  setChosenRemotes,
  type ChosenRemote,
  type PreviewPins,
  type Registry,
} from './registry';

export const PREVIEW_KEY = 'tesseraPreview';
export const PREVIEW_PARAM = 'preview';

/** A `?preview=` request that was not pinned: the version is not published (or unknown remote). */
export interface RefusedPreview {
  remote: string;
  version: string;
}

const PIN = /^([a-z][a-z0-9_]{0,63})@([0-9A-Za-z][0-9A-Za-z.+-]{0,63})$/;

function readPins(storage: Storage | undefined): PreviewPins {
  try {
    const raw = storage?.getItem(PREVIEW_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as PreviewPins;
  } catch {
    return {};
  }
}

function writePins(storage: Storage | undefined, pins: PreviewPins): void {
  try {
    if (Object.keys(pins).length) storage?.setItem(PREVIEW_KEY, JSON.stringify(pins));
    else storage?.removeItem(PREVIEW_KEY);
  } catch {
    /* storage unavailable: the pin lasts for this page */
  }
}

/**
 * This tab's pins: the stored ones, plus `?preview=remote@version` (several may be given,
 * comma-separated or repeated). Only published versions are pinned (the registry lists
 * them); a stored pin whose version is no longer published is dropped.
 */
export function previewPins(
  search: string,
  registry: Registry,
  storage: Storage | undefined,
): { pins: PreviewPins; refused: RefusedPreview[] } {
  const pins = readPins(storage);
  const refused: RefusedPreview[] = [];
  const asked = new URLSearchParams(search)
    .getAll(PREVIEW_PARAM)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  for (const a of asked) {
    const m = PIN.exec(a);
    if (!m) {
      refused.push({ remote: a.split('@')[0] ?? a, version: a.split('@')[1] ?? '' });
      continue;
    }
    const [, remote, version] = m;
    if (isPublished(registry[remote as keyof Registry], version)) pins[remote] = version;
    else refused.push({ remote, version });
  }
  for (const [remote, version] of Object.entries(pins)) {
    if (!version || !isPublished(registry[remote as keyof Registry], version)) delete pins[remote];
  }
  writePins(storage, pins);
  return { pins, refused };
}

/** Ends this tab's preview: the next load uses the versions everyone gets. */
export function exitPreview(storage: Storage | undefined = safeSession()): void {
  writePins(storage, {});
}

function safeSession(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

let selection: Promise<ChosenRemote[]> | null = null;
let refusedPreviews: RefusedPreview[] = [];
export const getRefusedPreviews = (): readonly RefusedPreview[] => refusedPreviews;

/** Reads the registry and chooses (once per page; later calls share the answer). */
export function selectRemotes(): Promise<ChosenRemote[]> {
  selection ??= (async () => {
    let registry: Registry = {};
    try {
      registry = await fetchRegistry();
    } catch (err) {
      // Without a registry every area shows its unavailable panel; the chrome still works.
      console.error('Could not load /remotes.json', err);
    }
    const { pins, refused } = previewPins(window.location.search, registry, safeSession());
    refusedPreviews = refused;
    const chosen = chooseRemotes(registry, cohortId(), pins);
    setChosenRemotes(chosen);
    return chosen;
  })();
  return selection;
}
