// The shell lends its federation bundler runtime to the remotes: each remote's federation
// entry takes it from this global instead of bundling its own copy
// (tools/webpack/host-bundler-runtime.mjs), if it was built against the same version.
// Set before any remote can load.
declare const __MF_BUNDLER_RUNTIME_VERSION__: string;
declare const __webpack_require__: {
  federation?: { bundlerRuntime?: unknown; attachShareScopeMap?: unknown };
};

export function lendBundlerRuntime(): void {
  const federation = __webpack_require__.federation;
  if (!federation?.bundlerRuntime) return;
  (globalThis as { __TESSERA_FEDERATION_BUNDLER__?: unknown }).__TESSERA_FEDERATION_BUNDLER__ = {
    version: __MF_BUNDLER_RUNTIME_VERSION__,
    bundlerRuntime: federation.bundlerRuntime,
    attachShareScopeMap: federation.attachShareScopeMap,
  };
}
