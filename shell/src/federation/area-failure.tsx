// What a remote's area shows when it fails, loaded with the first failure (not part of
// main.js): the error panel for an error after the area rendered (what happened, Retry,
// Reload); for a load that failed, "A newer version is available" when the release moved on
// from this tab's version (its files may have been pruned), else "This area is unavailable".
import { useEffect, useState } from 'react';
import { BaseButton, palette, space, styled, typography } from 'shared-ui/base';
import { chosenRemote, isPublished, type Registry } from './registry';
import { UNAVAILABLE } from './runtime-plugin';
import { AreaUnavailable, PageLoading, Panel, PanelText, PanelTitle } from './panels';

const Detail = styled.p({ ...typography.body2, margin: `0 0 ${space(3)}`, color: palette.text.secondary, overflowWrap: 'anywhere' });
const Actions = styled.div({ display: 'flex', gap: space(2), justifyContent: 'center' });
const reload = () => window.location.reload();

/** A file of the remote could not be fetched: the federation runtime's stand-in, or a chunk of the remote's own lazy parts. */
export const isLoadFailure = (error: unknown) =>
  Boolean((error as { [UNAVAILABLE]?: boolean } | null)?.[UNAVAILABLE]) ||
  (error instanceof Error &&
    (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk \S+ failed|dynamically imported module/i.test(error.message)));

/**
 * Whether the release moved on from `version` of `remote` since this tab chose it: the live
 * registry no longer serves it (neither its stable nor its canary; a preview: no longer
 * published), so its files may have been pruned and a reload gets the live version. False
 * when the registry cannot be read.
 */
export async function movedOn(remote: string, version: string, url = '/remotes.json'): Promise<boolean> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) return false;
    const rec = ((await res.json()) as Registry)[remote as keyof Registry];
    if (!rec?.stable?.version) return false;
    if (chosenRemote(remote)?.channel === 'preview') return !isPublished(rec, version);
    return version !== rec.stable.version && version !== rec.canary?.version;
  } catch {
    return false;
  }
}

/** The area's code failed after it rendered: what happened, Retry (this area again), Reload (the page). */
export function AreaError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Panel role="alert" data-area-error="">
      <PanelTitle>Something went wrong in this area</PanelTitle>
      <PanelText>
        This part of the page stopped working after an error. The rest of Tessera keeps working: try this area again, or reload the page.
      </PanelText>
      {message && <Detail>Error: {message}</Detail>}
      <Actions>
        <BaseButton variant="filled-blue" size="MD" onClick={onRetry}>
          Retry
        </BaseButton>
        <BaseButton variant="outline-blue" size="MD" onClick={reload}>
          Reload
        </BaseButton>
      </Actions>
    </Panel>
  );
}

/** This tab's version of the area was replaced and its files are gone: reload into the live one. */
export function NewerVersion() {
  return (
    <Panel role="alert">
      <PanelTitle>A newer version is available</PanelTitle>
      <PanelText>This tab is still running an earlier version of this part of Tessera. Reload the page to get the latest one.</PanelText>
      <BaseButton variant="filled-blue" size="MD" onClick={reload}>
        Reload
      </BaseButton>
    </Panel>
  );
}

export interface AreaFailureProps {
  remote: string;
  version: string;
  /** The error came after the area had rendered. */
  after: boolean;
  error?: unknown;
  onRetry: () => void;
}

export default function AreaFailure({ remote, version, after, error, onRetry }: AreaFailureProps) {
  const load = isLoadFailure(error);
  // null: asking the registry whether this tab's version is still live.
  const [stale, setStale] = useState<boolean | null>(load ? null : false);
  useEffect(() => {
    if (load) void movedOn(remote, version).then(setStale);
  }, [load, remote, version]);
  if (stale === null) return <PageLoading />;
  if (stale) return <NewerVersion />;
  if (!after) return <AreaUnavailable onRetry={onRetry} />;
  return <AreaError message={(error instanceof Error ? error.message : String(error)).slice(0, 200)} onRetry={onRetry} />;
}
