// One webpack + Module Federation config for the shell and every remote, so the
// shared singletons, output naming and minifier settings never drift apart.
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const TerserPlugin = require('terser-webpack-plugin');
const webpack = require('webpack');

const root = path.resolve(__dirname, '../..');
const { sharedConfig, productionAliases, eagerKeys } = require('./shared.cjs');
const { federationNameOf, remotes } = require('../platform/index.cjs');

// provideExternalRuntime adds its runtime plugin by require.resolve(), i.e. the CommonJS
// build, which pulls the CommonJS runtime-core and sdk in next to the ES builds the
// bundler runtime uses: the shell carried the federation runtime twice (docs/performance.md).
/**
 * Whether a module is part of MUI's base: what every MUI tier (shared-ui/mui-*) builds on.
 * @param {import('webpack').Module} module
 */
function isMuiBase(module) {
  const file = /** @type {{ resource?: string }} */ (module).resource ?? '';
  if (
    /[\\/]@mui[\\/](system[\\/](Grid|Stack|useMediaQuery)|utils[\\/](useRovingTabIndex|useControlled|mergeSlotProps|useSlotProps)|material[\\/]ButtonBase[\\/](TouchRipple|Ripple))/.test(
      file,
    )
  )
    return false;
  return (
    /[\\/]node_modules[\\/]@mui[\\/](system|utils|styled-engine|private-theming)[\\/]/.test(file) ||
    /[\\/]node_modules[\\/]@mui[\\/]material[\\/](styles|utils|zero-styled|DefaultPropsProvider|colors|transitions|ButtonBase|Box|Container|CssBaseline|SvgIcon|Typography|GlobalStyles|useLazyRipple|className|generateUtilityClass|generateUtilityClasses|version)[\\/]/.test(
      file,
    ) ||
    /[\\/]node_modules[\\/]clsx[\\/]/.test(file) ||
    file.startsWith(path.join(__dirname, 'mui') + path.sep)
  );
}

/**
 * MUI's createTheme and ThemeProvider also carry the CSS-variables theme machinery,
 * which Tessera's theme never uses: tools/webpack/mui/ holds the branch MUI itself takes
 * for such a theme, without the rest (about 6 KB gzip on every first visit), and a
 * stand-in for the theme-to-source serializer only Pigment CSS's build calls.
 */
function muiNoCssVars() {
  const shim = (/** @type {string} */ name) => path.join(__dirname, 'mui', `${name}.mjs`);
  return new webpack.NormalModuleReplacementPlugin(
    /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider|stringifyTheme)\.m?js$/,
    (result) => {
      const data = result.createData;
      if (!data?.resource) return;
      const name = /** @type {RegExpExecArray} */ (/(createTheme|ThemeProvider|stringifyTheme)\.m?js$/.exec(data.resource))[1];
      data.resource = shim(name);
      data.request = data.userRequest = data.rawRequest = shim(name);
      data.context = path.dirname(shim(name));
    },
  );
}

/**
 * ButtonBase's press ripple loads with the first press instead of with main.js: ButtonBase
 * gets tools/webpack/mui/TouchRipple.mjs, which loads MUI's TouchRipple on mount (ButtonBase
 * mounts it only once a ripple is asked for) and replays the calls (about 2 KB gzip on
 * every first visit; docs/performance.md).
 */
function lazyTouchRipple() {
  const shim = path.join(__dirname, 'mui', 'TouchRipple.mjs');
  return new webpack.NormalModuleReplacementPlugin(/[\\/]@mui[\\/]material[\\/]ButtonBase[\\/]TouchRipple\.m?js$/, (result) => {
    const data = result.createData;
    // Only ButtonBase's import: the shim's own import is the real module.
    if (!data?.resource || !/[\\/]ButtonBase[\\/]ButtonBase\.m?js$/.test(result.contextInfo?.issuer ?? '')) return;
    data.resource = shim;
    data.request = data.userRequest = data.rawRequest = shim;
    data.context = path.dirname(shim);
  });
}

/**
 * shared-api's own files import its contract by relative path ('./contract/constants'),
 * which bundled a second copy of the contract (validation messages, figures) into the
 * shared-api module next to the shared 'shared-api/contract' one. Pointing those
 * requests at the package subpath lets federation share the one copy (a domain part at
 * the subpath that shares it: './contract/returns' → 'shared-api/contract/dashboard').
 */
function sharedApiContract() {
  const apiDir = path.join(root, 'shared-api');
  const apiSrc = path.join(apiDir, 'src');
  const contractDir = path.join(apiSrc, 'contract');
  // contract file (without extension) → the subpath sharing it, from package.json "exports"
  // and the `export * from './x'` lines of each contract subpath.
  const subpathOf = new Map();
  for (const [key, file] of Object.entries(require(path.join(apiDir, 'package.json')).exports)) {
    const m = /^\.\/contract\/([\w-]+)$/.exec(key);
    if (!m) continue;
    const abs = path.join(apiDir, file);
    subpathOf.set(path.relative(contractDir, abs).replace(/\.tsx?$/, ''), `shared-api/contract/${m[1]}`);
    for (const [, part] of fs.readFileSync(abs, 'utf8').matchAll(/^export \* from '\.\/([\w-]+)';$/gm))
      subpathOf.set(part, `shared-api/contract/${m[1]}`);
  }
  return new webpack.NormalModuleReplacementPlugin(/^(\.\.?\/)+contract(\/[\w-]+)?$/, (result) => {
    if (!result.context || result.createData?.resource) return;
    const ctx = path.resolve(result.context);
    if (!ctx.startsWith(apiSrc + path.sep) && ctx !== apiSrc) return;
    if (ctx === contractDir || ctx.startsWith(contractDir + path.sep)) return;
    const target = path.resolve(ctx, result.request);
    if (!target.startsWith(contractDir)) return;
    result.request = subpathOf.get(path.relative(contractDir, target)) ?? 'shared-api/contract';
  });
}

// Shared modules the shell bundles into main.js (platform.json "eager"): what every first
// visit renders. One file instead of a dozen chunks gzips smaller and saves round trips; the
// other shared entries stay lazy, loaded when a page first imports them. docs/frontend.md.
function hostShared() {
  const eager = eagerKeys();
  return Object.fromEntries(Object.entries(sharedConfig()).map(([k, v]) => [k, eager.includes(k) ? { ...v, eager: true } : v]));
}

/**
 * ky loads with the first API call, not with main.js: shared-api's client (its only
 * user) gets tools/webpack/ky-deferred.js, which loads the real ky on first use.
 */
function deferredKy() {
  return {
    ky$: path.join(__dirname, 'ky-deferred.js'),
    'tessera-ky-original$': path.join(root, 'node_modules/ky/distribution/index.js'),
  };
}

function federationRuntimeAliases() {
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  return { [cjs]: cjs.replace(/index\.cjs$/, 'index.js') };
}

/**
 * A remote's federation entry imports the bundler runtime by this absolute path; remotes get
 * the shell's copy instead (tools/webpack/host-bundler-runtime.mjs).
 */
function hostBundlerRuntimeAlias() {
  return { [`${bundlerRuntimeFile}$`]: path.join(__dirname, 'host-bundler-runtime.mjs') };
}
const bundlerRuntimeFile = require.resolve('@module-federation/webpack-bundler-runtime/bundler', {
  paths: [path.dirname(require.resolve('@module-federation/enhanced/webpack'))],
});
/** The shell lends its bundler runtime only to remotes built against the same version. */
function bundlerRuntimeVersion() {
  const pkg = path.join(bundlerRuntimeFile.slice(0, bundlerRuntimeFile.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
  return new webpack.DefinePlugin({ __MF_BUNDLER_RUNTIME_VERSION__: JSON.stringify(JSON.parse(fs.readFileSync(pkg, 'utf8')).version) });
}

/**
 * The name of a build's globals: `mf_public` 1.1.0 → `mf_public_1_1_0` (chunk-loading
 * array `webpackChunkmf_public_1_1_0`, container `window.mf_public_1_1_0`).
 * @param {string} name
 * @param {string} version
 */
function versionedGlobal(name, version) {
  return `${name}_${String(version).replace(/[^0-9A-Za-z]/g, '_')}`;
}

/**
 * @param {object} o
 * @param {string} o.dir package folder (__dirname of the caller)
 * The federation name and the exposed modules come from platform.json: a remote exposes
 * each module it lists there, src/exposes/<Name>.tsx as './<Name>'.
 * @param {string} [o.name] only for a copy of a remote outside its folder (tests build
 *   patched copies): its federation name; it exposes every file of its src/exposes/
 * @param {boolean} [o.isHost] the shell
 * @param {object[]} [o.plugins] extra webpack plugins
 * @param {string[]} [o.runtimePlugins] federation runtime plugins (paths)
 */
function createConfig({ dir, name: copyName, isHost = false, plugins = [], runtimePlugins = [] }) {
  const name = copyName ?? federationNameOf(dir);
  const pkg = require(path.join(dir, 'package.json'));
  const globalName = versionedGlobal(name, pkg.version);
  const listed = copyName ? undefined : remotes.find((r) => r.name === name)?.exposes;
  const exposesDir = path.join(dir, 'src/exposes');
  const modules = isHost
    ? []
    : (listed ??
      fs
        .readdirSync(exposesDir)
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
        .map((f) => f.replace(/\.tsx?$/, '')));
  /** @param {boolean} hot development server: each page behind a hot boundary (hot-expose-loader.cjs) */
  const exposesFor = (hot) =>
    Object.fromEntries(
      modules.map((m) => {
        const file = ['tsx', 'ts'].map((ext) => `./src/exposes/${m}.${ext}`).find((f) => fs.existsSync(path.join(dir, f)));
        if (!file) throw new Error(`platform.json: ${name} exposes ${m}, but ${path.relative(root, exposesDir)}/${m}.tsx is missing`);
        const loader = `${path.join(__dirname, 'hot-expose-loader.cjs')}?${new URLSearchParams({ key: `${name}/${m}` })}`;
        return [`./${m}`, hot ? `!!${loader}!${file}` : file];
      }),
    );
  return (/** @type {unknown} */ _env, /** @type {{ mode?: string }} */ argv) => {
    const production = argv.mode !== 'development';
    const serving = !production && process.env.WEBPACK_SERVE === 'true';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: isHost ? { main: './src/index.ts' } : {},
      // No eval-based source maps: the pages' CSP (script-src 'self') refuses eval.
      devtool: production ? (process.env.TESSERA_SOURCE_MAPS ? 'source-map' : false) : 'cheap-module-source-map',
      output: {
        // Every app builds into a folder named by its version: releases are immutable,
        // and a tab opened on an old version keeps finding its chunks.
        path: path.join(dir, 'dist', pkg.version),
        publicPath: isHost ? `/shell/${pkg.version}/` : 'auto',
        // A contenthash in an entry filename breaks the federation runtime (docs/TOOLCHAIN.md).
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        // Every global a build defines carries its version (versionedGlobal): two versions of
        // one remote in one page (a canary that failed, then its stable build) never share
        // a chunk-loading array, so never each other's chunks or module instances.
        uniqueName: globalName,
        chunkLoadingGlobal: `webpackChunk${globalName}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          ...federationRuntimeAliases(),
          ...(isHost ? deferredKy() : hostBundlerRuntimeAlias()),
          ...(production ? productionAliases() : {}),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { loader: 'tsx', target: 'es2020', jsx: 'automatic' },
          },
          {
            test: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/,
            loader: path.join(__dirname, 'pure-loader.cjs'),
          },
          // Only @emotion/react's withTheme uses it, and nothing on the platform calls that:
          // without side effects declared, webpack can leave it (and react-is) out.
          { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
          { test: /\.(png|jpe?g|webp|avif|svg)$/i, type: 'asset/resource', generator: { filename: 'assets/[name].[contenthash:8][ext]' } },
        ],
      },
      optimization: {
        minimize: production,
        // The shell: one chunk per shared module (and per lazy part), no chunks split out
        // of their overlaps: fewer requests, better gzip, a few modules repeated between
        // barrels a page rarely loads together (docs/frontend.md measures it).
        ...(isHost
          ? {
              splitChunks: process.env.TESSERA_SPLIT_REACT
                ? {
                    chunks: 'initial',
                    cacheGroups: {
                      default: false,
                      defaultVendors: false,
                      reactDom: {
                        test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
                        name: 'react-dom',
                        chunks: 'initial',
                        enforce: true,
                      },
                    },
                  }
                : {
                    // MUI's base (the styling engine, the theme's code and the components
                    // every tier builds on) in one chunk the MUI tiers share: it left main.js
                    // (the public first screen renders no MUI), and without this group every
                    // lazy tier carried its own copy of it (docs/frontend.md).
                    chunks: 'async',
                    cacheGroups: {
                      default: false,
                      defaultVendors: false,
                      muiBase: { test: isMuiBase, name: 'mui-base', chunks: 'async', enforce: true },
                    },
                  },
            }
          : {}),
        // SWC's minifier drops the code tree-shaking leaves unused inside modules (the
        // router barrel: 50 KB gzip with esbuild's minifier, 14 KB with SWC) at about
        // esbuild's speed; terser does the same three times slower. docs/frontend.md.
        minimizer: [
          new TerserPlugin({
            minify: TerserPlugin.swcMinify,
            terserOptions: { ecma: 2020, compress: { passes: 2 }, mangle: true },
            extractComments: false,
          }),
        ],
      },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          // The container's global (mf-manifest.json's metaData.globalName, which the
          // runtime reads the container from) is versioned too; `name` stays the remote's
          // name, the one the shell loads by ('mf_public/Landing').
          library: { type: 'var', name: globalName },
          exposes: exposesFor(serving && !isHost),
          remotes: {},
          shared: isHost ? hostShared() : Object.fromEntries(Object.entries(sharedConfig()).map(([k, v]) => [k, { ...v, import: false }])),
          manifest: true,
          dts: false,
          shareStrategy: 'loaded-first',
          runtimePlugins,
          // One federation runtime for the page: the shell provides it, remotes use it
          // instead of bundling their own copy into every remoteEntry.js.
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
            optimization: { target: 'web', ...(isHost ? {} : { disableRemote: true }) },
          },
        }),
        muiNoCssVars(),
        bundlerRuntimeVersion(),
        lazyTouchRipple(),
        sharedApiContract(),
        ...plugins,
      ],
      devServer: isHost ? shellDevServer(pkg.version) : remoteDevServer(),
      stats: 'errors-warnings',
    };
  };
}

/**
 * `npm run dev -w shell`: the shell on http://localhost:3000 with the API and the remotes of
 * a running platform behind it (`npm start`, or TESSERA_API=http://host:port): `/` and every
 * client route answer the shell's page, `/remotes.json`, `/remotes/…` and the API paths are
 * proxied. The one-command loop for a remote is `npm run dev -- <remote>` (tools/dev.mjs).
 * @param {string} version
 */
function shellDevServer(version) {
  const api = process.env.TESSERA_API ?? 'http://127.0.0.1:8080';
  return {
    port: Number(process.env.PORT ?? 3000),
    historyApiFallback: { index: `/shell/${version}/index.html` },
    proxy: [{ context: ['/remotes.json', '/remotes', '/v1', '/files', '/media', '/health'], target: api, changeOrigin: true }],
    headers: { 'Access-Control-Allow-Origin': '*' },
  };
}

/** A remote's development server (tools/dev.mjs runs it behind its one-origin proxy): hot updates. */
function remoteDevServer() {
  return {
    port: process.env.PORT ? Number(process.env.PORT) : 'auto',
    hot: true,
    allowedHosts: 'all',
    headers: { 'Access-Control-Allow-Origin': '*' },
    // Pages are served through the proxy of tools/dev.mjs: the hot-update socket on its origin.
    client: { webSocketURL: 'auto://0.0.0.0:0/ws', overlay: { warnings: false } },
  };
}

module.exports = { createConfig, versionedGlobal };
