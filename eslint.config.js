// The house rules the code review would otherwise have to remember: TypeScript's recommended checks,
// React's rules of hooks, no import cycles, and the layers that only run one way (features never import
// each other; packages/quant imports nothing of ours; packages/contract only quant). `npm test` runs it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const FEATURES = readdirSync(new URL('./apps/web/src/features/', import.meta.url));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/web/static/**', 'data/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Unused names are mistakes; a leading underscore marks one kept on purpose, and a field named
      // only to leave it out of a rest object (`{ Symbol, ...rest }`) is used.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // A destructuring declares its values together: one that stays constant is no reason to split it.
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  {
    // `any` stays where data arrives untyped and is checked field by field as it is read: tests reading
    // answers, the database adapter's rows, and the market importers' and providers' foreign files.
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/db/index.ts', 'apps/server/src/db/db.ts', 'apps/server/src/market/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    // A feature is a screen group; what two features share lives in components/, lib/ or contract.
    files: ['apps/web/src/features/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: FEATURES.map((f) => ({
            target: `./apps/web/src/features/${f}`,
            from: './apps/web/src/features',
            except: [`./${f}`],
            message: 'Features do not import each other: move what both need to components/, lib/ or packages/contract.',
          })),
        },
      ],
    },
  },
  {
    // The quant core is pure computation: nothing of ours, no I/O of the app.
    files: ['packages/quant/src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@app/*'], message: 'packages/quant imports nothing of ours.' }] }],
      'import-x/no-restricted-paths': ['error', { zones: [{ target: './packages/quant', from: ['./packages/contract', './apps', './e2e', './bench'] }] }],
    },
  },
  {
    // The contract is shared by the server and the web app, so it may only lean on the quant core.
    files: ['packages/contract/src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@app/*', '!@app/quant'], message: 'packages/contract imports only @app/quant.' }] }],
      'import-x/no-restricted-paths': ['error', { zones: [{ target: './packages/contract', from: ['./apps', './e2e', './bench'] }] }],
    },
  },
);
