/**
 * The layers (docs/architecture.md, docs/decisions/108-layers.md): dependencies point down, and a feature never reaches
 * into another feature. eslint-plugin-boundaries classifies every file into one element and checks each
 * import against the policies below; a folder cycle is caught by server/architecture.test.ts.
 *
 *   shared → server/lib → server/config.ts → infrastructure (db, mail, harvest, jobs, observability) → server/core
 *     → server/middleware → server/features/<use case> → the wiring (server/*.ts, server/ops)
 *   client: components, lib → features/<name> → app
 *
 * Tests and their helpers (server/test, *.test.ts, e2e, bench) are left out: a test may set up
 * whatever it proves, and `server/test` opens the whole app.
 */
import boundaries from 'eslint-plugin-boundaries';

const SERVER_INFRASTRUCTURE = ['db', 'mail', 'harvest', 'jobs', 'observability'];

/** Each element type, lowest layer first. */
const elements = [
  { type: 'shared', pattern: 'shared' },
  { type: 'config', pattern: 'server/config.*', partialMatch: false },
  { type: 'lib', pattern: 'server/lib' },
  {
    type: 'infrastructure',
    pattern: `server/(${SERVER_INFRASTRUCTURE.join('|')})`,
    capture: ['name'],
  },
  { type: 'core', pattern: 'server/core/*', capture: ['name'] },
  { type: 'middleware', pattern: 'server/middleware' },
  { type: 'feature', pattern: 'server/features/*', capture: ['feature'] },
  { type: 'wiring', pattern: ['server/*.*', 'server/ops/**', 'server/types/**'], partialMatch: false },
  { type: 'client-shared', pattern: ['client/src/components', 'client/src/lib'] },
  { type: 'client-feature', pattern: 'client/src/features/*', capture: ['feature'] },
  {
    type: 'client-app',
    pattern: ['client/src/app/**', 'client/src/main.*', 'client/src/portal-main.*'],
    partialMatch: false,
  },
];

const types = (...names) => ({ element: { types: { anyOf: names } } });
const from = (name) => ({ element: { type: name } });

/** What each layer may not import: everything above it. */
const policies = [
  {
    from: from('shared'),
    disallow: {
      to: types(
        'config',
        'lib',
        'infrastructure',
        'core',
        'middleware',
        'feature',
        'wiring',
        'client-shared',
        'client-feature',
        'client-app',
      ),
    },
  },
  {
    from: from('lib'),
    disallow: { to: types('config', 'infrastructure', 'core', 'middleware', 'feature', 'wiring') },
  },
  // The one config module sits just above lib (it uses its logger levels and URL helpers), so every
  // server layer above may read it.
  {
    from: from('config'),
    disallow: { to: types('infrastructure', 'core', 'middleware', 'feature', 'wiring') },
  },
  { from: from('infrastructure'), disallow: { to: types('core', 'middleware', 'feature', 'wiring') } },
  { from: from('core'), disallow: { to: types('middleware', 'feature', 'wiring') } },
  { from: from('middleware'), disallow: { to: types('feature', 'wiring') } },
  // A feature imports core and what lies below it, never the wiring nor another feature.
  { from: from('feature'), disallow: { to: types('wiring') } },
  {
    from: from('feature'),
    disallow: {
      to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
    },
  },
  { from: from('client-shared'), disallow: { to: types('client-feature', 'client-app') } },
  { from: from('client-feature'), disallow: { to: types('client-app') } },
  {
    from: from('client-feature'),
    disallow: {
      to: {
        element: { type: 'client-feature', captured: { feature: '!{{ from.element.captured.feature }}' } },
      },
    },
  },
];

export default [
  {
    files: ['server/**/*.ts', 'shared/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'server/test/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies }],
    },
  },
];
