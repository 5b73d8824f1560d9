import type { SdkLoggerOptions } from './logger';
import type { FetchLike } from './request';
import type { StorageLike } from './storage';

/**
 * The browser's real effects for the SDK client, read from the window the caller passes in (never
 * from globals), so every other module stays testable in node.
 */
export function browserFetch(win: Pick<Window, 'fetch'>): FetchLike {
  return (url, init) => win.fetch(url, init);
}

/** localStorage, or null when the browser blocks it (private mode, disabled cookies). */
export function browserStorage(win: Window): StorageLike | null {
  try {
    const storage = win.localStorage;
    const probe = '__sdk_storage_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** The logger's page bindings: unload events, protocol, fetch and the beacon. */
export function browserLoggerAdapters(win: Window): Pick<SdkLoggerOptions, 'target' | 'pageProtocol' | 'fetch' | 'sendBeacon'> {
  const navigator = win.navigator as Navigator & { sendBeacon?: Navigator['sendBeacon'] };
  return {
    target: win,
    pageProtocol: win.location.protocol,
    fetch: browserFetch(win),
    sendBeacon: typeof navigator.sendBeacon === 'function' ? (url, data) => navigator.sendBeacon(url, data) : undefined,
  };
}
