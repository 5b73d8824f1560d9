import { findSdkScript, readSdkConfig } from '../../provider/sdk/config';
import { browserLocalesOf, formatLocale, resolveLocale } from '../../provider/sdk/locale';

/** Writes each example's resolved config, or the provider's message, into its [data-sdk-result] (sdk-config.ts). */
export function showExamples(document: Document, window: Window, examples: readonly HTMLElement[]) {
  for (const example of examples) {
    const result = example.querySelector<HTMLElement>('[data-sdk-result]');
    if (!result) continue;
    try {
      const resolved = readSdkConfig(findSdkScript({ root: example }));
      const browserLocales = browserLocalesOf(window.navigator);
      const pair = resolveLocale({ locale: resolved.query.locale, browserLocales });
      const browserOnly = resolveLocale({ browserLocales });
      const pre = document.createElement('pre');
      pre.tabIndex = 0;
      pre.className = 'sdk-example__code';
      pre.setAttribute('aria-label', 'Resolved configuration');
      pre.textContent = JSON.stringify({ locale: formatLocale(pair), browserLocale: formatLocale(browserOnly), ...resolved }, null, 2);
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
}
