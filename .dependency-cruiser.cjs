// @ts-check
/**
 * The house's import rules, in one place (docs/development.md, "How the code is laid out"): checked by
 * `npm run lint` (dependency-cruiser over src/ and simulator/, type-only imports included, every file whatever its
 * depth), and proven by src/test/boundaries.test.ts on fixtures that break each rule.
 *
 * Layers, lowest first; a layer imports only the layers before it in this order (and itself):
 *   lib · persist · offline · api · config → analysis → metrics · charts · locations · components · export · live →
 *   filters → panels → views → features → app
 * with these exceptions, as the code has them: lib and persist import neither each other nor anything else; offline
 * imports lib only; analysis does not import config; of the middle layers, metrics, charts, locations, components and
 * export import none of the others, live imports metrics and locations, filters metrics and components.
 * A feature (src/features/<name>/) imports no other feature. src/test/ and the files directly in src/ import any layer.
 * The simulator imports only the contract schemas (src/api/schemas.ts); src/ never imports the simulator.
 * No cycles, type-only imports included.
 */

/** The layers the middle ones (metrics, charts, locations, components, export) import. */
const BASE = ['lib', 'persist', 'offline', 'api', 'config', 'analysis'];
/** What the panels import: every layer before them. */
const BELOW_PANELS = [...BASE, 'metrics', 'charts', 'locations', 'components', 'export', 'live', 'filters'];

/** What each layer may import besides itself. */
const ALLOWED = {
  lib: [],
  persist: [],
  offline: ['lib'],
  api: ['lib', 'persist', 'offline'],
  config: ['lib', 'persist', 'offline', 'api'],
  analysis: ['lib', 'persist', 'offline', 'api'],
  metrics: BASE,
  charts: BASE,
  locations: BASE,
  components: BASE,
  export: BASE,
  live: [...BASE, 'metrics', 'locations'],
  filters: [...BASE, 'metrics', 'components'],
  panels: BELOW_PANELS,
  views: [...BELOW_PANELS, 'panels'],
  features: [...BELOW_PANELS, 'panels', 'views'],
  app: [...BELOW_PANELS, 'panels', 'views', 'features'],
};
const LAYERS = Object.keys(ALLOWED);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...LAYERS.map((layer) => ({
      name: `layer-${layer}`,
      comment: `Imports flow one way (docs/development.md): ${layer} imports only ${ALLOWED[layer].join(', ') || 'itself'}.`,
      severity: 'error',
      from: { path: `^src/${layer}/` },
      to: {
        path: `^src/(${LAYERS.join('|')})/`,
        pathNot: `^src/(${[layer, ...ALLOWED[layer]].join('|')})/`,
      },
    })),
    {
      name: 'feature-to-feature',
      comment: 'A feature imports no other feature: what two of them need lives in a layer below.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'layers-not-test',
      comment: 'The test helpers (src/test/) are never imported by the app.',
      severity: 'error',
      from: { path: `^src/(${LAYERS.join('|')})/`, pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/test/' },
    },
    {
      name: 'app-not-simulator',
      comment: 'The app never imports the simulator.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^simulator/' },
    },
    {
      name: 'simulator-only-schemas',
      comment: 'The simulator imports only the contract schemas from src/api/schemas.ts.',
      severity: 'error',
      from: { path: '^simulator/' },
      to: { path: '^src/', pathNot: '^src/api/schemas\\.ts$' },
    },
    {
      name: 'no-cycles',
      comment: 'No cycles, type-only imports included.',
      severity: 'error',
      from: { path: '^(src|simulator)/' },
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    moduleSystems: ['es6'],
  },
};
