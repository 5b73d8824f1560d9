import { donationCheckoutMachine } from '../../machines/donation-checkout/donation-checkout.machine';
import { defineWidget } from '../../runtime/widget';
import { browserFacts, donateAdapters } from './adapters';
import { DonateButton, type DonateButtonContent } from './DonateButton';
import { donateButtonSettings, propsOf } from './donate-button.settings';
import { donateButtonTranslations } from './donate-button.translations';

export default defineWidget({
  name: 'donate-button',
  settings: donateButtonSettings,
  machine: donationCheckoutMachine,
  input: (settings, _content: DonateButtonContent | undefined) => ({
    variant: settings.variant,
    props: propsOf(settings),
    hideCloseButton: settings.hideCloseButton,
    ...browserFacts(settings.popupsDisabled),
  }),
  provide: donateAdapters,
  translations: donateButtonTranslations,
  View: DonateButton,
  // Ready before the visitor reaches for it: the popup must open inside the click.
  hydrate: 'idle',
});
