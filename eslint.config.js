import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/*
 * The layers (issue 20 §4, docs/conventions.md "Layers"): SQL only under db/; db/ imports nothing
 * from src/server or src/client; src/shared imports neither side nor db/; the client imports only
 * types from the server (and from db/). A violation fails `npm run lint`.
 */
const SQL_ONLY_IN_DB = 'SQL only under db/: write a function in db/queries and call it';
const element = (...types) => ({ element: { types: { anyOf: types } } });
/*
 * Inside the client the arrows point one way (issue 39, decision 0365): lib (no UI, no app) ←
 * offline (the device's store) ← components (generic UI) ← features (the app's screens) ← routes
 * (the URL) ← the entry points. A lower layer that needs to tell a higher one something takes a
 * callback or publishes to a store in lib (the toasts' store is lib/toast.ts).
 */
const CLIENT_LAYERS = [
  { type: 'client-lib', pattern: 'src/client/lib/**' },
  { type: 'client-offline', pattern: 'src/client/offline/**' },
  { type: 'client-components', pattern: 'src/client/components/**' },
  { type: 'client-features', pattern: 'src/client/features/**' },
  { type: 'client-routes', pattern: 'src/client/routes/**' },
  { type: 'client-entry', pattern: 'src/client/*.{ts,tsx}' },
];
const CLIENT = CLIENT_LAYERS.map((l) => l.type);
const layers = {
  files: ['src/**/*.{ts,tsx}', 'db/**/*.ts'],
  // Tests may reach across layers (a test of src/shared may load the server's catalogue).
  ignores: ['**/*.test.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/root-path': import.meta.dirname,
    'boundaries/elements': [
      ...CLIENT_LAYERS.map((l) => ({ ...l, partialMatch: false })),
      { type: 'server', pattern: 'src/server/**', partialMatch: false },
      { type: 'shared', pattern: 'src/shared/**', partialMatch: false },
      { type: 'db', pattern: 'db/**', partialMatch: false },
    ],
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        // external modules too (kysely, pg outside db/)
        checkAllOrigins: true,
        policies: [
          { from: element('db'), disallow: { to: element('server', ...CLIENT) }, message: 'db/ imports nothing from src/server or src/client (pass what it needs as arguments)' },
          { from: element('shared'), disallow: { to: element('server', ...CLIENT, 'db') }, message: 'src/shared imports neither side (nor db/)' },
          {
            from: element(...CLIENT),
            disallow: { to: element('server', 'db'), dependency: { kind: 'value' } },
            message: 'the client imports only types from the server (import type …)',
          },
          { from: element('server'), disallow: { to: element(...CLIENT) }, message: 'the server imports nothing from the client' },
          ...CLIENT_LAYERS.slice(0, -1).map((layer, i) => ({
            from: element(layer.type),
            disallow: { to: element(...CLIENT.slice(i + 1)) },
            message: `src/client layers: ${layer.type.slice(7)} may not import a higher layer (${CLIENT.slice(i + 1)
              .map((t) => t.slice(7))
              .join(', ')})`,
          })),
          {
            from: element('server', 'shared', ...CLIENT),
            disallow: { to: { module: { origin: 'external', source: ['kysely', 'pg', 'pg-copy-streams', 'postgres'] } }, dependency: { kind: 'value' } },
            message: SQL_ONLY_IN_DB,
          },
        ],
      },
    ],
  },
};
/*
 * No import cycles in src/ and db/ (issue 39). A lazy chunk's dynamic import of the module that
 * loads it is not a cycle at start-up and is allowed (outbox-state → import('./outbox')).
 */
const noCycles = {
  files: ['src/**/*.{ts,tsx}', 'db/**/*.ts'],
  ignores: ['**/*.test.ts', 'src/shared/paraglide/**', 'src/client/routeTree.gen.ts'],
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
};

/** Query building outside db/ (a Database handed in needs no import to run SQL). */
const noQueriesOutsideDb = {
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/**/*.test.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|executeQuery|withoutPlugins)$/]',
        message: SQL_ONLY_IN_DB,
      },
    ],
  },
};

/**
 * The English error sentences (src/shared/error-codes.ts) are the server's: the browser translates
 * by code, and the shared schemas need only the codes and tokens (src/shared/error-tokens.ts).
 * A value import of the catalogue from the client or a shared module would put it in every page's
 * JavaScript again (decision 0284).
 */
const catalogueStaysOnServer = {
  files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
  ignores: ['**/*.test.ts', 'src/shared/error-codes.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/error-codes', '**/error-codes.ts'],
            allowTypeImports: true,
            message: "import codes and tokens from shared/error-tokens; the English catalogue is the server's",
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-ab/**',
      'node_modules/**',
      'src/shared/paraglide/**',
      'src/client/routeTree.gen.ts',
      'tests/helpers/api-types.gen.ts',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'examples/**',
      'scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  layers,
  noCycles,
  noQueriesOutsideDb,
  catalogueStaysOnServer,
  { files: ['**/*.js'], languageOptions: { globals: { console: 'readonly', process: 'readonly' } } },
);
