// Lint for the whole monorepo. Import boundaries follow docs/ARCHITECTURE.md:
// a remote never imports another remote or the shell; ky only inside shared-api;
// notistack only inside shared-ui; MUI and React Router only through shared-ui's
// curated barrels (shared-ui/mui, /mui-forms, /mui-data, /router), each shared as one module;
// TanStack Query only through shared-api/query (the one query client).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import { createRequire } from 'node:module';

// The apps (the shell and every remote) come from the platform manifest, platform.json.
const require = createRequire(import.meta.url);
const { apps } = require('./tools/platform/index.cjs');

const kyRule = { name: 'ky', message: 'ky is used only inside shared-api: call an endpoint function from shared-api.' };
const notistackRule = { name: 'notistack', message: 'Use the toast helpers from shared-ui.' };
const queryRule = {
  name: '@tanstack/react-query',
  message: "Use 'shared-api/query' (the page's one query client, its queries and hooks); add what is missing there.",
};
const muiMessage = "Import MUI from 'shared-ui/mui' (add a component there if it is missing).";
const muiBarrel = { name: '@mui/material', message: muiMessage };
const muiPattern = { group: ['@mui/*', '@mui/*/**'], message: muiMessage };
const routerRules = [
  { name: 'react-router', message: "Import routing from 'shared-ui/router'." },
  { name: 'react-router-dom', message: "Import routing from 'shared-ui/router'." },
];

function restricted(extraPatterns, extraPaths = []) {
  return [
    'error',
    {
      paths: [kyRule, notistackRule, queryRule, muiBarrel, ...routerRules, ...extraPaths],
      patterns: [muiPattern, ...extraPatterns],
    },
  ];
}

// Test helpers (shared-api/testing's fixtures, shared-ui/testing's render helpers, any
// src/testing/ folder) are for tests only: webpack would bundle them into a page that
// imported them. Each import rule below is given twice: as is for every file, and with this
// pattern added for production files (ESLint's later block replaces the rule, not merges it).
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/src/testing/**', '**/test/**', '**/*.d.ts'];
const testOnlyPattern = {
  regex: '^(shared-api|shared-ui)/testing$|^\\.{1,2}/(.*/)?testing(/|$)',
  message: "Test helpers ('shared-api/testing', 'shared-ui/testing', src/testing/) are imported only by tests.",
};
/** The block `config` for every file, then again for production files with `testOnlyPattern` added to its rule. */
function withProductionBlock(config) {
  const [level, options] = config.rules['no-restricted-imports'];
  const production = { ...options, patterns: [...options.patterns, testOnlyPattern] };
  return [config, { ...config, ignores: TEST_FILES, rules: { 'no-restricted-imports': [level, production] } }];
}

const appBoundaries = apps.flatMap((app) => {
  const others = apps.filter((a) => a !== app);
  return withProductionBlock({
    files: [`${app}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restricted([
        {
          group: others.flatMap((o) => [o, `${o}/*`, `**/${o}/**`]),
          message: 'A remote never imports another remote or the shell (federation only).',
        },
        {
          group: ['shared-api/src/*', 'shared-ui/src/*', '**/shared-api/src/**', '**/shared-ui/src/**'],
          message: "Import a shared package through its public entry ('shared-api', 'shared-api/contract', 'shared-ui').",
        },
      ]),
    },
  });
});

const serverPatterns = [
  { group: [...apps, 'shared-ui', 'react', 'react-dom'], message: 'The server imports nothing of the frontend.' },
  {
    // 'shared-api/labels' is pure words (type-only imports): statements name entries as the wallet does.
    regex: '^shared-api(?!/(contract(/[\\w-]+)?|stats|labels)$)',
    message: "The server imports only 'shared-api/contract' and its subpaths (and the pure 'shared-api/stats' and 'shared-api/labels').",
  },
];
/** The server's import rule for every server file, then again per layer with the layer's patterns added. */
function serverBlocks(layers) {
  const rule = (extra) => ['error', { paths: [kyRule], patterns: [...serverPatterns, ...extra] }];
  return [
    { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': rule([]) } },
    ...layers.map(({ patterns, ...block }) => ({ ...block, rules: { 'no-restricted-imports': rule(patterns) } })),
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.tsbuild/**',
      '**/coverage/**',
      'data/**',
      'releases/**',
      'e2e/artifacts/**',
      'e2e/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{cjs,js,mjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Type-aware rules that catch real bugs: a promise nobody awaits or catches (an
    // unhandled rejection, a write racing the next step), and a promise where a callback's
    // result is ignored. JSX handlers (onClick={async () => …}) are left to the components.
    // These make `npm run lint` about 6 times the CPU time (about 3 min on 2 cores).
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.d.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // React Router's navigate() returns a promise only under data routers, which the platform does not use.
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Production code has no jest types (each package's tsconfig.json; tests are in its
    // tsconfig.test.json), so TypeScript already refuses test globals there; lint says why.
    files: ['**/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/src/testing/**', '**/*.d.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['jest', 'describe', 'it', 'test', 'expect', 'beforeAll', 'beforeEach', 'afterAll', 'afterEach'].map((name) => ({
          name,
          message: 'A test global in production code: tests live in *.test.ts(x) or src/testing/.',
        })),
      ],
    },
  },
  ...appBoundaries,
  ...withProductionBlock({
    files: ['shared-ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [kyRule, queryRule, muiBarrel, ...routerRules],
          patterns: [muiPattern, { group: [...apps, ...apps.map((a) => `${a}/*`)], message: 'shared-ui never imports an app.' }],
        },
      ],
    },
  }),
  {
    // The barrels are the one place that names MUI's and React Router's packages (and the
    // tests' MemoryRouter, which the app never renders, comes through shared-ui/testing).
    files: [
      'shared-ui/src/mui.ts',
      'shared-ui/src/mui-forms.ts',
      'shared-ui/src/mui-data.ts',
      'shared-ui/src/router.ts',
      'shared-ui/src/testing/index.ts',
      'shared-ui/src/testing/page.tsx',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  ...withProductionBlock({
    files: ['shared-api/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [notistackRule, muiBarrel, ...routerRules],
          patterns: [
            muiPattern,
            { group: [...apps, 'shared-ui', 'shared-ui/*', 'server'], message: 'shared-api never imports an app or shared-ui.' },
          ],
        },
      ],
    },
  }),
  // The server's layers (docs/ARCHITECTURE.md, Server): lib/ (helpers that belong to no module) ←
  // plugins/ (cross-cutting Fastify plugins) ← modules/<name>/ (one resource each, its public
  // surface in its index.ts) ← app.ts. Module loops are tools/check-cycles.mjs's to find.
  // db/ (the seed) is not a layer of these: it fills every module's tables.
  ...serverBlocks([
    {
      files: ['server/src/lib/**/*.ts'],
      patterns: [
        {
          group: ['**/modules', '**/modules/**', '**/plugins', '**/plugins/**'],
          message: 'lib/ is the bottom layer: it never imports a plugin or a module (move the shared part into lib/).',
        },
      ],
    },
    {
      files: ['server/src/plugins/**/*.ts'],
      patterns: [
        {
          regex: '^\\.\\./modules/[^/]+/',
          message: "A plugin only wires a module's job or routes, through the module's index ('../modules/<name>').",
        },
      ],
    },
    {
      files: ['server/src/modules/**/*.ts'],
      ignores: ['server/src/modules/**/*.test.ts'],
      patterns: [
        {
          regex: '^\\.\\./(?!\\.)[^/]+/',
          message: "Another module is imported only through its index ('../<name>'); export what is needed there.",
        },
      ],
    },
    {
      files: ['server/src/*.ts'],
      patterns: [{ regex: '^\\./modules/[^/]+/', message: "A module is imported only through its index ('./modules/<name>')." }],
    },
  ]),
  // Last: formatting is Prettier's (npm run format); no lint rule argues with it.
  prettier,
);
