import type { DonateProps } from '../../provider/donate/checkout-url';
import type { DonationData } from '../../provider/donate/messages';
import type { PageService } from '../../runtime/services';
import { attributeName } from '../../runtime/settings';

/**
 * The one documented JS call: `window.sitechartsDonate.render('#donate-button', options)`. It
 * registers the onComplete and redirectParentWindow callbacks for a donate island and writes the
 * other options as its data attributes, so they go through the same settings schema as the
 * page's own attributes. They count whenever the call is made: before hydration the island reads
 * them when it starts; after, the live button re-reads its attributes (settingsWritten).
 */
export interface DonateCallbacks {
  onComplete?: (data: DonationData) => void;
  /** Called with the checkout's return URL after a completed donation; without it the page goes there. */
  redirectParentWindow?: (url: string) => void;
}

export interface DonateImage {
  src?: string;
  alt?: string;
  title?: string;
  height?: number | string;
  width?: number | string;
}

export interface DonateRenderOptions extends DonateProps, DonateCallbacks {
  image?: DonateImage;
  /** §3 Remote button props name the button hostedButtonId. */
  hostedButtonId?: string;
  variant?: 'checkout' | 'remote';
  popupsDisabled?: boolean;
  hideCloseButton?: boolean;
  /** The accent button's text (issue 31 item 25); an empty one shows the image. */
  label?: string;
}

const registered = new WeakMap<Element, DonateCallbacks>();

export function callbacksFor(element: Element): DonateCallbacks {
  return registered.get(element) ?? {};
}

/** How many times the JS call wrote an island's attributes, and who listens (the live button). */
const writes = new WeakMap<Element, number>();
const listeners = new WeakMap<Element, Set<() => void>>();

export function settingsWrites(element: Element): number {
  return writes.get(element) ?? 0;
}

/** Calls `listener` after each JS call that writes the island's attributes; returns the unsubscribe. */
export function onSettingsWritten(element: Element, listener: () => void): () => void {
  const set = listeners.get(element) ?? new Set();
  listeners.set(element, set);
  set.add(listener);
  return () => set.delete(listener);
}

const ISLAND = 'donate-button';

export function renderDonateButton(target: string | Element, options: DonateRenderOptions, root: ParentNode = document): HTMLElement | null {
  const element = typeof target === 'string' ? root.querySelector(target) : target;
  if (!(element instanceof HTMLElement) || element.dataset.widget !== ISLAND) {
    console.warn(`[sitecharts] donate: ${String(target)} is not a donate-button island; nothing was rendered.`);
    return null;
  }
  const { onComplete, redirectParentWindow, image, hostedButtonId, ...settings } = options;
  const attributes: Record<string, string | number | boolean | undefined> = {
    // An image given to the call is what the caller wants shown, over a label the page gave (issue 31).
    ...(image ? { label: '' } : {}),
    ...settings,
    hosted_button_id: settings.hosted_button_id ?? hostedButtonId,
    imageSrc: image?.src,
    imageAlt: image?.alt,
    imageTitle: image?.title,
    imageHeight: image?.height,
    imageWidth: image?.width,
  };
  const written = Object.entries(attributes).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined);
  registered.set(element, { onComplete, redirectParentWindow });
  if (written.length > 0) {
    for (const [key, value] of written) element.setAttribute(attributeName(key), String(value));
    writes.set(element, settingsWrites(element) + 1);
    for (const listener of listeners.get(element) ?? []) listener();
  }
  // Once the behaviour answers (or the view has hydrated) the live button draws the image itself.
  if (image && element.dataset.island !== 'hydrated' && element.dataset.island !== 'answering') showImage(element, image);
  return element;
}

/**
 * Issue 31 item 26: the button's behaviour starts when the browser is idle (DonateButton/behaviour.ts), and
 * until then the prerendered image is what shows: the caller's image is put on it now, as the behaviour
 * and the view will draw it, so the visitor never sees the default image and its alt text.
 */
function showImage(island: HTMLElement, image: DonateImage) {
  const link = island.querySelector('.donate-button__link');
  if (!link) return;
  // The page's accent button: the image takes its place, as the view draws it without a label.
  const img = link.querySelector('img') ?? link.appendChild(island.ownerDocument.createElement('img'));
  link.replaceChildren(img);
  link.classList.remove('donate-button__link--accent');
  for (const [name, value] of Object.entries(image)) if (value !== undefined) img.setAttribute(name, String(value));
  img.style.aspectRatio = `${img.getAttribute('width') ?? ''} / ${img.getAttribute('height') ?? ''}`;
}

declare global {
  interface Window {
    sitechartsDonate?: { render: typeof renderDonateButton };
  }
}

/** Installs window.sitechartsDonate on every page, before DOMContentLoaded (issue 49.b). */
export const donateApi: PageService = {
  name: 'donate-api',
  starts: 'entry',
  start({ window }) {
    window.sitechartsDonate = { render: (target, options, root) => renderDonateButton(target, options, root ?? window.document) };
    return () => {
      delete window.sitechartsDonate;
    };
  },
};
