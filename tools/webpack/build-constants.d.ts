// Constants webpack's DefinePlugin writes into the builds (tools/webpack/create-config.cjs).
/** The version of @module-federation/webpack-bundler-runtime the build was made with. */
declare const __MF_BUNDLER_RUNTIME_VERSION__: string;
