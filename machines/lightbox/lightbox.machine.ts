import { assign, fromPromise, setup } from 'xstate';
import {
  REMOVAL_DELAY_MS,
  TEXT_NOT_FOUND,
  failureText,
  lightboxItem,
  preloadIndices,
  stepIndex,
  type ContentResult,
  type LightboxEntry,
  type LightboxItem,
} from './lightbox.rules';

/**
 * §4, §7, §8, §9 Lightbox: closed, then open on an item, which loads (an image address directly,
 * any other address with a GET through the `fetchContent` adapter) and is shown or fails with one
 * of §8's texts. In a gallery the arrows move through the items and the neighbours (1 before,
 * 1 after) are preloaded. Escape closes; the dialog is removed 300 ms after closing starts and
 * focus returns to the element that opened it.
 */
export interface LightboxInput {
  items: LightboxEntry[];
}

export interface LightboxContext {
  /** The entries, each an image or content by its address (§7). */
  items: LightboxItem[];
  index: number;
  /** Fetched content's HTML, once loaded. */
  html: string;
  error: string;
  /** Bumped on every open so the view can restart its fade-in. */
  opens: number;
}

export type LightboxEvent =
  | { type: 'lightbox.open'; index: number }
  | { type: 'lightbox.close' }
  | { type: 'nav.next' }
  | { type: 'nav.prev' };

export const lightboxMachine = setup({
  types: {} as { context: LightboxContext; input: LightboxInput; events: LightboxEvent },
  actors: {
    /** Adapter: resolves when the image has loaded, rejects when it cannot. */
    loadImage: fromPromise<void, { src: string }>(async () => {}),
    /** Adapter: GET the address; 404 is `not-found`, any other failure rejects. */
    fetchContent: fromPromise<ContentResult, { url: string }>(async () => ({ status: 'ok', html: '' })),
  },
  guards: {
    isValidIndex: ({ context, event }) =>
      event.type === 'lightbox.open' && Number.isInteger(event.index) && event.index >= 0 && event.index < context.items.length,
    isImage: ({ context }) => context.items[context.index]?.kind === 'image',
    hasSeveral: ({ context }) => context.items.length > 1,
    isFound: (_, result: ContentResult) => result.status === 'ok',
  },
  actions: {
    openAt: assign(({ context, event }) => (event.type === 'lightbox.open' ? { index: event.index, opens: context.opens + 1 } : {})),
    stepNext: assign(({ context }) => ({ index: stepIndex(context.index, context.items.length, 'next') })),
    stepPrev: assign(({ context }) => ({ index: stepIndex(context.index, context.items.length, 'prev') })),
    clearResult: assign({ html: '', error: '' }),
    keepHtml: assign((_, result: ContentResult) => (result.status === 'ok' ? { html: result.html } : {})),
    /** §8: the text for what failed, the shown item's kind and the answer (or 'error' when none came). */
    showFailure: assign(({ context }, result: ContentResult | 'error') => {
      const item = context.items[context.index];
      return { error: item ? failureText(item, result) : TEXT_NOT_FOUND };
    }),
    /** Adapter: start loading these items' images so the arrows show them at once. */
    preload: (_, _params: { items: LightboxItem[] }) => {},
    /** Adapter: move focus into the dialog (its close button) once it is there. */
    focusDialog: () => {},
    /** Adapter: give focus back to the element that opened the lightbox. */
    returnFocus: () => {},
  },
  delays: {
    removalDelay: REMOVAL_DELAY_MS,
  },
}).createMachine({
  id: 'lightbox',
  context: ({ input }) => ({ items: input.items.map(lightboxItem), index: 0, html: '', error: '', opens: 0 }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'lightbox.open': { guard: 'isValidIndex', target: 'open', actions: 'openAt' } },
    },
    open: {
      entry: 'focusDialog',
      initial: 'loading',
      on: {
        'lightbox.close': 'closing',
        'nav.next': { guard: 'hasSeveral', target: '.loading', actions: 'stepNext' },
        'nav.prev': { guard: 'hasSeveral', target: '.loading', actions: 'stepPrev' },
      },
      states: {
        loading: {
          entry: 'clearResult',
          always: [{ guard: 'isImage', target: 'loadingImage' }, { target: 'loadingContent' }],
        },
        loadingContent: {
          invoke: {
            src: 'fetchContent',
            input: ({ context }) => {
              const item = context.items[context.index];
              return { url: item?.kind === 'content' ? item.url : '' };
            },
            onDone: [
              {
                guard: { type: 'isFound', params: ({ event }) => event.output },
                target: 'shown',
                actions: { type: 'keepHtml', params: ({ event }) => event.output },
              },
              { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: { type: 'showFailure', params: 'error' } },
          },
        },
        loadingImage: {
          invoke: {
            src: 'loadImage',
            input: ({ context }) => {
              const item = context.items[context.index];
              return { src: item?.kind === 'image' ? item.src : '' };
            },
            onDone: 'shown',
            onError: { target: 'failed', actions: { type: 'showFailure', params: 'error' } },
          },
        },
        shown: {
          entry: {
            type: 'preload',
            params: ({ context }) => ({
              items: preloadIndices(context.index, context.items.length).flatMap((i) => context.items[i] ?? []),
            }),
          },
        },
        failed: {},
      },
    },
    closing: {
      after: { removalDelay: { target: 'closed', actions: 'returnFocus' } },
    },
  },
});
