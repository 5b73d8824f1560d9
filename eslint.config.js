import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { dirname, relative, resolve } from 'node:path';

/**
 * Layers point one way (docs/architecture.md#layers), with no exceptions (issue 32):
 *
 *   tooling (build, dev server, replay CLI, benchmarks: entry points that take a site as input)
 *     -> site (demo/, examples/*: a site folder) and server
 *     -> widgets -> runtime -> machines -> provider (what runs in the page)
 *
 * Each page layer may import itself and the page layers after it, never a site, the server or the
 * tooling. A site may import the page layers, never the server or the tooling. The server stands
 * beside the sites: it may use the page layers and the tooling (it reads the build's files:
 * tooling/build's manifest and menu formats), never a site, which it takes from the site's config
 * (server/site-entry.ts). The tooling may import anything. Nothing but tests and the tooling imports
 * tests/ (the benchmarks start servers with tests/support).
 */
const PAGE_LAYERS = ['widgets', 'runtime', 'machines', 'provider'];
const SITE_FOLDERS = ['demo', 'examples'];
const isTestFile = (path) => /\.test\.tsx?$/.test(path);

function layerOf(path) {
  const top = path.split('/')[0];
  if (SITE_FOLDERS.includes(top)) return 'site';
  return PAGE_LAYERS.includes(top) || ['server', 'tooling', 'tests'].includes(top) ? top : undefined;
}

/** Why `from` may not import `to`, or undefined when it may. */
export function layerViolation(from, to) {
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (!fromLayer || !toLayer || fromLayer === toLayer || fromLayer === 'tooling' || fromLayer === 'tests' || isTestFile(from)) return undefined;
  if (toLayer === 'tests') return `only tests and the tooling import tests/ (${to})`;
  if (fromLayer === 'server') {
    return toLayer === 'site' ? `server/ may not import ${to}: the server takes the site from its config (server/site-entry.ts)` : undefined;
  }
  if (toLayer === 'tooling') return `${fromLayer}/ may not import ${to}: the tooling takes a site as input and sits on top`;
  if (toLayer === 'server') return `${fromLayer}/ may not import ${to}: the server stands beside the sites, above the page layers`;
  if (fromLayer === 'site') return undefined;
  if (toLayer === 'site') return `${fromLayer}/ may not import ${to}: what runs in the page never imports a site`;
  if (PAGE_LAYERS.indexOf(toLayer) < PAGE_LAYERS.indexOf(fromLayer)) {
    return `${fromLayer}/ may not import ${toLayer}/ (${to}): layers point one way, ${PAGE_LAYERS.join(' -> ')}`;
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
  ignores: ['runtime/clock.ts', 'runtime/page-scroll.ts', '**/*.test.{ts,tsx}'],
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
