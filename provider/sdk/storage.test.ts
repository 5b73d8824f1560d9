import { describe, expect, it } from 'vitest';
import { STORAGE_SESSION_LIFETIME_MS } from './constants';
import { createSdkStorage, type StorageLike } from './storage';

function memoryStorage(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

function setup(options: { stickySessionId?: string; storage?: StorageLike | null } = {}) {
  let now = 1_000;
  let ids = 0;
  const storage = options.storage === undefined ? memoryStorage() : options.storage;
  const fallback: Record<string, unknown> = {};
  const sdk = createSdkStorage({ name: '__sdk_storage__', storage, fallback, now: () => now, uid: () => `uid_${++ids}`, stickySessionId: options.stickySessionId });
  return { sdk, storage, fallback, advance: (ms: number) => (now += ms) };
}

describe('storage session (§4)', () => {
  it('lasts 20 minutes (1,200,000 ms) from creation, then gets a new id', () => {
    expect(STORAGE_SESSION_LIFETIME_MS).toBe(1_200_000);
    const { sdk, advance } = setup();
    const first = sdk.getSessionId();
    advance(STORAGE_SESSION_LIFETIME_MS - 1);
    expect(sdk.getSessionId()).toBe(first);
    advance(2);
    expect(sdk.getSessionId()).not.toBe(first);
  });

  // The original: krakenjs/belter src/storage.ts, getStorage -> getSession (`now - session.created > lifetime`).
  it('belter storage.ts getSession: at exactly 1,200,000 ms the session is kept; 1 ms later it is replaced (issue 34)', () => {
    const { sdk, advance } = setup();
    const first = sdk.getSessionId();
    advance(STORAGE_SESSION_LIFETIME_MS);
    expect(sdk.getSessionId()).toBe(first);
    advance(1);
    expect(sdk.getSessionId()).not.toBe(first);
  });

  it('does not slide: using the session does not extend it', () => {
    const { sdk, advance } = setup();
    const first = sdk.getSessionId();
    for (let i = 0; i < 3; i++) {
      advance(STORAGE_SESSION_LIFETIME_MS / 3 - 1);
      sdk.getSessionId();
    }
    advance(10);
    expect(sdk.getSessionId()).not.toBe(first);
  });

  it('a sticky session id is used for every session', () => {
    const { sdk, advance } = setup({ stickySessionId: 'cmid-42' });
    expect(sdk.getSessionId()).toBe('cmid-42');
    advance(STORAGE_SESSION_LIFETIME_MS * 2);
    expect(sdk.getSessionId()).toBe('cmid-42');
  });

  it('keeps one JSON entry with a stable id and session state', () => {
    const { sdk, storage } = setup();
    const id = sdk.getId();
    sdk.getSessionState((session) => (session.count = 1));
    expect(sdk.getId()).toBe(id);
    const stored = JSON.parse((storage as ReturnType<typeof memoryStorage>).items.get('__sdk_storage__') ?? '{}');
    expect(stored).toMatchObject({ id, __session__: { count: 1, created: 1_000 } });
  });

  it('falls back to a window property when storage is unavailable or throws', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    for (const storage of [null, throwing]) {
      const { sdk, fallback } = setup({ storage });
      const id = sdk.getId();
      expect(sdk.getId()).toBe(id);
      expect(typeof fallback.__sdk_storage__).toBe('string');
    }
  });

  it('ignores a corrupt entry', () => {
    const storage = memoryStorage();
    storage.items.set('__sdk_storage__', '{not json');
    const { sdk } = setup({ storage });
    expect(sdk.getId()).toBe('uid_1');
  });
});
