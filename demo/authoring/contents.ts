import Markdoc, { type RenderableTreeNode, type Tag } from '@markdoc/markdoc';
import { buildToc, parseLevels, type PageHeading, type TocEntry } from '../../machines/table-of-contents/table-of-contents.rules';

/**
 * Issue 31 item 19: a page's table of contents is content, so the build writes it into the page.
 * Every `table-of-contents` island of a transformed page gets its entries (the headings of its
 * levels, in page order, without the excluded ones: the same rules the widget applies in the
 * browser, table-of-contents.rules.ts), and every listed heading without an id gets the id its
 * entry links to. The list is then in the prerendered HTML with its final layout from the first
 * paint, and its links work without JS; the widget, once loaded, reads the same headings.
 */
export function withContents(tree: RenderableTreeNode[]): RenderableTreeNode[] {
  const islands: Tag[] = [];
  const headings: Tag[] = [];
  const ids: string[] = [];
  const walk = (node: RenderableTreeNode) => {
    if (!Markdoc.Tag.isTag(node)) return;
    if (typeof node.attributes.id === 'string') ids.push(node.attributes.id);
    if (node.name === 'Island' && node.attributes.widget === 'table-of-contents') islands.push(node);
    else if (/^h[1-6]$/.test(node.name)) headings.push(node);
    node.children.forEach(walk);
  };
  tree.forEach(walk);
  for (const island of islands) {
    const settings = (island.attributes.settings ?? {}) as { levels?: unknown; exclude?: unknown };
    const levels = typeof settings.levels === 'string' && parseLevels(settings.levels).length > 0 ? parseLevels(settings.levels) : [2, 3];
    const excluded = excludedClasses(typeof settings.exclude === 'string' ? settings.exclude : '.toc-exclude');
    // A selector other than classes is the browser's to apply: that list is read there, as before.
    if (!excluded) continue;
    const found: PageHeading[] = headings.map((heading) => ({
      level: Number(heading.name.slice(1)),
      text: textOf(heading),
      id: typeof heading.attributes.id === 'string' ? heading.attributes.id : '',
      excluded: classesOf(heading).some((name) => excluded.includes(name)),
    }));
    const entries = buildToc(found, levels, ids);
    nameHeadings(headings, found, levels, entries);
    island.attributes.content = { ...(island.attributes.content as object), entries };
  }
  return tree;
}

/** The listed headings without an id get their entry's (the widget does the same in the browser). */
function nameHeadings(headings: Tag[], found: PageHeading[], levels: number[], entries: TocEntry[]) {
  const listed = headings.filter((_, index) => {
    const heading = found[index];
    return heading !== undefined && !heading.excluded && levels.includes(heading.level);
  });
  listed.forEach((heading, index) => {
    const entry = entries[index];
    if (entry && typeof heading.attributes.id !== 'string') heading.attributes.id = entry.id;
  });
}

/** The class names of a selector made only of classes (".a, .b"), else undefined. */
function excludedClasses(selector: string): string[] | undefined {
  const parts = selector.split(',').map((part) => part.trim());
  return parts.every((part) => /^\.[\w-]+$/.test(part)) ? parts.map((part) => part.slice(1)) : undefined;
}

function classesOf(tag: Tag): string[] {
  const value: unknown = tag.attributes.class;
  if (typeof value === 'string') return value.split(/\s+/);
  if (value && typeof value === 'object') return Object.keys(value).filter((key) => (value as Record<string, unknown>)[key]);
  return [];
}

function textOf(node: RenderableTreeNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  return Markdoc.Tag.isTag(node) ? node.children.map(textOf).join('') : '';
}
