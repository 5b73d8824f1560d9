import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { swipe, useBrowser } from '../support/browser';
import { chunkOf, holdChunk } from '../support/chunks';

/**
 * Issue 31 item 21: on /ar/ (right to left) on a phone, the tab section's arrows show before any
 * input where titles are hidden, and the first swipe, tap or arrow key made before the section has
 * loaded is kept and applied in the page's direction once it has. The chunks are held, as on a slow
 * phone, until the test lets them through.
 */
const { visit } = useBrowser();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

const PHONE = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
};
const VIEW = 'widgets/TabSection/widget.ts';
const BEHAVIOUR = 'widgets/TabSection/behaviour.ts';
const [FIRST, SECOND] = ['التمريض المنزلي', 'المركز النهاري'];

const island = (page: Page) => page.locator('[data-widget="tab-section"]');
const selected = (page: Page) => page.getByRole('tablist', { name: 'خدماتنا', exact: true }).getByRole('tab', { selected: true }).textContent();

/** The panel a visitor sees: the one whose box lies across the screen's middle, and its heading's text. */
const panelOnScreen = (page: Page) =>
  page.evaluate(() => {
    const middle = window.innerWidth / 2;
    const shown = [...document.querySelectorAll<HTMLElement>('.sc-tab-section [role="tabpanel"]')].find((panel) => {
      const box = panel.getBoundingClientRect();
      return box.left < middle && box.right > middle;
    });
    return shown ? document.getElementById(shown.getAttribute('aria-labelledby') ?? '')?.textContent : undefined;
  });

async function open(holdBehaviour: boolean) {
  const visited = await visit('about:blank', PHONE);
  const view = await holdChunk(visited.context, VIEW);
  const behaviour = holdBehaviour ? await holdChunk(visited.context, BEHAVIOUR) : undefined;
  await visited.page.goto('/ar/');
  return { ...visited, view, behaviour };
}

describe('issue 31.21: the tab section on /ar/ before it has loaded (390 x 844 phone, right to left)', () => {
  it('before any input the next arrow shows on the left, in front, without the view; a tap on it is kept and opens the next tab', async () => {
    const { page, view, errors } = await open(false);
    await poll(() => island(page).getAttribute('data-island')).toBe('running');
    const next = page.getByRole('button', { name: 'التبويب التالي', exact: true });
    await poll(() => next.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'التبويب السابق', exact: true }).isVisible()).toBe(false);
    // The strip's end edge is on the left on a right-to-left page; the arrow is on screen and on top.
    const box = await next.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 / 2 && box.width >= 24 && box.height >= 24).toBe(true);
    const onTop = await next.evaluate((button) => {
      const r = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    expect(onTop).toBe(true);
    // Nothing of the view (nor React) loaded for that.
    expect(view.requested).toBe(false);
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts).not.toContainEqual(expect.stringContaining(chunkOf('runtime/mount.tsx')));

    await next.tap();
    await poll(() => view.requested).toBe(true);
    view.release();
    await poll(() => island(page).getAttribute('data-island')).toBe('hydrated');
    await poll(() => selected(page)).toBe(SECOND);
    await poll(() => panelOnScreen(page)).toBe(SECOND);
    expect(new URL(page.url()).hash).toBe('#ar-day-centre');
    expect(errors).toEqual([]);
  });

  it('the first swipe, made before anything of the section has loaded, is kept and goes forward (rightwards on /ar/)', async () => {
    const { page, view, behaviour, errors } = await open(true);
    await poll(() => panelOnScreen(page)).toBe(FIRST);
    expect(await island(page).getAttribute('data-island')).toBe('waiting');
    const viewport = await page.locator('.sc-tab-section__viewport').boundingBox();
    if (!viewport) throw new Error('the tab section is not on screen');
    await swipe(page, { x: viewport.x + viewport.width / 2 - 60, y: viewport.y + Math.min(viewport.height / 2, 60) }, 120, 2);
    // The view waits for the behaviour that started first (runtime/islands.ts), then loads.
    behaviour?.release();
    await poll(() => view.requested).toBe(true);
    view.release();
    await poll(() => island(page).getAttribute('data-island')).toBe('hydrated');
    await poll(() => selected(page)).toBe(SECOND);
    await poll(() => panelOnScreen(page)).toBe(SECOND);
    expect(await page.locator('.sc-tab-section__track').evaluate((track) => (track as HTMLElement).style.transform)).toBe('translateX(25%)');
    expect(errors).toEqual([]);
  });

  it('arrow keys pressed on a tab before the view has loaded are kept and move in the reading direction once it has', async () => {
    const { page, view, errors } = await open(false);
    await poll(() => island(page).getAttribute('data-island')).toBe('running');
    const first = page.getByRole('tab', { name: FIRST, exact: true });
    await first.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await poll(() => view.requested).toBe(true);
    view.release();
    await poll(() => island(page).getAttribute('data-island')).toBe('hydrated');
    // ArrowLeft goes forward on a right-to-left page: twice, the third tab; focus follows.
    const third = 'دعم العائلة';
    await poll(() => selected(page)).toBe(third);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(third);
    await poll(() => panelOnScreen(page)).toBe(third);
    expect(errors).toEqual([]);
  });
});
