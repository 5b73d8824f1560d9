/** §8 Donation checkout errors: logged to the console, then the page is redirected to the checkout URL. */
export const POPUP_BLOCKED_MESSAGE = 'Can not open popup window - blocked';

export class PopupOpenError extends Error {
  override name = 'PopupOpenError';
}

/** Reference notes: "blocked", or the underlying cause after the dash. */
export function popupOpenMessage(cause?: unknown): string {
  if (cause === undefined) return POPUP_BLOCKED_MESSAGE;
  const text = cause instanceof Error ? cause.message : String(cause);
  return `Can not open popup window - ${text || 'blocked'}`;
}
