// The shared preset, plus: ESM-only dependencies and PGlite's dynamic import() calls
// are turned into CommonJS (jest's module sandbox has no ESM on Node 20), and API
// tests get time for PGlite to start.
const path = require('node:path');
const base = require('../tools/jest/preset.cjs')(__dirname, 'node');

module.exports = {
  ...base,
  transform: {
    '/node_modules/.+\\.[cm]?js$': path.join(__dirname, 'test/esm-transform.cjs'),
    ...base.transform,
  },
  transformIgnorePatterns: ['/node_modules/(?:typescript|@esbuild|esbuild|@img)/'],
  setupFilesAfterEnv: [path.join(__dirname, 'test/setup.cjs')],
  globalSetup: path.join(__dirname, 'test/global-setup.cjs'),
};
