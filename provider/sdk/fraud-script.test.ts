// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { FRAUD_CONFIG_MARKER, loadFraudScript } from './fraud-script';

const URL = 'https://c.sandbox.example/da/r/fb.js';

describe('fraud-data collector script load (§7, §8)', () => {
  it('adds the configuration script and the collector, and resolves on load', async () => {
    const loading = loadFraudScript({ document, url: URL, clientMetadataId: 'cmid-1', source: 'donate', sandbox: true, cspNonce: 'abc' });
    const config = document.head.querySelector(`script[fncls="${FRAUD_CONFIG_MARKER}"]`);
    expect(config?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(config?.textContent ?? '{}')).toEqual({ f: 'cmid-1', s: 'donate', sandbox: true });
    const script = document.head.querySelector(`script[src="${URL}"]`);
    expect(script?.getAttribute('nonce')).toBe('abc');
    script?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBeUndefined();
  });

  it('rejects with the failed-load error', async () => {
    const other = `${URL}?second`;
    const loading = loadFraudScript({ document, url: other, clientMetadataId: 'cmid-2', source: 'donate', sandbox: false });
    document.head.querySelector(`script[src="${other}"]`)?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow(`Fraud-data collector script failed to load: ${other}`);
  });
});
