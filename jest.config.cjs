// `npm run test:unit`: every package's jest tests in one run (e2e has its own runner).
// The projects are platform.json's packages and tool folders (tools/platform/index.cjs).
const { projects } = require('./tools/platform/index.cjs');

module.exports = {
  // Page tests wait on lazy chunks; a busy 2-core machine needs more than jest's 5 s.
  testTimeout: 30_000,
  projects: projects.map((p) => `<rootDir>/${p}`),
};
