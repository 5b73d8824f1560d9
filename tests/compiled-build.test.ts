import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archivePage } from '../tooling/bench/archive';

/**
 * Issue 47: `npm run build` (tooling/build/build.mjs) runs the build compiled once per code
 * fingerprint, with plain `node`, and publishes exactly what the build from its TypeScript sources
 * publishes (SITECHARTS_BUILD_FROM_SOURCE=1, under tsx), on a site large enough for a render thread
 * beside the build's own. The second build of the same code takes the compiled build as it was.
 */
const ROOT = join(import.meta.dirname, '..');
const work = mkdtempSync(join(ROOT, 'node_modules/.cache/sitecharts-compiled-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const content = join(work, 'content');
cpSync(join(ROOT, 'demo/content/pages'), join(content, 'pages'), { recursive: true });
mkdirSync(join(content, 'pages/archive'));
for (let n = 1; n <= 300; n++) writeFileSync(join(content, `pages/archive/story-${n}.md`), archivePage(n, () => `Paragraph of story ${n}, about the care team.`));

function build(out: string, env: NodeJS.ProcessEnv = {}) {
  // The demo's bundles from the suite's own build, as an earlier build of the same code leaves them.
  if (existsSync(join(ROOT, 'dist/.cache')) && !existsSync(join(out, '.cache'))) cpSync(join(ROOT, 'dist/.cache'), join(out, '.cache'), { recursive: true });
  const result = spawnSync(process.execPath, [join(ROOT, 'tooling/build/build.mjs')], { cwd: ROOT, env: { ...process.env, CONTENT_DIR: content, OUT_DIR: out, ...env }, encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Every file of the live release and its bytes. */
function release(out: string): Map<string, string> {
  const current = join(out, 'current');
  const found = new Map<string, string>();
  for (const name of readdirSync(current, { recursive: true, encoding: 'utf8' }).sort()) {
    try {
      found.set(relative(current, join(current, name)), readFileSync(join(current, name)).toString('base64'));
    } catch {
      // a folder
    }
  }
  return found;
}

describe('npm run build runs the build compiled', { timeout: 600_000 }, () => {
  it('publishes what the build from its sources publishes, byte for byte, and compiles once per code', () => {
    const compiled = build(join(work, 'compiled'));
    expect(compiled.out).toContain('Published 314 pages');
    expect(compiled.status).toBe(0);
    const cache = join(ROOT, 'node_modules/.cache/sitecharts-build');
    expect(readdirSync(cache).some((name) => existsSync(join(cache, name, 'tooling/build/publish.js')))).toBe(true);

    const fromSource = build(join(work, 'source'), { SITECHARTS_BUILD_FROM_SOURCE: '1' });
    expect(fromSource.status).toBe(0);
    expect(fromSource.out).not.toContain('the build compiled for this code');
    const published = release(join(work, 'compiled'));
    expect(published.has('client/archive/story-300/index.html')).toBe(true);
    expect([...published.keys()]).toEqual([...release(join(work, 'source')).keys()]);
    expect(published).toEqual(release(join(work, 'source')));

    const again = build(join(work, 'compiled'));
    expect(again.status).toBe(0);
    expect(again.out).not.toContain('the build compiled for this code');
    expect(again.out).toMatch(/\(0 rendered, 315 unchanged since the last build;/);
  });
});
