import { MESSAGES } from './errors';
import type { TimeoutClock } from './promise-timeout';

/** The part of a fetch Response the helper reads. */
export interface ResponseLike {
  status: number;
  headers: { forEach(callback: (value: string, key: string) => void): void };
  text(): Promise<string>;
}

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export type FetchLike = (url: string, init: FetchInit) => Promise<ResponseLike>;

export interface RequestOptions {
  url: string;
  /** §7: defaults to get. */
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON. Only one of json, data or body. */
  json?: unknown;
  /** Sent form-encoded. */
  data?: Record<string, string | number | boolean>;
  /** Sent as given (form-encoded unless a content-type header says otherwise). */
  body?: string;
  /** Milliseconds; 0 means none. */
  timeout?: number;
}

export interface RequestResult<Body = unknown> {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: Body;
}

export interface RequestEnvironment<Id = unknown> {
  fetch: FetchLike;
  clock: TimeoutClock<Id>;
}

export function formEncode(data: Record<string, string | number | boolean>): string {
  return Object.entries(data)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
}

const JSON_TYPES = ['application/json', 'text/json'];

/**
 * §7 generic request helper: method get by default; a json or form-encoded body; accept:
 * application/json; JSON replies parsed; every status resolves with status, headers and body (the
 * caller decides). Rejects on a missing status, invalid JSON with a JSON content type, a network
 * error and a time-out, with §8's messages.
 */
export async function request<Id>(options: RequestOptions, { fetch, clock }: RequestEnvironment<Id>): Promise<RequestResult> {
  const { url, method = 'get', json, data, body: rawBody, timeout = 0 } = options;
  const given = [json, data, rawBody].filter((value) => value !== undefined).length;
  if (given > 1) throw new Error(MESSAGES.requestBodyChoice);

  const headers: Record<string, string> = { accept: 'application/json', ...lowerCaseKeys(options.headers ?? {}) };
  let body: string | undefined;
  if (json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(json);
  } else if (data !== undefined) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded; charset=utf-8';
    body = formEncode(data);
  } else if (rawBody !== undefined) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded; charset=utf-8';
    body = rawBody;
  }

  const abort = new AbortController();
  let timedOut = false;
  const timer = timeout > 0 ? clock.setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeout) : undefined;

  const exchange = async (): Promise<RequestResult> => {
    let response: ResponseLike;
    try {
      response = await fetch(url, { method: method.toUpperCase(), headers, ...(body === undefined ? {} : { body }), signal: abort.signal });
    } catch (error) {
      if (timedOut) throw new Error(MESSAGES.requestTimedOut(method, url));
      throw new Error(MESSAGES.requestFailed(method, url, error instanceof Error ? error.message : String(error)));
    }
    if (!response.status) throw new Error(MESSAGES.requestNoStatus(method, url));
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      responseHeaders[key.toLowerCase()] = value;
    });
    const text = await response.text();
    const contentType = responseHeaders['content-type'] ?? '';
    const isJson = JSON_TYPES.some((type) => contentType.startsWith(type));
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      if (isJson) throw new Error(MESSAGES.invalidJson(text));
    }
    return { status: response.status, headers: responseHeaders, body: parsed };
  };

  // A time-out that fires while the body is read still rejects with the time-out message.
  const timeoutRejection = new Promise<never>((_, reject) => {
    abort.signal.addEventListener('abort', () => reject(new Error(MESSAGES.requestTimedOut(method, url))));
  });
  try {
    return await Promise.race([exchange(), timeoutRejection]);
  } finally {
    if (timer !== undefined) clock.clearTimeout(timer);
  }
}
