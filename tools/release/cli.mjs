#!/usr/bin/env node
// `node tools/release/cli.mjs …` still works for scripts that call it so (e2e, Lighthouse):
// the CLI is cli.ts, run through tsx (`npm run release -- …` runs it directly).
import { createRequire } from 'node:module';

const { require: tsxRequire } = createRequire(import.meta.url)('tsx/cjs/api');
await tsxRequire('./cli.ts', import.meta.url).run(process.argv.slice(2));
