// @ts-check
// The shell's view of what each remote exposes, by type: shell/src/routes/remote-modules.ts,
// generated from platform.json. The shell imports each exposed module's types as
// '<remote>/<Module>' (the specifiers the federation runtime loads), which the shell's
// tsconfig "paths" map to the remote's src/exposes/ — a referenced TypeScript project, so
// the types come from the declarations the remote's own project emits (`tsc -b`). The
// route table is checked against this map: a module a remote does not expose, or one whose
// default export needs props, fails `npm run typecheck`.
//   node tools/platform/remote-types.cjs          rewrite shell/src/routes/remote-modules.ts
//   node tools/platform/remote-types.cjs --check  exit 1 when it is stale
const fs = require('node:fs');
const path = require('node:path');

const FILE = 'shell/src/routes/remote-modules.ts';

/**
 * @param {{ remotes: { name: string, exposes: string[] }[] }} platform
 * @returns {string}
 */
function remoteModulesSource(platform) {
  const imports = [];
  const fields = [];
  for (const r of platform.remotes) {
    fields.push(`  ${r.name}: {`);
    for (const m of [...r.exposes].sort()) {
      const id = `${r.name}_${m}`;
      imports.push(`import type * as ${id} from '${r.name}/${m}';`);
      fields.push(`    ${m}: typeof ${id};`);
    }
    fields.push('  };');
  }
  return [
    '// Generated from platform.json by tools/platform/remote-types.cjs (npm run new-remote runs it;',
    '// the platform test fails when it is stale): do not edit.',
    "// Each remote's exposed modules with their types, imported as the federation runtime loads",
    "// them ('mf_public/Landing'); the shell's tsconfig paths lead to the remote's own TypeScript",
    '// project, whose emitted declarations they are. The route table is checked against it.',
    ...imports,
    '',
    'export interface RemoteModules {',
    ...fields,
    '}',
    '',
  ].join('\n');
}

/** The shell's tsconfig "paths": '<remote>/*' → the remote's src/exposes/*. */
/** @param {{ remotes: { name: string, folder: string }[] }} platform */
function shellPaths(platform) {
  return Object.fromEntries(platform.remotes.map((r) => [`${r.name}/*`, [`../${r.folder}/src/exposes/*`]]));
}

module.exports = { FILE, remoteModulesSource, shellPaths };

if (require.main === module) {
  const { platform, root } = require('./index.cjs');
  const file = path.join(root, FILE);
  const text = remoteModulesSource(platform);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (current !== text) {
      console.error(`${FILE} is stale: run node tools/platform/remote-types.cjs`);
      process.exit(1);
    }
  } else if (current !== text) {
    fs.writeFileSync(file, text);
    console.log(`wrote ${FILE}`);
  }
}
