// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { contentsHash, cookieMatches } from '../../machines/message-box/message-box.rules';
import { messageBoxCookies, messageBoxSettings } from './behaviour';

describe('message box cookie adapter (js-cookie) and settings (§3, §9)', () => {
  it('writes the contents hash under the box id, and a matching read counts', () => {
    messageBoxCookies.write('closures', 'Closed on Monday', 14);
    expect(document.cookie).toContain(`closures=${contentsHash('Closed on Monday')}`);
    expect(cookieMatches(messageBoxCookies.read('closures'), 'Closed on Monday')).toBe(true);
    expect(cookieMatches(messageBoxCookies.read('closures'), 'Closed on Tuesday')).toBe(false);
  });

  it('days outside 1-800 fall back to 60 with a warning; the mode is session or custom', () => {
    const warnings: string[] = [];
    expect(messageBoxSettings.parse({ days: '801', cookie: 'forever' }, (m) => warnings.push(m))).toMatchObject({ days: 60, cookie: 'custom' });
    expect(warnings).toHaveLength(2);
    expect(messageBoxSettings.parse({ days: '800', cookie: 'session' })).toMatchObject({ days: 800, cookie: 'session' });
  });
});
