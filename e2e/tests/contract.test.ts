// Every (remote, module) the shell's route table names must be exposed by that
// remote's built mf-manifest.json: a remote cannot silently drop a page.
import fs from 'node:fs';
import path from 'node:path';
import { requiredModules } from '../../shell/src/routes/route-table';

const root = path.resolve(__dirname, '../..');
const pkgOf = (remote: string) => remote.replace(/^mf_/, 'mf-');

test.each([...requiredModules().entries()].map(([remote, mods]) => [remote, [...mods]] as const))(
  '%s exposes every module the route table names',
  (remote, modules) => {
    const pkg = pkgOf(remote);
    const { version } = JSON.parse(fs.readFileSync(path.join(root, pkg, 'package.json'), 'utf8'));
    const manifestPath = path.join(root, pkg, 'dist', version, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { name: string; exposes: { name: string; path: string }[] };
    expect(manifest.name).toBe(remote);
    const exposed = new Set(manifest.exposes.map((e) => e.name.replace(/^\.\//, '')));
    const missing = modules.filter((m) => !exposed.has(m));
    expect(missing).toEqual([]);
  },
);
