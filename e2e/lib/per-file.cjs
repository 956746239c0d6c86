// Each test file gets its own server on a copy of the seeded template: journeys
// cannot disturb one another, whatever they buy, edit or delete.
const path = require('node:path');
const { startPlatform } = require('./platform.cjs');

/** @type {Awaited<ReturnType<typeof startPlatform>> | undefined} */
let platform;
beforeAll(async () => {
  const name = path.basename(expect.getState().testPath ?? 'file', '.test.ts');
  platform = await startPlatform({ template: process.env.TESSERA_E2E_TEMPLATE, name });
}, 180_000);
afterAll(async () => {
  await platform?.stop();
});
