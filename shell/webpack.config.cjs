const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig } = require('../tools/webpack/create-config.cjs');
const pkg = require('./package.json');

/**
 * `after-paint.js` beside main.js: the loader a server-rendered page uses instead of main.js,
 * to start it after the page's first paint and lead photos (src/ssr-takeover/after-paint.js,
 * server/src/plugins/ssr.ts).
 * Shipped as written (a few hundred bytes, no imports), not through webpack's module system.
 */
class AfterPaintLoaderPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const file = path.join(__dirname, 'src/ssr-takeover/after-paint.js');
    compiler.hooks.thisCompilation.tap('AfterPaintLoader', (compilation) => {
      compilation.fileDependencies.add(file);
      compilation.hooks.processAssets.tap({ name: 'AfterPaintLoader', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('after-paint.js', new webpack.sources.RawSource(require('node:fs').readFileSync(file, 'utf8')));
      });
    });
  }
}

module.exports = createConfig({
  dir: __dirname,
  isHost: true,
  runtimePlugins: [path.join(__dirname, 'src/federation/runtime-plugin.ts')],
  plugins: [
    new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), scriptLoading: 'defer' }),
    new webpack.DefinePlugin({ __SHELL_VERSION__: JSON.stringify(pkg.version) }),
    new AfterPaintLoaderPlugin(),
    new (require('../tools/release/requirements-plugin.cjs').ShellRequirementsPlugin)({ version: pkg.version }),
  ],
});
