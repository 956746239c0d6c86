// Renders one exposed module of one remote inside Suspense and an error boundary,
// so a remote that fails leaves the chrome and every other area working. Errors its code
// throws outside React after the page rendered (handlers, timers, rejected promises) come
// to the same boundary through ./after-render.ts.
import {
  Component,
  Suspense,
  lazy,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { BaseButton, BaseSpinner, palette, space, styled, typography } from 'shared-ui/base';
import type { RouteTarget } from '../routes/route-table';
import { chosenRemote, movedOn, onChosenRemotesChange } from './registry';
import { failAndFallBack } from './fallback';
import { recordError } from './health';
import { watchArea } from './after-render';
import { UNAVAILABLE } from './runtime-plugin';

/** Every exposed module default-exports a component with no required props. */
export type RemotePageModule = { default: ComponentType };

// Keyed by module and version (`mf_public/Landing@1.1.0`): after a canary falls back, its
// stable build gets components of its own, never the canary's.
const cache = new Map<string, ComponentType>();
// Loads started before React asked (prefetchRemotePage), taken by the first render.
const early = new Map<string, Promise<RemotePageModule | null | undefined>>();

const versionOf = (remote: string) => chosenRemote(remote)?.version ?? '';

/** MUI's theme, for the pages that render MUI (all but those marked muiFree): loaded next to the page's code. */
const muiTheme = () => import('shared-ui/core').then((m) => m.MuiThemeProvider);

function lazyRemote(id: string, version: string, mui: boolean): ComponentType {
  const key = `${id}@${version}`;
  let C = cache.get(key);
  if (!C) {
    C = lazy(async () => {
      const started = early.get(key);
      early.delete(key);
      const [mod, Theme] = await Promise.all([started ?? loadRemote<RemotePageModule>(id), mui ? muiTheme() : undefined]);
      if (!mod?.default) throw new Error(`Remote module ${id} is unavailable`);
      if (!Theme) return mod;
      const Inner = mod.default;
      return {
        default: function Themed() {
          return (
            <Theme>
              <Inner />
            </Theme>
          );
        },
      };
    });
    cache.set(key, C);
  }
  return C;
}

/**
 * Starts loading the page a route renders, at boot, while the shell is still starting
 * React: its manifest, remoteEntry.js and page chunk arrive during that work instead of
 * after it. preloadRemote fetches the page's chunks next to remoteEntry.js rather than
 * after it (one round trip less).
 */
export function prefetchRemotePage(target: RouteTarget): void {
  const id = `${target.remote}/${target.module}`;
  const key = `${id}@${versionOf(target.remote)}`;
  if (early.has(key) || cache.has(key)) return;
  if (!target.muiFree) void muiTheme().catch(() => undefined);
  void preloadRemote([{ nameOrAlias: target.remote, exposes: [`./${target.module}`], resourceCategory: 'sync' }]).catch(() => undefined);
  const started = loadRemote<RemotePageModule>(id);
  started.catch(() => undefined);
  early.set(key, started);
}

/** Remotes whose page has rendered (committed) at least once in this page life. */
const rendered = new Set<string>();

/**
 * An error the boundary caught: counted against the version in use (first one per page).
 * A canary or preview whose page throws before it ever rendered falls back to its stable
 * build (true: the page re-renders from stable, no panel); anything else shows the panel.
 */
function onPageError(remote: string, error: unknown): boolean {
  if ((error as { [UNAVAILABLE]?: boolean } | null)?.[UNAVAILABLE]) return false; // a load failure, counted as such
  const detail = `error while rendering: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
  if (!rendered.has(remote)) return failAndFallBack(remote, detail, registerRemotes, 'error') !== null;
  const c = chosenRemote(remote);
  if (c) recordError(c.name, c.version, c.channel, detail);
  return false;
}

/** A file of the remote could not be fetched: the federation runtime's stand-in, or a chunk of the remote's own lazy parts. */
const isLoadFailure = (error: unknown) =>
  Boolean((error as { [UNAVAILABLE]?: boolean } | null)?.[UNAVAILABLE]) ||
  (error instanceof Error &&
    (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk \S+ failed|dynamically imported module/i.test(error.message)));

interface BoundaryProps {
  id: string;
  remote: string;
  version: string;
  onRetry: () => void;
  onFellBack: () => void;
  children: ReactNode;
}
interface BoundaryState {
  failed: boolean;
  fellBack: boolean;
  /** The error came after the area had rendered: the error panel (else "unavailable"). */
  after: boolean;
  /** Asking the registry whether this tab's version was replaced (a failed load). */
  checking: boolean;
  /** This tab's version is no longer live: offer a reload into the live one. */
  stale: boolean;
  message: string;
}
const OK: BoundaryState = { failed: false, fellBack: false, after: false, checking: false, stale: false, message: '' };
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

class RemoteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state = OK;
  private unwatch?: () => void;
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, message: messageOf(error), checking: isLoadFailure(error) };
  }
  override componentDidMount() {
    // Counted by after-render.ts; here the area gives way to the panel.
    this.unwatch = watchArea(this.props.remote, this.props.version, (error) => {
      this.setState({ ...OK, failed: true, after: true, message: messageOf(error), checking: isLoadFailure(error) });
      if (isLoadFailure(error)) this.checkStale();
    });
  }
  override componentWillUnmount() {
    this.unwatch?.();
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    const after = rendered.has(this.props.remote);
    if (onPageError(this.props.remote, error)) {
      this.setState({ fellBack: true });
      this.props.onFellBack();
      return;
    }
    this.setState({ after: after && !(error as { [UNAVAILABLE]?: boolean } | null)?.[UNAVAILABLE] });
    if (isLoadFailure(error)) this.checkStale();
  }
  override componentDidUpdate(prev: BoundaryProps) {
    if (prev.id !== this.props.id && this.state.failed) this.setState(OK);
  }
  /** A tab left open across releases: the files of its version may be gone (pruned). */
  private checkStale() {
    void movedOn(this.props.remote, this.props.version).then((stale) => this.setState({ stale, checking: false }));
  }
  private retry = () => {
    this.setState(OK);
    this.props.onRetry();
  };
  override render() {
    const s = this.state;
    if (!s.failed) return this.props.children;
    // Falling back to the stable build: the page is on its way, nothing else shows.
    if (s.fellBack || s.checking) return <PageLoading />;
    if (s.stale) return <NewerVersion />;
    if (s.after) return <AreaError message={s.message} onRetry={this.retry} />;
    return <AreaUnavailable onRetry={this.retry} />;
  }
}

const pageShownListeners = new Set<() => void>();
/** Calls `fn` once, when the first remote page of this page life has rendered (bootstrap.tsx: the takeover of a server-rendered page). */
export function onFirstPageRendered(fn: () => void): void {
  pageShownListeners.add(fn);
}

/** Marks the remote as rendered once its page has committed. */
function Rendered({ remote }: { remote: string }) {
  useEffect(() => {
    rendered.add(remote);
    for (const fn of [...pageShownListeners]) {
      pageShownListeners.delete(fn);
      fn();
    }
  }, [remote]);
  return null;
}

/** The version of `remote` in use, re-rendering when it changes (a fallback). */
function useRemoteVersion(remote: string): string {
  return useSyncExternalStore(
    onChosenRemotesChange,
    () => versionOf(remote),
    () => versionOf(remote),
  );
}

const Panel = styled.div({ padding: `${space(8)} ${space(2)}`, textAlign: 'center', maxWidth: 520, margin: '0 auto' });
const PanelTitle = styled.h1({ ...typography.h5, margin: `0 0 0.35em` });
const PanelText = styled.p({ margin: `0 0 ${space(3)}`, color: palette.text.secondary });
const PanelDetail = styled.p({ ...typography.body2, margin: `0 0 ${space(3)}`, color: palette.text.secondary, overflowWrap: 'anywhere' });
const Actions = styled.div({ display: 'flex', gap: space(2), justifyContent: 'center' });
const reload = () => window.location.reload();

/** The area's code failed after it rendered: what happened, Retry (this area again), Reload (the page). */
export function AreaError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Panel role="alert" data-area-error="">
      <PanelTitle>Something went wrong in this area</PanelTitle>
      <PanelText>
        This part of the page stopped working after an error. The rest of Tessera keeps working: try this area again, or reload the page.
      </PanelText>
      {message && <PanelDetail>Error: {message}</PanelDetail>}
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

export function AreaUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Panel role="alert">
      <PanelTitle>This area is unavailable</PanelTitle>
      <PanelText>We could not load this part of Tessera. The rest of the platform keeps working; please try again in a moment.</PanelText>
      <BaseButton variant="filled-blue" size="MD" onClick={onRetry}>
        Retry
      </BaseButton>
    </Panel>
  );
}

// A screen tall: the footer stays below the fold until the page arrives, instead of
// showing under the spinner and jumping down (layout shift).
const Loading = styled.div({ display: 'flex', justifyContent: 'center', padding: `${space(10)} 0`, minHeight: '100vh' });

export function PageLoading() {
  return (
    <Loading aria-live="polite" aria-busy="true">
      <BaseSpinner aria-label="Loading page" />
    </Loading>
  );
}

export function RemotePage({ target }: { target: RouteTarget }) {
  const id = `${target.remote}/${target.module}`;
  const [attempt, setAttempt] = useState(0);
  const version = useRemoteVersion(target.remote);
  const Page = lazyRemote(id, version, !target.muiFree);
  return (
    <RemoteBoundary
      key={`${id}@${version}#${attempt}`}
      id={id}
      remote={target.remote}
      version={version}
      onRetry={() => {
        cache.delete(`${id}@${version}`);
        setAttempt((a) => a + 1);
      }}
      onFellBack={() => setAttempt((a) => a + 1)}
    >
      <Suspense fallback={<PageLoading />}>
        <Page />
        <Rendered remote={target.remote} />
      </Suspense>
    </RemoteBoundary>
  );
}
