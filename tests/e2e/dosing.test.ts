import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { chunkOf, holdChunk } from '../support/chunks';

const { visit } = useBrowser();

const weightField = (page: Page) => page.getByRole('combobox', { name: 'Child’s weight in pounds' });
const visibleRowHeaders = (page: Page) => page.locator('.dosing__table tbody tr:not([hidden]) th').allTextContents();
const headerShown = (page: Page) => page.locator('.dosing__table thead').isVisible();
const alert = (page: Page) => page.locator('#dosing-table').getByRole('alert');
const island = (page: Page) => page.locator('[data-widget="dosing-filter"]');

describe('dosing page as a visitor uses it (§4 Dosing filter, §5 Dosing weight)', () => {
  it('names its published source beside the clinician note (issue 30)', async () => {
    const { page } = await visit('/dosing/');
    const note = page.getByRole('complementary', { name: 'Before you give any medicine' });
    expect(await note.getByText('A clinician must review any dosing table').isVisible()).toBe(true);
    const source = note.locator('#dosing-source');
    expect(await source.isVisible()).toBe(true);
    expect(await source.textContent()).toContain('American Academy of Pediatrics’ weight-based acetaminophen and ibuprofen dosing chart');
    expect(await source.textContent()).toContain('November 2026');
    expect(await source.getByRole('link', { name: 'acetaminophen' }).getAttribute('href')).toMatch(/^https:\/\/www\.healthychildren\.org\//);
    expect(await source.getByRole('link', { name: 'ibuprofen' }).getAttribute('href')).toMatch(/^https:\/\/www\.healthychildren\.org\//);
  });

  it('typing a weight shows only the band that holds it', async () => {
    const { page, errors } = await visit('/dosing/');
    await weightField(page).pressSequentially('28');
    await expect.poll(() => visibleRowHeaders(page)).toEqual(['24–35 lb']);
    expect(await headerShown(page)).toBe(true);
    expect(await alert(page).isVisible()).toBe(false);
    await expect.poll(() => page.locator('#dosing-table').getByRole('status').textContent()).toBe('1 of 9 rows shown.');
    expect(errors).toEqual([]);
  });

  it("'all' shows the alert, the header and every row", async () => {
    const { page } = await visit('/dosing/');
    await weightField(page).fill('all');
    await expect.poll(() => visibleRowHeaders(page)).toHaveLength(9);
    expect(await headerShown(page)).toBe(true);
    await expect.poll(() => alert(page).textContent()).toContain('under 6 lb');
  });

  it('junk clears the field and asks for the weight in pounds', async () => {
    const { page } = await visit('/dosing/');
    await weightField(page).fill('abc');
    await expect.poll(() => alert(page).textContent()).toBe("Please enter the child's weight in pounds.");
    expect(await weightField(page).inputValue()).toBe('');
    expect(await visibleRowHeaders(page)).toEqual([]);
    expect(await headerShown(page)).toBe(false);
  });

  it('below 6 lb only the alert shows', async () => {
    const { page } = await visit('/dosing/');
    await weightField(page).fill('5');
    await expect.poll(() => alert(page).isVisible()).toBe(true);
    expect(await visibleRowHeaders(page)).toEqual([]);
    expect(await headerShown(page)).toBe(false);
  });

  it('above 300 lb is read as 300: the last band', async () => {
    const { page } = await visit('/dosing/');
    await weightField(page).fill('450');
    await expect.poll(() => visibleRowHeaders(page)).toEqual(['96 lb and over']);
    expect(await weightField(page).inputValue()).toBe('450');
  });

  it('a weight typed before the behaviour’s chunk arrived filters the table once it arrives, once (issue 35, goal 2)', async () => {
    const { page, context } = await visit('about:blank');
    const behaviour = await holdChunk(context, 'widgets/DosingFilter/behaviour.ts');
    await page.goto('/dosing/');
    await weightField(page).pressSequentially('28');
    expect(await weightField(page).inputValue()).toBe('28');
    await expect.poll(() => behaviour.requested).toBe(true);
    expect(await visibleRowHeaders(page)).toHaveLength(9);
    // Each change makes new rows (their fade-in plays again): counting the rows taken out counts the changes.
    await page.evaluate(() => {
      const counted = window as unknown as { rowsOut?: number };
      counted.rowsOut = 0;
      new MutationObserver((records) => records.forEach((record) => (counted.rowsOut = (counted.rowsOut ?? 0) + record.removedNodes.length))).observe(document.querySelector('.dosing__table tbody') as Node, { childList: true });
    });
    behaviour.release();
    await expect.poll(() => island(page).getAttribute('data-island')).toBe('answering');
    await expect.poll(() => visibleRowHeaders(page)).toEqual(['24–35 lb']);
    expect(await weightField(page).inputValue()).toBe('28');
    // The kept typing reaches the machine once, at its last value: one change, nine rows made again.
    expect(await page.evaluate(() => (window as unknown as { rowsOut?: number }).rowsOut)).toBe(9);
    // The caret is where the visitor left it: the next key goes after the 8 (280 lb: the last band).
    await page.keyboard.type('0');
    await expect.poll(() => visibleRowHeaders(page)).toEqual(['96 lb and over']);
    expect(await weightField(page).inputValue()).toBe('280');
  });

  it('issue 22: a weight an input method is composing is not filtered or cleared until the composition ends', async () => {
    const { page, errors } = await visit('/dosing/', { waitForHydration: true });
    await weightField(page).focus();
    const cdp = await page.context().newCDPSession(page);
    // A Japanese IME in its default mode writes full-width digits, not a number until committed (§5).
    await cdp.send('Input.imeSetComposition', { text: '２', selectionStart: 1, selectionEnd: 1 });
    await expect.poll(() => weightField(page).inputValue()).toBe('２');
    expect(await alert(page).isVisible()).toBe(false);
    expect(await visibleRowHeaders(page)).toHaveLength(9);
    // The visitor picks the candidate: the committed text filters the table.
    await cdp.send('Input.insertText', { text: '28' });
    await expect.poll(() => visibleRowHeaders(page)).toEqual(['24–35 lb']);
    expect(await weightField(page).inputValue()).toBe('28');
    expect(errors).toEqual([]);
  });

  it('rows carry their inclusive bounds as data-w1 and data-w2', async () => {
    const { page } = await visit('/dosing/');
    const bounds = await page.locator('.dosing__table tbody tr').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-w1'), r.getAttribute('data-w2')]));
    expect(bounds[0]).toEqual(['6', '11']);
    expect(bounds.at(-1)).toEqual(['96', '300']);
  });

  it('the field offers "all" and a numeric keyboard, and the page passes axe', async () => {
    const { page } = await visit('/dosing/');
    expect(await weightField(page).getAttribute('inputmode')).toBe('numeric');
    expect(await page.locator('#dosing-choices option').getAttribute('value')).toBe('all');
    await expectNoAxeViolations(page);
  });

  it('reads with JS off: the whole table and the notes are there', async () => {
    const { page } = await visit('/dosing/', { javaScriptEnabled: false });
    expect(await visibleRowHeaders(page)).toHaveLength(9);
    await expect.poll(() => page.getByText('This table is example content').isVisible()).toBe(true);
  });
});

/** Every path the page asked for, from now on. */
function requested(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** How far the page scrolls sideways (0: it does not). */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const status = (page: Page) => page.locator('#dosing-table').getByRole('status');

/**
 * Marks the rows shown now and, from then on, notes every row whose fade-in (dosing-filter.css) starts,
 * so `fadedInAgain` can tell new rows that faded in after it, even once their short animation is over
 * (a finished animation is no longer among an element's animations).
 */
const markRows = (page: Page) =>
  page.evaluate(() => {
    document.querySelectorAll('.dosing__table tbody tr').forEach((row) => ((row as unknown as { old?: boolean }).old = true));
    const faded = new WeakSet<EventTarget>();
    (window as unknown as { faded?: WeakSet<EventTarget> }).faded = faded;
    document.addEventListener('animationstart', (event) => {
      if (event.animationName === 'sc-fade-in' && event.target) faded.add(event.target);
    });
  });
/** Whether every row shown is a new element whose fade-in started after `markRows`. */
const fadedInAgain = (page: Page) =>
  page.evaluate(() => {
    const faded = (window as unknown as { faded?: WeakSet<EventTarget> }).faded;
    return [...document.querySelectorAll<HTMLElement>('.dosing__table tbody tr:not([hidden])')].every((row) => !(row as unknown as { old?: boolean }).old && faded?.has(row) === true);
  });

describe('the dosing filter as visitors get it: its behaviour answers their typing, without React (issue 35, goal 2)', () => {
  it.each([
    { device: 'a 390 px phone', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
    { device: 'a 320 px phone', options: { viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true } },
  ])('on $device by touch: a tap on the field and “28” show only its band, as a card, and say so; the island is answering and neither its view nor React is asked for', async ({ options }) => {
    const { page, errors } = await visit('about:blank', options);
    const paths = requested(page);
    await page.goto('/dosing/');
    const field = weightField(page);
    await field.scrollIntoViewIfNeeded();
    await markRows(page);
    await field.tap();
    await page.keyboard.type('28');
    await expect.poll(() => visibleRowHeaders(page)).toEqual(['24–35 lb']);
    expect(await island(page).getAttribute('data-island')).toBe('answering');
    expect(await page.locator('.dosing__table tbody tr[hidden]').count()).toBe(8);
    expect(await page.locator('tr[data-w1="36"]').isVisible()).toBe(false);
    expect(await field.inputValue()).toBe('28');
    expect(await status(page).textContent()).toBe('1 of 9 rows shown.');
    expect(await alert(page).isVisible()).toBe(false);
    expect(await page.locator('.dosing__table thead').getAttribute('hidden')).toBeNull();
    await expect.poll(() => fadedInAgain(page)).toBe(true);
    // Issue 31.1: the band reads as a card inside the window, each dose with its column's name.
    const row = page.getByRole('row', { name: /24–35 lb/ });
    await row.scrollIntoViewIfNeeded();
    const width = options.viewport.width;
    for (const cell of await row.getByRole('cell').all()) {
      const rect = await cell.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      expect(rect.left).toBeGreaterThanOrEqual(0);
      expect(rect.right).toBeLessThanOrEqual(width);
    }
    expect(await row.locator('td').first().evaluate((cell) => getComputedStyle(cell, '::before').content)).toMatch(/Acetaminophen dose/);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('filter');
    expect(paths, 'the view chunk asked for').not.toContain(chunkOf('widgets/DosingFilter/widget.ts'));
    expect(paths, 'React asked for').not.toContain(chunkOf('runtime/mount.tsx'));
    expect(errors).toEqual([]);
  });

  it('on a 1440 px desktop by keyboard: Tab to the field, a weight, “all” from its suggestions, then a value that is not a number; the page passes axe', async () => {
    const { page, errors } = await visit('about:blank', { viewport: { width: 1440, height: 900 } });
    const paths = requested(page);
    await page.goto('/dosing/');
    const focused = () => page.evaluate(() => document.activeElement?.id);
    for (let presses = 0; presses < 100 && (await focused()) !== 'filter'; presses++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('filter');
    await markRows(page);
    await page.keyboard.type('28');
    await expect.poll(() => visibleRowHeaders(page)).toEqual(['24–35 lb']);
    expect(await island(page).getAttribute('data-island')).toBe('answering');
    expect(await headerShown(page)).toBe(true);
    expect(await status(page).textContent()).toBe('1 of 9 rows shown.');
    await expect.poll(() => fadedInAgain(page)).toBe(true);
    await expectNoAxeViolations(page);

    // A choice from the field's suggestions replaces the text with the option's value at once (headless
    // Chromium opens no suggestion list, so the value is inserted as the list inserts it: one input).
    const all = await page.locator('#dosing-choices option').getAttribute('value');
    expect(all).toBe('all');
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(all ?? '');
    await expect.poll(() => visibleRowHeaders(page)).toHaveLength(9);
    expect(await headerShown(page)).toBe(true);
    expect(await alert(page).textContent()).toContain('under 6 lb');
    expect(await status(page).textContent()).toBe('9 of 9 rows shown.');

    await page.keyboard.press('Control+A');
    await page.keyboard.type('abc');
    await expect.poll(() => alert(page).textContent()).toBe("Please enter the child's weight in pounds.");
    expect(await alert(page).isVisible()).toBe(true);
    expect(await weightField(page).inputValue()).toBe('');
    expect(await visibleRowHeaders(page)).toEqual([]);
    expect(await headerShown(page)).toBe(false);
    expect(await status(page).textContent()).toBe('');
    expect(await focused()).toBe('filter');
    await expectNoAxeViolations(page);
    expect(paths, 'the view chunk asked for').not.toContain(chunkOf('widgets/DosingFilter/widget.ts'));
    expect(errors).toEqual([]);
  });

  it('issue 22: an input method’s composition is not filtered or cleared by the behaviour until it ends', async () => {
    const { page, errors } = await visit('about:blank');
    const paths = requested(page);
    await page.goto('/dosing/');
    await weightField(page).focus();
    await expect.poll(() => island(page).getAttribute('data-island')).toBe('answering');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: '２', selectionStart: 1, selectionEnd: 1 });
    await expect.poll(() => weightField(page).inputValue()).toBe('２');
    expect(await alert(page).isVisible()).toBe(false);
    expect(await visibleRowHeaders(page)).toHaveLength(9);
    await cdp.send('Input.insertText', { text: '28' });
    await expect.poll(() => visibleRowHeaders(page)).toEqual(['24–35 lb']);
    expect(await weightField(page).inputValue()).toBe('28');
    expect(paths, 'the view chunk asked for').not.toContain(chunkOf('widgets/DosingFilter/widget.ts'));
    expect(errors).toEqual([]);
  });
});
