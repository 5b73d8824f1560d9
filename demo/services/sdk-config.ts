import type { PageService } from '../../runtime/services';

/**
 * §3, §5 on the SDK developer page: each [data-sdk-example] has a script tag; its resolved config
 * (with its locale, and the locale this browser alone would get), or the provider's message for the rule it breaks, is written
 * into its [data-sdk-result]. The SDK client, and the code that writes the results
 * (sdk-config.examples.ts), load only on pages that have an example.
 */
export const sdkConfigDemo: PageService = {
  name: 'sdk-config',
  starts: 'after-boot',
  start({ document, window }) {
    const examples = [...document.querySelectorAll<HTMLElement>('[data-sdk-example]')];
    if (examples.length === 0) return () => undefined;
    let stopped = false;
    void import('./sdk-config.examples').then(({ showExamples }) => {
      if (!stopped) showExamples(document, window, examples);
    });
    return () => {
      stopped = true;
    };
  },
};
