// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { FRAUD_CALLBACK_NAME, FRAUD_CONFIG_MARKER, fraudConfig, loadFraudScript } from './fraud-script';

const URL = 'https://c.sandbox.example/da/r/fb.js';

describe('fraud-data collector script load (§7, §8)', () => {
  it('adds the configuration script and the collector, and resolves on load', async () => {
    const loading = loadFraudScript({ document, url: URL, clientMetadataId: 'cmid-1', source: 'donate', sandbox: true, cspNonce: 'abc' });
    const config = document.head.querySelector(`script[fncls="${FRAUD_CONFIG_MARKER}"]`);
    expect(config?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(config?.textContent ?? '{}')).toEqual({ f: 'cmid-1', s: 'donate', io: true, cb1: 'fnCallback', sandbox: true });
    const script = document.head.querySelector(`script[src="${URL}"]`);
    expect(script?.getAttribute('nonce')).toBe('abc');
    script?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBeUndefined();
  });

  // The original: paypal/paypal-sdk-client src/fraudnet.js createConfigScript, and its case in
  // src/fraudnet.test.js ("sets up the config script properly").
  it('fraudnet.js createConfigScript: id="fconfig", and the text is {f, s, io: true, cb1: "fnCallback"} outside the sandbox (issue 34)', () => {
    void loadFraudScript({ document, url: `${URL}?config`, clientMetadataId: 'test-cmid', source: 'local-test-connect', sandbox: false, cspNonce: 'test-nonce' });
    const configs = document.head.querySelectorAll(`script[fncls="${FRAUD_CONFIG_MARKER}"]`);
    const config = configs[configs.length - 1];
    expect(config?.getAttribute('id')).toBe('fconfig');
    expect(config?.getAttribute('nonce')).toBe('test-nonce');
    expect(config?.textContent).toBe(JSON.stringify({ f: 'test-cmid', s: 'local-test-connect', io: true, cb1: 'fnCallback' }));
    expect(fraudConfig({ clientMetadataId: 'c', source: 's', sandbox: true })).toEqual({ f: 'c', s: 's', io: true, cb1: 'fnCallback', sandbox: true });
  });

  // The original: paypal/paypal-sdk-client src/fraudnet.js createFraudnetScript ("rejects if loading errors out").
  it('fraudnet.js createFraudnetScript: a load error rejects with "Fraudnet failed to load." (issue 34)', async () => {
    const other = `${URL}?second`;
    const loading = loadFraudScript({ document, url: other, clientMetadataId: 'cmid-2', source: 'donate', sandbox: false });
    document.head.querySelector(`script[src="${other}"]`)?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow(/^Fraudnet failed to load\.$/);
  });

  it('fraudnet.js createFraudnetScript: an aborted load rejects with "Fraudnet load was aborted."', async () => {
    const other = `${URL}?abort`;
    const loading = loadFraudScript({ document, url: other, clientMetadataId: 'cmid-3', source: 'donate', sandbox: false });
    document.head.querySelector(`script[src="${other}"]`)?.dispatchEvent(new Event('abort'));
    await expect(loading).rejects.toThrow(/^Fraudnet load was aborted\.$/);
  });

  it('fraudnet.js createFraudnetScript: the collector calling window.fnCallback resolves the load', async () => {
    const host: Record<string, unknown> = {};
    const loading = loadFraudScript({ document, url: `${URL}?callback`, clientMetadataId: 'cmid-4', source: 'donate', sandbox: false, callbackHost: host });
    const callback = host[FRAUD_CALLBACK_NAME];
    expect(typeof callback).toBe('function');
    if (typeof callback === 'function') (callback as () => void)();
    await expect(loading).resolves.toBeUndefined();
  });
});
