/**
 * The small HTTP client the widgets' adapters use: a url-encoded POST (what the original's forms
 * and admin-ajax calls send) that resolves with the status and the text of any answer, and rejects
 * only when no answer arrives (offline, aborted, timed out).
 */
export interface TextAnswer {
  status: number;
  text: string;
}

/** Marks a request made by script, so the server answers a fragment rather than a full page. */
export const FRAGMENT_REQUEST_HEADER = 'X-Requested-With';
export const REQUEST_TIMEOUT_MS = 20_000;

export async function postForm(url: string, fields: Readonly<Record<string, string>>, signal?: AbortSignal): Promise<TextAnswer> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const response = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { [FRAGMENT_REQUEST_HEADER]: 'fetch', Accept: 'text/html' },
    credentials: 'same-origin',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  return { status: response.status, text: await response.text() };
}

/** The site's ajax endpoint (§7: the global ajaxurl), as the page's <html data-ajaxurl> names it. */
export function ajaxUrl(): string {
  return window.ajaxurl ?? document.documentElement.dataset.ajaxurl ?? '/ajax';
}
