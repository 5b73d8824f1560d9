import { MESSAGES } from './errors';

/** The marker the fraud-data collector looks for on its configuration script. */
export const FRAUD_CONFIG_MARKER = 'fnparams-dede7cc5-15fd-4c75-a9f4-36c430ee3a99';
/** The configuration script's id, as the provider's client gives it. */
export const FRAUD_CONFIG_ID = 'fconfig';
/** The global function the collector calls once it has collected (the configuration's `cb1`). */
export const FRAUD_CALLBACK_NAME = 'fnCallback';

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
  /**
   * Where the collector finds its callback (the page's window); when given, `fnCallback` is set on it
   * and the load also resolves when the collector calls it.
   */
  callbackHost?: object | undefined;
}

/** What the configuration script holds, in the provider's field names and order. */
export interface FraudConfig {
  /** The client metadata id. */
  f: string;
  /** The source (the provider's app name). */
  s: string;
  io: true;
  cb1: typeof FRAUD_CALLBACK_NAME;
  /** Present, and true, only in the sandbox. */
  sandbox?: true;
}

/**
 * The configuration as the provider's client writes it (paypal/paypal-sdk-client src/fraudnet.js,
 * createConfigScript): `io: true`, `cb1: "fnCallback"`, and `sandbox: true` only in the sandbox.
 */
export function fraudConfig({ clientMetadataId, source, sandbox }: Pick<FraudScriptOptions, 'clientMetadataId' | 'source' | 'sandbox'>): FraudConfig {
  return { f: clientMetadataId, s: source, io: true, cb1: FRAUD_CALLBACK_NAME, ...(sandbox ? { sandbox: true as const } : {}) };
}

/**
 * §7: loads the device fraud-data collector: a JSON configuration script (`id="fconfig"`), then the
 * collector itself. Resolves on load (or on the collector's callback); rejects with the provider's
 * messages on a load error or an abort (paypal/paypal-sdk-client src/fraudnet.js, createFraudnetScript).
 */
export function loadFraudScript({ document, url, clientMetadataId, source, sandbox, cspNonce, callbackHost }: FraudScriptOptions): Promise<void> {
  const config = document.createElement('script');
  config.type = 'application/json';
  config.id = FRAUD_CONFIG_ID;
  config.setAttribute('fncls', FRAUD_CONFIG_MARKER);
  config.textContent = JSON.stringify(fraudConfig({ clientMetadataId, source, sandbox }));
  if (cspNonce) config.setAttribute('nonce', cspNonce);
  document.head.append(config);

  const script = document.createElement('script');
  script.src = url;
  if (cspNonce) script.setAttribute('nonce', cspNonce);
  return new Promise<void>((resolve, reject) => {
    if (callbackHost) Reflect.set(callbackHost, FRAUD_CALLBACK_NAME, () => resolve());
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(MESSAGES.fraudScriptFailed)));
    script.addEventListener('abort', () => reject(new Error(MESSAGES.fraudScriptAborted)));
    document.head.append(script);
  });
}
