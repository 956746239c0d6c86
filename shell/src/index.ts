// Async boundary: shared singletons are negotiated before any of them is used. The
// bootstrap is bundled into main.js ("eager" mode: no second request on the critical
// path); everything it imports statically is an eager shared module
// (tools/webpack/create-config.cjs), the rest is loaded on demand. docs/frontend.md.
import { prefetchFirstScreen, seedFirstScreen } from 'shared-api/prefetch';
import { lendBundlerRuntime } from './federation/bundler-runtime';
import { clientVersions } from './federation/registry';
import { selectRemotes } from './federation/selection';

declare const __SHELL_VERSION__: string;

lendBundlerRuntime();

// The first screen's API call and photo start as soon as the remote versions are chosen
// (/remotes.json is preloaded by index.html, so it has usually arrived by now), alongside
// the code (shared-api/src/prefetch.ts), and carry X-Client-Versions like every later call.
// A page the server rendered (server/src/plugins/ssr.ts) came with its first screen's
// answers: the page takes them from here, and the prefetch below finds them already there.
try {
  const state = document.getElementById('tessera-ssr')?.textContent;
  if (state) seedFirstScreen((JSON.parse(state) as { data?: Record<string, unknown> }).data ?? {});
} catch {
  /* the page asks as usual */
}
void selectRemotes().then(() => prefetchFirstScreen(window.location, document, { clientVersions: clientVersions(__SHELL_VERSION__) }));
// The app's modules (React, MUI, the shell) evaluate in the next task rather than in
// main.js's own: two shorter tasks instead of one long one, so the browser can paint and
// answer input in between (issue 11: total blocking time).
setTimeout(() => void import(/* webpackMode: "eager" */ './bootstrap'), 0);
