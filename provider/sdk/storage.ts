import { STORAGE_SESSION_LIFETIME_MS } from './constants';

/** The part of localStorage the SDK uses; pass null when storage is unavailable (private mode, blocked). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface SessionState {
  guid: string;
  created: number;
  [key: string]: unknown;
}

export interface StorageState {
  id: string;
  __session__?: SessionState;
  [key: string]: unknown;
}

export interface SdkStorageOptions {
  /** The one key the SDK's state is kept under. */
  name: string;
  storage: StorageLike | null;
  /** Where state lives when storage is unavailable or throws (reference notes: a window property). */
  fallback?: Record<string, unknown>;
  /** The clock's now. */
  now: () => number;
  /** A fresh unique id. */
  uid: () => string;
  /** data-client-metadata-id: a session id the page fixes (reference notes: sticky). */
  stickySessionId?: string | undefined;
}

export interface SdkStorage {
  getState<T>(handler: (state: StorageState) => T): T;
  getSessionState<T>(handler: (session: SessionState) => T): T;
  getId(): string;
  getSessionId(): string;
}

/**
 * §4 storage sessions: one JSON entry; a session lives 20 minutes (1,200,000 ms) from its creation,
 * not sliding (expired once strictly older), then gets a new id. A sticky session id is used for every session when given.
 */
export function createSdkStorage({ name, storage, fallback = {}, now, uid, stickySessionId }: SdkStorageOptions): SdkStorage {
  const read = (): StorageState | undefined => {
    const text = safely(() => storage?.getItem(name) ?? null, null) ?? (typeof fallback[name] === 'string' ? (fallback[name] as string) : null);
    if (!text) return undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null && typeof (parsed as StorageState).id === 'string' ? (parsed as StorageState) : undefined;
    } catch {
      return undefined;
    }
  };
  const write = (state: StorageState) => {
    const text = JSON.stringify(state);
    fallback[name] = text;
    safely(() => storage?.setItem(name, text), undefined);
  };

  const getState = <T>(handler: (state: StorageState) => T): T => {
    const state = read() ?? { id: uid() };
    const result = handler(state);
    write(state);
    return result;
  };

  const getSessionState = <T>(handler: (session: SessionState) => T): T =>
    getState((state) => {
      const current = state.__session__;
      // As the provider's storage (krakenjs/belter src/storage.ts, getSession): a session is dropped
      // only when strictly older than its lifetime, so at exactly 1,200,000 ms it is still kept.
      const expired = !current || now() - current.created > STORAGE_SESSION_LIFETIME_MS;
      const session: SessionState = expired ? { guid: uid(), created: now() } : current;
      if (stickySessionId) session.guid = stickySessionId;
      state.__session__ = session;
      return handler(session);
    });

  return {
    getState,
    getSessionState,
    getId: () => getState((state) => state.id),
    getSessionId: () => getSessionState((session) => session.guid),
  };
}

function safely<T>(fn: () => T, fallbackValue: T): T {
  try {
    return fn();
  } catch {
    return fallbackValue;
  }
}
