import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { configureApi, getSession } from 'shared-api/session';
import { clientVersions, onChosenRemotesChange } from './federation/registry';
import { selectRemotes } from './federation/selection';
import { acquireView, flushOnPageHide } from './federation/health';
import { onFirstPageRendered, prefetchRemotePage } from './federation/remote-page';
import { prefetchPending } from 'shared-api/prefetch';
import { targetForPath } from './routes/route-table';
import { changedInput, replayInput } from './ssr-takeover/carry-input';
import { holdServerSubmits } from './ssr-takeover/hold-submits';
import { App } from './App';

// Exported so the build keeps it: the shell provides every shared entry (./federation/provided.ts).
export { providedEntries } from './federation/provided';

declare const __SHELL_VERSION__: string;

/** Pages that make no API call as they open. */
const STATIC_PAGES = new Set(['Landing', 'About', 'Privacy', 'Terms', 'ListProperty']);

/** A server-rendered page shows until the app has rendered the same page, then gives way to it. */
const TAKEOVER_TIMEOUT_MS = 10_000;

/**
 * Where the app renders. A page the server rendered (#root[data-ssr], server/src/plugins/ssr.ts)
 * stays on screen while the app renders into a hidden container beside it; once the page's
 * remote has rendered (with the answers the server sent: no skeleton, no second request),
 * the two swap in one step. The new elements are laid out where the old ones were: nothing
 * moves (no layout shift), nothing flashes. docs/frontend.md, "Public pages as HTML".
 */
function appContainer(): HTMLElement | null {
  const server = document.getElementById('root');
  if (!server?.hasAttribute('data-ssr')) return server;
  // No native submit of the server's forms before the swap (after-paint.js holds them too).
  const release = holdServerSubmits();
  const app = document.createElement('div');
  app.style.display = 'none';
  server.after(app);
  let done = false;
  const swap = () => {
    if (done) return;
    done = true;
    // What the visitor chose on the server's markup meanwhile goes over to the app's.
    const carried = changedInput(server);
    server.remove();
    release();
    document.getElementById('tessera-ssr')?.remove();
    app.id = 'root';
    app.style.display = '';
    replayInput(carried, app);
  };
  onFirstPageRendered(swap);
  setTimeout(swap, TAKEOVER_TIMEOUT_MS);
  return app;
}

async function boot() {
  // The versions chosen for this page (cohort, preview pins): ./federation/selection.ts.
  const chosen = await selectRemotes();
  // Remote health goes to the API in one request, when the page is hidden or left.
  flushOnPageHide();
  registerRemotes(chosen.map((c) => ({ name: c.name, entry: c.entry })));
  configureApi({ clientVersions: clientVersions(__SHELL_VERSION__), onUnauthorized: () => window.location.assign('/login') });
  // A canary that falls back to stable changes the versions every later API call reports.
  onChosenRemotesChange(() => configureApi({ clientVersions: clientVersions(__SHELL_VERSION__) }));
  // The page's remote starts loading now, in parallel with React's start.
  const target = targetForPath(window.location.pathname, getSession().user?.role ?? null);
  if (target) prefetchRemotePage(target);
  // This page's signed view id, which its health reports carry: the served page's, or in a
  // previewing tab one asked of the API for its pins (./federation/health.ts).
  void acquireView(chosen);
  // Pages that ask the API as they open get shared-api's client and endpoints now, alongside
  // their remote, not once the remote's code asks for them ('shared-api' is not in main.js:
  // the static public pages never load it). Likewise ky (it loads on first use:
  // tools/webpack/ky-deferred.js), except for a first screen whose answer is already on its
  // way (prefetchFirstScreen).
  if (!target || !STATIC_PAGES.has(target.module)) void import('shared-api').catch(() => undefined);
  if (!target || !(STATIC_PAGES.has(target.module) || prefetchPending())) void import('tessera-ky-original').catch(() => undefined);
  // Let the browser paint and handle input between the boot steps, and render the app as
  // a transition (in slices, yielding to the browser) rather than one long task: the
  // main thread stays responsive while it starts (Total Blocking Time, docs/performance.md).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const el = appContainer();
  if (!el) return;
  const root = createRoot(el);
  startTransition(() => root.render(<App />));
}

void boot();
