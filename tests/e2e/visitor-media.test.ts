import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, useBrowser } from '../support/browser';
import { fakeVideoPlatforms, recordRequests } from '../support/video-platforms';

const { visit } = useBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
/** A media file: what a player fetches (not a poster image). */
const MEDIA_FILE = /\/media\/.*\.(webm|mp4|mp3|oga|m3u8|ts)(\?|$)/;
const mediaPlayer = (page: Page) => page.locator('#player-video');
const playerControls = (page: Page) => page.getByRole('group', { name: 'The harbour test card, in the media player: player controls' });

/** The harbour test card's files answer 404 until the returned function is called. */
async function missingFiles(context: BrowserContext, hold?: Promise<void>) {
  const handler = async (route: Route) => {
    await hold;
    await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  };
  await context.route(/\/media\/harbour\.(webm|mp4)$/, handler);
  return () => context.unroute(/\/media\/harbour\.(webm|mp4)$/, handler);
}

describe('media a visitor meets (issue 31, items 15-18)', () => {
  it('item 15: the media player says a missing file did not load (§8: the message and the URLs) and offers a retry that works', async () => {
    const { page, context } = await visit('about:blank');
    const restore = await missingFiles(context);
    await page.goto('/videos/');
    await mediaPlayer(page).scrollIntoViewIfNeeded();
    const alert = mediaPlayer(page).getByRole('alert');
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toBe('The media could not be played. (/media/harbour.webm, /media/harbour.mp4)');
    // No dead controls: the alert and the retry stand in for them.
    expect(await playerControls(page).isVisible()).toBe(false);
    const retry = mediaPlayer(page).getByRole('button', { name: 'Try again' });
    expect(await retry.isVisible()).toBe(true);
    await restore();
    await retry.click();
    await expect.poll(() => playerControls(page).isVisible()).toBe(true);
    expect(await alert.count()).toBe(0);
    await expect.poll(() => playerControls(page).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')).toBe('00:00:00 of 00:00:06');
    // Focus went from the retry (now gone) to the play button, not to the page's start.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Play The harbour test card, in the media player');
  });

  it('item 15: a 404 that arrives after the page has loaded and the player has started is shown too', async () => {
    const { page, context } = await visit('about:blank');
    let answer = () => undefined as void;
    await missingFiles(context, new Promise<void>((resolve) => (answer = resolve)));
    await page.goto('/videos/');
    await hydrated(page);
    await mediaPlayer(page).scrollIntoViewIfNeeded();
    await expect.poll(() => mediaPlayer(page).getAttribute('data-island')).toBe('hydrated');
    await page.waitForLoadState('load');
    expect(await mediaPlayer(page).getByRole('alert').count()).toBe(0);
    answer();
    await expect.poll(() => mediaPlayer(page).getByRole('alert').isVisible()).toBe(true);
    expect(await mediaPlayer(page).getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
  });

  it('item 15: the Video widget says its missing file did not load and offers "Try again", which plays it once the file is back', async () => {
    const { page, context } = await visit('about:blank');
    const restore = await missingFiles(context);
    await page.goto('/videos/');
    await hydrated(page);
    const figure = page.locator('figure.video--html5');
    await page.getByRole('button', { name: 'Play video: The harbour test card (6 seconds)' }).click();
    const notice = figure.getByRole('status');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain('The player did not load.');
    const retry = figure.getByRole('button', { name: 'Try again' });
    expect(await retry.isVisible()).toBe(true);
    await restore();
    await retry.click();
    await expect.poll(() => figure.locator('video').evaluate((video: HTMLVideoElement) => video.readyState >= 1 && !video.paused)).toBe(true);
    expect(await notice.count()).toBe(0);
  });

  it('item 16: on a phone nothing media-sized is fetched for players below the fold, at load or after a small scroll; near the viewport they load', async () => {
    const { page, context } = await visit('about:blank', PHONE);
    await fakeVideoPlatforms(context);
    const requests = recordRequests(context);
    await page.goto('/videos/');
    await page.waitForLoadState('networkidle', { timeout: 20_000 });
    /** The players whose top is more than 250 px below the bottom of the window now. */
    const below = () =>
      page.evaluate(() => ['player-audio', 'player-stream'].filter((id) => (document.getElementById(id)?.getBoundingClientRect().top ?? 0) > window.innerHeight + 250));
    const FILES: Record<string, RegExp> = { 'player-audio': /lullaby\.(mp3|oga)/, 'player-stream': /\.(m3u8|ts)(\?|$)/ };
    const fetchedFor = (ids: string[]) => requests.urls.filter((url) => MEDIA_FILE.test(url) && ids.some((id) => FILES[id]?.test(url)));
    expect(await below()).toEqual(['player-audio', 'player-stream']);
    expect(fetchedFor(['player-audio', 'player-stream'])).toEqual([]);
    // Chromium animates the wheel's scroll: the players are measured once it has ended and the observers
    // have been told (two frames), not at its first step (networkidle, reached at load, no longer waits).
    // The wheel is the first input: the players' behaviours start, and the video player's controls, shown
    // once its metadata is in, push the players below it down. A 50 px scroll leaves the audio player
    // outside the 200 px margin before that push too (a 100 px one brought it within reach for a frame,
    // so whether it fetched depended on which came first).
    const scrollEnded = page.evaluate(() => new Promise<void>((resolve) => addEventListener('scrollend', () => resolve(), { once: true })));
    await page.mouse.wheel(0, 50);
    await scrollEnded;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const stillBelow = await below();
    expect(stillBelow.length).toBeGreaterThan(0);
    // Nothing asked for: the players' media elements still preload nothing, and no file was requested.
    expect(await page.evaluate((ids) => ids.map((id) => document.querySelector<HTMLMediaElement>(`#${id} audio, #${id} video`)?.preload), stillBelow)).toEqual(stillBelow.map(() => 'none'));
    expect(fetchedFor(stillBelow)).toEqual([]);
    await page.locator('#player-audio').scrollIntoViewIfNeeded();
    await expect.poll(() => fetchedFor(['player-audio']).length).toBeGreaterThan(0);
  });

  it('item 17: on a phone the Vimeo and the media player\'s YouTube placeholders and the HLS player show a local poster, loaded; the Vimeo embed is 16:9', async () => {
    const { page, context } = await visit('about:blank', { ...PHONE, consent: 'unanswered' });
    await fakeVideoPlatforms(context);
    await page.goto('/videos/');
    const posters = [
      page.locator('.video--vimeo .consent-prompt__poster'),
      page.locator('#player-site .consent-prompt__poster'),
    ];
    for (const poster of posters) {
      await poster.scrollIntoViewIfNeeded();
      expect(await poster.isVisible()).toBe(true);
      expect(new URL(await poster.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toMatch(/^\/images\/posters\/.+\.svg$/);
      await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    // The HLS player's poster: a local file that loads (the <video> draws it before any play).
    const stream = page.locator('#player-stream video');
    await stream.scrollIntoViewIfNeeded();
    const poster = await stream.getAttribute('poster');
    expect(poster).toBe('/images/posters/harbour-stream.svg');
    expect(await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return img.naturalWidth;
    }, poster ?? '')).toBeGreaterThan(0);
    expect(await stream.isVisible()).toBe(true);
    // Allowed, the Vimeo embed keeps the frame's 16:9 (the placeholder's taller box was only for its text).
    const frame = page.locator('.video--vimeo .video__frame');
    await frame.scrollIntoViewIfNeeded();
    await page.locator('.video--vimeo .consent-prompt').getByRole('button', { name: 'Always allow videos' }).tap();
    await expect.poll(() => page.locator('.video--vimeo .consent-prompt').count()).toBe(0);
    const box = await frame.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 16 / 9)).toBeLessThan(0.02);
  });
});
