import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { dirname, relative, resolve } from 'node:path';

/**
 * Layers point one way (docs/architecture.md#layers): demo -> widgets -> runtime -> machines -> provider.
 * Each layer may import itself and the layers after it. The server stands beside them and may use any;
 * the build's entry points assemble the demo and the server. Nothing but tests imports tests/.
 */
const LAYER_ORDER = ['demo', 'widgets', 'runtime', 'machines', 'provider'];
/**
 * Composition roots: the prerender and the dev server render the demo with the server's handlers;
 * the replay CLI runs the replay catalog;
 * benchmarks (`bench.ts`, `bench/`, and the replay benchmark's scene of the home page) assemble
 * whatever they measure. They are npm scripts, never imported by the product.
 */
const ENTRY_POINTS = [
  'runtime/build/prerender.ts',
  'runtime/build/dev.ts',
  'runtime/build/dev-server.ts',
  'runtime/build/dev-client.ts',
  'runtime/replay/home-day.ts',
  'runtime/replay/cli.ts',
  // Issue 29: the dev server's replay for the inspector runs the replay catalog.
  'runtime/build/inspector-replay.ts',
];
const isBenchmark = (path) => /(^|\/)bench(\.ts$|\/)/.test(path);
/**
 * The replay catalog is assembled from the demo's pages and the widgets' definitions (issue 22), so
 * it is a composition root too; its types (catalog/types.ts) stay runtime, for run.ts.
 */
const isReplayCatalog = (path) => path.startsWith('runtime/replay/catalog/') && !/^runtime\/replay\/catalog\/types(\.ts)?$/.test(path);
const isTestFile = (path) => /\.test\.tsx?$/.test(path);

function layerOf(path) {
  if (ENTRY_POINTS.includes(path) || isBenchmark(path) || isReplayCatalog(path)) return 'entry';
  const top = path.split('/')[0];
  return LAYER_ORDER.includes(top) || top === 'server' || top === 'tests' ? top : undefined;
}

/** Why `from` may not import `to`, or undefined when it may. */
export function layerViolation(from, to) {
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (!fromLayer || !toLayer || fromLayer === toLayer || fromLayer === 'entry' || fromLayer === 'tests' || isTestFile(from)) return undefined;
  if (toLayer === 'tests') return `only tests import tests/ (${to})`;
  if (fromLayer === 'server') return undefined;
  if (toLayer === 'server' || toLayer === 'entry') return `${fromLayer}/ may not import ${to}: the server and the build entry points sit on top`;
  if (LAYER_ORDER.indexOf(toLayer) < LAYER_ORDER.indexOf(fromLayer)) {
    return `${fromLayer}/ may not import ${toLayer}/ (${to}): layers point one way, ${LAYER_ORDER.join(' -> ')}`;
  }
  return undefined;
}

const noUpwardImport = {
  meta: { type: 'problem', docs: { description: 'A lower layer must not import a higher one (docs/architecture.md#layers).' }, schema: [] },
  create(context) {
    const from = relative(context.cwd, context.filename).split('\\').join('/');
    const check = (node) => {
      const source = node?.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = relative(context.cwd, resolve(dirname(context.filename), source.value)).split('\\').join('/');
      const reason = layerViolation(from, to);
      if (reason) context.report({ node: source, message: reason });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/**
 * Invariant 3, one clock (issue 22): the runtime, the widgets and the machines set no timer, ask for
 * no animation frame and read no time of their own; the clock adapter (runtime/clock.ts) and the
 * page's one scroll/frame source (runtime/page-scroll.ts) do. tests/invariants.test.ts checks the same.
 */
const ONE_CLOCK = 'Use the injected clock (clock.setTimeout, clock.requestFrame, clock.now) or the page-scroll source (docs/design.md, invariant 3).';
const oneClock = {
  files: ['runtime/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'machines/**/*.{ts,tsx}'],
  ignores: ['runtime/clock.ts', 'runtime/page-scroll.ts', '**/*.test.{ts,tsx}', 'runtime/replay/bench.ts', 'runtime/replay/home-day.ts'],
  rules: {
    'no-restricted-globals': [
      'error',
      ...['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame'].map((name) => ({ name, message: ONE_CLOCK })),
    ],
    'no-restricted-properties': [
      'error',
      { object: 'Date', property: 'now', message: ONE_CLOCK },
      { object: 'performance', property: 'now', message: ONE_CLOCK },
      ...['window', 'globalThis', 'self'].flatMap((object) =>
        ['setTimeout', 'setInterval'].map((property) => ({ object, property, message: ONE_CLOCK })),
      ),
    ],
    'no-restricted-syntax': [
      'error',
      { selector: 'MemberExpression[property.name=/^(requestAnimationFrame|cancelAnimationFrame|setInterval)$/]', message: ONE_CLOCK },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { layers: { rules: { 'no-upward-import': noUpwardImport } } },
    rules: { 'layers/no-upward-import': 'error' },
  },
  oneClock,
  {
    // tests/support's useBrowser() registers vitest hooks, not React hooks; the name is vitest's idiom.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
