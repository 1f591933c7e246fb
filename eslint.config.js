// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Another package's files that it does not export are its private plumbing: the next release may move them. */
const publicApiOnly = {
  group: ['astro/dist/**', '@astrojs/*/dist/**', 'vite/dist/**'],
  message: "Use the package's public API (what its package.json exports), not its unexported files.",
};

/** @type {import('eslint').Linter.RulesRecord} Code outside the tests: public APIs only (see docs/project-structure.md). */
const publicApiRules = {
  'no-restricted-globals': [
    'error',
    { name: 'globalThis', message: 'Pass data through a virtual module or import.meta.env, not a global registry.' },
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Symbol', property: 'for', message: 'A Symbol.for registry is a global one: use a virtual module.' },
  ],
};

export default defineConfig(
  { ignores: ['dist/', '.edition/', '.downloads/', '.astro/', 'node_modules/', 'test-results/', 'tests/.output/', 'tests/fixtures/', 'public/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  { languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    rules: {
      // A rest sibling drops a prop on purpose (scroll-lock.tsx); a catch left empty is a storage the browser refused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // Declarations merge into Astro's and Vite's own types.
  { files: ['**/*.d.ts'], rules: { '@typescript-eslint/no-unused-vars': 'off' } },
  // Playwright reads a hook's fixtures from its first parameter: `async ({}, testInfo)` asks for none.
  { files: ['tests/e2e/**'], rules: { 'no-empty-pattern': 'off' } },
  { files: ['src/**', 'integrations/**', 'tools/**', '*.mjs'], rules: publicApiRules },
  { files: ['tools/**', '*.mjs'], rules: { 'no-restricted-imports': ['error', { patterns: [publicApiOnly] }] } },
  {
    // What renders or ships to the browser never imports build-time or command-line code.
    files: ['src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            publicApiOnly,
            {
              group: ['**/integrations/**', '**/tools/**', '**/tests/**'],
              message: 'src/ holds what renders or ships to the browser: it imports neither integrations/ nor tools/ nor tests/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Build-time code does not depend on the command line or the tests.
    files: ['integrations/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            publicApiOnly,
            { group: ['**/tools/**', '**/tests/**'], message: 'integrations/ is build-time code: it imports neither tools/ nor tests/.' },
          ],
        },
      ],
    },
  },
  prettier,
);
