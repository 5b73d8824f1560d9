// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../runtime/test-clock';
import { languageLink } from './language-link';

const context = () => ({ document, window, clock: createTestClock() });

describe('language link (§2)', () => {
  it('appends one Language link to the main header menu, and removes it on stop', () => {
    document.body.innerHTML = '<header><ul data-main-menu><li><a href="/">Home</a></li></ul></header>';
    const stop = languageLink.start(context());
    languageLink.start(context());
    const links = document.querySelectorAll<HTMLAnchorElement>('a[href="/language/"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.textContent).toBe('Language');
    expect(links[0]?.title).toBe('Select a language');
    expect(document.querySelector('[data-main-menu] li:last-child a')).toBe(links[0]);
    stop();
    expect(document.querySelector('a[href="/language/"]')).toBeNull();
  });

  it('does nothing on a page without a main menu', () => {
    document.body.innerHTML = '<p>No header here</p>';
    expect(() => languageLink.start(context())()).not.toThrow();
  });
});
