import type { EventFrom, SnapshotFrom } from 'xstate';
import type { tableOfContentsMachine } from '../../machines/table-of-contents/table-of-contents.machine';
import type { TocEntry } from '../../machines/table-of-contents/table-of-contents.rules';

type Snapshot = SnapshotFrom<typeof tableOfContentsMachine>;
type TableOfContentsEvent = EventFrom<typeof tableOfContentsMachine>;

/** The contents' title, which names its navigation (one table of contents a page). */
export const TOC_TITLE_ID = 'toc-title';

/**
 * Table of contents (§1) as a navigation named by its title: hidden until the page's headings are
 * listed (none found: it stays hidden), and the entry whose heading the reader sees is
 * aria-current="location". Following an entry tells the machine, which prefers it while its
 * heading stays in view. Links keep their own keys.
 */
export function connectTableOfContents(snapshot: Snapshot, send: (event: TableOfContentsEvent) => void) {
  const { entries, active } = snapshot.context;
  return {
    entries,
    rootProps: { 'aria-labelledby': TOC_TITLE_ID, hidden: !snapshot.matches('listed') } as const,
    titleProps: { id: TOC_TITLE_ID } as const,
    getLinkProps: (entry: TocEntry) =>
      ({
        href: `#${entry.id}`,
        'aria-current': entry.id === active ? 'location' : undefined,
        onClick: () => send({ type: 'entry.follow', id: entry.id }),
      }) as const,
  };
}
