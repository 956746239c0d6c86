// Browser journeys against the built platform: one seeded template database per run,
// one server per test file on a copy of it.
const path = require('node:path');

module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  // .tsx too: tests that read the shell's route table pull in shared-ui/router, which
  // re-exports its Link/NavLink from a .tsx module.
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      { tsconfig: { isolatedModules: true, jsx: 'react-jsx', module: 'commonjs', target: 'es2022', esModuleInterop: true } },
    ],
  },
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  globalSetup: path.join(__dirname, 'lib/global-setup.cjs'),
  globalTeardown: path.join(__dirname, 'lib/global-teardown.cjs'),
  setupFilesAfterEnv: [path.join(__dirname, 'lib/per-file.cjs')],
  testTimeout: 120_000,
  // Two files at a time: each has its own server, data folder, releases root and browser, and
  // a journey spends much of its time waiting on them, so a second one uses the idle core.
  maxWorkers: 2,
};
