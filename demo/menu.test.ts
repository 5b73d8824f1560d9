import { describe, expect, it } from 'vitest';
import { siteMenu } from './menu';

describe('the main menu from the pages’ front matter', () => {
  it('lists the pages with a menu entry and the in-page links, by order; pages without one are left out', () => {
    const menu = siteMenu([
      { path: '/donate/', menu: { label: 'Donate', order: 110 } },
      { path: '/', menu: { label: 'Home', order: 10 } },
      { path: '/ar/' },
      { path: '/volunteer/', menu: { label: 'Volunteer', order: 95 } },
    ]);
    expect(menu.map((item) => `${item.label} ${item.href}`)).toEqual(['Home /', 'Our care /#services', 'Volunteer /volunteer/', 'Contact #contact', 'Donate /donate/']);
  });
});
