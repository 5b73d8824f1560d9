import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/**
 * Layers point one way (docs/architecture.md#layers), with no exceptions (issues 32 and 48):
 *
 *   tooling (build, dev server, replay CLI, benchmarks: entry points that take a site as input)
 *     -> site (demo/, examples/*: a site folder) and server
 *     -> widgets -> runtime -> machines -> provider (what runs in the page)
 *
 * Each page layer may import itself and the page layers after it, never a site, the server or the
 * tooling. A site may import the page layers, never the server or the tooling. The server stands
 * beside the sites: it may use the page layers, never a site, which it takes from the site's config
 * (server/site-entry.ts), and never the tooling: what both need (the build's file formats, the site
 * folder) is the server's, and the tooling imports it. The tooling may import anything. Nothing but
 * tests and the tooling imports tests/ (the benchmarks start servers with tests/support).
 *
 * Tests: a test inside a layer (runtime/, widgets/, machines/, provider/, server/, a site folder)
 * may import its own layer, the layers below it and tests/; the server, the tooling and the demo
 * it reaches through tests/support/ (issue 48), so what the page layers' tests take from above them
 * stands in one place. Tests in tests/ and in tooling/ import anything.
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
  if (!fromLayer || !toLayer || fromLayer === toLayer || fromLayer === 'tooling' || fromLayer === 'tests') return undefined;
  if (isTestFile(from)) {
    if (toLayer === 'server' || toLayer === 'tooling' || toLayer === 'site') return `a test in ${fromLayer}/ reaches ${to} through tests/support/, not by a relative path of its own`;
    return undefined;
  }
  if (toLayer === 'tests') return `only tests and the tooling import tests/ (${to})`;
  if (fromLayer === 'server') {
    if (toLayer === 'tooling') return `server/ may not import ${to}: what the server and the tooling both need is the server's, and the tooling imports it`;
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

/** The file a relative specifier names, as TypeScript and Vite resolve it (extension left out, or .js for .ts), or undefined. */
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];
export function resolveSource(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [...EXTENSIONS.map((extension) => `${base}${extension}`), base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  return candidates.find((file) => sourceOf(file) !== undefined);
}

/** Every file's text, read once per lint run; undefined for a file that is not there (or a folder). */
const sources = new Map();
function sourceOf(file) {
  if (!sources.has(file)) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = undefined;
    }
    sources.set(file, text);
  }
  return sources.get(file);
}

/** The relative specifiers a file imports: static, type-only, re-exports and dynamic imports. */
const IMPORTS = /(?:^|[\s;])(?:import|export)\s[^'"]*?\sfrom\s*['"](\.[^'"]+)['"]|(?:^|[\s;])import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
export function importsOf(file) {
  const text = sourceOf(file) ?? '';
  return [...text.matchAll(IMPORTS)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/**
 * Issue 48: no two files import each other (a type import and a dynamic import count too: each
 * makes one file's meaning depend on the other's). What both need moves to a third file below them.
 */
const noMutualImport = {
  meta: { type: 'problem', docs: { description: 'Two files must not import each other.' }, schema: [] },
  create(context) {
    const self = context.filename;
    const check = (node) => {
      const source = node?.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = resolveSource(self, source.value);
      if (!target || target === self) return;
      if (importsOf(target).some((specifier) => resolveSource(target, specifier) === self)) {
        const shown = relative(context.cwd, target).split('\\').join('/');
        context.report({ node: source, message: `${shown} imports this file too: two files may not import each other; move what both need to a file below them` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

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
  { ignores: ['dist/**', 'lib/**', 'node_modules/**', 'data/**'] },
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
    plugins: { layers: { rules: { 'no-upward-import': noUpwardImport, 'no-mutual-import': noMutualImport } } },
    rules: { 'layers/no-upward-import': 'error', 'layers/no-mutual-import': 'error' },
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
