import { DONATE_ENVS, DONATE_PROPS, type DonateProp, type DonateProps } from '../../provider/donate/checkout-url';
import { defineSettings, setting, type Field, type SettingsOf } from '../../runtime/settings';
import { settingsWrites } from './donate-api';

/**
 * §3 Donate button settings, read from data attributes on the donate element (or written there by
 * the one JS call, donate-api.ts). Every checkout prop keeps the spec's own name as its attribute
 * (data-hosted_button_id, data-currency_code, data-return); baseUrl is data-base-url.
 */
export const DEFAULT_IMAGE = {
  /** §3: the standard donate-with-card image, shipped with the site. */
  src: '/images/donate-with-card.png',
  alt: 'Donate with a card',
  title: '',
  width: 147,
  height: 47,
} as const;

type CheckoutPropFields = Record<Exclude<DonateProp, 'env'>, Field<string>>;
const checkoutPropFields = Object.fromEntries(
  DONATE_PROPS.filter((name) => name !== 'env').map((name) => [name, setting.string('')]),
) as CheckoutPropFields;

export const donateButtonSettings = defineSettings('donate-button', {
  /** 'checkout' opens the donation checkout; 'remote' shows the provider's own button (§3 Remote button props). */
  variant: setting.oneOf(['checkout', 'remote'], 'checkout'),
  /** §2: the production environment unless the page says sandbox. */
  env: setting.oneOf(DONATE_ENVS, 'production'),
  ...checkoutPropFields,
  /**
   * Issue 31 item 25: with a label the button is the site's own accent button saying it (the page's
   * main call to action, at a size that reads as the page's purpose) instead of the button image; a
   * JS call that gives an image shows that image. Empty: the image (§3).
   */
  label: setting.string(''),
  imageSrc: setting.string(DEFAULT_IMAGE.src),
  imageAlt: setting.string(DEFAULT_IMAGE.alt),
  imageTitle: setting.string(DEFAULT_IMAGE.title),
  imageWidth: setting.number(DEFAULT_IMAGE.width, { min: 1, integer: true }),
  imageHeight: setting.number(DEFAULT_IMAGE.height, { min: 1, integer: true }),
  /** §4: data-popups-disabled="true" opens the checkout in the embedded frame. */
  popupsDisabled: setting.boolean(false),
  /** Reference notes: the overlay's close link exists unless it is hidden. */
  hideCloseButton: setting.boolean(false),
});

export type DonateButtonSettings = SettingsOf<typeof donateButtonSettings.shape>;

/** The §3 props that are set. */
export function propsOf(settings: DonateButtonSettings): DonateProps {
  const props: DonateProps = {};
  for (const name of DONATE_PROPS) {
    const value = settings[name];
    if (value) props[name] = value;
  }
  return props;
}

/** The button's address without JS: the site's /donate/checkout redirects to the provider (server/site-config.ts). */
export function noScriptHref(settings: DonateButtonSettings): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(propsOf(settings))) if (name !== 'baseUrl' && value) query.set(name, value);
  return `/donate/checkout?${query.toString()}`;
}

/** The island's attributes re-read after JS calls, per island and per call (a stable snapshot). */
const reread = new WeakMap<Element, { writes: number; settings: DonateButtonSettings }>();

/**
 * The island's settings as the JS calls left them, read again through the same schema after each
 * call (the same object until the next one); null before any call wrote them.
 */
export function writtenSettings(island: Element & { dataset: DOMStringMap }): DonateButtonSettings | null {
  const count = settingsWrites(island);
  if (count === 0) return null;
  const cached = reread.get(island);
  if (cached?.writes === count) return cached.settings;
  const settings = donateButtonSettings.parse(island.dataset);
  reread.set(island, { writes: count, settings });
  return settings;
}
