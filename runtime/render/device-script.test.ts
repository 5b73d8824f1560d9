// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceFlags, readDeviceFacts } from '../device';
import { DEVICE_FLAGS_SCRIPT, DEVICE_FLAGS_SCRIPT_HASH } from './device-script';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Runs the head script on a fresh <html class="sc-no-js"> in a browser that reports the given facts. */
function runScript(userAgent: string, touch: boolean, transforms: boolean) {
  const html = document.createElement('html');
  html.className = 'sc-no-js';
  const browser = { navigator: { userAgent, maxTouchPoints: touch ? 5 : 0 }, CSS: { supports: () => transforms } };
  // The script reads only these two globals.
  new Function('document', 'window', DEVICE_FLAGS_SCRIPT)({ documentElement: html }, browser);
  return { classes: [...html.classList], browser };
}

describe('the device flags script in <head> (issue 14: flags before the first paint)', () => {
  it.each([
    ['an Android phone', ANDROID, true, true],
    ['a desktop', DESKTOP, false, true],
    ['a touch laptop', DESKTOP, true, false],
    ['a mobile UA without touch', ANDROID, false, false],
  ])('sets on %s exactly the flags the runtime computes, and removes sc-no-js', (_name, userAgent, touch, transforms) => {
    const { classes, browser } = runScript(userAgent, touch, transforms);
    expect(classes).toEqual(deviceFlags(readDeviceFacts(browser as unknown as Window & typeof globalThis)));
    expect(classes).not.toContain('sc-no-js');
  });

  it('publishes the CSP hash of exactly the script the pages carry', () => {
    const digest = createHash('sha256').update(DEVICE_FLAGS_SCRIPT).digest('base64');
    expect(DEVICE_FLAGS_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
  });
});
