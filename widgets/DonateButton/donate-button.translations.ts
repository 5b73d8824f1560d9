/**
 * The donate button's own labels, in English (runtime/translations.ts lays the page's language over
 * them). The popup help text and "Click to Continue" follow the payment SDK's locale instead
 * (provider/donate/overlay-text.ts), as the provider's own overlay does.
 */
export const donateButtonTranslations = {
  /** The overlay dialog's name. */
  dialog: 'Donation checkout',
  /** The close control (§4 names it "close", in lower case, as the provider's overlay does). */
  close: 'close',
  /** The spinner's text while the checkout frame loads. */
  loading: 'Loading the secure checkout…',
  /** The checkout frame's title. */
  checkoutFrame: 'Secure donation checkout',
  /** The remote button's frame title. */
  remoteFrame: 'Donate (secure button)',
  /** The status line once the donation is complete, and while the page goes to the checkout. */
  complete: 'Thank you. Your donation is complete.',
  redirecting: 'Taking you to the secure checkout…',
};

export type DonateButtonTranslations = typeof donateButtonTranslations;
