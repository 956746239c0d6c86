// The Node build of this app's public pages (tools/webpack/ssr-config.cjs).
const { createSsrConfig } = require('../tools/webpack/ssr-config.cjs');

module.exports = createSsrConfig({ dir: __dirname });
