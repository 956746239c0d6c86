// `npm run test:reliability`: crash safety and scale-out against the server built from the
// current sources (child processes, nginx, PostgreSQL, Redis). Not part of `npm test`:
// .ci/run calls it. Each test has its own time limit, and every clean-up kills the servers
// and clients a timed-out test may have left running; forceExit is the last guard, so a
// failing run always ends.
const path = require('node:path');
const server = require('../jest.config.cjs');

module.exports = {
  ...server,
  displayName: 'reliability',
  rootDir: path.resolve(__dirname, '..'),
  testMatch: ['<rootDir>/reliability/**/*.test.ts'],
  testTimeout: 420_000,
  maxWorkers: 1,
  forceExit: true,
  // Its servers are child processes with data folders of their own: no PGlite template.
  globalSetup: undefined,
};
