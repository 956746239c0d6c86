// The Node build of an app's public pages (docs/frontend.md, "Public pages as HTML"):
// `src/ssr.tsx` bundled with everything it imports (React, MUI, the shared packages: no
// federation, nothing loaded at run time) into one CommonJS file next to the browser
// build of the same version, `dist/<version>/ssr/render.js`. The API server requires the
// file of the version a visitor gets. Run after the browser build (which cleans the folder).
const path = require('node:path');
const webpack = require('webpack');
const { productionAliases } = require('./shared.cjs');

/**
 * @param {{ dir: string }} o package folder (__dirname of the caller)
 * @returns {import('webpack').Configuration}
 */
function createSsrConfig({ dir }) {
  const pkg = require(path.join(dir, 'package.json'));
  return {
    mode: 'production',
    target: 'node20',
    context: dir,
    entry: { render: './src/ssr.tsx' },
    devtool: false,
    output: {
      path: path.join(dir, 'dist', pkg.version, 'ssr'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: productionAliases(),
      conditionNames: ['node', 'import', 'require', 'default'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { loader: 'tsx', target: 'node20', jsx: 'automatic' },
        },
        {
          test: /\.(png|jpe?g|webp|avif|svg)$/i,
          type: 'asset/resource',
          generator: { filename: '[name].[contenthash:8][ext]', emit: false },
        },
      ],
    },
    // Readable stack traces on the server; lazy parts of the pages are inlined (one file).
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    plugins: [
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new webpack.DefinePlugin({ __SHELL_VERSION__: JSON.stringify(pkg.version) }),
    ],
    stats: 'errors-warnings',
  };
}

module.exports = { createSsrConfig };
