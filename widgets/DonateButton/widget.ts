import { donationCheckoutMachine } from '../../machines/donation-checkout/donation-checkout.machine';
import { defineWidget } from '../../runtime/widget';
import { browserFacts, donateAdapters } from './adapters';
import { DonateButton } from './DonateButton';
import { donateButtonSettings, propsOf } from './donate-button.settings';

export default defineWidget({
  name: 'donate-button',
  settings: donateButtonSettings,
  machine: donationCheckoutMachine,
  input: (settings) => ({
    variant: settings.variant,
    props: propsOf(settings),
    hideCloseButton: settings.hideCloseButton,
    ...browserFacts(settings.popupsDisabled),
  }),
  provide: donateAdapters,
  View: DonateButton,
  // Ready before the visitor reaches for it: the popup must open inside the click.
  hydrate: 'idle',
});
