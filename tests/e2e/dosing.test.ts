import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';

const { visit } = useBrowser();

const weightField = (page: Page) => page.getByRole('combobox', { name: 'Child’s weight in pounds' });
const visibleRowHeaders = (page: Page) => page.locator('.dosing__table tbody tr:not([hidden]) th').allTextContents();
const headerShown = (page: Page) => page.locator('.dosing__table thead').isVisible();
const alert = (page: Page) => page.locator('#dosing-table').getByRole('alert');

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

  it('a weight typed before the island hydrated is not lost', async () => {
    const { page, context } = await visit('/dosing/');
    await context.route('**/assets/widget-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.reload();
    await weightField(page).fill('40');
    await expect.poll(() => visibleRowHeaders(page)).toEqual(['36–47 lb']);
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
