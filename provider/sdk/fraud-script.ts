import { MESSAGES } from './errors';

/** The marker the fraud-data collector looks for on its configuration script. */
export const FRAUD_CONFIG_MARKER = 'fnparams-dede7cc5-15fd-4c75-a9f4-36c430ee3a99';

export interface FraudScriptOptions {
  document: Pick<Document, 'createElement' | 'head'>;
  /** The collector's address (§7: a script load). */
  url: string;
  /** data-client-metadata-id, the session the collector reports under. */
  clientMetadataId: string;
  /** Which integration loads it. */
  source: string;
  sandbox: boolean;
  cspNonce?: string | undefined;
}

/**
 * §7: loads the device fraud-data collector: a JSON configuration script, then the collector
 * itself. Resolves on load; rejects with §8's failed-load error.
 */
export function loadFraudScript({ document, url, clientMetadataId, source, sandbox, cspNonce }: FraudScriptOptions): Promise<void> {
  const config = document.createElement('script');
  config.type = 'application/json';
  config.setAttribute('fncls', FRAUD_CONFIG_MARKER);
  config.textContent = JSON.stringify({ f: clientMetadataId, s: source, sandbox });
  if (cspNonce) config.setAttribute('nonce', cspNonce);
  document.head.append(config);

  const script = document.createElement('script');
  script.src = url;
  if (cspNonce) script.setAttribute('nonce', cspNonce);
  return new Promise<void>((resolve, reject) => {
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(MESSAGES.fraudScriptFailed(url))));
    document.head.append(script);
  });
}
