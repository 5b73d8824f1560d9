import fc from 'fast-check';
import { VIDEO_PLATFORMS } from './cookie-consent.rules';

/** Any consent record a visitor's cookie can decode to, for the property tests of the consent readers. */
export const arbitraryConsent = fc.record({
  given: fc.boolean(),
  refused: fc.boolean(),
  essential: fc.boolean(),
  videoEmbeds: fc.boolean(),
  platforms: fc.subarray([...VIDEO_PLATFORMS]),
});
