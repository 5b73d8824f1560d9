import { Island } from '../../runtime/build/Island';
import donateButton from '../../widgets/DonateButton/widget';

/** §2 Donate button on the organisation's donate page: popup checkout, in-page checkout, and the provider's own button. */
export function DonatePage() {
  return (
    <article className="page">
      <h1>Donate</h1>
      <p className="lead">
        Every gift pays for nursing visits, play therapy and a warm room for families at the harbour. A donation of $25 covers
        an hour of a nurse’s time at home.
      </p>
      <section aria-labelledby="donate-card-title">
        <h2 id="donate-card-title">Give by card</h2>
        <p>The secure checkout opens in its own window, run by our payment provider. We never see your card details.</p>
        <Island
          widget={donateButton}
          id="donate-button"
          settings={{
            env: 'production',
            hosted_button_id: 'HLCC-DONATE-2291',
            item_name: 'Harbourlight Children’s Care',
            currency_code: 'USD',
            no_recurring: '0',
            imageSrc: '/images/donate-with-card.svg',
            imageAlt: 'Donate to Harbourlight by card',
            imageTitle: 'Donate securely with our payment provider',
            imageWidth: 147,
            imageHeight: 47,
          }}
        />
      </section>
      <section aria-labelledby="donate-here-title">
        <h2 id="donate-here-title">Give without leaving this page</h2>
        <p>If pop-up windows are a problem on your device, the same checkout opens here, over this page.</p>
        <Island
          widget={donateButton}
          id="donate-in-page"
          settings={{
            env: 'production',
            hosted_button_id: 'HLCC-DONATE-2291',
            item_name: 'Harbourlight Children’s Care',
            currency_code: 'USD',
            popupsDisabled: true,
            imageAlt: 'Donate by card on this page',
          }}
        />
      </section>
      <section aria-labelledby="donate-quick-title">
        <h2 id="donate-quick-title">Quick donate</h2>
        <p>Our payment provider’s own button, for a one-off gift in a few taps.</p>
        <Island
          widget={donateButton}
          id="donate-quick"
          settings={{ variant: 'remote', env: 'production', hosted_button_id: 'HLCC-QUICK-0007', imageAlt: 'Quick donate by card' }}
        />
      </section>
      <p className="note note--source">
        This demonstration site uses a local stand-in for the payment provider: no money moves. Harbourlight Children’s Care
        is a registered charity (example number 1234567).
      </p>
    </article>
  );
}
