import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// Import boundaries of architecture §6.1 (docs/architecture.md): contract imports nothing of ours,
// server and web never import each other.
const noImportOf = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map(([group, message]) => ({ group: [group], message })) },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-firmware/**',
      'data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: noImportOf(
      ['@heliodtu/server*', 'contract must not import the server'],
      ['@heliodtu/web*', 'contract must not import the web interface'],
      ['**/server/**', 'contract must not import the server'],
      ['**/web/**', 'contract must not import the web interface'],
    ),
  },
  {
    files: ['server/**/*.ts'],
    rules: noImportOf(
      ['@heliodtu/web*', 'the server never imports the web interface'],
      ['**/web/src/**', 'the server never imports the web interface'],
    ),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'no-console': 'error',
      ...noImportOf(
        ['@heliodtu/server*', 'the web interface never imports the server'],
        ['**/server/src/**', 'the web interface never imports the server'],
      ),
    },
  },
  prettier,
);
