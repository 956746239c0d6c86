// The release tool's unit tests (registry validation, atomic writes, history, CLI).
const base = require('../jest/preset.cjs')(__dirname, 'node');

module.exports = { ...base, displayName: 'release', testMatch: ['<rootDir>/*.test.ts'], testTimeout: 60_000 };
