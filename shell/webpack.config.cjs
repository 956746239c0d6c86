const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createConfig } = require('../tools/webpack/create-config.cjs');
const pkg = require('./package.json');

module.exports = createConfig({
  dir: __dirname,
  isHost: true,
  runtimePlugins: [path.join(__dirname, 'src/federation/runtime-plugin.ts')],
  plugins: [
    new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), scriptLoading: 'defer' }),
    new webpack.DefinePlugin({ __SHELL_VERSION__: JSON.stringify(pkg.version) }),
    new (require('../tools/release/requirements-plugin.cjs').ShellRequirementsPlugin)({ version: pkg.version }),
  ],
});
