// Shared singletons (docs/ARCHITECTURE.md): one copy of each at run time. MUI is not a
// share key of its own: it is reached only through 'shared-ui/mui', a curated barrel
// shared as one module, so one copy of the used components ships in one request
// ('shared-ui/mui-data' holds the heavy ones only some pages need). React Router
// likewise through 'shared-ui/router', tree-shaken to what the platform uses.
// (Per-file sharing with allowNodeModulesSuffixMatch was measured first: 512
// requests for the landing page and a broken boot; see docs/frontend.md.)
const fs = require('node:fs');
const path = require('node:path');

const { root, platform } = require('../platform/index.cjs');
// Read package.json from node_modules directly: some packages (ky) do not export it.
const version = (/** @type {string} */ name) =>
  JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const caret = (/** @type {string} */ name) => `^${version(name)}`;

/**
 * The shared entries of platform.json ("shared"): every key a singleton; a library carries
 * its installed version as a caret range, a workspace package its package.json version.
 * shared-ui's entries (docs/frontend.md) are each a module of their own, loaded when a
 * page first imports it; the larger ones re-export the smaller through these keys.
 * @returns {Record<string, { singleton: boolean, version?: string, requiredVersion: string }>}
 */
function sharedConfig() {
  const workspaceVersion = (/** @type {string} */ name) => require(path.join(root, name, 'package.json')).version;
  return Object.fromEntries(
    platform.shared.map((e) =>
      e.tier === 'library'
        ? [e.key, { singleton: true, requiredVersion: caret(e.package) }]
        : [e.key, { singleton: true, version: workspaceVersion(e.package), requiredVersion: `^${workspaceVersion(e.package)}` }],
    ),
  );
}

/** Shared entries the shell bundles into main.js (platform.json: "eager": true). */
const eagerKeys = () => platform.shared.filter((e) => e.eager).map((e) => e.key);

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

module.exports = { sharedConfig, sharedVersions, productionAliases, eagerKeys };
