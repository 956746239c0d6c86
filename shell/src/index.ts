// Async boundary: shared singletons are negotiated before any of them is used. The
// bootstrap is bundled into main.js ("eager" mode: no second request on the critical
// path); everything it imports statically is an eager shared module
// (tools/webpack/create-config.cjs), the rest is loaded on demand. docs/frontend.md.
import { prefetchFirstScreen } from 'shared-api/prefetch';

// The first screen's API call and photo start now, alongside the code (shared-api/src/prefetch.ts).
prefetchFirstScreen(window.location);
// The app's modules (React, MUI, the shell) evaluate in the next task rather than in
// main.js's own: two shorter tasks instead of one long one, so the browser can paint and
// answer input in between (issue 11: total blocking time).
setTimeout(() => void import(/* webpackMode: "eager" */ './bootstrap'), 0);
