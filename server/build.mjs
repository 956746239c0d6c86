// Bundles the server into dist/main.js (CommonJS, Node 20), and the statement PDF worker
// into dist/pdf-worker.js beside it (pdf-pool.ts looks for it there). npm packages stay external
// and load from node_modules, except shared-api (workspace TypeScript source). The SQL
// migrations and the database rules are copied beside the bundle. `--outdir DIR` builds
// elsewhere than dist/ (the reliability checks build a private copy so a concurrent rebuild
// cannot pull it away).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => d !== 'shared-api');
const at = process.argv.indexOf('--outdir');
const out = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : path.join(here, 'dist');

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'pdf-worker': path.join(here, 'src/modules/statements/pdf-worker.ts'),
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  // Subpaths too (drizzle-orm/pglite, @electric-sql/pglite/...).
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
// The database rules (each module's sql/ folder) and their order, as rules/ beside the bundle.
const modules = path.join(here, 'src/modules');
cpSync(path.join(modules, 'rules.manifest'), path.join(out, 'rules', 'rules.manifest'));
for (const m of readdirSync(modules)) {
  if (existsSync(path.join(modules, m, 'sql')))
    cpSync(path.join(modules, m, 'sql'), path.join(out, 'rules', m, 'sql'), { recursive: true });
}
console.log(`server: ${path.relative(process.cwd(), path.join(out, 'main.js'))} built`);
