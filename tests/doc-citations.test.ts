import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors } from './docs-links.test';

/**
 * Issue 22: the design document and every page the code cites live in the repository. Every
 * `docs/<page>.md` (with its #anchor) named in a source file, a test, a config or a doc resolves to
 * a page and a heading of this checkout, every "design.md invariant N" names one of design.md's
 * numbered invariants, and nothing cites a design document outside the repository.
 */
const root = join(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  // This file's own examples name pages that do not exist, on purpose.
  .filter((file) => /\.(ts|tsx|js|mjs|md|json)$/.test(file) && !file.startsWith('demo/public/') && file !== 'tests/doc-citations.test.ts' && existsSync(join(root, file)));

/** `docs/x.md`, `docs/x.md#anchor`, in any text; inside docs/, also `](x.md)`-style page names are the link test's. */
export function citedDocs(text: string): Array<{ page: string; anchor?: string }> {
  return [...text.matchAll(/(?<![\w/.-])docs\/([\w-]+\.md)(?:#([\w-]+))?/g)].map((m) => ({ page: m[1] ?? '', anchor: m[2] }));
}

/** "design.md invariant 6", "docs/design.md, invariant 3", "design.md invariants 1 and 3". */
export function citedInvariants(text: string): number[] {
  return [...text.matchAll(/design\.md(?:\)|\]\(design\.md#invariants\))?,? invariants? (\d+)/g)].map((m) => Number(m[1]));
}

const designInvariants = (() => {
  const design = readFileSync(join(root, 'docs/design.md'), 'utf8');
  const section = design.slice(design.indexOf('## Invariants'), design.indexOf('\n## ', design.indexOf('## Invariants') + 1));
  return new Set([...section.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1])));
})();

describe('cited docs live in the repository', () => {
  it('finds files citing docs/design.md and its invariants', () => {
    const texts = tracked.map((file) => readFileSync(join(root, file), 'utf8'));
    expect(texts.filter((text) => citedDocs(text).some((c) => c.page === 'design.md')).length).toBeGreaterThan(5);
    expect(designInvariants).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
  });

  it('every docs/<page>.md cited anywhere exists, with the heading its #anchor names', () => {
    const broken: string[] = [];
    for (const file of tracked) {
      for (const { page, anchor } of citedDocs(readFileSync(join(root, file), 'utf8'))) {
        const target = join(root, 'docs', page);
        if (!existsSync(target)) broken.push(`${file}: docs/${page} does not exist`);
        else if (anchor !== undefined && !headingAnchors(readFileSync(target, 'utf8')).has(anchor)) broken.push(`${file}: docs/${page} has no heading #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every "design.md invariant N" is one of design.md\'s invariants', () => {
    const broken = tracked.flatMap((file) =>
      citedInvariants(readFileSync(join(root, file), 'utf8'))
        .filter((n) => !designInvariants.has(n))
        .map((n) => `${file}: invariant ${n}`),
    );
    expect(broken).toEqual([]);
  });

  it('nothing cites a design document outside the repository', () => {
    const outside = tracked.filter((file) => /shared\/design\.md|architecture\.md,? invariant/.test(readFileSync(join(root, file), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('the readers see a missing page, a missing anchor and a bad invariant', () => {
    expect(citedDocs('see docs/design.md#invariants and (docs/running.md), not mydocs/x.md')).toEqual([
      { page: 'design.md', anchor: 'invariants' },
      { page: 'running.md', anchor: undefined },
    ]);
    expect(citedInvariants('(docs/design.md invariant 6) and [design.md](design.md#invariants), invariant 3')).toEqual([6, 3]);
  });
});
