// Each test file gets its own server on a copy of the seeded template: journeys
// cannot disturb one another, whatever they buy, edit or delete.
const fs = require('node:fs');
const path = require('node:path');
const { startPlatform } = require('./platform.cjs');

/**
 * Settings a test file asks of its own server, one `// e2e-platform-env: NAME=value` line each
 * (e.g. the chain journey turns the chain on); {} for most files.
 * @param {string | undefined} file
 * @returns {Record<string, string>}
 */
function platformEnvOf(file) {
  if (!file) return {};
  const env = /** @type {Record<string, string>} */ ({});
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/^\/\/ e2e-platform-env: ([A-Z][A-Z0-9_]*)=(\S*)$/gm)) env[m[1]] = m[2];
  return env;
}

/** @type {Awaited<ReturnType<typeof startPlatform>> | undefined} */
let platform;
beforeAll(async () => {
  const file = expect.getState().testPath;
  const name = path.basename(file ?? 'file', '.test.ts');
  platform = await startPlatform({ template: process.env.TESSERA_E2E_TEMPLATE, name, env: platformEnvOf(file) });
}, 180_000);
afterAll(async () => {
  await platform?.stop();
});
