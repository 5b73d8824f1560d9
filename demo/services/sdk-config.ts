import type { PageService } from '../../runtime/services';

/**
 * §3, §5 on the SDK developer page: each [data-sdk-example] has a script tag; its resolved config
 * (with its locale, and the locale this browser alone would get), or the provider's message for the rule it breaks, is written
 * into its [data-sdk-result]. The SDK client loads only on pages that have an example.
 */
export const sdkConfigDemo: PageService = {
  name: 'sdk-config',
  start({ document, window }) {
    const examples = [...document.querySelectorAll<HTMLElement>('[data-sdk-example]')];
    if (examples.length === 0) return () => undefined;
    let stopped = false;
    void Promise.all([import('../../provider/sdk/config'), import('../../provider/sdk/locale')]).then(([config, locale]) => {
      if (stopped) return;
      for (const example of examples) {
        const result = example.querySelector<HTMLElement>('[data-sdk-result]');
        if (!result) continue;
        try {
          const resolved = config.readSdkConfig(config.findSdkScript({ root: example }));
          const browserLocales = locale.browserLocalesOf(window.navigator);
          const pair = locale.resolveLocale({ locale: resolved.query.locale, browserLocales });
          const browserOnly = locale.resolveLocale({ browserLocales });
          const pre = document.createElement('pre');
          pre.tabIndex = 0;
          pre.className = 'sdk-example__code';
          pre.setAttribute('aria-label', 'Resolved configuration');
          pre.textContent = JSON.stringify({ locale: locale.formatLocale(pair), browserLocale: locale.formatLocale(browserOnly), ...resolved }, null, 2);
          result.replaceChildren(pre);
          result.dataset.sdkState = 'resolved';
        } catch (error) {
          const message = document.createElement('p');
          message.className = 'sdk-example__error';
          message.textContent = `Error: ${error instanceof Error ? error.message : String(error)}`;
          result.replaceChildren(message);
          result.dataset.sdkState = 'error';
        }
      }
    });
    return () => {
      stopped = true;
    };
  },
};
