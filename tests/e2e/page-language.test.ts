import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const { visit } = useBrowser();

/** A phone, where the tab section's titles overflow and its arrows show. */
const PHONE = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
};

describe('widget labels follow the page language (demo/content/translations.ts)', () => {
  it('on /ar/ every control and region the widgets render is named in Arabic, their own labels included', async () => {
    const { page, errors } = await visit('/ar/', { ...PHONE, waitForHydration: true });
    // The island carries the site's Arabic table for the widget (the page wrote none of it as `translations`).
    const content = JSON.parse((await page.locator('[data-widget="tab-section"] + script[data-island-content]').textContent()) ?? 'null') as { translations?: unknown };
    expect(content.translations).toEqual({ previousTab: 'التبويب السابق', nextTab: 'التبويب التالي' });
    // The tab section's own controls: the arrows at the strip's edges.
    const next = page.getByRole('button', { name: 'التبويب التالي', exact: true });
    await expect.poll(() => next.isVisible()).toBe(true);
    for (let i = 0; i < 3; i++) await next.click();
    await expect.poll(() => page.getByRole('button', { name: 'التبويب السابق', exact: true }).isVisible()).toBe(true);

    // What a screen reader is told about every visible named element of every island on the page.
    const names = await page.evaluate(() => {
      const nameOf = (element: Element) => {
        const labelledBy = element.getAttribute('aria-labelledby');
        if (labelledBy) return labelledBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
        return element.getAttribute('aria-label') ?? element.getAttribute('title') ?? element.textContent ?? '';
      };
      const named = 'button, a[href], [role], [aria-label], [aria-roledescription], iframe, dialog';
      return [...document.querySelectorAll('main [data-widget]')]
        .flatMap((island) => [island, ...island.querySelectorAll(named)])
        .filter((element) => element.matches(named) && element.checkVisibility() && !element.closest('[lang]:not(html)'))
        .map((element) => ({ role: element.getAttribute('role') ?? element.localName, name: nameOf(element).trim(), description: element.getAttribute('aria-roledescription') }));
    });
    expect(names.map((entry) => entry.role)).toEqual(expect.arrayContaining(['button', 'tablist', 'tab', 'tabpanel']));
    for (const entry of names) {
      expect(entry.name, entry.role).not.toBe('');
      expect(`${entry.name} ${entry.description ?? ''}`, entry.role).not.toMatch(/[A-Za-z]/);
    }
    expect(errors).toEqual([]);
  });
});
