// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { browserLoggerAdapters, browserStorage } from './browser-adapters';

describe('browser adapters', () => {
  it('gives localStorage when it works, null when it throws', () => {
    expect(browserStorage(window)).toBe(window.localStorage);
    const blocked = Object.create(window, {
      localStorage: {
        get() {
          throw new DOMException('blocked', 'SecurityError');
        },
      },
    }) as Window;
    expect(browserStorage(blocked)).toBeNull();
  });

  it('binds the logger to the window, its protocol and its beacon', () => {
    const sent: string[] = [];
    const win = Object.create(window, {
      navigator: { value: { sendBeacon: (url: string) => (sent.push(url), true) } },
    }) as Window;
    const adapters = browserLoggerAdapters(win);
    expect(adapters.target).toBe(win);
    expect(adapters.pageProtocol).toBe(window.location.protocol);
    expect(adapters.sendBeacon?.('https://x/log', new Blob())).toBe(true);
    expect(sent).toEqual(['https://x/log']);
  });

  it('has no beacon where the browser has none', () => {
    const win = Object.create(window, { navigator: { value: {} } }) as Window;
    expect(browserLoggerAdapters(win).sendBeacon).toBeUndefined();
  });
});
