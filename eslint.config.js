// @ts-check
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (docs/development.md): lib, persist (what the browser keeps), offline (the network, the service worker and
 * updates), api, config -> analysis (pure computations over parsed series) -> metrics,
 * charts, locations, components, export (siblings), live (after metrics) -> filters -> panels (a result with its loading, empty and error
 * states) -> pages -> app.
 * `export` (CSV and PNG files of what a view shows) builds on analysis' types and lib; panels and pages use it.
 * `simulator/` may import only the contract schemas from `src/api/schemas.ts`; `src/` never imports `simulator/`.
 * ESLint's own `no-restricted-imports`, one block per layer: every file sits one folder below src/, or two in a
 * feature folder of pages/ (pages/metric, pages/portfolio, …), so another layer is always `../<layer>/…` or
 * `../../<layer>/…`. (eslint-plugin-import-x would resolve paths, but its native resolver's
 * optional platform packages leave a lockfile that `npm ci` refuses.)
 */
const upper = ['panels', 'pages', 'app'];
// The middle layer has an order too, so no cycle can form in it: filters build on the metric registry and on the
// components (the primitives every control is made of: chips, the calendar), and live (now-readings: /now, else the
// latest window) on the metric queries.
const middle = ['metrics', 'charts', 'locations', 'components', 'export', 'live', 'filters'];
const lower = ['api', 'config', 'analysis', ...middle, ...upper];
const layers = {
  lib: ['persist', 'offline', ...lower],
  persist: ['lib', 'offline', ...lower],
  offline: ['persist', ...lower],
  api: ['config', 'analysis', ...middle, ...upper],
  config: ['analysis', ...middle, ...upper],
  analysis: ['config', ...middle, ...upper],
  metrics: ['charts', 'locations', 'components', 'export', 'live', 'filters', ...upper],
  charts: ['metrics', 'locations', 'components', 'export', 'live', 'filters', ...upper],
  locations: ['metrics', 'charts', 'components', 'export', 'live', 'filters', ...upper],
  components: ['metrics', 'charts', 'locations', 'export', 'live', 'filters', ...upper],
  export: ['metrics', 'charts', 'locations', 'components', 'live', 'filters', ...upper],
  live: ['charts', 'components', 'export', 'filters', ...upper],
  filters: ['charts', 'locations', 'export', 'live', ...upper],
  panels: ['pages', 'app'],
  pages: ['app'],
  app: [],
};
const neverSimulator = { group: ['**/simulator', '**/simulator/**'], message: 'The app never imports the simulator.' };

const importDirection = Object.entries(layers).map(([layer, forbidden]) => ({
  files: [`src/${layer}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...(forbidden.length > 0
            ? [
                {
                  group: forbidden.flatMap((other) =>
                    ['../', '../../'].flatMap((up) => [`${up}${other}`, `${up}${other}/**`]),
                  ),
                  message: `Imports flow one way (docs/development.md): ${layer} does not import from ${forbidden.join(', ')}.`,
                },
              ]
            : []),
          neverSimulator,
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The API client is one per app (config/app-context.tsx), not part of what a query's data is: never in its key.
      '@tanstack/query/exhaustive-deps': ['error', { allowlist: { types: ['ApiClient'] } }],
    },
  },
  ...importDirection,
  {
    files: ['src/*.{ts,tsx}', 'src/test/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [neverSimulator] }] },
  },
  {
    files: ['simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../src/*', '!../src/api', '../src/api/*', '!../src/api/schemas'],
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
