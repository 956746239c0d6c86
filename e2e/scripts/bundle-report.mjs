#!/usr/bin/env node
// `npm run report:bundle`: loads pages of the built platform in Chromium and prints
// the JavaScript downloaded (raw and gzip, per page, per serving app and per file with
// --files) and any shared library loaded twice. Writes build/bundle-report.json.
//   node e2e/scripts/bundle-report.mjs [--json] [--files]
// The measurement is e2e/lib/page-weight.mjs; scripts/perf/check-budgets.mjs checks the
// same figures against e2e/budgets.json.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PAGES, kb, measurePages } from '../lib/page-weight.mjs';

const require = createRequire(import.meta.url);
const { startPlatform } = require('../lib/platform.cjs');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const platform = await startPlatform({ name: 'bundle-report' });
try {
  const results = await measurePages(platform.baseURL, DEFAULT_PAGES);
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(
        results.map(({ list: _list, ...r }) => r),
        null,
        2,
      ),
    );
  } else {
    console.log('\nJavaScript downloaded on a first visit (gzip -9 of each file):');
    for (const r of results) {
      const owners = Object.entries(r.byOwner)
        .map(([o, v]) => `${o} ${kb(v.gzip)}`)
        .join(', ');
      console.log(
        `  ${r.page.padEnd(26)} ${String(r.files).padStart(4)} files  raw ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}  loaded twice: ${r.twice.length ? r.twice.join('; ') : 'none'}${r.rendered ? '' : `  NOT RENDERED: ${r.problem}`}`,
      );
      console.log(`  ${''.padEnd(26)} ${owners}`);
    }
    if (process.argv.includes('--files')) {
      for (const r of results) {
        console.log(`\n${r.page}`);
        for (const f of r.list) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.url}`);
      }
    }
  }
  fs.mkdirSync(path.join(root, 'build'), { recursive: true });
  fs.writeFileSync(path.join(root, 'build/bundle-report.json'), JSON.stringify(results, null, 2));
} finally {
  await platform.stop();
}
