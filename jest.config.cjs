// `npm run test:unit`: every package's jest tests in one run (e2e has its own runner).
module.exports = {
  // Page tests wait on lazy chunks; a busy 2-core machine needs more than jest's 5 s.
  testTimeout: 30_000,
  projects: [
    'shared-api',
    'shared-ui',
    'server',
    'shell',
    'mf-public',
    'mf-investor',
    'mf-owner',
    'mf-admin',
    'mf-onboarding',
    'tools/release',
  ].map((p) => `<rootDir>/${p}`),
};
