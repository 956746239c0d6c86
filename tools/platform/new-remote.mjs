#!/usr/bin/env node
// @ts-check
// `npm run new-remote <name>`: a new remote that passes typecheck, lint and tests as it is.
//   npm run new-remote partner            mf-partner/ (federation name mf_partner), exposing ./Overview
//   … [--owns "what it holds"] [--no-install] [--root DIR]
// Writes the folder (package.json, webpack.config.cjs, tsconfig.json and tsconfig.test.json,
// jest.config.cjs, src/exposes/Overview.tsx and its test), then the lists that name every
// remote: platform.json, the workspaces of package.json, the references of tsconfig.json,
// the shell's REMOTE_NAMES (route-table.ts and .d.ts), tsconfig paths and references, and
// remote-modules.ts (tools/platform/remote-types.cjs); then `npm install` links the
// workspace. Its routes in the shell's route table are the next step (README: "Adding a remote").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { remoteModulesSource, shellPaths, FILE: REMOTE_MODULES } = require('./remote-types.cjs');
/** The repository this script is in (its prettier configuration is the files' style). */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @param {string} msg */
function fail(msg) {
  console.error(`new-remote: ${msg}`);
  process.exit(1);
}

/**
 * The names of a remote from what the user typed ('partner', 'mf-partner', 'mf_partner').
 * @param {string} input
 */
export function namesOf(input) {
  const base = input.replace(/^mf[-_]/, '');
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(base))
    throw new Error(`"${input}" is not a remote name: lower-case letters, digits and '-', like partner (→ mf-partner)`);
  return { folder: `mf-${base}`, package: `mf-${base}`, name: `mf_${base.replace(/-/g, '_')}`, title: base.replace(/-/g, ' ') };
}

/** @param {string} file @param {unknown} data */
const writeJson = (file, data) => fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
/** @param {string} file */
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * @param {{ root: string, input: string, owns?: string }} o
 * @returns {Promise<{ folder: string, name: string, written: string[] }>}
 */
export async function scaffold({ root, input, owns }) {
  const n = namesOf(input);
  const platformFile = path.join(root, 'platform.json');
  const platform = readJson(platformFile);
  if (platform.remotes.some((/** @type {{ name: string, folder: string }} */ r) => r.name === n.name || r.folder === n.folder))
    throw new Error(`platform.json has a remote ${n.name} (${n.folder}) already`);
  const dir = path.join(root, n.folder);
  if (fs.existsSync(dir)) throw new Error(`${n.folder}/ exists already`);
  const react = readJson(path.join(root, platform.shell.folder, 'package.json')).dependencies?.react ?? '^19.3.1';
  /** @type {Record<string, string>} */
  const files = {
    'package.json': `${JSON.stringify(
      {
        name: n.package,
        version: '1.0.0',
        private: true,
        description: `Tessera remote: ${n.title}`,
        scripts: { build: 'webpack --mode production', dev: 'webpack serve --mode development' },
        dependencies: { react },
      },
      null,
      2,
    )}\n`,
    'webpack.config.cjs':
      "const { createConfig } = require('../tools/webpack/create-config.cjs');\n\nmodule.exports = createConfig({ dir: __dirname });\n",
    'jest.config.cjs': "module.exports = require('../tools/jest/preset.cjs')(__dirname, 'jsdom');\n",
    'tsconfig.json': `${JSON.stringify(
      {
        extends: '../tsconfig.base.json',
        compilerOptions: { outDir: '.tsbuild/main', rootDir: 'src', types: [] },
        include: ['src'],
        exclude: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/**/testing'],
        references: [{ path: '../shared-api' }, { path: '../shared-ui' }],
      },
      null,
      2,
    )}\n`,
    'tsconfig.test.json': `${JSON.stringify(
      {
        extends: '../tsconfig.base.json',
        compilerOptions: { outDir: '.tsbuild/test', rootDir: 'src', types: ['node', 'jest', '@testing-library/jest-dom'] },
        include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/**/testing'],
        references: [{ path: '.' }, { path: '../shared-api/tsconfig.test.json' }, { path: '../shared-ui/tsconfig.test.json' }],
      },
      null,
      2,
    )}\n`,
    'src/exposes/Overview.tsx': `// ${n.name}'s first page: the shell renders it by name ('${n.name}/Overview') where its
// route table says, with no props. Each module of src/exposes/ is one exposed module
// (platform.json "exposes").
import { useId } from 'react';

export default function Overview() {
  const heading = useId();
  return (
    <section aria-labelledby={heading}>
      <h1 id={heading}>${n.title[0].toUpperCase()}${n.title.slice(1)}</h1>
      <p>This area is new: its pages come here.</p>
    </section>
  );
}
`,
    'src/exposes/exposes.test.tsx': `// The shell renders these by name (its route table): each default-exports a component
// that needs no props.
import { render, screen } from '@testing-library/react';
import Overview from './Overview';

test('Overview renders without props', () => {
  expect(Overview.length).toBe(0);
  render(<Overview />);
  expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
});
`,
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  const written = Object.keys(files).map((f) => `${n.folder}/${f}`);

  // platform.json: the one list; everything below follows from it.
  platform.remotes.push({ name: n.name, folder: n.folder, package: n.package, owns: owns ?? `the ${n.title} area`, exposes: ['Overview'] });
  writeJson(platformFile, platform);
  written.push('platform.json');

  // The lists npm and TypeScript read without code, from tools/platform/index.cjs.
  const manifest = JSON.parse(
    spawnSync(
      process.execPath,
      [
        '-e',
        'const m = require(process.argv[1]); console.log(JSON.stringify({ workspaces: m.workspaces, tsconfigs: m.tsconfigs }))',
        path.join(root, 'tools/platform/index.cjs'),
      ],
      {
        encoding: 'utf8',
      },
    ).stdout || 'null',
  );
  if (!manifest) throw new Error('tools/platform/index.cjs did not load the new platform.json');
  const pkg = readJson(path.join(root, 'package.json'));
  pkg.workspaces = manifest.workspaces;
  writeJson(path.join(root, 'package.json'), pkg);
  const tsconfig = readJson(path.join(root, 'tsconfig.json'));
  tsconfig.references = manifest.tsconfigs.map((/** @type {string} */ p) => ({ path: p }));
  writeJson(path.join(root, 'tsconfig.json'), tsconfig);
  written.push('package.json', 'tsconfig.json');

  // The shell: its RemoteName literal types, its paths to the remotes' types, the map of them.
  const names = platform.remotes.map((/** @type {{ name: string }} */ r) => `'${r.name}'`).join(', ');
  for (const rel of ['src/routes/route-table.ts', 'src/routes/route-table.d.ts']) {
    const file = path.join(root, platform.shell.folder, rel);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const next = text.replace(/(REMOTE_NAMES(?::\s*readonly)?\s*=?\s*)\[[^\]]*\]/, `$1[${names}]`);
    if (next === text) throw new Error(`${platform.shell.folder}/${rel}: REMOTE_NAMES not found`);
    fs.writeFileSync(file, next);
    written.push(`${platform.shell.folder}/${rel}`);
  }
  const shellTsconfig = path.join(root, platform.shell.folder, 'tsconfig.json');
  const st = readJson(shellTsconfig);
  st.compilerOptions.paths = shellPaths(platform);
  st.references = [
    ...st.references.filter((/** @type {{ path: string }} */ r) => !/^\.\.\/mf-/.test(r.path)),
    ...platform.remotes.map((/** @type {{ folder: string }} */ r) => ({ path: `../${r.folder}` })),
  ];
  // One line per reference, as the file had them.
  fs.writeFileSync(shellTsconfig, `${JSON.stringify(st, null, 2).replace(/\{\s*"path": ("[^"]*")\s*\}/g, '{ "path": $1 }')}\n`);
  fs.writeFileSync(path.join(root, REMOTE_MODULES), remoteModulesSource(platform));
  written.push(`${platform.shell.folder}/tsconfig.json`, REMOTE_MODULES);

  // Everything written, in the repository's style (npm run format:check).
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(path.join(repo, 'package.json'))) ?? {};
  for (const rel of written) {
    const file = path.join(root, rel);
    const text = fs.readFileSync(file, 'utf8');
    const pretty = await prettier.format(text, { ...options, filepath: file });
    if (pretty !== text) fs.writeFileSync(file, pretty);
  }
  return { folder: n.folder, name: n.name, written };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  /** @param {string} flag */
  const value = (flag) => {
    const i = args.indexOf(flag);
    if (i < 0) return undefined;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const root = path.resolve(value('--root') ?? require('./index.cjs').root);
  const owns = value('--owns');
  const install = !args.includes('--no-install');
  const input = args.filter((a) => a !== '--no-install')[0];
  if (!input) fail('usage: npm run new-remote <name> [--owns "what it holds"] [--no-install]   (partner → mf-partner, mf_partner)');
  let res;
  try {
    res = await scaffold({ root, input, owns });
  } catch (err) {
    fail(/** @type {Error} */ (err).message);
  }
  if (!res) process.exit(1);
  if (install) {
    const npm = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['install', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (npm.status !== 0) fail('npm install failed: run it again to link the new workspace');
  }
  console.log(`new-remote: ${res.name} in ${res.folder}/ exposing ./Overview:\n  ${res.written.join('\n  ')}
Next: its routes in shell/src/routes/route-table.ts (t('${res.name}', 'Overview', …)), then
  npm run typecheck && npm run lint && npx jest --selectProjects ${res.folder} platform`);
}
