import { assign, fromPromise, not, setup } from 'xstate';
import { ALL_FILTER, takePage, type Brick, type LoadMoreRequest, type MasonrySort } from './masonry.rules';

/** §9: bricks appear 100 ms apart … */
export const BRICK_STAGGER_MS = 100;
/** … 500 ms apart with the curtain reveal … */
export const CURTAIN_STAGGER_MS = 500;
/** … and at once on mobile with animations off. */
export const NO_ANIMATION_STAGGER_MS = 0;
/** §9: a load-more click waits 150 ms before the request. */
export const LOAD_MORE_DELAY_MS = 150;
/** §9: the grid starts at the 80 % waypoint (the view's observer). */
export const START_WAYPOINT = 0.8;

export type MasonryAnimation = 'standard' | 'curtain' | 'none';

export interface MasonryInput {
  bricks: Brick[];
  /** Bricks per load (§3 items). */
  items: number;
  /** Whether the page knows of more entries than it shows. */
  more: boolean;
  animation: MasonryAnimation;
  /** The button's other data sent with each request. */
  collection: string;
}

/** What the load-more adapter hands back: whether the marker was there, and the bricks after it. */
export interface LoadMoreAnswer {
  marker: boolean;
  bricks: Brick[];
}

export interface MasonryContext {
  bricks: Brick[];
  /** Ids not yet revealed, in reveal order. */
  pending: string[];
  items: number;
  offset: number;
  more: boolean;
  animation: MasonryAnimation;
  collection: string;
  filter: string;
  sort: MasonrySort;
  /** Set while the loader shows. */
  loading: boolean;
}

export type MasonryEvent =
  | { type: 'view.enter'; reducedMotion: boolean }
  | { type: 'filter.select'; filter: string }
  | { type: 'sort.select'; sort: MasonrySort }
  | { type: 'more.load' };

/**
 * §4, §7, §9 Masonry: bricks appear one by one once the grid reaches its waypoint; filters and
 * sorting change what shows and in which order; load-more waits 150 ms, asks the ajax endpoint for
 * the next bricks (blocked while loading), appends them and reveals them in turn, or puts the
 * button in its no-more-items state. A failed request hides the loader and says nothing (§8).
 */
export const masonryMachine = setup({
  types: {} as { context: MasonryContext; input: MasonryInput; events: MasonryEvent },
  delays: {
    brickStagger: ({ context }) =>
      context.animation === 'curtain' ? CURTAIN_STAGGER_MS : context.animation === 'none' ? NO_ANIMATION_STAGGER_MS : BRICK_STAGGER_MS,
    loadMoreDelay: LOAD_MORE_DELAY_MS,
  },
  actors: {
    loadMore: fromPromise<LoadMoreAnswer, LoadMoreRequest>(async () => ({ marker: false, bricks: [] })),
  },
  guards: {
    showsAtOnce: ({ context, event }) => (event.type === 'view.enter' && event.reducedMotion) || context.animation === 'none',
    hasPending: ({ context }) => context.pending.length > 0,
    hasMore: ({ context }) => context.more,
    hasMarker: (_, answer: LoadMoreAnswer) => answer.marker,
  },
  actions: {
    selectFilter: assign(({ event }) => (event.type === 'filter.select' ? { filter: event.filter } : {})),
    selectSort: assign(({ event }) => (event.type === 'sort.select' ? { sort: event.sort } : {})),
    revealNext: assign(({ context }) => ({ pending: context.pending.slice(1) })),
    revealAll: assign({ pending: [] }),
    advanceOffset: assign(({ context }) => ({ offset: context.offset + context.items, loading: true })),
    appendBricks: assign(({ context }, answer: LoadMoreAnswer) => {
      const known = new Set(context.bricks.map((b) => b.id));
      const { added, more } = takePage(answer.bricks, context.items);
      const fresh = added.filter((b) => !known.has(b.id));
      return { bricks: [...context.bricks, ...fresh], pending: [...context.pending, ...fresh.map((b) => b.id)], more, loading: false };
    }),
    finishWithoutBricks: assign({ more: false, loading: false }),
    hideLoader: assign({ loading: false }),
  },
}).createMachine({
  id: 'masonry',
  context: ({ input }) => ({
    bricks: input.bricks,
    pending: input.bricks.map((b) => b.id),
    items: input.items,
    offset: 0,
    more: input.more,
    animation: input.animation,
    collection: input.collection,
    filter: ALL_FILTER,
    sort: 'newest',
    loading: false,
  }),
  type: 'parallel',
  on: {
    'filter.select': { actions: 'selectFilter' },
    'sort.select': { actions: 'selectSort' },
  },
  states: {
    reveal: {
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'view.enter': [
              { guard: 'showsAtOnce', target: 'instant', actions: 'revealAll' },
              { target: 'revealing', actions: 'revealNext' },
            ],
          },
        },
        revealing: {
          always: { guard: not('hasPending'), target: 'settled' },
          after: { brickStagger: { target: 'revealing', reenter: true, actions: 'revealNext' } },
        },
        settled: { always: { guard: 'hasPending', target: 'revealing', actions: 'revealNext' } },
        instant: { always: { guard: 'hasPending', actions: 'revealAll' } },
      },
    },
    loader: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasMore', target: 'ready' }, { target: 'exhausted' }] },
        ready: { on: { 'more.load': { target: 'delaying', actions: 'advanceOffset' } } },
        delaying: { after: { loadMoreDelay: 'loading' } },
        loading: {
          invoke: {
            src: 'loadMore',
            input: ({ context }) => ({
              items: context.items,
              offset: context.offset,
              loaded: context.bricks.map((b) => b.id),
              collection: context.collection,
            }),
            onDone: [
              {
                guard: { type: 'hasMarker', params: ({ event }) => event.output },
                target: 'checking',
                actions: { type: 'appendBricks', params: ({ event }) => event.output },
              },
              { target: 'exhausted', actions: 'finishWithoutBricks' },
            ],
            onError: { target: 'ready', actions: 'hideLoader' },
          },
        },
        exhausted: {},
      },
    },
  },
});
