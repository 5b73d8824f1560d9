// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { pageScroll } from '../page-scroll';
import { createTestClock } from '../test-clock';
import { burgerMenu } from './burger-menu';

function page() {
  document.body.innerHTML = `
    <header data-sticky-header data-menu="closed">
      <button type="button" data-burger aria-expanded="false">Menu</button>
      <nav><ul data-main-menu><li><a href="/">Home</a></li><li><a href="/about/">About us</a></li></ul></nav>
    </header>
    <main><button type="button" id="elsewhere">Next slide</button></main>`;
  const header = document.querySelector<HTMLElement>('header') as HTMLElement;
  const burger = document.querySelector<HTMLButtonElement>('[data-burger]') as HTMLButtonElement;
  const elsewhere = document.getElementById('elsewhere') as HTMLButtonElement;
  return { header, burger, elsewhere };
}

/** The attributes written on the header and the burger since the observer started (a write of the same value is one too). */
function writes(header: HTMLElement) {
  const observer = new MutationObserver(() => undefined);
  observer.observe(header, { attributes: true, subtree: true, attributeFilter: ['data-menu', 'data-menu-items', 'aria-expanded'] });
  return () => observer.takeRecords().map((record) => record.attributeName);
}

describe('the burger menu service', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    pageScroll(window).stop();
    document.body.innerHTML = '';
  });

  it('writes nothing when focus moves elsewhere on the page while the menu is closed (issue 49: no restyle in a tap)', () => {
    const { header, burger, elsewhere } = page();
    stop = burgerMenu.start({ document, window, clock: createTestClock() });
    const written = writes(header);
    elsewhere.focus();
    elsewhere.blur();
    elsewhere.focus();
    expect(written()).toEqual([]);
    expect(header.dataset.menu).toBe('closed');
    // What does change is still written: the tap opens the menu.
    burger.click();
    expect(written()).toEqual(expect.arrayContaining(['data-menu', 'aria-expanded']));
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(header.dataset.menu).toBe('opening');
  });
});
