/** The masonry grid's own labels, in English (runtime/translations.ts lays the page's language over them). */
export const masonryTranslations = {
  /** The filter buttons' group name ({label}: the grid's name, lower-cased) and the show-everything filter. */
  filters: 'Filter {label}',
  all: 'All',
  /** The order select's label and its options. */
  order: 'Order',
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title A–Z',
  /** The load-more button and its states ({noun}: what the items are called, e.g. "stories"). */
  loadMore: 'Load more {noun}',
  loading: 'Loading…',
  /** Shown in place of the button once there is nothing more; the noun follows it. */
  noMore: 'No more',
  /** What a screen reader is told after a load ({count} items shown) and once there is nothing more. */
  shown: '{count} {noun} shown.',
  noMoreStatus: ' No more {noun}.',
};

export type MasonryTranslations = typeof masonryTranslations;
