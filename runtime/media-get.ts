/**
 * §7 Media library GET helper: a GET whose answer is read as json, xml, html or text; a status
 * other than 200 (or no answer at all, reported as 0) goes to the failure callback.
 */
export type MediaResponseKind = 'json' | 'xml' | 'html' | 'text';

export interface MediaGetAdapters {
  fetch(url: string, init: { method: 'GET'; credentials: 'same-origin' }): Promise<Response>;
  /** Parses xml and html answers; the browser's DOMParser by default. */
  parse(text: string, type: 'application/xml' | 'text/html'): unknown;
}

const browserAdapters = (): MediaGetAdapters => ({
  fetch: (url, init) => globalThis.fetch(url, init),
  parse: (text, type) => new DOMParser().parseFromString(text, type),
});

export async function mediaGet(
  url: unknown,
  kind: MediaResponseKind,
  onSuccess: (data: unknown) => void,
  onFailure: (status: number) => void,
  adapters: MediaGetAdapters = browserAdapters(),
): Promise<void> {
  if (typeof url !== 'string') throw new TypeError('URL must be a string');
  let response: Response;
  try {
    response = await adapters.fetch(url, { method: 'GET', credentials: 'same-origin' });
  } catch {
    onFailure(0);
    return;
  }
  if (response.status !== 200) {
    onFailure(response.status);
    return;
  }
  const text = await response.text();
  if (kind === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      onFailure(response.status);
      return;
    }
    onSuccess(data);
  } else if (kind === 'xml') onSuccess(adapters.parse(text, 'application/xml'));
  else if (kind === 'html') onSuccess(adapters.parse(text, 'text/html'));
  else onSuccess(text);
}
