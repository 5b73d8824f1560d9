import { MESSAGES } from './errors';

/** base64 or base64url to text (UTF-8). */
function decodeBase64(text: string): string {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** §3: a client token is base64 JSON holding paypal.accessToken. */
export function decodeClientToken(token: string): { accessToken: string; raw: Record<string, unknown> } {
  let raw: unknown;
  try {
    raw = JSON.parse(decodeBase64(token));
  } catch {
    throw new Error(MESSAGES.clientTokenDecode);
  }
  const paypal = isRecord(raw) ? raw.paypal : undefined;
  const accessToken = isRecord(paypal) ? paypal.accessToken : undefined;
  if (!isRecord(raw) || typeof accessToken !== 'string') throw new Error(MESSAGES.clientTokenDecode);
  return { accessToken, raw };
}

/** §3, §8: an SDK token is a JWT whose payload options.customer_id is read; 'Error decoding SDK token' otherwise. */
export function decodeSdkToken(token: string): { customerId: string | undefined; payload: Record<string, unknown> } {
  const [, body] = token.split('.');
  try {
    if (!body) throw new Error('no payload');
    const payload: unknown = JSON.parse(decodeBase64(body));
    if (!isRecord(payload)) throw new Error('payload is not an object');
    const options = payload.options;
    const customerId = isRecord(options) && typeof options.customer_id === 'string' ? options.customer_id : undefined;
    return { customerId, payload };
  } catch {
    throw new Error(MESSAGES.sdkTokenDecode);
  }
}
