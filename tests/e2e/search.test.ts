import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { chunkOf } from '../support/chunks';

const { visit } = useBrowser();
/** The shared 2-core machine can take seconds to load an island's chunk; poll for longer than the default second. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

const field = (page: Page) => page.getByRole('combobox', { name: 'Search the site' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Search results' });
/**
 * Issue 19: the header's search button opens the field (a native popover, so with JS off too). The
 * field's focus is the island's first interaction: it loads the search's behaviour, which answers
 * as visitors get it (issue 35, goal 2; its view, React's, never loads: see "as visitors get it"
 * below; design.test.ts types into the hydrated view).
 */
async function openSearch(page: Page, { js = true } = {}) {
  await page.locator('.search-toggle').click();
  await poll(() => field(page).isVisible()).toBe(true);
  // These tests are about the combobox's keys and answers, so they type once the behaviour answers;
  // text typed before it arrives is tests/e2e/early-input.test.ts's.
  if (!js) return;
  await poll(() => page.locator('[data-widget="ajax-search"]').first().getAttribute('data-island')).toBe('answering');
}

/**
 * Types the text and waits for the answer to that very text (not to a prefix typed on the way).
 * If it never shows, the error says what the page holds (the field, the island, what the live
 * region told, the searches sent), so an intermittent failure names its cause.
 */
async function searchFor(page: Page, text: string) {
  const sent: string[] = [];
  const onRequest = (request: Request) => {
    if (request.url().endsWith('/ajax')) sent.push(new URLSearchParams(request.postData() ?? '').get('s') ?? '');
  };
  page.on('request', onRequest);
  await field(page).pressSequentially(text);
  const viewAll = listbox(page).getByRole('option', { name: 'View all results' });
  try {
    await poll(async () => ((await listbox(page).isVisible()) ? await viewAll.getAttribute('href') : null)).toBe(`/search/?s=${encodeURIComponent(text)}`);
  } catch (error) {
    const shown = await page.evaluate(() => {
      const island = document.querySelector<HTMLElement>('[data-widget="ajax-search"]');
      return {
        field: island?.querySelector('input')?.value,
        focused: document.activeElement?.id || document.activeElement?.tagName,
        island: island?.dataset.island,
        told: island?.querySelector('[aria-live]')?.textContent,
      };
    });
    throw new Error(`no answer to '${text}' shown: ${JSON.stringify({ ...shown, sent })}`, { cause: error });
  } finally {
    page.off('request', onRequest);
  }
}

describe('header live search as a visitor uses it (§2, §4 Ajax search, §7)', () => {
  it('typing 3+ characters shows grouped results, a view-all link, and passes axe', async () => {
    const { page, errors, warnings } = await visit('/');
    await openSearch(page);
    // Not just any results: those of 'fever' (a prefix's answer can show first if typing is slow).
    await searchFor(page, 'fever');
    expect(await field(page).getAttribute('aria-expanded')).toBe('true');
    expect(await listbox(page).getByRole('option', { name: /Fever and pain medicine/ }).count()).toBe(1);
    expect(await listbox(page).getByRole('group', { name: 'Pages' }).count()).toBe(1);
    expect(await listbox(page).getByRole('option', { name: 'View all results' }).getAttribute('href')).toBe('/search/?s=fever');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => w.includes('did not match'))).toEqual([]);
  });

  it('waits 300 ms after the last keystroke, and 1-2 characters send nothing', async () => {
    const { page } = await visit('/');
    await page.clock.install();
    await page.reload();
    await openSearch(page);
    // install() lets fake time flow; pausing it leaves every timer to runFor.
    await page.clock.pauseAt(Date.now() + 60_000);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/ajax')) searches.push(new URLSearchParams(request.postData() ?? '').get('s') ?? '');
    });
    await field(page).pressSequentially('fe');
    await page.clock.runFor(1000);
    expect(searches).toEqual([]);
    await field(page).pressSequentially('v');
    await page.clock.runFor(299);
    expect(searches).toEqual([]);
    await page.clock.runFor(1);
    await poll(() => searches).toEqual(['fev']);
  });

  it('arrow keys move through the options and Enter opens the active one', async () => {
    const { page } = await visit('/');
    await openSearch(page);
    await searchFor(page, 'fever');
    await field(page).press('ArrowDown');
    const active = await field(page).getAttribute('aria-activedescendant');
    expect(await page.locator(`#${active}`).getAttribute('aria-selected')).toBe('true');
    await field(page).press('Enter');
    await page.waitForURL('**/dosing/');
  });

  /** What a screen reader is told is active, and which options look and read as selected. */
  const activeOption = async (page: Page) => ({
    descendant: await field(page).getAttribute('aria-activedescendant'),
    selected: await listbox(page).locator('[role="option"][aria-selected="true"]').count(),
  });

  it('typing while an option is active returns to the text, and Enter then searches the new text (issue 23.2)', async () => {
    const { page } = await visit('/');
    await openSearch(page);
    await searchFor(page, 'fever');
    await field(page).press('ArrowDown');
    expect((await activeOption(page)).selected).toBe(1);
    await page.keyboard.type('s');
    expect(await field(page).inputValue()).toBe('fevers');
    expect(await activeOption(page)).toEqual({ descendant: null, selected: 0 });
    await field(page).press('Enter');
    await page.waitForURL('**/search/?s=fevers');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Search results for “fevers”');
  });

  it('Left, Right, Home and End return to the text from an active option (issue 23.2)', async () => {
    const { page } = await visit('/');
    await openSearch(page);
    await searchFor(page, 'fever');
    for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End']) {
      await field(page).press('ArrowDown');
      expect((await activeOption(page)).descendant).toBe('header-search-option-0');
      await field(page).press(key);
      expect(await activeOption(page)).toEqual({ descendant: null, selected: 0 });
      // The results stay open; the next Down starts again at the first option.
      expect(await listbox(page).isVisible()).toBe(true);
    }
    // The caret moved in the text: Home put it at the start.
    await field(page).press('Home');
    expect(await field(page).evaluate((input) => (input as HTMLInputElement).selectionStart)).toBe(0);
  });

  it('Escape clears the field and the results at once', async () => {
    const { page } = await visit('/');
    await openSearch(page);
    await searchFor(page, 'fever');
    await field(page).press('Escape');
    expect(await field(page).inputValue()).toBe('');
    expect(await listbox(page).isVisible()).toBe(false);
    expect(await field(page).getAttribute('aria-expanded')).toBe('false');
  });

  it('a click outside parks the results; a click on the field shows them again', async () => {
    const { page } = await visit('/');
    await openSearch(page);
    await searchFor(page, 'fever');
    await page.getByRole('heading', { level: 1 }).click();
    await poll(() => listbox(page).isVisible()).toBe(false);
    // The click outside closed the search panel too; opened again, the field's click shows the results.
    await openSearch(page);
    await field(page).click();
    await poll(() => listbox(page).isVisible()).toBe(true);
  });

  it('no match shows the not-found entry with the query as text', async () => {
    const { page } = await visit('/');
    await openSearch(page);
    await field(page).pressSequentially('<b>zzqx');
    await poll(() => listbox(page).locator('.ajax-search__not-found').textContent()).toContain('“<b>zzqx”');
    expect(await listbox(page).locator('b').count()).toBe(0);
  });

  it('with JS off the header form opens the full results page, which passes axe', { timeout: 60_000 }, async () => {
    const { page } = await visit('/', { javaScriptEnabled: false });
    await openSearch(page, { js: false });
    await field(page).fill('fever');
    await field(page).press('Enter');
    await page.waitForURL('**/search/?s=fever');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Search results for “fever”');
    expect(await page.getByRole('link', { name: /Fever and pain medicine/ }).getAttribute('href')).toBe('/dosing/');
    const { page: withJs } = await visit('/search/?s=fever');
    await expectNoAxeViolations(withJs);
  });
});

describe('the header search as visitors get it: its behaviour answers, no React (issue 35, goal 2)', () => {
  const island = (page: Page) => page.locator('[data-widget="ajax-search"]');
  const told = (page: Page) => island(page).locator('[aria-live]').textContent();
  /** Every request for the search's view chunk (React's view of it), from the page's start. */
  function viewRequests(page: Page) {
    const view = chunkOf('widgets/AjaxSearch/widget.ts');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === view) asked.push(request.url());
    });
    return asked;
  }
  /** Whether the element is what a tap at its middle lands on: shown on top of the page, not under it. */
  const onTop = (option: ReturnType<Page['locator']>) =>
    option.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && element.contains(hit);
    });
  const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

  it('a parent who types "paracetamol" finds the dosing page, which says acetaminophen (issue 49: medicine synonyms)', async () => {
    const { page, errors } = await visit('/');
    await openSearch(page);
    await searchFor(page, 'paracetamol');
    // The only option besides "View all results": the dosing page, named by its title and its excerpt at the word it says.
    const options = listbox(page).getByRole('option');
    await poll(() => options.count()).toBe(2);
    const result = listbox(page).getByRole('option', { name: /^Fever and pain medicine.*acetaminophen/ });
    expect(await result.isVisible()).toBe(true);
    expect(await onTop(result)).toBe(true);
    expect(await result.getAttribute('href')).toBe('/dosing/');
    await result.click();
    await page.waitForURL('**/dosing/');
    expect(errors).toEqual([]);
  });

  it('on a 390 px phone by touch: the search opens, typing shows the results on top of the page, a tap on one opens it', async () => {
    const { page, errors } = await visit('about:blank', PHONE);
    const views = viewRequests(page);
    await page.goto('/');
    await page.locator('.search-toggle').tap();
    await poll(() => field(page).isVisible()).toBe(true);
    await poll(() => field(page).evaluate((input) => input === document.activeElement)).toBe(true);
    // Typed at once: the behaviour may still be on its way (what it missed is replayed to it).
    await searchFor(page, 'fever');
    expect(await island(page).getAttribute('data-island')).toBe('answering');
    expect(await field(page).getAttribute('aria-expanded')).toBe('true');
    expect(await told(page)).toMatch(/^\d+ results\. Use the up and down arrows to choose one\.$/);
    const result = listbox(page).getByRole('option', { name: /Fever and pain medicine/ });
    expect(await result.isVisible()).toBe(true);
    expect(await onTop(result)).toBe(true);
    const box = await listbox(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await result.tap();
    await page.waitForURL('**/dosing/');
    expect(views, 'the view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('at 1440 px by keyboard: the arrows move the active option (what a screen reader is told), Escape resets, Enter opens; passes axe with the results open', async () => {
    const { page, errors } = await visit('about:blank', { viewport: { width: 1440, height: 900 } });
    const views = viewRequests(page);
    await page.goto('/');
    await page.locator('.search-toggle').focus();
    await page.keyboard.press('Enter');
    await poll(() => field(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await poll(() => island(page).getAttribute('data-island')).toBe('answering');
    await searchFor(page, 'fever');
    const active = async () => {
      const id = await field(page).getAttribute('aria-activedescendant');
      return { id, selected: id ? await page.locator(`#${id}`).getAttribute('aria-selected') : null, count: await listbox(page).locator('[aria-selected="true"]').count() };
    };
    expect(await active()).toEqual({ id: null, selected: null, count: 0 });
    await page.keyboard.press('ArrowDown');
    expect(await active()).toEqual({ id: 'header-search-option-0', selected: 'true', count: 1 });
    await page.keyboard.press('ArrowDown');
    expect(await active()).toEqual({ id: 'header-search-option-1', selected: 'true', count: 1 });
    await page.keyboard.press('ArrowUp');
    expect(await active()).toEqual({ id: 'header-search-option-0', selected: 'true', count: 1 });
    expect(await onTop(page.locator('#header-search-option-0'))).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    expect(await field(page).inputValue()).toBe('');
    expect(await listbox(page).isVisible()).toBe(false);
    expect(await field(page).getAttribute('aria-expanded')).toBe('false');
    expect(await field(page).isVisible()).toBe(true);
    await searchFor(page, 'fever');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dosing/');
    expect(views, 'the view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('in Arabic (/ar/, right to left) on a 390 px phone by touch: the search speaks Arabic (issue 49.4), answers there too, its results inside the window and on top of the page', async () => {
    const { page, errors } = await visit('about:blank', PHONE);
    const views = viewRequests(page);
    await page.goto('/ar/');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // The button and the panel are in the page's language, and say so inside the English header (WCAG 3.1.2).
    const toggle = page.getByRole('button', { name: 'ابحث', exact: true });
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('lang')).toBe('ar');
    expect(await page.getByRole('button', { name: 'Search', exact: true }).count()).toBe(0);
    await toggle.tap();
    const arabicField = page.getByRole('combobox', { name: 'ابحث في الموقع' });
    await poll(() => arabicField.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await arabicField.getAttribute('placeholder')).toBe('بحث');
    expect(await arabicField.evaluate((input) => input.closest('[lang]')?.getAttribute('lang'))).toBe('ar');
    expect(await page.getByRole('search', { name: 'البحث في الموقع' }).count()).toBe(1);
    await arabicField.pressSequentially('fever');
    await poll(() => told(page)).toMatch(/^عدد النتائج: \d+\. استخدم السهمين/);
    expect(await island(page).getAttribute('data-island')).toBe('answering');
    const results = page.getByRole('listbox', { name: 'نتائج البحث' });
    const result = results.getByRole('option', { name: /Fever and pain medicine/ });
    await poll(() => result.isVisible()).toBe(true);
    const box = await results.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await onTop(result)).toBe(true);
    expect(views, 'the view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });
});
