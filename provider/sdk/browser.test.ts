import { describe, expect, it } from 'vitest';
import { MOBILE_USER_AGENT, compareVersions, detectBrowser, isFullScreenIPhone, isMobileViewport, isSupportedBrowser, platformOf } from './browser';
import { MOBILE_USER_AGENT as PAGE_FLAGS_MOBILE_USER_AGENT } from '../../runtime/device';

const UA = {
  chrome120: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  chrome26: 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.31 (KHTML, like Gecko) Chrome/26.0.1410.64 Safari/537.31',
  firefox29: 'Mozilla/5.0 (Windows NT 6.1; rv:29.0) Gecko/20100101 Firefox/29.0',
  firefox121: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safari6: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_8_5) AppleWebKit/536.30.1 (KHTML, like Gecko) Version/6.1.6 Safari/536.30.1',
  safari17: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
  edgeLegacy: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/42.0.2311.135 Safari/537.36 Edge/12.10136',
  edge120: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  opera15: 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/28.0.1500.52 Safari/537.36 OPR/15.0.1147.100',
  samsung2: 'Mozilla/5.0 (Linux; Android 5.0; SAMSUNG SM-N900 Build/LRX21V) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/2.1 Chrome/34.0.1847.76 Mobile Safari/537.36',
  samsung1: 'Mozilla/5.0 (Linux; Android 4.4; SAMSUNG SM-N900 Build/KOT49H) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/1.5 Chrome/28.0.1500.94 Mobile Safari/537.36',
  silk: 'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/59.2.1 like Chrome/59.0.3071.117 Safari/537.36',
  uc: 'Mozilla/5.0 (Linux; U; Android 4.4; en-US) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 UCBrowser/10.0.0.488 U3/0.8.0 Mobile Safari/534.30',
  vivaldi: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/55.0 Safari/537.36 Vivaldi/1.90.812.4',
  bot: 'curl/8.0',
} as const;

describe('browser detection and the §9 minimums', () => {
  it.each([
    [UA.chrome120, 'chrome', true],
    [UA.chrome26, 'chrome', false],
    [UA.firefox29, 'firefox', false],
    [UA.firefox121, 'firefox', true],
    [UA.safari6, 'safari', false],
    [UA.safari17, 'safari', true],
    [UA.iphone, 'safari', true],
    [UA.ie10, 'msie', false],
    [UA.ie11, 'msie', true],
    [UA.edgeLegacy, 'msedge', true],
    [UA.edge120, 'msedge', true],
    [UA.opera15, 'opera', false],
    [UA.samsung2, 'samsungBrowser', true],
    [UA.samsung1, 'samsungBrowser', false],
    [UA.silk, 'silk', false],
    [UA.uc, 'ucbrowser', true],
    [UA.vivaldi, 'vivaldi', false],
  ])('%s is %s, supported %s', (userAgent, name, supported) => {
    expect(detectBrowser(userAgent)?.name).toBe(name);
    expect(isSupportedBrowser(userAgent)).toBe(supported);
  });

  it('an unknown agent is allowed', () => {
    expect(detectBrowser(UA.bot)).toBeUndefined();
    expect(isSupportedBrowser(UA.bot)).toBe(true);
  });

  it.each([
    ['10.0.0.488', '10.0.0.488', 0],
    ['10.0.1', '10.0.0.488', 1],
    ['59.2.1', '59.3', -1],
    ['2.1', '2.1.0', 0],
  ])('compares %s with %s', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });
});

describe('platform, viewport and iPhone heights (§3, §9)', () => {
  it.each([
    [UA.iphone, 'mobile'],
    [UA.samsung2, 'mobile'],
    [UA.uc, 'mobile'],
    [UA.chrome120, 'desktop'],
    [UA.safari17, 'desktop'],
  ])('%s is %s', (userAgent, platform) => {
    expect(platformOf(userAgent)).toBe(platform);
  });

  it('a viewport below 660 px is mobile', () => {
    expect(isMobileViewport(659)).toBe(true);
    expect(isMobileViewport(660)).toBe(false);
  });

  it.each([926, 896, 844, 812, 736, 667])('an iPhone %i px tall is full-screen', (height) => {
    expect(isFullScreenIPhone(UA.iphone, height)).toBe(true);
  });

  it('other heights and other phones are not', () => {
    expect(isFullScreenIPhone(UA.iphone, 568)).toBe(false);
    expect(isFullScreenIPhone(UA.samsung2, 844)).toBe(false);
  });
});

describe('the mobile pattern', () => {
  it('is the page flags\' pattern (runtime/device.ts), kept in the SDK so it depends on nothing of the site', () => {
    expect(MOBILE_USER_AGENT.source).toBe(PAGE_FLAGS_MOBILE_USER_AGENT.source);
    expect(MOBILE_USER_AGENT.flags).toBe(PAGE_FLAGS_MOBILE_USER_AGENT.flags);
  });
});
