import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'node_modules/', '.data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Which way imports go: the domain package (domain/) is shared by all; the console (src/) and the
  // server never import each other; the scripts use the server and the domain package, not the console.
  {
    files: ['server/**', 'scripts/**'],
    // the bench's bare page is a second browser entry built from the console's own pieces (its cold-load yardstick)
    ignores: ['scripts/bench/bare/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/src/**'], message: 'server/ and scripts/ do not import the console (src/): share it through domain/.' }],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'the console does not import the server: share it through domain/.' }] },
      ],
    },
  },
  {
    files: ['domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/server/**', '**/scripts/**'],
              message: 'domain/ imports neither the console, the server nor the scripts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures name their callback `use`; it is not a React hook.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
