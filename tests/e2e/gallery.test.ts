import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, pauseClock, useBrowser } from '../support/browser';
import { chunkOf } from '../support/chunks';
import { useKeptVisit } from '../support/kept-visit';

 
const { visit } = useBrowser();

const thumbs = (page: Page) => page.getByRole('list', { name: 'Photos from Harbourlight' }).getByRole('link');
const dialog = (page: Page) => page.getByRole('dialog');

/** The gallery page with Playwright's clock installed before any script runs, every island hydrated. */
async function gallery() {
  const visited = await visit('about:blank');
  // Time stands still unless a test moves it.
  await pauseClock(visited.page, 0);
  await visited.page.goto('/gallery/');
  await hydrated(visited.page);
  return visited;
}

/**
 * One such page shared by the tests that move its clock on and close what they open (issue 48: one
 * page load, not five); they run in the file's order, the one that counts the first reveals first,
 * the one that lets the clock run last.
 */
const sharedGallery = useKeptVisit(gallery);

describe('image gallery and lightbox (§2, §4, §8, §9)', () => {
  it('thumbnails appear one by one, 110 ms apart', async () => {
    const { page } = await sharedGallery();
    const revealed = () => page.locator('.image-gallery__thumb.is-revealed').count();
    expect(await revealed()).toBe(0);
    await page.clock.runFor(110);
    expect(await revealed()).toBe(1);
    await page.clock.runFor(3 * 110);
    expect(await revealed()).toBe(4);
    await page.clock.runFor(4 * 110);
    expect(await revealed()).toBe(8);
  });

  it('a thumbnail opens the lightbox; arrows move, Escape closes after 300 ms and focus returns', async () => {
    const { page, errors } = await sharedGallery();
    await page.clock.runFor(1000);
    await thumbs(page).nth(2).focus();
    await page.evaluate(() => {
      const moves: string[] = [];
      (window as unknown as { focusMoves: string[] }).focusMoves = moves;
      document.addEventListener('focusin', (event) => moves.push(event.target instanceof Element ? (event.target.getAttribute('aria-label') ?? event.target.tagName) : ''));
    });
    await page.keyboard.press('Enter');
    await page.clock.runFor(50);
    await expect.poll(() => dialog(page).getAttribute('aria-busy')).toBe('false');
    expect(await dialog(page).getByText('The quiet garden').textContent()).toContain('(3 of 8)');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    // One focus move into the dialog, to its first control: not through its focus sentinels first (issue 35).
    expect(await page.evaluate(() => (window as unknown as { focusMoves: string[] }).focusMoves)).toEqual(['Close']);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog(page).getByRole('img').getAttribute('alt')).toBe('Three sailing boats on the bay on a summer outing');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => dialog(page).getByRole('img').getAttribute('alt')).toBe('The Harbour Room day centre, a white house with big windows');
    await page.keyboard.press('Escape');
    expect(await dialog(page).count()).toBe(1);
    await page.clock.runFor(299);
    expect(await dialog(page).count()).toBe(1);
    await page.clock.runFor(1);
    expect(await dialog(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/images/scenes/garden.svg');
    expect(errors).toEqual([]);
  });

  it('focus stays inside the open dialog', async () => {
    const { page } = await gallery();
    await thumbs(page).first().click();
    await page.clock.runFor(50);
    // The lightbox is a native modal dialog (runtime/modal.tsx): Tab wraps inside it at both ends.
    const inDialog = () => page.evaluate(() => document.activeElement?.closest('dialog:modal')?.getAttribute('aria-labelledby') ?? null);
    const labelled = await inDialog();
    expect(labelled).not.toBeNull();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(labelled);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog()).toBe(labelled);
    }
    // axe schedules its own timers.
    await page.clock.resume();
    await expectNoAxeViolations(page);
  });

  it('the lightbox is on top of everything (the top layer), the page behind is inert, and a click on the backdrop closes it', async () => {
    const { page } = await sharedGallery();
    await page.clock.runFor(1000);
    await thumbs(page).first().click();
    await page.clock.runFor(50);
    await expect.poll(() => dialog(page).getAttribute('aria-busy')).toBe('false');
    // The top left corner, under the sticky header on desktop: what the visitor sees and clicks there is the dialog's backdrop.
    expect(await page.evaluate(() => document.elementFromPoint(5, 5)?.matches('dialog.lightbox:modal') ?? false)).toBe(true);
    // Inert: a link behind the dialog cannot take focus, by script or by Tab.
    expect(await thumbs(page).nth(1).evaluate((link) => (link.focus(), document.activeElement === link))).toBe(false);
    await page.mouse.click(5, 5);
    await page.clock.runFor(300);
    expect(await dialog(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(await thumbs(page).first().getAttribute('href'));
  });

  it('an image that cannot load shows "The image could not be loaded."', async () => {
    const { page, context } = await gallery();
    await context.route('**/images/scenes/boats.svg', (route) => route.fulfill({ status: 404, body: 'missing' }));
    await thumbs(page).nth(3).click();
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('The image could not be loaded.');
  });

  it('the big preview opens its own address in the same window', async () => {
    const { page } = await gallery();
    await thumbs(page).nth(1).hover();
    await page.getByRole('link', { name: /The Harbour Room \(opens/ }).click();
    await page.waitForURL('**/#services');
  });

  it('the big preview without an address triggers its thumbnail: the lightbox opens on it', async () => {
    const { page } = await sharedGallery();
    await thumbs(page).nth(4).hover();
    await page.getByRole('link', { name: 'Kite day on the hill: view larger' }).click();
    await expect.poll(() => dialog(page).getByRole('img').getAttribute('alt')).toBe('Families flying kites on the hill above the town');
    // The page is shared: the lightbox is closed again.
    await page.keyboard.press('Escape');
    await page.clock.runFor(300);
    await expect.poll(() => dialog(page).count()).toBe(0);
  });

  it('stories open fetched content; 404 and errors show the §8 texts', async () => {
    const { page, context } = await gallery();
    await page.clock.resume();
    const stories = page.getByRole('list', { name: 'Family stories' });
    await stories.getByRole('link', { name: 'Ella’s first sail' }).click();
    await expect.poll(() => dialog(page).getByRole('heading', { name: 'Ella’s first sail' }).count()).toBe(1);
    await context.route('**/stories/sam.html', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await context.route('**/stories/garden.html', (route) => route.fulfill({ status: 500, body: 'down' }));
    // The arrow keys are the dialog's: a keyboard visitor presses them once focus is in it, where the
    // lightbox puts it as it opens (a clean-clone run at load 4.5 pressed before, and no alert came).
    await expect.poll(() => dialog(page).evaluate((shown) => shown.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Content not found');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('The content could not be loaded.');
  });

  it('a story whose address is an image shows the picture itself: loaded directly, never fetched (§7)', async () => {
    const { page } = await gallery();
    await page.clock.resume();
    const fetched: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'fetch' && /^\/(images|stories)\//.test(pathname)) fetched.push(pathname);
    });
    const stories = page.getByRole('list', { name: 'Family stories' });
    await stories.getByRole('link', { name: 'A photo of the music room' }).click();
    const picture = dialog(page).getByRole('img', { name: 'Music therapy instruments: a drum, a xylophone and a ukulele' });
    await expect.poll(() => picture.isVisible()).toBe(true);
    expect(await dialog(page).locator('.lightbox__content').count()).toBe(0);
    // Back to the story before it, which is fetched; the picture never was.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => dialog(page).getByRole('heading', { name: 'Planting the garden' }).count()).toBe(1);
    expect(fetched).toEqual(['/stories/garden.html']);
  });

  it('passes axe, and every photo and story is a plain link with JS off', async () => {
    const { page } = await sharedGallery();
    await page.clock.runFor(1000);
    await page.clock.resume();
    await expectNoAxeViolations(page);
    const off = await visit('/gallery/', { javaScriptEnabled: false });
    expect(await off.page.getByRole('list', { name: 'Photos from Harbourlight' }).getByRole('link').count()).toBe(8);
    expect(await off.page.getByRole('link', { name: 'Sam’s music sessions' }).getAttribute('href')).toBe('/stories/sam.html');
    expect(await off.page.getByRole('img', { name: 'Music therapy', exact: true }).isVisible()).toBe(true);
  });
});

describe('as visitors get them: the image gallery and the lightbox answer as their behaviours, without their views (issue 35, goal 2)', () => {
  /** Whether the open dialog is what shows at the page's top left corner (the top layer, its backdrop). */
  const onTop = (page: Page) => page.evaluate(() => document.elementFromPoint(5, 5)?.matches('dialog.lightbox:modal') ?? false);
  const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement?.closest('dialog.lightbox') ? document.activeElement.getAttribute('aria-label') : null));
  const focusedHref = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('href'));

  it.each([
    { device: 'a 1440 px desktop with a mouse', options: { viewport: { width: 1440, height: 900 } }, touch: false },
    { device: 'a 390 px phone by touch', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, touch: true },
  ])('on $device: a picture opens the dialog on top with focus inside, named; next, previous, Escape and focus back; a story opens; neither view is asked for', async ({ options, touch }) => {
    const { page, errors } = await visit('about:blank', options);
    const press = (target: Locator) => (touch ? target.tap() : target.click());
    const viewChunks = new Set([chunkOf('widgets/Lightbox/widget.ts'), chunkOf('widgets/ImageGallery/widget.ts')]);
    const views: string[] = [];
    page.on('request', (request) => {
      if (viewChunks.has(new URL(request.url()).pathname)) views.push(request.url());
    });
    await page.goto('/gallery/');
    const gallery = page.locator('[data-widget="image-gallery"]');
    await gallery.scrollIntoViewIfNeeded();

    // The first tap may land before the behaviour's chunk: it is kept and answered when it arrives.
    const garden = thumbs(page).nth(2);
    await press(garden);
    await expect.poll(() => dialog(page).getAttribute('aria-busy')).toBe('false');
    expect(await gallery.getAttribute('data-island')).toBe('answering');
    expect(await page.getByRole('dialog', { name: 'The quiet garden (3 of 8)' }).isVisible()).toBe(true);
    expect(await dialog(page).getByRole('img', { name: 'The quiet garden with sunflowers and a red bench' }).isVisible()).toBe(true);
    await expect.poll(() => onTop(page)).toBe(true);
    await expect.poll(() => focusedLabel(page)).toBe('Close');
    // Inert: a link behind the dialog cannot take focus.
    expect(await thumbs(page).nth(1).evaluate((link) => (link.focus(), document.activeElement === link))).toBe(false);
    await press(dialog(page).getByRole('button', { name: 'Next' }));
    await expect.poll(() => page.getByRole('dialog', { name: 'The summer sailing outing (4 of 8)' }).count()).toBe(1);
    await press(dialog(page).getByRole('button', { name: 'Previous' }));
    await expect.poll(() => page.getByRole('dialog', { name: 'The quiet garden (3 of 8)' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => focusedHref(page)).toBe('/images/scenes/garden.svg');

    // The close button, and a click on the backdrop, close it too.
    await press(thumbs(page).nth(0));
    await expect.poll(() => page.getByRole('dialog', { name: 'The harbour at dawn (1 of 8)' }).count()).toBe(1);
    await press(dialog(page).getByRole('button', { name: 'Close' }));
    await expect.poll(() => dialog(page).count()).toBe(0);
    await press(thumbs(page).nth(0));
    await expect.poll(() => onTop(page)).toBe(true);
    await page.mouse.click(5, 5);
    await expect.poll(() => dialog(page).count()).toBe(0);

    // Hovering (or a tap on the preview) follows the machine: a preview with its own address says so.
    if (!touch) {
      await thumbs(page).nth(4).hover();
      await expect.poll(() => page.locator('.image-gallery__preview figcaption').textContent()).toBe('Kite day on the hill');
      await page.getByRole('link', { name: 'Kite day on the hill: view larger' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: 'Kite day on the hill (5 of 8)' }).count()).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog(page).count()).toBe(0);
    }

    // The family stories: fetched content in the same dialog, from the lightbox's own island.
    const stories = page.getByRole('list', { name: 'Family stories' });
    await stories.scrollIntoViewIfNeeded();
    await press(stories.getByRole('link', { name: 'Ella’s first sail' }));
    await expect.poll(() => dialog(page).getByRole('heading', { name: 'Ella’s first sail' }).count()).toBe(1);
    expect(await page.locator('[data-widget="lightbox"]').getAttribute('data-island')).toBe('answering');
    expect(new URL(page.url()).pathname).toBe('/gallery/');
    await expect.poll(() => focusedLabel(page)).toBe('Close');
    await press(dialog(page).getByRole('button', { name: 'Next' }));
    await expect.poll(() => page.getByRole('dialog', { name: /^Sam’s music sessions/ }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);

    expect(await gallery.getAttribute('data-island')).toBe('answering');
    expect(views, 'view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('by keyboard at 1440 px: Enter on a picture opens it, the arrow keys move, Tab stays inside, Escape closes and focus returns', async () => {
    const { page, errors } = await visit('about:blank', { viewport: { width: 1440, height: 900 } });
    const viewChunks = new Set([chunkOf('widgets/Lightbox/widget.ts'), chunkOf('widgets/ImageGallery/widget.ts')]);
    const views: string[] = [];
    page.on('request', (request) => {
      if (viewChunks.has(new URL(request.url()).pathname)) views.push(request.url());
    });
    await page.goto('/gallery/');
    const gallery = page.locator('[data-widget="image-gallery"]');
    await gallery.scrollIntoViewIfNeeded();
    await expect.poll(() => gallery.getAttribute('data-island')).toBe('answering');
    await thumbs(page).nth(5).focus();
    // Focus previews the thumbnail.
    await expect.poll(() => page.locator('.image-gallery__preview figcaption').textContent()).toBe('Music therapy');
    expect(await thumbs(page).nth(5).getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name: 'Music therapy (6 of 8)' }).count()).toBe(1);
    await expect.poll(() => focusedLabel(page)).toBe('Close');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('dialog', { name: 'The reading corner (7 of 8)' }).count()).toBe(1);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByRole('dialog', { name: 'Kite day on the hill (5 of 8)' }).count()).toBe(1);
    const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog.lightbox:modal')));
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).count()).toBe(0);
    await expect.poll(() => focusedHref(page)).toBe(await thumbs(page).nth(5).getAttribute('href'));
    expect(await gallery.getAttribute('data-island')).toBe('answering');
    expect(views, 'view chunk asked for').toEqual([]);
    expect(errors).toEqual([]);
  });
});
