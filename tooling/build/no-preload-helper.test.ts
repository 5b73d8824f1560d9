import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { noPreloadHelper } from './no-preload-helper';

/** A two-module site built by Vite with the plugin: an entry that imports `lazy.js` on demand. */
async function buildSite(lazy: string) {
  const root = await mkdtemp(join(tmpdir(), 'no-preload-'));
  dirs.push(root);
  await writeFile(join(root, 'entry.js'), "document.body.onclick = () => import('./lazy.js').then((m) => m.run());\n");
  await writeFile(join(root, 'lazy.js'), lazy);
  await writeFile(join(root, 'lazy.css'), 'body { color: red; }\n');
  await build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [noPreloadHelper()],
    build: { outDir: join(root, 'out'), modulePreload: false, minify: false, rollupOptions: { input: join(root, 'entry.js') } },
  });
  const files = await readdir(join(root, 'out/assets'));
  const entry = files.find((file) => file.startsWith('entry-')) ?? '';
  return { files, entry: await readFile(join(root, 'out/assets', entry), 'utf8') };
}

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('noPreloadHelper (issue 35, goal 4)', () => {
  it("leaves the import and drops Vite's helper: no <link> builder, nonce lookup or preload event in the entry", async () => {
    const { files, entry } = await buildSite('export const run = () => document.title;\n');
    expect(files.some((file) => file.startsWith('lazy-'))).toBe(true);
    expect(entry).toMatch(/import\(["'`]\.\/lazy-[\w-]+\.js["'`]\)/);
    for (const part of ['modulepreload', 'csp-nonce', 'vite:preloadError']) expect(entry).not.toContain(part);
  });

  it('fails the build, naming the chunk, when a lazily loaded module imports CSS it would not load', async () => {
    await expect(buildSite("import './lazy.css';\nexport const run = () => document.title;\n")).rejects.toThrow(
      /lazy-[\w-]+\.js: a lazily loaded module imports CSS/,
    );
  });
});
