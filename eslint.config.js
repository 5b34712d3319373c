// @ts-check
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (docs/development.md): lib, persist (what the browser keeps), offline (the network, the service worker and
 * updates), api, config -> analysis (pure computations over parsed series) -> metrics,
 * charts, locations, components, export (siblings), live (after metrics) -> filters -> panels (a result with its loading, empty and error
 * states) -> views (what the location pages share: the location view and its head, status lines, the route) -> features
 * (portfolio, kiosk, metric, utilization: a page with its hooks, URL parameters, exports, panels and stores) -> app.
 * A feature imports no other feature: what two of them need lives in a layer below.
 * `export` (CSV and PNG files of what a view shows) builds on analysis' types and lib; panels and features use it.
 * `simulator/` may import only the contract schemas from `src/api/schemas.ts`; `src/` never imports `simulator/`.
 * ESLint's own `no-restricted-imports`, one block per layer and one per feature: every file sits one folder below
 * src/, or two in a feature folder (features/metric, features/portfolio, …), so another layer is always
 * `../<layer>/…` or `../../<layer>/…`, and another feature `../<feature>/…`. (eslint-plugin-import-x would resolve
 * paths, but its native resolver's optional platform packages leave a lockfile that `npm ci` refuses.)
 */
const upper = ['panels', 'views', 'features', 'app'];
const FEATURES = ['portfolio', 'kiosk', 'metric', 'utilization'];
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
  panels: ['views', 'features', 'app'],
  views: ['features', 'app'],
  features: ['app'],
  app: [],
};
const neverSimulator = { group: ['**/simulator', '**/simulator/**'], message: 'The app never imports the simulator.' };

/** The rule that keeps `files` from importing the layers in `forbidden` (and, for a feature, the other features). */
function importRule(files, layer, forbidden, otherFeatures = []) {
  const layerPatterns =
    forbidden.length > 0
      ? [
          {
            group: forbidden.flatMap((other) =>
              ['../', '../../'].flatMap((up) => [`${up}${other}`, `${up}${other}/**`]),
            ),
            message: `Imports flow one way (docs/development.md): ${layer} does not import from ${forbidden.join(', ')}.`,
          },
        ]
      : [];
  const featurePatterns =
    otherFeatures.length > 0
      ? [
          {
            group: otherFeatures.flatMap((other) => [`../${other}`, `../${other}/**`]),
            message: `A feature imports no other feature (docs/development.md): ${layer} does not import from ${otherFeatures.join(', ')}.`,
          },
        ]
      : [];
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [...layerPatterns, ...featurePatterns, neverSimulator] }] },
  };
}

const importDirection = [
  ...Object.entries(layers)
    .filter(([layer]) => layer !== 'features')
    .map(([layer, forbidden]) => importRule([`src/${layer}/**/*.{ts,tsx}`], layer, forbidden)),
  ...FEATURES.map((feature) =>
    importRule(
      [`src/features/${feature}/**/*.{ts,tsx}`],
      `features/${feature}`,
      layers.features,
      FEATURES.filter((other) => other !== feature),
    ),
  ),
];

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
  // Messages (docs/development.md, "Words and languages"): `t` only where it runs in the language in force (never at
  // a module's top level: use `msg` there), and a placeholder is a name a translator can read.
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { lingui },
    rules: {
      'lingui/t-call-in-function': 'error',
      'lingui/no-expression-in-message': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-trans-inside-trans': 'error',
    },
  },
);
