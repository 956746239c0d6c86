// The platform manifest's test: platform.json against the folders, workspaces, tsconfig
// references, exposed modules and shared entries it describes.
const base = require('../jest/preset.cjs')(__dirname, 'node');

module.exports = { ...base, displayName: 'platform', testMatch: ['<rootDir>/*.test.ts'] };
