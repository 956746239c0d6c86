// Async boundary: shared singletons are negotiated before any of them is used. The
// bootstrap is bundled into main.js ("eager" mode: no second request on the critical
// path); everything it imports statically is an eager shared module
// (tools/webpack/create-config.cjs), the rest is loaded on demand. docs/frontend.md.
import { prefetchFirstScreen } from 'shared-api/prefetch';

// The first screen's API call and photo start now, alongside the code (shared-api/src/prefetch.ts).
prefetchFirstScreen(window.location);
import(/* webpackMode: "eager" */ './bootstrap');
