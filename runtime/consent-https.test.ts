/**
 * @vitest-environment jsdom
 * @vitest-environment-options {"url": "https://harbourlight.example/videos/"}
 */
import { describe, expect, it } from 'vitest';
import { ACCEPT_ALL } from '../machines/cookie-consent/cookie-consent.rules';
import { recordCookieWrites } from '../tests/support/cookie-writes';
import { CONSENT_COOKIE, readConsent, storeConsent } from './consent';

/** Issue 17, through the real `document.cookie` on an https page: the consent cookie is written Secure. */
describe('consent cookie over https', () => {
  it('is stored with the Secure flag and read back', () => {
    const { written } = recordCookieWrites(document);
    storeConsent(ACCEPT_ALL);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(new RegExp(`^${CONSENT_COOKIE}=`));
    expect(written[0]?.toLowerCase()).toContain('; secure');
    expect(readConsent()).toEqual(ACCEPT_ALL);
  });
});
