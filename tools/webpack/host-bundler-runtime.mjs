// A remote's stand-in for @module-federation/webpack-bundler-runtime (the glue between
// webpack's module system and the federation runtime: init, share scopes, consumes,
// container init). Every remote bundled its own copy into remoteEntry.js (about 4 KB gzip on
// every page), although the shell, which loads every remote, has the same code: the shell
// puts its copy on a global at boot (shell/src/federation/bundler-runtime.ts) and a remote's
// federation entry takes it from there. Its functions are stateless (each call is given the
// remote's own __webpack_require__), so one copy serves the page, as one federation runtime
// core already does (experiments.externalRuntime). The runtime module is the remote's own:
// it holds the remote's federation instance (a module-level singleton), so it cannot be
// lent. initContainerEntry is the remote's own too: a shell exposes nothing, so its build
// leaves that function out (FEDERATION_HAS_EXPOSES). tools/webpack/create-config.cjs.
import * as runtime from '@module-federation/runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

// The functions must be those this remote was built against: a shell built with another
// version of @module-federation/enhanced lends nothing this remote can use, and loading it
// fails at once, which the shell's fallback turns into its stable build (docs/frontend.md).
/* global __MF_BUNDLER_RUNTIME_VERSION__ -- written by the build (build-constants.d.ts) */
/** @type {{ version: string, bundlerRuntime: object, attachShareScopeMap: unknown } | undefined} */
const host = /** @type {{ __TESSERA_FEDERATION_BUNDLER__?: any }} */ (globalThis).__TESSERA_FEDERATION_BUNDLER__;
if (!host || host.version !== __MF_BUNDLER_RUNTIME_VERSION__)
  throw new Error(
    `This remote takes the federation bundler runtime ${__MF_BUNDLER_RUNTIME_VERSION__} from the Tessera shell; the shell ${host ? `lends ${host.version}` : 'lends none'}. Build the shell and the remote with the same @module-federation/enhanced.`,
  );
export default {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...host.bundlerRuntime, initContainerEntry },
  attachShareScopeMap: host.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
