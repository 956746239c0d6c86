// Test fixtures: build folders shaped like webpack's output (manifest, entry, one chunk per module).
import fs from 'node:fs';
import path from 'node:path';

export interface Fake {
  name: string;
  version: string;
  exposes?: string[];
  shell?: boolean;
}

export function fakeBuild(parent: string, o: Fake): string {
  const dir = path.join(parent, `${o.name}-${o.version}-${Math.random().toString(36).slice(2, 6)}`);
  fs.mkdirSync(dir, { recursive: true });
  const exposes = (o.exposes ?? []).map((m, i) => {
    const file = `__federation_expose_${m}.${(0x10000000 + i).toString(16)}.js`;
    fs.writeFileSync(path.join(dir, file), `/* ${o.name} ${o.version} ${m} */`);
    return { id: `${o.name}:${m}`, name: m, path: `./${m}`, assets: { js: { sync: [file], async: [] }, css: { sync: [], async: [] } } };
  });
  const shared = [
    {
      name: 'react',
      version: '19.3.1',
      requiredVersion: '^19.3.1',
      singleton: true,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    },
  ];
  const manifest = {
    id: o.name,
    name: o.name,
    metaData: { name: o.name, buildInfo: { buildVersion: o.version }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared,
    remotes: [],
    exposes,
  };
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  if (o.shell) {
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><script defer src="/shell/${o.version}/main.js"></script><div id="root"></div>`,
    );
    fs.writeFileSync(path.join(dir, 'main.js'), `/* shell ${o.version} */`);
  } else {
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var ${o.name};`);
  }
  return dir;
}

export const REQUIRED: Record<string, string[]> = { mf_public: ['Landing'] };
export const HOST = { react: { version: '19.3.1', requiredVersion: '^19.3.1', singleton: true } };

/** A shell build whose requirements.json asks for REQUIRED and HOST (what remotes are checked against). */
export function fakeShell(parent: string, version: string): string {
  const dir = fakeBuild(parent, { name: 'shell', version, shell: true });
  fs.writeFileSync(path.join(dir, 'requirements.json'), JSON.stringify({ shell: version, modules: REQUIRED, pages: {}, shared: HOST }));
  return dir;
}
