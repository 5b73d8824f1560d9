import type { SnapshotFrom } from 'xstate';
import type { masonryMachine, MasonryEvent } from '../../machines/masonry/masonry.machine';
import { ALL_FILTER, filterCounts, matchesFilter, SORTS, sortBricks, type Brick } from '../../machines/masonry/masonry.rules';
import { format, type Translations } from '../../runtime/translations';
import type { MasonryTranslations } from './masonry.translations';

type Snapshot = SnapshotFrom<typeof masonryMachine>;

/** What the connect layer reads of the content: the grid's name, its noun, its filters, the bricks on the page. */
export interface MasonryLabels {
  label: string;
  noun: string;
  filters: ReadonlyArray<{ slug: string; label: string }>;
  /** The bricks prerendered on the page (those loaded later are the machine's). */
  bricks: readonly Brick[];
}

/**
 * §1, §4, §7 Masonry: filter toggle buttons (aria-pressed, each with its count), the order select,
 * the grid busy while a load runs, the load-more button (aria-disabled while loading, replaced by
 * "No more …" once exhausted) and a polite status saying how many items show after a load. The
 * grid's waypoint sends view.enter through `onViewEnter`.
 */
export function connectMasonry(snapshot: Snapshot, send: (event: MasonryEvent) => void, t: Translations<MasonryTranslations>, labels: MasonryLabels) {
  const { bricks, pending, filter, sort, loading } = snapshot.context;
  const exhausted = snapshot.matches({ loader: 'exhausted' });
  const filters = [{ slug: ALL_FILTER, label: t.all }, ...labels.filters];
  const counts = filterCounts(
    bricks,
    filters.map((f) => f.slug),
  );
  const loadedMore = bricks.length - labels.bricks.length;
  return {
    /** The filters, "All" first, each with how many bricks it shows (counts follow each load). */
    filters: filters.map((f) => ({ ...f, count: counts[f.slug] ?? 0 })),
    /** The bricks in the order chosen. */
    bricks: sortBricks(bricks, sort),
    exhausted,
    isActiveFilter: (slug: string) => slug === filter,
    isRevealed: (id: string) => !pending.includes(id),
    /** A filter button's classes: the chosen one is also `active_sort` (the theme's mark). */
    filterClassName: (slug: string) => (slug === filter ? 'masonry__filter active_sort' : 'masonry__filter'),
    /** A brick's classes: `is-revealed` once the reveal (§9) has reached it. */
    brickClassName: (id: string) => (pending.includes(id) ? 'masonry__brick' : 'masonry__brick is-revealed'),
    onViewEnter: (reducedMotion: boolean) => send({ type: 'view.enter', reducedMotion }),
    filterGroupProps: { role: 'group', 'aria-label': format(t.filters, { label: labels.label.toLowerCase() }) } as const,
    getFilterProps: (slug: string) => ({ 'aria-pressed': slug === filter, onClick: () => send({ type: 'filter.select', filter: slug }) }) as const,
    /** The order select's options, each labelled in the page's language. */
    sorts: SORTS.map((value) => ({ value, label: t[value] })),
    sortProps: {
      value: sort,
      onChange(event: { target: { value: string } }) {
        const chosen = SORTS.find((value) => value === event.target.value);
        if (chosen) send({ type: 'sort.select', sort: chosen });
      },
    },
    gridProps: { 'aria-busy': loading } as const,
    getBrickProps: (brick: Brick) => ({ 'data-id': brick.id, hidden: !matchesFilter(brick, filter) }) as const,
    statusProps: { role: 'status' } as const,
    /** Said after a load: how many items show, then (once there are no more) that there are no more. */
    status: {
      shown: loadedMore > 0 ? format(t.shown, { count: bricks.length, noun: labels.noun }) : '',
      noMore: exhausted && loadedMore > 0 ? format(t.noMoreStatus, { noun: labels.noun }) : '',
    },
    loadMoreProps: { 'aria-disabled': loading, onClick: () => send({ type: 'more.load' }) } as const,
    loadMoreText: loading ? t.loading : format(t.loadMore, { noun: labels.noun }),
    /** Shown in the button's place once there are no more: "No more " and the noun, two texts. */
    noMoreText: { lead: `${t.noMore} `, noun: labels.noun },
    loaderProps: { hidden: !loading, 'aria-hidden': 'true' } as const,
  };
}
