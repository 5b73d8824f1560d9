import type { Page } from 'playwright-core';

/** The home page's hero slideshow (e2e), by its landmark. */
export const hero = (page: Page) => page.getByRole('region', { name: 'Life at Harbourlight' });

/** The 1-based slide the hero's picker marks as current. */
export const currentSlide = (page: Page) =>
  hero(page)
    .getByRole('group', { name: 'Choose a slide' })
    .getByRole('button')
    .evaluateAll((dots) => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1);
