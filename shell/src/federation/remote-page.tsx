// Renders one exposed module of one remote inside Suspense and an error boundary,
// so a remote that fails leaves the chrome and every other area working.
import { Component, Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { loadRemote, preloadRemote } from '@module-federation/enhanced/runtime';
import { Box, Typography } from 'shared-ui/mui-core';
import { Button, Spinner } from 'shared-ui/core';
import type { RouteTarget } from '../routes/route-table';

/** Every exposed module default-exports a component with no required props. */
export type RemotePageModule = { default: ComponentType };

const cache = new Map<string, ComponentType>();
// Loads started before React asked (prefetchRemotePage), taken by the first render.
const early = new Map<string, Promise<RemotePageModule | null | undefined>>();

function lazyRemote(id: string): ComponentType {
  let C = cache.get(id);
  if (!C) {
    C = lazy(async () => {
      const started = early.get(id);
      early.delete(id);
      const mod = await (started ?? loadRemote<RemotePageModule>(id));
      if (!mod?.default) throw new Error(`Remote module ${id} is unavailable`);
      return mod;
    });
    cache.set(id, C);
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
  if (early.has(id) || cache.has(id)) return;
  void preloadRemote([{ nameOrAlias: target.remote, exposes: [`./${target.module}`], resourceCategory: 'sync' }]).catch(() => undefined);
  const started = loadRemote<RemotePageModule>(id);
  started.catch(() => undefined);
  early.set(id, started);
}

interface BoundaryProps { id: string; onRetry: () => void; children: ReactNode }
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  override componentDidUpdate(prev: BoundaryProps) {
    if (prev.id !== this.props.id && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <AreaUnavailable onRetry={() => { this.setState({ failed: false }); this.props.onRetry(); }} />;
  }
}

export function AreaUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Box role="alert" sx={{ py: 8, px: 2, textAlign: 'center', maxWidth: 520, mx: 'auto' }}>
      <Typography variant="h5" component="h1" gutterBottom>This area is unavailable</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        We could not load this part of Tessera. The rest of the platform keeps working; please try again in a moment.
      </Typography>
      <Button variant="filled-blue" size="MD" onClick={onRetry}>Retry</Button>
    </Box>
  );
}

export function PageLoading() {
  return (
    // A screen tall: the footer stays below the fold until the page arrives, instead of
    // showing under the spinner and jumping down (layout shift).
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10, minHeight: '100vh' }} aria-live="polite" aria-busy="true">
      <Spinner aria-label="Loading page" />
    </Box>
  );
}

export function RemotePage({ target }: { target: RouteTarget }) {
  const id = `${target.remote}/${target.module}`;
  const [attempt, setAttempt] = useState(0);
  const Page = lazyRemote(id);
  return (
    <RemoteBoundary key={`${id}#${attempt}`} id={id} onRetry={() => { cache.delete(id); setAttempt((a) => a + 1); }}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}
