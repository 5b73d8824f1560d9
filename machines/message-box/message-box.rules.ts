/** §3, §5 Message box and the reference notes: the cookie's value and lifetime. */

/** Reference notes: a custom lifetime is 1-800 days, 60 by default. */
export const MIN_DAYS = 1;
export const MAX_DAYS = 800;
export const DEFAULT_DAYS = 60;

export type CookieMode = 'session' | 'custom';

/** The contents' hash stored as the cookie value (FNV-1a, 32 bit, hex): changed contents show the box again. */
export function contentsHash(contents: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < contents.length; i++) {
    hash ^= contents.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** §5: a stored cookie counts only if its value equals the current contents' hash. */
export function cookieMatches(stored: string | undefined, contents: string): boolean {
  return stored !== undefined && stored === contentsHash(contents);
}

/** Days for the cookie, or undefined for a session cookie. */
export function cookieLifetime(mode: CookieMode, days: number): number | undefined {
  return mode === 'session' ? undefined : Math.min(MAX_DAYS, Math.max(MIN_DAYS, Math.round(days)));
}
