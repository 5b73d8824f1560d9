/**
 * §3, §5: a developer page for the payment SDK client. Each example holds a script tag configured
 * the way a page loads the provider's components (type text/plain, so the browser does not fetch
 * it); the sdk-config page service reads it with provider/sdk and shows the resolved config or the
 * rule it breaks.
 */
interface SdkExample {
  id: string;
  title: string;
  intro: string;
  attributes: Record<string, string>;
}

export const SDK_EXAMPLES: SdkExample[] = [
  {
    id: 'sdk-valid',
    title: 'A valid script tag',
    intro: 'The sandbox alias for the client id, euros, a Hong Kong Chinese locale, a checkout page and a fixed amount.',
    attributes: {
      src: 'https://www.sandbox.paypal.com/sdk/js?client-id=sb&currency=eur&locale=zh_HK&components=buttons,funding-eligibility&enable-funding=venmo&disable-card=amex',
      'data-page-type': 'Checkout',
      'data-amount': '25.00',
      'data-partner-attribution-id': 'HARBOURLIGHT_SP',
      'data-popups-disabled': 'true',
      'data-enable-3ds': '',
      'data-client-metadata-id': 'harbourlight-demo-session',
    },
  },
  {
    id: 'sdk-invalid',
    title: 'A script tag that breaks a rule',
    intro: 'merchant-id=* asks for several merchants, but data-merchant-id names only one.',
    attributes: {
      src: 'https://www.sandbox.paypal.com/sdk/js?client-id=sb&merchant-id=*',
      'data-merchant-id': 'HARBOURLIGHTCARE',
    },
  },
];

/** The tag as an author would write it. */
export function tagSource(attributes: Record<string, string>): string {
  const parts = Object.entries(attributes).map(([name, value]) => (value === '' ? name : `${name}="${value}"`));
  return `<script\n  ${parts.join('\n  ')}>\n</script>`;
}

export function SdkConfigPage() {
  return (
    <article className="page sdk-config">
      <h1>Payment SDK configuration</h1>
      <p className="lead">
        Our donate button talks to the payment provider through a script tag whose address and data attributes configure
        it. This page shows how the site’s SDK client reads such a tag, and what it says when a tag breaks one of the
        provider’s rules.
      </p>
      {SDK_EXAMPLES.map((example) => (
        <section key={example.id} className="sdk-example" data-sdk-example aria-labelledby={`${example.id}-title`}>
          <h2 id={`${example.id}-title`}>{example.title}</h2>
          <p>{example.intro}</p>
          <h3 id={`${example.id}-tag`}>The tag</h3>
          <pre className="sdk-example__code" tabIndex={0} aria-labelledby={`${example.id}-tag`}>
            <code>{tagSource(example.attributes)}</code>
          </pre>
          <script type="text/plain" data-sdk-script {...example.attributes} />
          <h3 id={`${example.id}-result`}>What the SDK client reads</h3>
          <div className="sdk-example__result" data-sdk-result role="status" aria-labelledby={`${example.id}-result`}>
            <p>The resolved configuration appears here when JavaScript runs.</p>
          </div>
        </section>
      ))}
    </article>
  );
}
