import { fromPromise } from 'xstate';
import type { ContentResult } from '../../machines/lightbox/lightbox.rules';
import type { Clock } from '../../runtime/clock';

/**
 * The lightbox's effects in the browser: load an image, GET same-origin content (§7), preload
 * neighbours, move focus into the dialog and back to the element that opened it.
 */
export function lightboxAdapters(element: HTMLElement, clock: Clock) {
  let opener: HTMLElement | null = null;
  return {
    actors: {
      loadImage: fromPromise<void, { src: string }>(({ input }) => {
        const image = new Image();
        image.src = input.src;
        return image.decode();
      }),
      fetchContent: fromPromise<ContentResult, { url: string }>(async ({ input, signal }) => {
        const url = new URL(input.url, window.location.href);
        if (url.origin !== window.location.origin) throw new Error('the lightbox fetches same-origin content only');
        const response = await fetch(url, { signal, headers: { Accept: 'text/html' } });
        if (response.status === 404) return { status: 'not-found' };
        if (!response.ok) throw new Error(`GET ${url.pathname}: ${response.status}`);
        const page = new DOMParser().parseFromString(await response.text(), 'text/html');
        const part = page.querySelector('[data-lightbox-content]') ?? page.querySelector('main') ?? page.body;
        return { status: 'ok', html: part.innerHTML };
      }),
    },
    actions: {
      preload: (_: unknown, params: { items: Array<{ kind: string; src?: string }> }) => {
        for (const item of params.items) if (item.kind === 'image' && item.src) new Image().src = item.src;
      },
      focusDialog: () => {
        if (!opener) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        clock.requestFrame(() => element.querySelector<HTMLElement>('.lightbox__close')?.focus());
      },
      returnFocus: () => {
        // The modal <dialog> keeps the page inert until it closes, and React removes it only after
        // this action: close it first, or the opener cannot take focus.
        for (const dialog of element.querySelectorAll('dialog')) if (dialog.open) dialog.close();
        opener?.focus();
        opener = null;
      },
    },
  };
}
