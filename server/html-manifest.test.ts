import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprintPages, readBuiltHtml } from './built-html';
import { HTML_MANIFEST, HTML_MANIFEST_FORMAT, builtHtmlSummary, readHtmlManifest, writeHtmlManifest } from './html-manifest';
import { cspHash } from './security/inline-scripts';

describe("the build's record of its HTML (issue 35: a restart reads one file, not every page)", () => {
  const dirs: string[] = [];
  const site = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sitecharts-manifest-'));
    dirs.push(dir);
    const write = (file: string, html: string) => {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), html);
    };
    write('index.html', '<html><head><script>window.flags = 1</script></head><body><main><h1>Home</h1></main></body></html>');
    write('news/index.html', '<html><body><main><h1>News</h1></main></body></html>');
    write('404.html', '<html><body><script type="module">go()</script></body></html>');
    write('assets/x.html', '<script>not a page</script>');
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('records what reading every file finds: the pages, their fingerprint, every inline script hash', () => {
    const dir = site();
    const written = writeHtmlManifest(dir);
    expect(written).toEqual({
      format: HTML_MANIFEST_FORMAT,
      pages: fingerprintPages(readBuiltHtml(dir)),
      scriptHashes: [cspHash('go()'), cspHash('window.flags = 1')].sort(),
      pageFiles: ['index.html', 'news/index.html'],
    });
    expect(readHtmlManifest(dir)).toEqual(written);
    expect(builtHtmlSummary(dir)).toEqual(written);
  });

  it('is trusted as the build wrote it: a page changed by hand afterwards is not read again', () => {
    const dir = site();
    const written = writeHtmlManifest(dir);
    writeFileSync(join(dir, 'news/index.html'), '<html><body><main><h1>Changed</h1><script>x()</script></main></body></html>');
    expect(builtHtmlSummary(dir)).toEqual(written);
    expect(writeHtmlManifest(dir).pages).not.toBe(written.pages);
  });

  it('a site without one is read file by file', () => {
    const dir = site();
    expect(readHtmlManifest(dir)).toBeUndefined();
    expect(builtHtmlSummary(dir).pageFiles).toEqual(['index.html', 'news/index.html']);
  });

  it('a broken one is refused with the reason, and the server reads the files instead with a warning', () => {
    const dir = site();
    const expected = writeHtmlManifest(dir);
    const cases: Array<[string, RegExp]> = [
      ['{"format": 1', /is not JSON/],
      [JSON.stringify({ ...expected, format: 1 }), /format 1, this server reads 2/],
      [JSON.stringify({ ...expected, pages: 'abc' }), /"pages" is not a fingerprint/],
      [JSON.stringify({ ...expected, scriptHashes: [1] }), /"scriptHashes" is not a list of strings/],
      [JSON.stringify({ ...expected, pageFiles: ['../outside/index.html'] }), /"pageFiles" is not a list of index.html files/],
      [JSON.stringify({ ...expected, pageFiles: ['about.html'] }), /"pageFiles" is not a list of index.html files/],
    ];
    for (const [text, reason] of cases) {
      writeFileSync(join(dir, HTML_MANIFEST), text);
      const read = readHtmlManifest(dir);
      expect(read, text).toBeInstanceOf(Error);
      expect((read as Error).message, text).toMatch(reason);
      const warnings: string[] = [];
      expect(builtHtmlSummary(dir, (message) => warnings.push(message)), text).toEqual(expected);
      expect(warnings, text).toEqual([`${(read as Error).message}; reading every HTML file instead`]);
    }
  });
});
