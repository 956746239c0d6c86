// `npm run new-remote <name>` in a copy of the repository: the folder and every list that
// names the remotes, consistent with platform.json as this project's other tests demand,
// formatted, and the new remote's code and test type-check and its test passes as written.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { platform, projects, root } from './index.cjs';
import { remoteModulesSource, shellPaths } from './remote-types.cjs';

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-new-remote-'));
  // The files the scaffold edits are copied; every other project folder is linked.
  const copies = [
    'platform.json',
    'package.json',
    'tsconfig.json',
    'tsconfig.base.json',
    '.prettierrc.json',
    'tools/platform/index.cjs',
    'tools/platform/remote-types.cjs',
    'tools/platform/new-remote.mjs',
    `${platform.shell.folder}/package.json`,
    `${platform.shell.folder}/tsconfig.json`,
    `${platform.shell.folder}/src/routes/route-table.ts`,
    `${platform.shell.folder}/src/routes/route-table.d.ts`,
    `${platform.shell.folder}/src/routes/remote-modules.ts`,
  ];
  for (const f of copies) {
    fs.mkdirSync(path.dirname(path.join(tmp, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(tmp, f));
  }
  for (const p of [
    ...projects.filter((p) => p !== platform.shell.folder && p !== 'tools/platform'),
    'node_modules',
    'tools/webpack',
    'tools/jest',
  ]) {
    fs.mkdirSync(path.dirname(path.join(tmp, p)), { recursive: true });
    fs.symlinkSync(path.join(root, p), path.join(tmp, p), 'dir');
  }
  execFileSync(process.execPath, [path.join(tmp, 'tools/platform/new-remote.mjs'), 'partner', '--no-install', '--owns', 'partner deals'], {
    cwd: tmp,
    encoding: 'utf8',
  });
}, 60_000);
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const read = (f: string) => fs.readFileSync(path.join(tmp, f), 'utf8');
const json = (f: string) => JSON.parse(read(f));

test('the folder of a remote, its entry in platform.json', () => {
  for (const f of [
    'package.json',
    'webpack.config.cjs',
    'jest.config.cjs',
    'tsconfig.json',
    'tsconfig.test.json',
    'src/exposes/Overview.tsx',
  ])
    expect(fs.existsSync(path.join(tmp, 'mf-partner', f)) ? f : `${f} (missing)`).toBe(f);
  expect(json('mf-partner/package.json')).toMatchObject({
    name: 'mf-partner',
    version: '1.0.0',
    dependencies: { react: expect.any(String) },
  });
  expect(json('platform.json').remotes.at(-1)).toEqual({
    name: 'mf_partner',
    folder: 'mf-partner',
    package: 'mf-partner',
    owns: 'partner deals',
    exposes: ['Overview'],
  });
});

test('every list that names the remotes follows platform.json', () => {
  const next = json('platform.json');
  const m = JSON.parse(
    execFileSync(
      process.execPath,
      ['-e', 'const m = require(process.argv[1]); console.log(JSON.stringify(m))', path.join(tmp, 'tools/platform/index.cjs')],
      {
        encoding: 'utf8',
      },
    ),
  );
  expect(json('package.json').workspaces).toEqual(m.workspaces);
  expect(m.workspaces).toContain('mf-partner');
  expect(json('tsconfig.json').references.map((r: { path: string }) => r.path)).toEqual(m.tsconfigs);
  expect(m.tsconfigs).toEqual(expect.arrayContaining(['mf-partner', 'mf-partner/tsconfig.test.json']));
  expect(read('shell/src/routes/route-table.ts')).toContain(
    `export const REMOTE_NAMES = [${next.remotes.map((r: { name: string }) => `'${r.name}'`).join(', ')}] as const;`,
  );
  expect(read('shell/src/routes/route-table.d.ts')).toContain("'mf_onboarding', 'mf_partner']");
  const shell = ts.parseConfigFileTextToJson('tsconfig.json', read('shell/tsconfig.json')).config;
  expect(shell.compilerOptions.paths).toEqual(shellPaths(next));
  expect(shell.references).toContainEqual({ path: '../mf-partner' });
  expect(read('shell/src/routes/remote-modules.ts')).toBe(remoteModulesSource(next));
  expect(read('shell/src/routes/remote-modules.ts')).toContain("import type * as mf_partner_Overview from 'mf_partner/Overview';");
});

test('a second remote of the same name is refused; so is a name that is not one', () => {
  const again = spawnSync(process.execPath, [path.join(tmp, 'tools/platform/new-remote.mjs'), 'mf-partner', '--no-install'], {
    cwd: tmp,
    encoding: 'utf8',
  });
  expect(again.status).toBe(1);
  expect(again.stderr).toMatch(/has a remote mf_partner \(mf-partner\) already/);
  const bad = spawnSync(process.execPath, [path.join(tmp, 'tools/platform/new-remote.mjs'), 'Partner!', '--no-install'], {
    cwd: tmp,
    encoding: 'utf8',
  });
  expect(bad.status).toBe(1);
  expect(bad.stderr).toMatch(/is not a remote name/);
});

test('its test passes', () => {
  const jest = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/jest/bin/jest.js'), '--config', path.join(tmp, 'mf-partner/jest.config.cjs'), '--ci'],
    { cwd: tmp, encoding: 'utf8' },
  );
  expect(jest.stderr).toMatch(/Tests:\s+1 passed, 1 total/);
  expect(jest.status).toBe(0);
}, 120_000);

test('what it wrote is formatted and its code and test type-check', () => {
  const files = ['mf-partner/src/exposes/Overview.tsx', 'mf-partner/src/exposes/exposes.test.tsx', 'platform.json', 'shell/tsconfig.json'];
  const check = spawnSync(process.execPath, [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', ...files], {
    cwd: tmp,
    encoding: 'utf8',
  });
  expect(check.stderr + check.stdout).toMatch(/All matched files use Prettier code style/);
  // The new remote's own projects (code, tests) as `npm run typecheck` builds them.
  const tsc = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', path.join(tmp, 'mf-partner/tsconfig.test.json')],
    {
      cwd: tmp,
      encoding: 'utf8',
    },
  );
  expect(tsc.stdout + tsc.stderr).toBe('');
  expect(tsc.status).toBe(0);
}, 120_000);
