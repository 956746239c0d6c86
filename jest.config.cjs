// `npm run test:unit`: every package's jest tests in one run (e2e has its own runner).
// The projects are platform.json's packages and tool folders (tools/platform/index.cjs).
const { projects } = require('./tools/platform/index.cjs');

module.exports = {
  // Page tests wait on lazy chunks; a busy 2-core machine needs more than jest's 5 s.
  testTimeout: 30_000,
  // Every core: jest's default leaves one for itself, which on a 2-core CI host ran the suites
  // one at a time (151 s against 88 s for two packages' tests, measured).
  maxWorkers: '100%',
  projects: projects.map((p) => `<rootDir>/${p}`),
};
