// Shared singletons (ARCHITECTURE.md): one copy of each at run time. MUI is not a
// share key of its own: it is reached only through 'shared-ui/mui', a curated barrel
// shared as one module, so one copy of the used components ships in one request
// ('shared-ui/mui-data' holds the heavy ones only some pages need). React Router
// likewise through 'shared-ui/router', tree-shaken to what the platform uses.
// (Per-file sharing with allowNodeModulesSuffixMatch was measured first: 512
// requests for the landing page and a broken boot; see docs/frontend.md.)
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
// Read package.json from node_modules directly: some packages (ky) do not export it.
const version = (name) => JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const caret = (name) => `^${version(name)}`;

function sharedConfig() {
  const single = (name, extra = {}) => ({ singleton: true, requiredVersion: caret(name), ...extra });
  const workspace = (name) => ({
    singleton: true,
    version: require(path.join(root, name, 'package.json')).version,
    requiredVersion: `^${require(path.join(root, name, 'package.json')).version}`,
  });
  return {
    react: single('react'),
    'react/': single('react'),
    'react-dom': single('react-dom'),
    'react-dom/': single('react-dom'),
    'shared-api': workspace('shared-api'),
    'shared-api/contract': workspace('shared-api'),
    // shared-ui's entries (docs/frontend.md): each a module of its own, loaded when a
    // page first imports it; the larger ones re-export the smaller through these keys.
    'shared-ui': workspace('shared-ui'),
    'shared-ui/core': workspace('shared-ui'),
    'shared-ui/components': workspace('shared-ui'),
    'shared-ui/display': workspace('shared-ui'),
    'shared-ui/mui-core': workspace('shared-ui'),
    'shared-ui/mui-surfaces': workspace('shared-ui'),
    'shared-ui/mui-icon-button': workspace('shared-ui'),
    'shared-ui/mui': workspace('shared-ui'),
    'shared-ui/mui-fields': workspace('shared-ui'),
    'shared-ui/mui-inputs': workspace('shared-ui'),
    'shared-ui/mui-forms': workspace('shared-ui'),
    'shared-ui/mui-pagination': workspace('shared-ui'),
    'shared-ui/mui-data': workspace('shared-ui'),
    'shared-ui/router': workspace('shared-ui'),
    'shared-ui/charts': workspace('shared-ui'),
  };
}

/**
 * React Router 7's package exports only its development build to bundlers; the
 * production build (no dev warnings) sits beside it. Exact-match aliases.
 */
function productionAliases() {
  return {
    'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
  };
}

/** The shared singleton names and versions, for release validation and reports. */
function sharedVersions() {
  return Object.fromEntries(Object.entries(sharedConfig()).map(([k, v]) => [k, v.version ?? v.requiredVersion]));
}

module.exports = { sharedConfig, sharedVersions, productionAliases };
