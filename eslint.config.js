import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const DRIZZLE_ONLY_IN_REPOSITORIES = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Query the database in a *repository.ts file (docs/ARCHITECTURE.md, Layers and imports).',
};
const MEET_MESSAGE = "Use what the other module's index.ts exports for you (add it there if it is missing).";
/** From a module's top folder (src/server/modules/<module>/x.ts), another module is one level up. */
const MODULES_MEET_THROUGH_INDEX = {
  group: ['../*/*service.ts', '../*/*repository.ts'],
  message: MEET_MESSAGE,
};
/**
 * From a module's sub-folder (modules/invoicing/invoices/x.ts), other modules are two levels up; the sibling
 * folders of the same module (../quotes/service.ts) are the module's own code.
 */
const MODULES_MEET_THROUGH_INDEX_NESTED = {
  group: ['../../*/*service.ts', '../../*/*repository.ts'],
  message: MEET_MESSAGE,
};
const PLATFORM_IMPORTS_NO_MODULE = {
  group: ['**/modules/**'],
  message: 'Platform adapters import no module: app.ts passes them what they need.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'playwright-report', 'test-results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Toasts go through src/web/ui/toast.ts, which deduplicates errors and clears them on success.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/ui/toast.ts', 'src/web/ui/toast.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-hot-toast',
              importNames: ['default', 'toast'],
              message: 'Use { toast } from @web/ui/toast.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The validated config module is the only reader of process.env (DESIGN.md §10).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/platform/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through src/server/platform/config.ts.',
        },
      ],
    },
  },
  {
    // Shared code is imported by server and web: it must import neither.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@server/*', '@web/*', '**/server/**', '**/web/**', 'node:*', 'fastify', 'react'] },
      ],
    },
  },
  {
    // Drizzle only in repositories (issue 13): services, routes and adapters call repository functions.
    files: ['src/server/**/*.ts'],
    ignores: [
      '**/*repository.ts',
      '**/*.test.ts',
      'src/server/db/**',
      'src/server/platform/db.ts',
      'src/server/seed/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [DRIZZLE_ONLY_IN_REPOSITORIES] }] },
  },
  {
    // A module reaches another module's services and queries only through that module's index.ts.
    files: ['src/server/modules/*/*.ts'],
    ignores: ['**/*repository.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [MODULES_MEET_THROUGH_INDEX, DRIZZLE_ONLY_IN_REPOSITORIES] },
      ],
    },
  },
  {
    files: ['src/server/modules/*/*/**/*.ts'],
    ignores: ['**/*repository.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [MODULES_MEET_THROUGH_INDEX_NESTED, DRIZZLE_ONLY_IN_REPOSITORIES] },
      ],
    },
  },
  {
    files: ['src/server/modules/*/*repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULES_MEET_THROUGH_INDEX] }] },
  },
  {
    files: ['src/server/modules/*/*/**/*repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULES_MEET_THROUGH_INDEX_NESTED] }] },
  },
  {
    // Imports flow one way: adapters receive what modules give them when app.ts assembles the app.
    files: ['src/server/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [PLATFORM_IMPORTS_NO_MODULE, DRIZZLE_ONLY_IN_REPOSITORIES] },
      ],
    },
  },
  {
    files: [
      'src/server/platform/db.ts',
      'src/server/platform/*repository.ts',
      'src/server/platform/*.test.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [PLATFORM_IMPORTS_NO_MODULE] }] },
  },
);
