import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { chunkOf, holdChunk } from '../support/chunks';
import { fakeVideoPlatforms, recordRequests } from '../support/video-platforms';

/**
 * Issue 35, goal 2: the media players on /videos/ as visitors get them (no hydrateAll): their
 * behaviour draws the custom controls once the media is ready, plays, seeks, mutes, says when a
 * file is missing and plays again after "Try again", and asks in place for the video site; neither
 * the player's view nor React is ever asked for (every island on the page answers).
 */
const { visit } = useBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;

/** /videos/ with the platforms stubbed, every request recorded, and the player's view chunk and React's (the mount's) watched for. */
async function videosPage(options: Parameters<typeof visit>[1], before?: (context: BrowserContext) => Promise<unknown>) {
  const visited = await visit('about:blank', options);
  await fakeVideoPlatforms(visited.context);
  await before?.(visited.context);
  const requests = recordRequests(visited.context);
  const unwanted = new Set([chunkOf('widgets/MediaPlayer/widget.ts'), chunkOf('runtime/mount.tsx')]);
  const asked: string[] = [];
  visited.page.on('request', (request) => {
    if (unwanted.has(new URL(request.url()).pathname)) asked.push(request.url());
  });
  await visited.page.goto('/videos/');
  return { ...visited, requests, asked };
}

const controlsOf = (page: Page, title: string) => page.getByRole('group', { name: `${title}: player controls` });
const islandsAnswering = (page: Page) =>
  page.locator('[data-widget="media-player"]').evaluateAll((islands) => islands.map((island) => island.getAttribute('data-island')));
const isPlaying = (player: Locator) => player.locator('video, audio').evaluate((media: HTMLMediaElement) => !media.paused && media.readyState >= 1);

/** Whether the control is what a tap at its centre reaches (nothing covers it). */
const onTop = (control: Locator) =>
  control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });

async function press(control: Locator, touch: boolean) {
  if (touch) await control.tap();
  else await control.click();
}

describe('the media players as visitors get them on /videos/ (issue 35, goal 2)', () => {
  it.each([
    { device: '390 px phone, by touch', options: PHONE, touch: true },
    { device: '1440 px desktop, by mouse', options: DESKTOP, touch: false },
  ])('on a $device: the video player\'s own controls appear, on top; Play plays, Mute mutes, Pause pauses; no view, no React', async ({ options, touch }) => {
    const { page, errors, asked } = await videosPage(options);
    const title = 'The harbour test card, in the media player';
    const player = page.locator('#player-video');
    await player.scrollIntoViewIfNeeded();
    const controls = controlsOf(page, title);
    // The first input (the scroll) starts the behaviour; once the metadata is in, the custom controls
    // replace the browser's own.
    await expect.poll(() => controls.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await player.locator('video').evaluate((video) => video.hasAttribute('controls'))).toBe(false);
    const play = controls.getByRole('button', { name: `Play ${title}` });
    expect(await onTop(play)).toBe(true);
    await press(play, touch);
    const pause = controls.getByRole('button', { name: `Pause ${title}` });
    await expect.poll(() => pause.isVisible()).toBe(true);
    await expect.poll(() => isPlaying(player)).toBe(true);
    const mute = controls.getByRole('button', { name: 'Mute' });
    await press(mute, touch);
    await expect.poll(() => mute.getAttribute('aria-pressed')).toBe('true');
    expect(await player.locator('video').evaluate((video: HTMLVideoElement) => video.muted)).toBe(true);
    await press(pause, touch);
    await expect.poll(() => play.isVisible()).toBe(true);
    expect(await isPlaying(player)).toBe(false);
    expect(await islandsAnswering(page)).toEqual(['answering', 'answering', 'answering', 'answering']);
    expect(asked, 'the view chunk or React asked for').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('on a 1440 px desktop by keyboard: k plays and pauses the audio, the seek slider\'s keys move it and say where it is, m mutes; axe', async () => {
    const { page, errors, asked } = await videosPage(DESKTOP);
    const title = 'Bedtime chime';
    const controls = controlsOf(page, title);
    await page.locator('#player-audio').scrollIntoViewIfNeeded();
    await expect.poll(() => controls.isVisible(), { timeout: 15_000 }).toBe(true);
    const play = controls.getByRole('button', { name: `Play ${title}` });
    await play.focus();
    await page.keyboard.press('k');
    await expect.poll(() => controls.getByRole('button', { name: `Pause ${title}` }).isVisible()).toBe(true);
    await page.keyboard.press('k');
    await expect.poll(() => play.isVisible()).toBe(true);
    const seek = controls.getByRole('slider', { name: 'Seek' });
    await seek.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => seek.getAttribute('aria-valuetext')).toBe('00:00:00 of 00:00:05');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => seek.getAttribute('aria-valuetext')).toBe('00:00:05 of 00:00:05');
    expect(await seek.inputValue()).toBe('5');
    await page.keyboard.press('m');
    await expect.poll(() => controls.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(page);
    expect(asked, 'the view chunk or React asked for').toEqual([]);
    expect(errors).toEqual([]);
  });

  it('on a 390 px phone by touch: a missing file says so (§8) with "Try again" in place of dead controls; once the file is back, it brings the controls back, focus on Play, and a tap plays', async () => {
    let missing = true;
    const files = /\/media\/harbour\.(webm|mp4)$/;
    const { page, asked } = await videosPage(PHONE, (context) =>
      context.route(files, (route: Route) => (missing ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }) : route.fallback())),
    );
    const player = page.locator('#player-video');
    await player.scrollIntoViewIfNeeded();
    const alert = player.getByRole('alert');
    await expect.poll(() => alert.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await alert.textContent()).toBe('The media could not be played. (/media/harbour.webm, /media/harbour.mp4)');
    expect(await player.getByRole('group').count()).toBe(0);
    const retry = player.getByRole('button', { name: 'Try again' });
    await retry.scrollIntoViewIfNeeded();
    expect(await onTop(retry)).toBe(true);
    missing = false;
    await retry.tap();
    // The controls are back, focus on Play (where the retry was), and a tap plays the file.
    const title = 'The harbour test card, in the media player';
    const play = controlsOf(page, title).getByRole('button', { name: `Play ${title}` });
    await expect.poll(() => play.isVisible()).toBe(true);
    await expect.poll(() => play.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await alert.count()).toBe(0);
    await play.tap();
    await expect.poll(() => isPlaying(player)).toBe(true);
    expect(await player.getAttribute('data-island')).toBe('answering');
    expect(asked, 'the view chunk or React asked for').toEqual([]);
  });

  it('on a 390 px phone by touch: "Play video" in the video-site player\'s placeholder loads that platform only and plays; the controls take focus', async () => {
    const { page, requests, asked, errors } = await videosPage({ ...PHONE, consent: 'unanswered' });
    const title = 'Big Buck Bunny, in the media player';
    const player = page.getByRole('figure', { name: title });
    await player.scrollIntoViewIfNeeded();
    const ask = page.getByRole('group', { name: `${title}, video from YouTube` }).getByRole('button', { name: /^Play video/ });
    await ask.tap();
    const pause = player.getByRole('button', { name: `Pause ${title}` });
    await expect.poll(() => pause.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await pause.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(requests.platform()).toEqual(expect.arrayContaining(['https://www.youtube.com/iframe_api']));
    expect(requests.platform().filter((url) => new URL(url).hostname.endsWith('vimeo.com'))).toEqual([]);
    expect(await page.locator('#player-site').getAttribute('data-island')).toBe('answering');
    expect(asked, 'the view chunk or React asked for').toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('before the player’s behaviour runs, as a slow phone gets it (issue 49.6, 49.7)', () => {
  /** /videos/ with the media player's behaviour held until the test lets it through. */
  async function heldPlayers(options: Parameters<typeof visit>[1]) {
    const held: { chunk?: Awaited<ReturnType<typeof holdChunk>> } = {};
    const visited = await videosPage(options, async (context) => (held.chunk = await holdChunk(context, 'widgets/MediaPlayer/behaviour.ts')));
    const { chunk } = held;
    if (!chunk) throw new Error('the chunk is not held');
    return { ...visited, chunk };
  }

  it('on a 1440 px desktop, a click on the video’s own controls before the behaviour runs plays it, and the behaviour, once it runs, shows it playing (Pause), as the recording says', async () => {
    const { page, errors, chunk } = await heldPlayers(DESKTOP);
    const title = 'The harbour test card, in the media player';
    const player = page.locator('#player-video');
    await player.scrollIntoViewIfNeeded();
    const video = player.locator('video');
    expect(await video.getAttribute('controls')).not.toBeNull();
    const box = await video.boundingBox();
    if (!box) throw new Error('the video is not on screen');
    // The browser's own play button, at the left of its control bar along the video's bottom.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.click(box.x + 24, box.y + box.height - 48);
    await expect.poll(() => isPlaying(player), { timeout: 8_000 }).toBe(true);
    await expect.poll(() => chunk.requested).toBe(true);
    expect(await player.getAttribute('data-island')).toBe('waiting');
    chunk.release();
    const pause = controlsOf(page, title).getByRole('button', { name: `Pause ${title}` });
    await expect.poll(() => pause.isVisible(), { timeout: 8_000 }).toBe(true);
    expect(await isPlaying(player)).toBe(true);
    expect(await onTop(pause)).toBe(true);
    // The machine heard it through the runtime: its trace has the element playing.
    const heard = await page.evaluate(() =>
      (window.sitecharts?.trace ?? []).flatMap((entry) => (entry.kind === 'event' && entry.actor.startsWith('media-player') ? [entry.event.type] : [])),
    );
    expect(heard).toContain('media.playing');
    // And the visitor's next click, on the custom Pause, pauses it.
    await pause.click();
    await expect.poll(() => isPlaying(player)).toBe(false);
    expect(errors).toEqual([]);
  });

  it.each([
    ['#player-video', 'The harbour test card, in the media player'],
    ['#player-audio', 'Bedtime chime'],
  ])('on a 390 px phone, %s keeps its size when its custom controls replace the native ones, in one line over the media', async (id, title) => {
    const { page, errors, chunk } = await heldPlayers(PHONE);
    const player = page.locator(id);
    await player.scrollIntoViewIfNeeded();
    /** The player's height beyond its media's own (a video's grows with its metadata, its controls must not add to it). */
    const extra = () =>
      player.evaluate((figure) => {
        const media = figure.querySelector('video');
        return Math.round(figure.getBoundingClientRect().height - (media ? media.getBoundingClientRect().height : 0));
      });
    const before = await extra();
    await expect.poll(() => chunk.requested).toBe(true);
    chunk.release();
    const controls = controlsOf(page, title);
    await expect.poll(() => controls.isVisible(), { timeout: 8_000 }).toBe(true);
    expect(Math.abs((await extra()) - before)).toBeLessThanOrEqual(1);
    const row = await controls.boundingBox();
    // One line (two would be about 100 px).
    expect(row && row.height).toBeLessThanOrEqual(64);
    const play = controls.getByRole('button', { name: `Play ${title}` });
    expect(await onTop(play)).toBe(true);
    expect(await onTop(controls.getByRole('button', { name: 'Mute' }))).toBe(true);
    expect(errors).toEqual([]);
  });
});
