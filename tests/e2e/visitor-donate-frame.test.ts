import { describe, expect, it } from 'vitest';
import { REMOTE_FRAME_HEIGHT_PX } from '../../machines/donation-checkout/donation-checkout.rules';
import { hydrated, useBrowser } from '../support/browser';

/**
 * Issue 31 item 25: the Quick donate frame (the provider's own button) is as tall as its content,
 * as the provider sandbox reports it, at a 320 and a 390 px phone and on a desktop; nothing around
 * it moves when it loads; opening the checkout inside it grows it to show all of it.
 */
const { visit } = useBrowser();
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

describe('issue 31.25: the Quick donate frame is sized to its content', () => {
  it.each([
    ['320 x 640 phone', { width: 320, height: 640 }],
    ['390 x 844 phone', { width: 390, height: 844 }],
    ['1280 x 800 desktop', { width: 1280, height: 800 }],
  ])('at %s', async (_name, viewport) => {
    const { page, errors } = await visit('/donate/', { viewport });
    const note = page.locator('.note--source');
    const noteTop = await note.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    await hydrated(page);
    const frameElement = page.locator('#donate-quick iframe');
    await poll(() => frameElement.getAttribute('data-loaded')).toBe('true');
    const frame = page.frameLocator('#donate-quick iframe');
    const contentHeight = () => frame.locator('body').evaluate((body) => Math.ceil(body.getBoundingClientRect().height));
    const frameHeight = async () => (await frameElement.boundingBox())?.height ?? 0;
    // The frame shows all its content and no blank: its height is the content's.
    const collapsed = await contentHeight();
    await poll(frameHeight).toBe(collapsed);
    expect(collapsed).toBe(REMOTE_FRAME_HEIGHT_PX);
    const donate = frame.getByRole('button', { name: 'Donate', exact: true });
    expect(await donate.isVisible()).toBe(true);
    // Issue 49.7: no blank kept around the button: the frame is the button and its 8 px margins.
    const button = await donate.boundingBox();
    expect(button && collapsed - button.height).toBeLessThanOrEqual(17);
    // What follows the frame did not move when it came.
    expect(await note.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)).toBe(noteTop);
    // Opening the checkout inside the frame: the frame grows to it, Complete and Cancel inside the frame's box.
    await donate.click();
    await poll(async () => (await contentHeight()) > collapsed).toBe(true);
    const opened = await contentHeight();
    await poll(frameHeight).toBe(opened);
    const box = await frameElement.boundingBox();
    const cancel = await frame.getByRole('button', { name: 'Cancel', exact: true }).boundingBox();
    expect(box && cancel && cancel.y + cancel.height <= box.y + box.height && cancel.x + cancel.width <= box.x + box.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(errors).toEqual([]);
  });
});
