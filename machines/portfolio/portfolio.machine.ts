import { assign, fromPromise, setup } from 'xstate';
import { ALL_FILTER, neighbour, visibleIds, type PortfolioEntry } from './portfolio.rules';

/** §9: the preview opens, switches and closes in 800 ms. */
export const PREVIEW_ANIMATION_MS = 800;
/** §4: a template not yet on the page is looked for again after 500 ms. */
export const TEMPLATE_RETRY_MS = 500;
/** §9: the page scrolls to the preview's top minus 175 px. */
export const SCROLL_OFFSET_PX = 175;

export type PreviewTransition = 'fade' | 'slide-next' | 'slide-prev';

export interface PortfolioInput {
  entries: PortfolioEntry[];
}

export interface PortfolioContext {
  entries: PortfolioEntry[];
  filter: string;
  /** The entry the preview shows, or null when closed. */
  current: string | null;
  /** The entry being read from its template. */
  requested: string | null;
  /** The preview's HTML, read from the page template of `current`. */
  content: string;
  transition: PreviewTransition;
}

export type PortfolioEvent =
  | { type: 'item.open'; id: string }
  | { type: 'nav.next' }
  | { type: 'nav.prev' }
  | { type: 'preview.close' }
  | { type: 'filter.select'; filter: string };

/**
 * §2, §4 Portfolio preview: closed, then open on an item below the grid. Switching to another
 * item fades (a click) or slides (#next, #prev, which wrap among the visible entries); #close
 * collapses it. One transition at a time: events during one are ignored. The content is read
 * from the page's template for the item (§7: never fetched); a missing one is tried again.
 */
export const portfolioMachine = setup({
  types: {} as { context: PortfolioContext; input: PortfolioInput; events: PortfolioEvent },
  delays: { animation: PREVIEW_ANIMATION_MS, templateRetry: TEMPLATE_RETRY_MS },
  actors: {
    readTemplate: fromPromise<string | null, { id: string }>(async () => null),
  },
  guards: {
    isCurrent: ({ context, event }) => event.type === 'item.open' && event.id === context.current,
    hasVisibleEntries: ({ context }) => visibleIds(context.entries, context.filter).length > 0,
    hasContent: (_, content: string | null) => content !== null,
    isSwitchingTo: ({ context }, content: string | null) => content !== null && context.current !== null,
  },
  actions: {
    requestItem: assign(({ event }) => (event.type === 'item.open' ? { requested: event.id, transition: 'fade' as const } : {})),
    requestNext: assign(({ context }) => ({
      requested: neighbour(visibleIds(context.entries, context.filter), context.current ?? '', 1) ?? null,
      transition: 'slide-next' as const,
    })),
    requestPrev: assign(({ context }) => ({
      requested: neighbour(visibleIds(context.entries, context.filter), context.current ?? '', -1) ?? null,
      transition: 'slide-prev' as const,
    })),
    showContent: assign(({ context }, content: string | null) => ({ current: context.requested, content: content ?? '' })),
    clearPreview: assign({ current: null, requested: null, content: '' }),
    selectFilter: assign(({ event }) => (event.type === 'filter.select' ? { filter: event.filter } : {})),
    scrollToPreview: () => {},
    focusPreview: () => {},
    focusItem: (_, _params: { id: string | null }) => {},
  },
}).createMachine({
  id: 'portfolio',
  context: ({ input }) => ({
    entries: input.entries,
    filter: ALL_FILTER,
    current: null,
    requested: null,
    content: '',
    transition: 'fade',
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'item.open': { target: 'reading', actions: 'requestItem' },
        'filter.select': { actions: 'selectFilter' },
      },
    },
    reading: {
      invoke: {
        src: 'readTemplate',
        input: ({ context }) => ({ id: context.requested ?? '' }),
        onDone: [
          {
            guard: { type: 'isSwitchingTo', params: ({ event }) => event.output },
            target: 'switching',
            actions: { type: 'showContent', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'hasContent', params: ({ event }) => event.output },
            target: 'opening',
            actions: { type: 'showContent', params: ({ event }) => event.output },
          },
          { target: 'waitingForTemplate' },
        ],
        onError: { target: 'waitingForTemplate' },
      },
    },
    waitingForTemplate: { after: { templateRetry: 'reading' } },
    opening: {
      entry: 'scrollToPreview',
      after: { animation: { target: 'open', actions: 'focusPreview' } },
    },
    switching: { after: { animation: { target: 'open', actions: 'focusPreview' } } },
    open: {
      on: {
        'item.open': [
          { guard: 'isCurrent', target: 'closing' },
          { target: 'reading', actions: 'requestItem' },
        ],
        'nav.next': { guard: 'hasVisibleEntries', target: 'reading', actions: 'requestNext' },
        'nav.prev': { guard: 'hasVisibleEntries', target: 'reading', actions: 'requestPrev' },
        'preview.close': 'closing',
        'filter.select': { actions: 'selectFilter' },
      },
    },
    closing: {
      after: {
        animation: {
          target: 'closed',
          actions: [{ type: 'focusItem', params: ({ context }) => ({ id: context.current }) }, 'clearPreview'],
        },
      },
    },
  },
});
