// The remotes' areas on screen, by remote and version: where an error their code throws
// outside React is shown (./after-render.ts finds whose it is, ./remote-page.tsx shows it).
type Show = (error: unknown) => void;
const areas = new Set<{ remote: string; version: string; show: Show }>();

/** A remote's area on screen: `show` gets the errors its code throws outside React. Returns the unsubscribe. */
export function watchArea(remote: string, version: string, show: Show): () => void {
  const area = { remote, version, show };
  areas.add(area);
  return () => {
    areas.delete(area);
  };
}

/** Hands an error of `remote`'s `version` to its areas of that version. */
export function showInAreas(remote: string, version: string, error: unknown): void {
  for (const a of [...areas]) if (a.remote === remote && a.version === version) a.show(error);
}
