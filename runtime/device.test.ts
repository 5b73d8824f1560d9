// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { FLAG, applyDeviceFlags, deviceFlags, isMobile } from './device';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const OPERA_MINI = 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54';

describe('device flags', () => {
  it.each([
    [IPHONE, true, true],
    [ANDROID, true, true],
    [OPERA_MINI, true, true],
    [IPHONE, false, false],
    [DESKTOP, true, false],
    [DESKTOP, false, false],
  ])('mobile needs a mobile user agent AND touch (%#)', (userAgent, touch, mobile) => {
    expect(isMobile({ userAgent, touch })).toBe(mobile);
  });

  it('always marks script-active, exactly one of mobile/desktop, and only the supported features', () => {
    expect(deviceFlags({ userAgent: DESKTOP, touch: false, transform2d: true, transform3d: false })).toEqual([
      FLAG.script,
      FLAG.desktop,
      FLAG.transform2d,
    ]);
    expect(deviceFlags({ userAgent: ANDROID, touch: true, transform2d: true, transform3d: true })).toEqual([
      FLAG.script,
      FLAG.mobile,
      FLAG.transform2d,
      FLAG.transform3d,
      FLAG.touch,
    ]);
  });

  it('a touch laptop is a desktop with the touchscreen marker', () => {
    const flags = deviceFlags({ userAgent: DESKTOP, touch: true, transform2d: true, transform3d: true });
    expect(flags).toContain(FLAG.desktop);
    expect(flags).toContain(FLAG.touch);
    expect(flags).not.toContain(FLAG.mobile);
  });

  it('replaces the no-script marker on <html>', () => {
    const html = document.documentElement;
    html.className = FLAG.noScript;
    applyDeviceFlags(html, { userAgent: IPHONE, touch: true, transform2d: false, transform3d: false });
    expect(html.classList.contains(FLAG.noScript)).toBe(false);
    expect([...html.classList]).toEqual([FLAG.script, FLAG.mobile, FLAG.touch]);
  });
});
