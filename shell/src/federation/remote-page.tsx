// Renders one exposed module of one remote inside Suspense and an error boundary,
// so a remote that fails leaves the chrome and every other area working. Errors its code
// throws outside React after the page rendered (handlers, timers, rejected promises) come
// to the same boundary through ./after-render.ts. The panels a failure shows beyond "This
// area is unavailable" load with the first failure (./area-failure.tsx), not with main.js.
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
import type { RouteTarget } from '../routes/route-table';
import { chosenRemote, onChosenRemotesChange } from './registry';
import { failAndFallBack } from './fallback';
import { recordError } from './health';
import { watchArea } from './areas';
import { AreaUnavailable, PageLoading } from './panels';
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
  /** The error came after the area had rendered (else: while loading or in its first render). */
  after: boolean;
  error?: unknown;
}
const OK: BoundaryState = { failed: false, fellBack: false, after: false };

type FailureProps = Pick<BoundaryProps, 'remote' | 'version' | 'onRetry'> & Pick<BoundaryState, 'after' | 'error'>;
// Without its chunk (offline), a failure shows "This area is unavailable" as it always did.
const AreaFailure = lazy(() =>
  import(/* webpackChunkName: "area-failure" */ './area-failure').catch(() => ({
    default: ({ onRetry }: FailureProps) => <AreaUnavailable onRetry={onRetry} />,
  })),
);

class RemoteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state = OK;
  private unwatch?: () => void;
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }
  override componentDidMount() {
    // Counted by after-render.ts; here the area gives way to the panel.
    this.unwatch = watchArea(this.props.remote, this.props.version, (error) => this.setState({ ...OK, failed: true, after: true, error }));
  }
  override componentWillUnmount() {
    this.unwatch?.();
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    const after = rendered.has(this.props.remote) && !(error as { [UNAVAILABLE]?: boolean } | null)?.[UNAVAILABLE];
    if (onPageError(this.props.remote, error)) {
      this.setState({ fellBack: true });
      this.props.onFellBack();
    } else this.setState({ after });
  }
  override componentDidUpdate(prev: BoundaryProps) {
    if (prev.id !== this.props.id && this.state.failed) this.setState(OK);
  }
  private retry = () => {
    this.setState(OK);
    this.props.onRetry();
  };
  override render() {
    const { failed, fellBack, after, error } = this.state;
    if (!failed) return this.props.children;
    // Falling back to the stable build: the page is on its way, nothing else shows.
    if (fellBack) return <PageLoading />;
    const { remote, version } = this.props;
    return (
      <Suspense fallback={<PageLoading />}>
        <AreaFailure remote={remote} version={version} after={after} error={error} onRetry={this.retry} />
      </Suspense>
    );
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
