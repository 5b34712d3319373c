// @ts-check
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (STYLE.md): lib, api, config -> filters, metrics, charts, locations, components -> pages -> app.
 * `simulator/` may import only the contract schemas from `src/api/schemas.ts`; `src/` never imports `simulator/`.
 */
const upper = ['./src/pages', './src/app'];
const middle = ['./src/filters', './src/metrics', './src/charts', './src/locations', './src/components'];
const layers = [
  { target: './src/lib', from: ['./src/api', './src/config', ...middle, ...upper] },
  { target: './src/api', from: ['./src/config', ...middle, ...upper] },
  { target: './src/config', from: [...middle, ...upper] },
  ...middle.map((target) => ({ target, from: upper })),
  { target: './src/pages', from: ['./src/app'] },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layers.map(({ target, from }) => ({ target, from, message: 'Imports flow one way (STYLE.md).' })),
            { target: './src', from: './simulator', message: 'The app never imports the simulator.' },
            {
              target: './simulator',
              from: './src',
              except: ['./api/schemas.ts'],
              message: 'The simulator imports only the contract schemas from src/api/schemas.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
);
