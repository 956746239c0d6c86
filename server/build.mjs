// Bundles the server into dist/main.js (CommonJS, Node 20). npm packages stay external
// and load from node_modules, except shared-api (workspace TypeScript source). The SQL
// migrations are copied beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => d !== 'shared-api');

rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  // Subpaths too (drizzle-orm/pglite, @electric-sql/pglite/...).
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
console.log('server: dist/main.js built');
