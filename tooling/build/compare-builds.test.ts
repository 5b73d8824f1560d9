import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compareBuilds } from './compare-builds';

const made: string[] = [];
function build(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitecharts-compare-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('compareBuilds: the same pages, asset hashes aside (issue 32)', () => {
  it('sees two builds that differ only in asset hashes and the sitemap day as the same', () => {
    const before = build({ 'index.html': '<script src="/assets/client-AbCd12_x.js"></script>', 'assets/client-AbCd12_x.js': 'boot()', 'sitemap.xml': '<lastmod>2026-11-25</lastmod>' });
    const after = build({ 'index.html': '<script src="/assets/client-Zz99yy-0.js"></script>', 'assets/client-Zz99yy-0.js': 'boot()', 'sitemap.xml': '<lastmod>2026-11-26</lastmod>' });
    expect(compareBuilds(before, after)).toEqual([]);
  });

  it('names a page whose text changed, and a page one build lacks', () => {
    const before = build({ 'index.html': '<h1>Harbourlight</h1>', 'about/index.html': 'about' });
    const after = build({ 'index.html': '<h1>Harbourlight Care</h1>', 'contact/index.html': 'contact' });
    expect(compareBuilds(before, after).sort()).toEqual(['differs: index.html', 'only after: contact/index.html', 'only before: about/index.html']);
  });
});
