// `npm run test:reliability`: crash safety and scale-out against the built server
// (child processes, nginx, PostgreSQL, Redis). Not part of `npm test`: .ci/run calls it.
const path = require('node:path');
const server = require('../jest.config.cjs');

module.exports = {
  ...server,
  displayName: 'reliability',
  rootDir: path.resolve(__dirname, '..'),
  testMatch: ['<rootDir>/reliability/**/*.test.ts'],
  testTimeout: 900_000,
  maxWorkers: 1,
};
