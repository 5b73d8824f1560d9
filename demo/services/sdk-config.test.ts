// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createTestClock } from '../../runtime/test-clock';
import { sdkConfigDemo } from './sdk-config';

function example(attributes: string): string {
  return `<section data-sdk-example><script type="text/plain" data-sdk-script ${attributes}></script><div data-sdk-result role="status"><p>Waiting</p></div></section>`;
}

const start = () => sdkConfigDemo.start({ document, window, clock: createTestClock() });

describe('sdk-config page service', () => {
  it('writes the resolved config of a valid tag', async () => {
    document.body.innerHTML = example('src="https://www.paypal.com/sdk/js?client-id=abc&intent=authorize" data-page-type="cart"');
    const stop = start();
    const result = document.querySelector<HTMLElement>('[data-sdk-result]');
    await vi.waitFor(() => expect(result?.dataset.sdkState).toBe('resolved'), { timeout: 10_000 });
    const config = JSON.parse(result?.querySelector('pre')?.textContent ?? '{}');
    expect(config).toMatchObject({ query: { clientId: 'abc', intent: 'authorize', commit: false }, data: { pageType: 'cart' } });
    expect(config.locale).toMatch(/^[a-z]{2}(_Hant)?_[A-Z0-9]{2}$/);
    stop();
  });

  it('writes the provider message for a broken tag, and for a tag without src', async () => {
    document.body.innerHTML = example('src="https://www.paypal.com/sdk/js?currency=USD"') + example('');
    const stop = start();
    const results = [...document.querySelectorAll<HTMLElement>('[data-sdk-result]')];
    await vi.waitFor(() => expect(results.map((r) => r.dataset.sdkState)).toEqual(['error', 'error']), { timeout: 10_000 });
    expect(results.map((r) => r.textContent)).toEqual(['Error: Expected client-id parameter in sdk url', 'Error: Can not find src for sdk script']);
    stop();
  });

  it('does nothing on a page without examples', () => {
    document.body.innerHTML = '<p>Plain page</p>';
    const stop = start();
    expect(document.body.innerHTML).toBe('<p>Plain page</p>');
    stop();
  });
});
