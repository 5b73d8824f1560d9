import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type UserConfig } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { VIEW_CHUNK_NAME } from './budget';
import { COMPILE_HINT, compileHint } from './compile-hints';
import { noPreloadHelper } from './no-preload-helper';
import clientConfig from './vite.client.config';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('compile hints (issue 49)', () => {
  it('the client build puts the hint first in every minified chunk but the view chunk', async () => {
    const root = await mkdtemp(join(tmpdir(), 'compile-hints-'));
    dirs.push(root);
    await writeFile(join(root, 'entry.js'), "// a comment minification drops\nexport function start() { return import('./lazy.js').then((m) => m.run()); }\ndocument.body.onclick = start;\n");
    await writeFile(join(root, 'lazy.js'), "import { render } from './view.js';\nexport function run() { return render(document.title); }\n");
    await writeFile(join(root, 'view.js'), 'export function render(text) { return `<p>${text}</p>`; }\n');
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
          output: { postBanner: compileHint, codeSplitting: { groups: [{ name: VIEW_CHUNK_NAME, test: /view\.js$/ }] } },
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
    expect(files).toHaveLength(3);
  });

  it("is the site's client build's postBanner", () => {
    const output = clientConfig.build?.rollupOptions?.output;
    expect(Array.isArray(output) ? undefined : output?.postBanner).toBe(compileHint);
  });
});
