import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in README.md and docs/ resolves: the file (or folder) exists, and a #fragment
 * names a heading of the target Markdown file (GitHub's heading anchors). Nothing is skipped: a link
 * to a page that does not exist yet fails until the page lands.
 */
const root = join(import.meta.dirname, '..');

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks (indented ones in list items too) and inline code spans, where a `](…)` is a real link. */
function prose(markdown: string): string {
  return markdown.replace(/^[ \t]*```[\s\S]*?^[ \t]*```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to hyphens; repeats get -1, -2… */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading = ''] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const text = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*_~]/g, (c) => (c === '_' ? '_' : ''))
      .toLowerCase();
    const slug = text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every link and image target in the prose: `[text](target)`, `![alt](target "title")`. */
export function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

describe('relative links in README.md and docs/', () => {
  it('finds the files and the links to check', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(linkTargets(readFileSync(join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
  });

  it.each(files.map((file) => [relative(root, file), file]))('%s: every relative link resolves', (_name, file) => {
    const broken: string[] = [];
    for (const target of linkTargets(readFileSync(file, 'utf8'))) {
      if (isExternal(target)) continue;
      const [path = '', fragment] = target.split('#');
      const resolved = path === '' ? file : path.startsWith('/') ? join(root, path) : join(dirname(file), decodeURI(path));
      if (!existsSync(resolved)) {
        broken.push(`${target}: no file ${relative(root, resolved)}`);
        continue;
      }
      if (fragment !== undefined && resolved.endsWith('.md') && !headingAnchors(readFileSync(resolved, 'utf8')).has(fragment)) {
        broken.push(`${target}: no heading #${fragment} in ${relative(root, resolved)}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the link checker itself', () => {
  it('reads links and images but not code', () => {
    expect(linkTargets('See [a](a.md) and ![b](images/b.png "B"), not `[c](c.md)`.\n```\n[d](d.md)\n```\n')).toEqual(['a.md', 'images/b.png']);
  });

  it('makes GitHub heading anchors', () => {
    const anchors = headingAnchors('# Widgets gallery (`/widgets/`)\n## Dosing page\n## Dosing page\n### icon-grid (CSS only)\n');
    expect([...anchors]).toEqual(['widgets-gallery-widgets', 'dosing-page', 'dosing-page-1', 'icon-grid-css-only']);
  });
});
