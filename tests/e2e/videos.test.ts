import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
// Renamed on import: useBrowser is a vitest fixture, not a React hook, and the hooks lint rule goes by the name.
import { expectNoAxeViolations, hydrated, useBrowser as connectBrowser } from '../support/browser';
import { fakeVideoPlatforms, recordRequests } from '../support/video-platforms';

const { visit } = connectBrowser();

/** A fresh visitor on /videos/ with the platforms stubbed and every request recorded from the start. */
async function openVideos() {
  const visited = await visit('about:blank', { consent: 'unanswered' });
  await fakeVideoPlatforms(visited.context);
  const requests = recordRequests(visited.context);
  await visited.page.goto('/videos/');
  await hydrated(visited.page);
  return { ...visited, requests };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies and videos' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Cookie settings' });
const youtubeLink = (page: Page) => page.getByRole('link', { name: /Watch “Big Buck Bunny .*” on YouTube/ });
const vimeoLink = (page: Page) => page.getByRole('link', { name: /Watch “Sample film on Vimeo” on Vimeo/ });
const playYoutube = (page: Page) => page.getByRole('button', { name: /Play video: Big Buck Bunny/ });
const playVimeo = (page: Page) => page.getByRole('button', { name: 'Play video: Sample film on Vimeo' });

async function acceptAll(page: Page) {
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => banner(page).isVisible()).toBe(false);
}

describe('videos and cookie consent (§4 Video, §5, §6)', () => {
  it('no request reaches a video platform before consent; the embeds are links that open the original in a new tab', async () => {
    const { page, requests, errors, warnings } = await openVideos();
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => youtubeLink(page).getAttribute('href')).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    expect(await youtubeLink(page).getAttribute('target')).toBe('_blank');
    expect(await vimeoLink(page).getAttribute('href')).toBe('https://vimeo.com/76979871');
    // Let every island, poster and lazy chunk settle before judging the network.
    await page.waitForLoadState('networkidle');
    expect(requests.urls.some((url) => url.includes('/videos/'))).toBe(true);
    expect(requests.platform()).toEqual([]);

    // After consent the same page reaches the platform's image host: the check above could fail.
    await acceptAll(page);
    await expect.poll(() => playYoutube(page).isVisible()).toBe(true);
    await expect.poll(() => requests.platform()).toContain('https://img.youtube.com/vi/aqz-KE-bpKQ/hqdefault.jpg');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    // Hydration matched the prerendered markup: nothing decided before the islands were live.
    expect(warnings).toEqual([]);
  });

  it('a click on the link opens the original address in a new tab', async () => {
    const { page, context } = await openVideos();
    const [popup] = await Promise.all([context.waitForEvent('page'), youtubeLink(page).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
  });

  it('the banner shows on a first visit on every page and not after an answer', async () => {
    const { page } = await visit('/', { waitForHydration: true, consent: 'unanswered' });
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await banner(page).getByRole('button', { name: 'Refuse' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await page.goto('/dosing/');
    await hydrated(page);
    expect(await banner(page).isVisible()).toBe(false);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sc_cookie_consent')).toMatchObject({ value: 'refused', sameSite: 'Strict', path: '/' });
  });

  it('changing consent updates every video on the page without a reload', async () => {
    const { page, requests } = await openVideos();
    await banner(page).getByRole('button', { name: 'Refuse' }).click();
    await expect.poll(() => vimeoLink(page).isVisible()).toBe(true);

    // The video's own "Cookie settings" opens the dialog; allowing both checkboxes unblocks both videos.
    await page.getByRole('button', { name: 'Cookie settings' }).first().click();
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    await dialog(page).getByRole('checkbox', { name: /Essential cookies/ }).check();
    await dialog(page).getByRole('checkbox', { name: /Video embeds/ }).check();
    await dialog(page).getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => playVimeo(page).isVisible()).toBe(true);
    expect(await playYoutube(page).isVisible()).toBe(true);
    expect(await youtubeLink(page).count()).toBe(0);

    // Disabling video embeds from the footer link turns both back into links, again without a reload.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await dialog(page).getByRole('checkbox', { name: /Video embeds/ }).uncheck();
    await dialog(page).getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => youtubeLink(page).isVisible()).toBe(true);
    expect(await vimeoLink(page).isVisible()).toBe(true);
    expect(requests.urls.filter((url) => url.endsWith('/videos/'))).toHaveLength(1);
  });

  it('platform A: click to play loads its iframe API on demand and plays at the start volume', async () => {
    const { page, requests } = await openVideos();
    await acceptAll(page);
    expect(requests.platform().some((url) => url.includes('iframe_api'))).toBe(false);
    await playYoutube(page).click();
    const commands = page.getByRole('group', { name: /Player commands: Big Buck Bunny/ });
    await expect.poll(() => commands.isVisible()).toBe(true);
    expect(requests.platform()).toContain('https://www.youtube.com/iframe_api');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __platformA?: { calls: string[] } }).__platformA?.calls)).toEqual(['setVolume:80', 'playVideo']);
    await expectNoAxeViolations(page);
    await commands.getByRole('button', { name: 'Close player' }).click();
    await expect.poll(() => playYoutube(page).isVisible()).toBe(true);
  });

  it('platform B: plays through postMessage, unmutes at 0.7, and ignores messages from other origins', async () => {
    const { page } = await openVideos();
    await acceptAll(page);
    await playVimeo(page).click();
    const commands = page.getByRole('group', { name: 'Player commands: Sample film on Vimeo' });
    await expect.poll(() => commands.isVisible()).toBe(true);
    const player = page.frames().find((frame) => frame.url().startsWith('https://player.vimeo.com/'));
    if (!player) throw new Error('the platform B frame is missing');
    const received = () => player.evaluate(() => (window as unknown as { received: Array<{ method: string; value?: unknown }> }).received);
    await expect.poll(received).toEqual(expect.arrayContaining([{ method: 'setVolume', value: 0.8 }, { method: 'play' }]));

    const mute = commands.getByRole('button', { name: 'Mute' });
    await mute.click();
    await expect.poll(() => mute.getAttribute('aria-pressed')).toBe('true');
    await mute.click();
    await expect.poll(async () => (await received()).slice(-2)).toEqual([
      { method: 'setVolume', value: 0 },
      { method: 'setVolume', value: 0.7 },
    ]);

    // A 'finish' from the page's own origin is not the platform's: the video does not end.
    const before = await page.evaluate(() => JSON.stringify(window.sitecharts?.report().actors.map((a) => a.state)));
    // Awaited until delivered: this listener comes after the page's, so the page has judged it.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const finish = JSON.stringify({ event: 'finish' });
          window.addEventListener('message', (event) => event.source === window && event.data === finish && resolve());
          window.postMessage(finish, '*');
        }),
    );
    expect(await page.evaluate(() => JSON.stringify(window.sitecharts?.report().actors.map((a) => a.state)))).toBe(before);
  });

  it('on a phone with touch, the video with a fallback image gets no player, only the image and the link', async () => {
    const visited = await visit('about:blank', {
      consent: 'unanswered',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      hasTouch: true,
      isMobile: true,
      viewport: { width: 390, height: 844 },
    });
    await fakeVideoPlatforms(visited.context);
    const requests = recordRequests(visited.context);
    const { page } = visited;
    await page.goto('/videos/');
    await hydrated(page);
    await acceptAll(page);
    await expect.poll(() => page.getByRole('img', { name: /Big Buck Bunny/ }).isVisible()).toBe(true);
    expect(await youtubeLink(page).isVisible()).toBe(true);
    expect(await playYoutube(page).count()).toBe(0);
    // The video without a fallback image still gets its click-to-play player.
    expect(await playVimeo(page).isVisible()).toBe(true);
    expect(requests.platform().filter((url) => url.includes('youtube'))).toEqual([]);
  });

  it('passes axe with the banner open and with the settings dialog open', async () => {
    const { page } = await openVideos();
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await banner(page).getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    // The dialog is modal: focus moved into it, and Escape closes it.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).isVisible()).toBe(false);
    expect(await banner(page).isVisible()).toBe(true);
  });
});

describe('embedded media player (§4, §8, §9)', () => {
  it('plays the self-hosted audio from the keyboard and updates the time code', async () => {
    const { page, errors } = await openVideos();
    await acceptAll(page);
    const controls = page.getByRole('group', { name: 'Bedtime chime: player controls' });
    const play = controls.getByRole('button', { name: 'Play Bedtime chime' });
    await play.focus();
    await page.keyboard.press('k');
    await expect.poll(() => controls.getByRole('button', { name: 'Pause Bedtime chime' }).isVisible()).toBe(true);
    const seek = controls.getByRole('slider', { name: 'Seek' });
    await expect.poll(() => seek.getAttribute('aria-valuetext')).toMatch(/^00:00:0[1-5] of 00:00:05$/);
    await page.keyboard.press('k');
    await expect.poll(() => play.isVisible()).toBe(true);
    await seek.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => seek.getAttribute('aria-valuetext')).toBe('00:00:00 of 00:00:05');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => seek.getAttribute('aria-valuetext')).toBe('00:00:05 of 00:00:05');
    expect(await page.getByRole('link', { name: 'Download “Bedtime chime” (MP3)' }).getAttribute('href')).toBe('/media/lullaby.mp3');
    expect(errors).toEqual([]);
  });

  it('plays the HLS stream (natively or through hls.js, imported only on play)', async () => {
    const { page, errors, requests } = await openVideos();
    await acceptAll(page);
    await page.waitForLoadState('networkidle');
    expect(requests.urls.filter((url) => /\/assets\/hls-/.test(url))).toEqual([]);
    const controls = page.getByRole('group', { name: 'The harbour test card, streamed (HLS): player controls' });
    await controls.getByRole('button', { name: /^Play / }).click();
    await expect.poll(() => controls.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')).toMatch(/^00:00:0[1-6] of 00:00:06$/);
    expect(errors).toEqual([]);
  });

  it('where the browser lacks native HLS, hls.js is imported on play and plays the stream', async () => {
    const visited = await visit('about:blank', { consent: 'unanswered' });
    // This Chromium plays HLS natively; hiding that support sends the player down the hls.js path.
    await visited.context.addInitScript(() => {
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
      };
    });
    const requests = recordRequests(visited.context);
    const { page, errors } = visited;
    await page.goto('/videos/');
    await hydrated(page);
    const controls = page.getByRole('group', { name: 'The harbour test card, streamed (HLS): player controls' });
    await controls.getByRole('button', { name: /^Play / }).click();
    await expect.poll(() => controls.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')).toMatch(/^00:00:0[1-6] of 00:00:06$/);
    expect(requests.urls.some((url) => /\/assets\/hls-/.test(url))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('removing the islands while playing stops every actor and timer (docs/design.md invariant 7)', async () => {
    const { page } = await openVideos();
    await acceptAll(page);
    const controls = page.getByRole('group', { name: 'Bedtime chime: player controls' });
    await controls.getByRole('button', { name: 'Play Bedtime chime' }).click();
    await expect.poll(() => controls.getByRole('button', { name: 'Pause Bedtime chime' }).isVisible()).toBe(true);
    await playVimeo(page).click();
    await expect.poll(() => page.getByRole('group', { name: 'Player commands: Sample film on Vimeo' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => window.sitecharts?.report().timers)).toBeGreaterThan(0);
    await page.evaluate(() => document.querySelectorAll('[data-widget]').forEach((island) => island.remove()));
    await expect.poll(() => page.evaluate(() => window.sitecharts?.report())).toMatchObject({ actors: [], timers: 0 });
  });

  it('the platform A media player follows consent live: blocked, playable once allowed (platform only on play), torn down when withdrawn', async () => {
    // A visitor who refused earlier: the cookie says so before the page loads.
    const visited = await visit('about:blank');
    await fakeVideoPlatforms(visited.context);
    const requests = recordRequests(visited.context);
    const { page, errors } = visited;
    await page.goto('/videos/');
    await hydrated(page);
    const player = page.getByRole('figure', { name: 'Big Buck Bunny, in the media player' });
    const notice = player.getByText('Allow video embeds in the cookie settings to play this video here.');
    const controls = player.getByRole('group', { name: 'Big Buck Bunny, in the media player: player controls' });
    const play = controls.getByRole('button', { name: 'Play Big Buck Bunny, in the media player' });
    const fromPlayerHost = () => requests.platform().filter((url) => new URL(url).hostname === 'www.youtube.com');

    await player.scrollIntoViewIfNeeded();
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await controls.isVisible()).toBe(false);
    const original = player.getByRole('link', { name: 'Watch “Big Buck Bunny, in the media player” on YouTube' });
    expect(await original.getAttribute('href')).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    expect(await original.getAttribute('target')).toBe('_blank');
    await page.waitForLoadState('networkidle');
    expect(requests.platform()).toEqual([]);

    // The player's own "Cookie settings" opens the page's dialog; allowing video embeds makes it playable, no reload.
    await player.getByRole('button', { name: 'Cookie settings' }).click();
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    await dialog(page).getByRole('checkbox', { name: /Essential cookies/ }).check();
    await dialog(page).getByRole('checkbox', { name: /Video embeds/ }).check();
    await dialog(page).getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => play.isVisible()).toBe(true);
    expect(await notice.count()).toBe(0);
    // Playable, but nothing from the player's host until the visitor presses play (posters of the Video widget aside).
    expect(fromPlayerHost()).toEqual([]);

    await play.click();
    await expect.poll(() => controls.getByRole('button', { name: 'Pause Big Buck Bunny, in the media player' }).isVisible()).toBe(true);
    expect(fromPlayerHost()).toEqual(expect.arrayContaining(['https://www.youtube.com/iframe_api', 'https://www.youtube.com/embed/aqz-KE-bpKQ']));
    expect(await player.locator('iframe').count()).toBe(1);

    // Withdrawn from the footer's settings: the embed is torn down, the notice is back, the platform hears nothing more.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await dialog(page).getByRole('checkbox', { name: /Video embeds/ }).uncheck();
    const before = requests.platform().length;
    await dialog(page).getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await controls.isVisible()).toBe(false);
    expect(await player.locator('iframe').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __platformA?: { calls: string[] } }).__platformA?.calls.at(-1))).toBe('destroy');
    await expect.poll(() => youtubeLink(page).isVisible()).toBe(true);
    expect(requests.platform()).toHaveLength(before);
    expect(requests.urls.filter((url) => url.endsWith('/videos/'))).toHaveLength(1);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it("when the platform's player script cannot load, the platform A media player says so in an alert and leaves the link to the original", async () => {
    const { page, errors, warnings, requests } = await openVideos();
    // Blocked on the way (an ad blocker, a firewall): the request fails, the script never runs.
    await page.route('https://www.youtube.com/iframe_api', (route) => route.abort('blockedbyclient'));
    await acceptAll(page);
    const player = page.getByRole('figure', { name: 'Big Buck Bunny, in the media player' });
    const controls = player.getByRole('group', { name: 'Big Buck Bunny, in the media player: player controls' });
    await player.scrollIntoViewIfNeeded();
    await controls.getByRole('button', { name: 'Play Big Buck Bunny, in the media player' }).click();

    const alert = player.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('The video site player could not be loaded. (https://www.youtube.com/watch?v=aqz-KE-bpKQ)');
    expect(requests.urls).toContain('https://www.youtube.com/iframe_api');
    expect(await controls.isVisible()).toBe(false);
    expect(await player.locator('iframe').count()).toBe(0);
    const original = player.getByRole('link', { name: 'Watch “Big Buck Bunny, in the media player” on YouTube' });
    expect(await original.isVisible()).toBe(true);
    expect(await original.getAttribute('href')).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    expect(warnings.filter((text) => text.includes('[sitecharts] media-player'))).toEqual([
      '[sitecharts] media-player: Error: platform A: could not load https://www.youtube.com/iframe_api',
    ]);
    // The browser logs the blocked request itself; nothing else went wrong.
    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
    await expectNoAxeViolations(page);
  });

  it('the self-hosted video widget plays without consent (html5 needs none)', async () => {
    const { page, requests } = await openVideos();
    await banner(page).getByRole('button', { name: 'Refuse' }).click();
    await page.getByRole('button', { name: 'Play video: The harbour test card (6 seconds)' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Player commands: The harbour test card (6 seconds)' }).isVisible()).toBe(true);
    expect(requests.platform()).toEqual([]);
  });
});
