// Shared jest settings. Type-checking is `npm run typecheck` (tsc -b); jest only
// transpiles (isolatedModules), which runs about twice as fast.
const path = require('node:path');

const tsJest = [
  'ts-jest',
  { tsconfig: { isolatedModules: true, jsx: 'react-jsx', allowJs: true, esModuleInterop: true, module: 'commonjs', target: 'es2022' } },
];

/** @param {string} dir package folder; @param {'node'|'jsdom'} env */
module.exports = function preset(dir, env) {
  const name = path.basename(dir);
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: env,
    transform: { '^.+\\.[tj]sx?$': tsJest },
    // ky is ESM only.
    transformIgnorePatterns: ['/node_modules/(?!ky/)'],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    setupFilesAfterEnv: env === 'jsdom' ? [path.join(__dirname, 'setup-dom.cjs')] : [],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'cjs', 'mjs', 'json'],
  };
};
