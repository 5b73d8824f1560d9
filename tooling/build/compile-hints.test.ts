import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type UserConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { VIEW_CHUNK_NAME } from './budget';
import { COMPILE_HINT, EAGER_PACKAGES, compileHint, packageOf } from './compile-hints';
import { noPreloadHelper } from './no-preload-helper';
import clientConfig from './vite.client.config';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('compile hints (issue 49)', () => {
  it('names the package a module comes from, scoped or not, and none for the site\'s own code', () => {
    expect(packageOf('/site/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(packageOf('/site/node_modules/@xstate/react/dist/index.js')).toBe('@xstate/react');
    expect(packageOf('/a/node_modules/sitecharts/node_modules/xstate/dist/x.js')).toBe('xstate');
    expect(packageOf('/site/runtime/islands.ts')).toBeUndefined();
  });

  it('hints a chunk that is mostly the site\'s, the engine\'s or xstate\'s code, not one that is mostly another library', () => {
    const chunk = (modules: Record<string, number>) => ({ modules: Object.fromEntries(Object.entries(modules).map(([id, renderedLength]) => [id, { renderedLength }])) });
    expect(compileHint(chunk({ '/s/runtime/islands.ts': 900, '/s/node_modules/xstate/dist/actor.js': 4000 }))).toBe(COMPILE_HINT);
    expect(compileHint(chunk({ '/s/runtime/mount.tsx': 900, '/s/node_modules/react-dom/client.js': 200_000 }))).toBe('');
    expect(compileHint(chunk({ '/s/node_modules/hls.js/dist/hls.mjs': 578_000 }))).toBe('');
    expect(compileHint(chunk({ '/s/widgets/Video/behaviour.ts': 600, '/s/node_modules/js-cookie/index.js': 500 }))).toBe(COMPILE_HINT);
    // A site built from the installed package: the engine's runtime comes from node_modules/sitecharts.
    expect(compileHint(chunk({ '/site/node_modules/sitecharts/lib/runtime/islands.js': 9000, '/site/node_modules/xstate/dist/actor.js': 4000 }))).toBe(COMPILE_HINT);
    expect(EAGER_PACKAGES).toContain(JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')).name);
  });

  it('the client build puts the hint first in every minified chunk of the site\'s code, none in a library\'s', async () => {
    const root = await mkdtemp(join(tmpdir(), 'compile-hints-'));
    dirs.push(root);
    await writeFile(join(root, 'entry.js'), "// a comment minification drops\nexport function start() { return import('./lazy.js').then((m) => m.run()); }\ndocument.body.onclick = start;\n");
    await writeFile(join(root, 'lazy.js'), "import { render } from './view.js';\nexport function run() { return import('big-player').then((player) => render(player.play(document.title))); }\n");
    await writeFile(join(root, 'view.js'), "import { draw } from 'fake-dom';\nexport function render(text) { return draw(`<p>${text}</p>`); }\n");
    // Two libraries, most of whose functions a page never calls: one in the view chunk, one loaded on demand.
    const library = (name: string, verb: string) => [
      `export function ${verb}(x) { return ${Array.from({ length: 40 }, (_, i) => `part${i}(x)`).join(' + ')}; }`,
      ...Array.from({ length: 40 }, (_, i) => `function part${i}(x) { return String(x).repeat(${i + 1}).length * ${i + 7}; }`),
    ].join('\n');
    for (const [name, verb] of [['fake-dom', 'draw'], ['big-player', 'play']] as const) {
      await mkdir(join(root, 'node_modules', name), { recursive: true });
      await writeFile(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ name, type: 'module', main: 'index.js' }));
      await writeFile(join(root, 'node_modules', name, 'index.js'), library(name, verb));
    }
    await build({
      root,
      logLevel: 'silent',
      configFile: false,
      // As the client build makes them: no preload helper, which Vite would put before the hint.
      plugins: [noPreloadHelper()],
      build: {
        outDir: join(root, 'out'),
        modulePreload: false,
        rollupOptions: {
          input: join(root, 'entry.js'),
          output: { postBanner: compileHint, codeSplitting: { groups: [{ name: VIEW_CHUNK_NAME, test: /view\.js$|fake-dom/ }] } },
        },
      },
    } as UserConfig);
    const files = (await readdir(join(root, 'out/assets'))).filter((file) => file.endsWith('.js'));
    const first = async (prefix: string) => {
      const file = files.find((name) => name.startsWith(`${prefix}-`));
      expect(file, `a ${prefix} chunk among ${files.join(', ')}`).toBeDefined();
      return (await readFile(join(root, 'out/assets', file ?? ''), 'utf8')).split('\n')[0];
    };
    expect(await first('entry')).toBe(COMPILE_HINT);
    expect(await first('lazy')).toBe(COMPILE_HINT);
    expect(await first(VIEW_CHUNK_NAME)).not.toContain('allFunctionsCalledOnLoad');
    expect(await first('big-player')).not.toContain('allFunctionsCalledOnLoad');
    expect(files).toHaveLength(4);
  });

  it("is the site's client build's postBanner", () => {
    const output = clientConfig.build?.rollupOptions?.output;
    expect(Array.isArray(output) ? undefined : output?.postBanner).toBe(compileHint);
  });
});
