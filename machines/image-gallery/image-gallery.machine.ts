import { assign, sendTo, setup } from 'xstate';
import { lightboxMachine } from '../lightbox/lightbox.machine';
import type { LightboxEntry } from '../lightbox/lightbox.rules';
import { THUMBNAIL_STAGGER_MS, previewClick, type GalleryLink } from './image-gallery.rules';

/**
 * §1, §2, §9 Image gallery: the thumbnails appear one by one 110 ms apart, the big preview shows
 * the chosen thumbnail, and a click on the preview either triggers that thumbnail's link (the
 * lightbox opens on it) or opens the preview's own address in a new or the same browser tab. The
 * lightbox is a child actor, so its timers run on the same clock.
 */
export interface ImageGalleryInput {
  items: LightboxEntry[];
  /** Per item: the preview's own address, or null to open the lightbox. */
  previewLinks: Array<GalleryLink | null>;
  /** With reduced motion every thumbnail shows at once. */
  stagger: boolean;
}

export interface ImageGalleryContext {
  items: LightboxEntry[];
  previewLinks: Array<GalleryLink | null>;
  /** How many thumbnails have appeared so far. */
  revealed: number;
  /** The thumbnail shown in the big preview. */
  selected: number;
  stagger: boolean;
}

export type ImageGalleryEvent =
  | { type: 'preview.select'; index: number }
  | { type: 'preview.click' }
  | { type: 'thumbnail.open'; index: number };

export const imageGalleryMachine = setup({
  types: {} as { context: ImageGalleryContext; input: ImageGalleryInput; events: ImageGalleryEvent },
  actors: { lightbox: lightboxMachine },
  guards: {
    allRevealed: ({ context }) => context.revealed >= context.items.length,
    noStagger: ({ context }) => !context.stagger,
    isKnownItem: ({ context, event }) =>
      (event.type === 'preview.select' || event.type === 'thumbnail.open') && Number.isInteger(event.index) && event.index >= 0 && event.index < context.items.length,
    previewOpensThumbnail: ({ context }) => previewClick(context.selected, context.previewLinks[context.selected] ?? null).kind === 'thumbnail',
    previewOpensNewWindow: ({ context }) => {
      const click = previewClick(context.selected, context.previewLinks[context.selected] ?? null);
      return click.kind === 'open' && click.newWindow;
    },
  },
  actions: {
    revealNext: assign(({ context }) => ({ revealed: context.revealed + 1 })),
    revealAll: assign(({ context }) => ({ revealed: context.items.length })),
    select: assign(({ event }) => (event.type === 'preview.select' ? { selected: event.index } : {})),
    openLightboxAtSelected: sendTo('lightbox', ({ context }) => ({ type: 'lightbox.open' as const, index: context.selected })),
    openLightboxAt: sendTo('lightbox', ({ event }) => ({ type: 'lightbox.open' as const, index: event.type === 'thumbnail.open' ? event.index : -1 })),
    /** Adapter: open href in a new browsing context (noopener). */
    openInNewWindow: (_, _params: { href: string }) => {},
    /** Adapter: location.assign(href). */
    openInSameWindow: (_, _params: { href: string }) => {},
  },
  delays: { thumbnailStagger: THUMBNAIL_STAGGER_MS },
}).createMachine({
  id: 'imageGallery',
  context: ({ input }) => ({
    items: input.items,
    previewLinks: input.previewLinks,
    revealed: 0,
    selected: 0,
    stagger: input.stagger,
  }),
  invoke: { id: 'lightbox', src: 'lightbox', input: ({ context }) => ({ items: context.items }) },
  type: 'parallel',
  states: {
    thumbnails: {
      initial: 'revealing',
      states: {
        revealing: {
          always: [
            { guard: 'allRevealed', target: 'revealed' },
            { guard: 'noStagger', target: 'revealed', actions: 'revealAll' },
          ],
          after: { thumbnailStagger: { target: 'revealing', reenter: true, actions: 'revealNext' } },
        },
        revealed: {},
      },
    },
    preview: {
      on: {
        'preview.select': { guard: 'isKnownItem', actions: 'select' },
        'thumbnail.open': { guard: 'isKnownItem', actions: 'openLightboxAt' },
        'preview.click': [
          { guard: 'previewOpensThumbnail', actions: 'openLightboxAtSelected' },
          {
            guard: 'previewOpensNewWindow',
            actions: { type: 'openInNewWindow', params: ({ context }) => ({ href: context.previewLinks[context.selected]?.href ?? '' }) },
          },
          { actions: { type: 'openInSameWindow', params: ({ context }) => ({ href: context.previewLinks[context.selected]?.href ?? '' }) } },
        ],
      },
    },
  },
});
