import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publicAddress } from '../server/config';
import { DEMO_DIR } from '../server/site-folder';
import { codeFingerprint } from '../tooling/build/code-fingerprint.mjs';

/**
 * Issue 18: the build (its prerender step, which validates the content before writing anything) and
 * `npm run check:content` fail on a content directory with one mistake of each kind, listing every
 * one as file:line:column; the real content passes.
 */
const ROOT = join(import.meta.dirname, '..');
const FIXTURE = 'tests/fixtures/content-errors';
const EXPECTED = [
  `${FIXTURE}/pages/index.md:8:1: there is no tag 'slidshow' (did you mean 'slideshow'?)`,
  `${FIXTURE}/pages/index.md:10:26: tabs has no attribute 'colour'`,
  `${FIXTURE}/pages/index.md:16:29: slideshow: interval must be a number of at least 0.5, got 'fast'`,
  `${FIXTURE}/pages/index.md:22:44: donate-button: image-width must be a whole number of at least 1, got 0`,
  `${FIXTURE}/pages/index.md:25:1: toggles: a toggle needs title (text)`,
];
const outDir = mkdtempSync(join(tmpdir(), 'sitecharts-prerender-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
// The demo's bundles from the suite's own build (npm test builds first), as an earlier build of the
// same code leaves them: the build takes them and goes straight to the pages (issue 47). The build
// keys its cache by the code's fingerprint, and with CONTENT_DIR elsewhere the demo's own pages count
// as code in it, so the bundles are filed under the fixture build's key: under the demo's key alone the
// build missed them and ran Vite's client build (most of this file's time) before the pages failed.
const buildEnv = (contentDir: string) => ({ ...process.env, CONTENT_DIR: contentDir, NODE_ENV: 'production', SITE_URL: publicAddress(process.env).url });
const fingerprint = (contentDir: string) => codeFingerprint({ root: ROOT, siteDir: DEMO_DIR, contentDir: resolve(ROOT, contentDir), env: buildEnv(contentDir) });
const demoBundles = join(ROOT, 'dist/.cache', fingerprint(join(DEMO_DIR, 'content')));
if (existsSync(demoBundles)) cpSync(demoBundles, join(outDir, '.cache', fingerprint(FIXTURE)), { recursive: true });
else if (existsSync(join(ROOT, 'dist/.cache'))) cpSync(join(ROOT, 'dist/.cache'), join(outDir, '.cache'), { recursive: true });

function run(script: string, env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('content validation at build time', { timeout: 600_000 }, () => {
  it('the build stops on the fixture with every problem listed, no stack trace, nothing published', () => {
    const { status, out } = run('tooling/build/publish.ts', { CONTENT_DIR: FIXTURE, OUT_DIR: outDir });
    expect(status).toBe(1);
    for (const line of EXPECTED) expect(out).toContain(line);
    expect(out).toContain('5 problems in the content pages');
    expect(out).toContain('Nothing was published');
    expect(out).not.toMatch(/^\s+at /m);
    // No release, no staged pages left behind: only the bundles' cache.
    expect(readdirSync(outDir).filter((name) => name !== '.cache')).toEqual([]);
    expect(existsSync(join(outDir, '..', `.publish-${basename(outDir)}`))).toBe(false);
  });

  it('npm run check:content reports the same list, and passes the real content', () => {
    const broken = run('demo/authoring/check.ts', { CONTENT_DIR: FIXTURE });
    expect(broken.status).toBe(1);
    for (const line of EXPECTED) expect(broken.out).toContain(line);
    const real = run('demo/authoring/check.ts', { CONTENT_DIR: '' });
    expect(real.out).toContain('12 content pages in demo/content: no problems.');
    expect(real.status).toBe(0);
  });
});
