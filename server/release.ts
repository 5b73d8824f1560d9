import { realpathSync } from 'node:fs';

/**
 * Issue 30: the built site the server answers from, picked up without a restart. `npm run build`
 * publishes a complete new site beside the current one and then points `dist/current` at it in one
 * rename (tooling/build/publish.ts); `dist/client` leads through that link. Each request resolves
 * the link once and serves every byte of its answer from that one release, so a request sees the
 * old site or the new one, never a mix, and a release is never changed once published.
 */
export interface Release {
  /** The release folder the static directory leads to now (the directory itself when it is no link). */
  root(): string;
  /** Called once per switch to a new release (the search index and the server's pages read it again). */
  onChange(listener: (root: string) => void): void;
  close(): void;
}

/** How often a server with no requests looks for a new release (a request looks at once). */
export const RELEASE_POLL_MS = 500;

export function watchRelease(staticDir: string, pollMs = RELEASE_POLL_MS): Release {
  const resolve = () => {
    try {
      // realpath(3): one system call, where the JS version walks and caches each component.
      return realpathSync.native(staticDir);
    } catch {
      return staticDir; // no build yet: the static route answers 404s, as before
    }
  };
  let current = resolve();
  const listeners: Array<(root: string) => void> = [];
  const check = () => {
    const now = resolve();
    if (now !== current) {
      current = now;
      for (const listener of listeners) listener(now);
    }
    return now;
  };
  const timer = setInterval(check, pollMs);
  timer.unref();
  return {
    root: check,
    onChange: (listener) => void listeners.push(listener),
    close: () => clearInterval(timer),
  };
}
