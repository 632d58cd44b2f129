// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import eslintPluginAstro from 'eslint-plugin-astro';

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'tests/fixtures/', 'data/', 'content/'] },
  js.configs.recommended,
  tseslint.configs.strict,
  // .astro files too: their frontmatter is TypeScript, their templates are checked by the Astro rules.
  eslintPluginAstro.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // Library modules stay small enough to read whole.
    files: ['src/lib/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  {
    // Output order must not depend on the machine's locale.
    files: ['src/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'localeCompare',
          message: 'its order follows the machine locale; sort with byCodeUnit (src/lib/code-unit-order.ts)',
        },
      ],
      // Each spread item is an argument: a list of untrusted length overflows the stack (RangeError).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(push|unshift)$/] > SpreadElement',
          message:
            'a spread argument overflows the stack on a long list: use appendAll (src/lib/append-all.ts) or a loop',
        },
      ],
    },
  },
  {
    // A test that has just asserted a value exists may say so with `!`; library code may not.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
