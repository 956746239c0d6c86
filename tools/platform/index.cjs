// @ts-check
// The platform manifest (platform.json at the repository root), read by every tool that
// needs the platform's shape: webpack configs, jest, eslint, tsconfig's test, the release
// tool, assemble-web, the dev loop, the build scripts. Adding a remote is one entry in
// platform.json plus its folder (README: "Adding a remote").
const path = require('node:path');

/**
 * @typedef {object} Remote
 * @property {string} name federation container name (a JS identifier: 'mf_public'); the registry key
 * @property {string} folder the remote's folder at the repository root ('mf-public')
 * @property {string} package its npm workspace name
 * @property {string} owns what the remote holds, for people
 * @property {string[]} exposes the modules it exposes (src/exposes/<Name>.tsx → './<Name>')
 * @property {Record<string, string[]>} [smoke] its pages' primary actions, by label: page path →
 *   the buttons, links and fields the release smoke test must find and exercise there
 *   (tools/release/interactions.ts), whatever its per-page budget
 *
 * @typedef {object} SharedEntry
 * @property {string} key the federation share key ('react', 'shared-ui/mui'); a trailing '/' shares every subpath
 * @property {'library' | 'workspace'} tier an npm library (version from node_modules) or a workspace package (version from its package.json)
 * @property {string} package the package whose version the entry carries
 * @property {boolean} eager bundled into the shell's main.js (what every first visit renders)
 *
 * @typedef {object} Platform
 * @property {string[]} libraries workspace packages shared by the apps
 * @property {string} server the API server's folder
 * @property {{ name: string, folder: string, package: string }} shell the host
 * @property {Remote[]} remotes
 * @property {string} e2e the browser tests' folder
 * @property {string[]} tools tool folders with TypeScript projects and jest tests of their own
 * @property {SharedEntry[]} shared
 */

const root = path.resolve(__dirname, '../..');
// JSON gives `string` where Platform has unions ('library' | 'workspace'); the test checks the values.
const platform = /** @type {Platform} */ (/** @type {unknown} */ (require('../../platform.json')));

/**
 * What platform.json names but the repository lacks: each project folder (a library, the
 * server, the shell, a remote, a tool folder) must exist. Every tool reads the manifest
 * through this file, so a missing folder stops them here, named, instead of deep inside
 * jest's or webpack's configuration.
 * @param {Platform} p
 * @param {string} dir the repository root
 * @returns {string[]}
 */
function missingFolders(p, dir) {
  const fs = require('node:fs');
  /** @type {[string, string][]} */
  const named = [
    ...p.libraries.map((l) => /** @type {[string, string]} */ ([l, `library "${l}"`])),
    [p.server, `server "${p.server}"`],
    [p.shell.folder, `shell "${p.shell.name}"`],
    ...p.remotes.map((r) => /** @type {[string, string]} */ ([r.folder, `remote "${r.name}"`])),
    ...p.tools.map((t) => /** @type {[string, string]} */ ([t, `tool folder "${t}"`])),
  ];
  return named
    .filter(([folder]) => !fs.existsSync(path.join(dir, folder)))
    .map(([folder, what]) => `platform.json: the ${what} names folder "${folder}", which does not exist in ${dir}`);
}

/**
 * What is wrong with the remotes' declared smoke actions: each page a plain path of the app
 * ('/login': no parameters, which the smoke test could not fill), each a list of labels.
 * @param {Platform} p
 * @returns {string[]}
 */
function smokeProblems(p) {
  /** @type {string[]} */
  const out = [];
  for (const r of p.remotes) {
    if (r.smoke === undefined) continue;
    const at = `platform.json: remote "${r.name}" smoke`;
    if (!r.smoke || typeof r.smoke !== 'object' || Array.isArray(r.smoke)) {
      out.push(`${at} must map page paths to lists of action labels ({ "/login": ["Log In"] })`);
      continue;
    }
    for (const [page, labels] of Object.entries(r.smoke)) {
      if (!/^\/[^:*?#\s]*$/.test(page)) out.push(`${at}: "${page}" is not a page path without parameters (like "/login")`);
      if (!Array.isArray(labels) || !labels.length || labels.some((l) => typeof l !== 'string' || !l.trim()))
        out.push(`${at}: "${page}" needs a list of action labels (the buttons', links' or fields' names), not ${JSON.stringify(labels)}`);
      else if (new Set(labels).size !== labels.length) out.push(`${at}: "${page}" names an action twice`);
    }
  }
  return out;
}

const missing = [...missingFolders(platform, root), ...smokeProblems(platform)];
if (missing.length)
  throw new Error(
    `${missing.join('\n')}\n(create the folder — a new remote: npm run new-remote <name> — or remove its entry from platform.json)`,
  );

const remotes = platform.remotes;
/** Every app webpack builds: the shell, then the remotes. */
const apps = [platform.shell.folder, ...remotes.map((r) => r.folder)];
/** npm workspaces, in the order of the root package.json. */
const workspaces = [...platform.libraries, platform.server, ...apps, platform.e2e];
/**
 * Packages and tool folders with TypeScript and jest tests: each has a tsconfig.json (its
 * code, no test globals), a tsconfig.test.json (its tests and test helpers, with jest's
 * types) and a jest.config.cjs.
 */
const projects = [...platform.libraries, platform.server, ...apps, ...platform.tools];
/**
 * What `tsc -b` (`npm run typecheck`) builds, the references of the root tsconfig.json:
 * each project's code and tests, then tools/tsconfig.json (the plain JavaScript of tools/,
 * scripts/ and nginx/) and the browser tests.
 */
const tsconfigs = [...projects.flatMap((p) => [p, `${p}/tsconfig.test.json`]), 'tools', platform.e2e];

/** @param {string} name federation name */
function remoteByName(name) {
  return remotes.find((r) => r.name === name);
}
/** @param {string} nameOrFolder 'mf_public', 'mf-public' or 'public' */
function findRemote(nameOrFolder) {
  return remotes.find((r) => r.name === nameOrFolder || r.folder === nameOrFolder || r.folder === `mf-${nameOrFolder}`);
}
/** @param {string} dir an app's folder (absolute or relative to the root) → its federation name */
function federationNameOf(dir) {
  const folder = path.relative(root, path.resolve(root, dir)).split(path.sep).join('/');
  if (folder === platform.shell.folder) return platform.shell.name;
  const r = remotes.find((x) => x.folder === folder);
  if (!r) throw new Error(`${folder} is not an app of platform.json (add it to "remotes")`);
  return r.name;
}

module.exports = {
  root,
  platform,
  missingFolders,
  smokeProblems,
  remotes,
  apps,
  workspaces,
  projects,
  tsconfigs,
  remoteByName,
  findRemote,
  federationNameOf,
};
