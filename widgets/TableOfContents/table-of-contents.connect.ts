import type { EventFrom, SnapshotFrom } from 'xstate';
import type { tableOfContentsMachine } from '../../machines/table-of-contents/table-of-contents.machine';
import type { TocEntry } from '../../machines/table-of-contents/table-of-contents.rules';

type Snapshot = SnapshotFrom<typeof tableOfContentsMachine>;
type TableOfContentsEvent = EventFrom<typeof tableOfContentsMachine>;

/** The contents' title, which names its navigation (one table of contents a page). */
export const TOC_TITLE_ID = 'toc-title';

/**
 * Table of contents (§1) as a navigation named by its title: the list the build wrote, then the
 * headings the machine listed (none found, and none written: it stays hidden), and the entry whose heading the reader sees is
 * aria-current="location". Following an entry tells the machine, which prefers it while its
 * heading stays in view. Links keep their own keys.
 */
export function connectTableOfContents(snapshot: Snapshot, send: (event: TableOfContentsEvent) => void, prerendered: readonly TocEntry[] = []) {
  const { active } = snapshot.context;
  // Issue 31 item 19: the build lists the page's headings (demo/authoring/contents.ts), so the list
  // shows from the first paint; the machine reads the same headings once the widget has loaded.
  const reading = snapshot.matches('reading');
  const entries = reading ? prerendered : snapshot.context.entries;
  // Each entry indented by how much deeper its heading is than the list's highest one.
  const top = entries.reduce((min, entry) => Math.min(min, entry.level), 6);
  return {
    entries,
    rootProps: { 'aria-labelledby': TOC_TITLE_ID, hidden: reading ? prerendered.length === 0 : !snapshot.matches('listed') } as const,
    titleProps: { id: TOC_TITLE_ID } as const,
    getItemProps: (entry: TocEntry) => ({ style: { marginInlineStart: `${entry.level - top}rem` } }) as const,
    getLinkProps: (entry: TocEntry) =>
      ({
        href: `#${entry.id}`,
        'aria-current': entry.id === active ? 'location' : undefined,
        onClick: () => send({ type: 'entry.follow', id: entry.id }),
      }) as const,
  };
}
