import type { DonateProps } from '../../provider/donate/checkout-url';
import type { DonationData } from '../../provider/donate/messages';
import type { PageService } from '../../runtime/services';
import { attributeName } from '../../runtime/settings';

/**
 * The one documented JS call: `window.sitechartsDonate.render('#donate-button', options)`. It
 * registers the onComplete and redirectParentWindow callbacks for a donate island and writes the
 * other options as its data attributes (read when the island hydrates, so call it before that
 * for them to count; callbacks count whenever they are registered).
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
}

const registered = new WeakMap<Element, DonateCallbacks>();

export function callbacksFor(element: Element): DonateCallbacks {
  return registered.get(element) ?? {};
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
    ...settings,
    hosted_button_id: settings.hosted_button_id ?? hostedButtonId,
    imageSrc: image?.src,
    imageAlt: image?.alt,
    imageTitle: image?.title,
    imageHeight: image?.height,
    imageWidth: image?.width,
  };
  const written = Object.entries(attributes).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined);
  if (written.length > 0 && element.dataset.island === 'hydrated') {
    console.warn('[sitecharts] donate: the button has already started; only its callbacks were updated.');
  } else {
    for (const [key, value] of written) element.setAttribute(attributeName(key), String(value));
  }
  registered.set(element, { onComplete, redirectParentWindow });
  return element;
}

declare global {
  interface Window {
    sitechartsDonate?: { render: typeof renderDonateButton };
  }
}

/** Installs window.sitechartsDonate on every page. */
export const donateApi: PageService = {
  name: 'donate-api',
  start({ window }) {
    window.sitechartsDonate = { render: (target, options, root) => renderDonateButton(target, options, root ?? window.document) };
    return () => {
      delete window.sitechartsDonate;
    };
  },
};
