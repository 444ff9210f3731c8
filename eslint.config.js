import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
);
