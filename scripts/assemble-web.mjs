#!/usr/bin/env node
// Lays out the web root the server (embedded mode) and nginx serve:
//   build/web/index.html                    the shell's page (refers to /shell/<version>/)
//   build/web/shell/<version>/…             the shell build
//   build/web/remotes/<name>/<version>/…    each remote build
//   build/web/remotes.json                  the registry: every remote at its built version
// Usage: node scripts/assemble-web.mjs [--out build/web]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The remotes of the platform manifest (platform.json): folder and federation name.
/** @type {typeof import('../tools/platform/index.cjs')} */
const manifest = createRequire(import.meta.url)('../tools/platform/index.cjs');
export const REMOTES = manifest.remotes.map((r) => ({ pkg: r.folder, name: r.name }));

/**
 * @param {string} [target] the web root to write
 * @param {{ except?: string[] }} [o] remotes (federation names) to leave out: the dev loop (tools/dev.mjs) serves one itself
 */
export function assemble(target = path.join(root, 'build/web'), { except = [] } = {}) {
  const shellVersion = JSON.parse(fs.readFileSync(path.join(root, 'shell/package.json'), 'utf8')).version;
  const shellDist = path.join(root, 'shell/dist', shellVersion);
  if (!fs.existsSync(path.join(shellDist, 'index.html'))) throw new Error('shell is not built: run npm run build -w shell');
  // Build next to the target, then swap, so a reader never sees a half-copied root.
  const final = target;
  const out = `${final}.next-${process.pid}`;
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  fs.cpSync(shellDist, path.join(out, 'shell', shellVersion), { recursive: true });
  fs.copyFileSync(path.join(shellDist, 'index.html'), path.join(out, 'index.html'));
  /** @type {Record<string, { stable: { version: string, entry: string } }>} */
  const registry = {};
  for (const r of REMOTES.filter((x) => !except.includes(x.name))) {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, r.pkg, 'package.json'), 'utf8'));
    const dist = path.join(root, r.pkg, 'dist', version);
    if (!fs.existsSync(path.join(dist, 'mf-manifest.json')))
      throw new Error(`${r.pkg} ${version} is not built: run npm run build -w ${r.pkg}`);
    fs.cpSync(dist, path.join(out, 'remotes', r.name, version), { recursive: true });
    registry[r.name] = { stable: { version, entry: `/remotes/${r.name}/${version}/mf-manifest.json` } };
  }
  const tmp = path.join(out, `.remotes.json.${process.pid}`);
  fs.writeFileSync(tmp, `${JSON.stringify(registry, null, 2)}\n`);
  fs.renameSync(tmp, path.join(out, 'remotes.json'));
  const old = `${final}.old-${process.pid}`;
  if (fs.existsSync(final)) fs.renameSync(final, old);
  fs.renameSync(out, final);
  fs.rmSync(old, { recursive: true, force: true });
  return { out: final, registry };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--out');
  const { out, registry } = assemble(i > 0 ? path.resolve(process.argv[i + 1]) : undefined);
  console.log(
    `web root assembled in ${path.relative(root, out)}: ${Object.entries(registry)
      .map(([n, r]) => `${n}@${r.stable.version}`)
      .join(', ')}`,
  );
}
