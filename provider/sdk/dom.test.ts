// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { assertSameDomain, getElement, getTopWindow, isSameDomain } from './dom';

describe('library errors (§8)', () => {
  it("finds an element, or says 'Can not find element: ...'", () => {
    document.body.innerHTML = '<div id="donate-button"></div>';
    expect(getElement(document, '#donate-button').id).toBe('donate-button');
    expect(() => getElement(document, '#missing')).toThrow('Can not find element: #missing');
  });

  it("a window whose location cannot be read is not same domain", () => {
    expect(isSameDomain(window)).toBe(true);
    expect(assertSameDomain(window)).toBe(window);
    const foreign = Object.create(window, {
      location: {
        get() {
          throw new DOMException('Blocked a frame with origin', 'SecurityError');
        },
      },
    }) as Window;
    expect(() => assertSameDomain(foreign)).toThrow('Expected window to be same domain');
  });

  it("gives the top window, or 'Can not determine top window'", () => {
    expect(getTopWindow(window)).toBe(window.top);
    const orphan = Object.create(window, { top: { value: null } }) as Window;
    expect(() => getTopWindow(orphan)).toThrow('Can not determine top window');
  });
});
