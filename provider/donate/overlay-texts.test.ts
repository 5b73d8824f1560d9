import { describe, expect, it } from 'vitest';
import { COUNTRY_LANGUAGES, resolveLocale } from '../sdk/locale';
import { ENGLISH_OVERLAY_TEXT, overlayLanguageOf } from './overlay-text';
import { OVERLAY_LANGUAGES, overlayTextOf, type OverlayText } from './overlay-texts';

/** The text in the language the payment SDK resolves from the browser's locales, as loadOverlayText gives it once the table is loaded. */
const overlayText = (browserLocales: readonly string[]): OverlayText => overlayTextOf(overlayLanguageOf(browserLocales));

describe('§8 the overlay help text and "Click to Continue"', () => {
  it('exists in the 36 languages of the reference notes', () => {
    expect(OVERLAY_LANGUAGES.sort()).toEqual(
      'ar bg cs da de el en es et fi fr he hu id it ja ko lt lv ms nl no pl pt ro ru si sk sl sq sv th tl tr vi zh zh_Hant'.split(' ').sort(),
    );
    const helps = new Set(OVERLAY_LANGUAGES.map((key) => overlayTextOf(key).help));
    expect(helps.size).toBe(OVERLAY_LANGUAGES.length);
  });

  it('has a text for every language of the payment SDK’s country table', () => {
    const tableLanguages = new Set(Object.values(COUNTRY_LANGUAGES).flat());
    for (const language of tableLanguages) expect(overlayTextOf(language).lang.replace('-', '_')).toBe(language);
  });

  it('English is the spec’s wording and the fallback', () => {
    const english = {
      lang: 'en',
      dir: 'ltr',
      help: "Don't see the secure browser? We'll help you re-launch the window to complete your donation",
      continue: 'Click to Continue',
    };
    expect(overlayText(['en-US'])).toEqual(english);
    expect(ENGLISH_OVERLAY_TEXT).toEqual(english);
    expect(overlayText(['xx-YY', 'kl'])).toEqual(english);
    expect(overlayText([])).toEqual(english);
    expect(overlayTextOf('xx')).toEqual(english);
  });

  it('the language is the one the payment SDK resolves (provider/sdk/locale.ts), language and country', () => {
    const browsers = [['kl-GL', 'de-CH', 'fr'], ['fr-CA'], ['kl-DK'], ['he'], ['nb-NO'], ['zh-TW'], ['zh-HK'], ['zh-CN'], ['pt-BR', 'en']];
    for (const browserLocales of browsers) {
      expect(overlayText(browserLocales).lang.replace('-', '_')).toBe(resolveLocale({ browserLocales }).lang);
    }
    // The SDK's rules, not a language-tag lookup: a country's default language stands in for a
    // language the provider lacks, and a language alone that many countries list is not enough.
    expect(overlayText(['kl-DK']).continue).toBe('Klik for at fortsætte');
    expect(overlayText(['fr', 'fr-FR']).lang).toBe('fr');
    expect(overlayText(['fr', 'de-DE']).lang).toBe('de');
    expect(overlayText(['kl-GL', 'de-CH', 'fr']).continue).toBe('Zum Fortfahren klicken');
  });

  it('where the SDK resolves nothing (it says en_US), the first browser language with a text is used', () => {
    expect(resolveLocale({ browserLocales: ['fr'] }).lang).toBe('en');
    expect(overlayText(['fr']).continue).toBe('Cliquer pour continuer');
    expect(overlayText(['kl', 'es']).lang).toBe('es');
    expect(overlayText(['kl']).lang).toBe('en');
  });

  it('Chinese in Taiwan and Hong Kong is traditional', () => {
    expect(overlayText(['zh-TW']).lang).toBe('zh-Hant');
    expect(overlayText(['zh_HK']).lang).toBe('zh-Hant');
    expect(overlayText(['zh-CN']).lang).toBe('zh');
  });

  it('Arabic and Hebrew are right to left', () => {
    expect(overlayText(['ar-EG']).dir).toBe('rtl');
    expect(overlayText(['he']).dir).toBe('rtl');
    expect(overlayText(['pt-BR']).dir).toBe('ltr');
  });

  it('issue 35: the light module knows the same languages, gives English at once and loads any other from the table', async () => {
    // An instance of the light module of its own, whose table is not loaded yet: the unit project's
    // files share their workers (vite.config.ts), and another file may have loaded it into the one
    // imported above.
    const { OVERLAY_LANGUAGE_KEYS, loadOverlayText } = (await import(/* @vite-ignore */ `./overlay-text?instance=${'fresh'}`)) as typeof import('./overlay-text');
    expect([...OVERLAY_LANGUAGE_KEYS].sort()).toEqual([...OVERLAY_LANGUAGES].sort());
    expect(loadOverlayText(['en-US'])).toEqual(ENGLISH_OVERLAY_TEXT);
    expect(loadOverlayText(['xx-YY'])).toEqual(ENGLISH_OVERLAY_TEXT);
    const german = loadOverlayText(['kl-GL', 'de-CH', 'fr']);
    expect(german).toBeInstanceOf(Promise);
    expect(await german).toEqual(overlayText(['kl-GL', 'de-CH', 'fr']));
    for (const browserLocales of [['fr'], ['zh-TW'], ['he'], ['kl', 'es'], ['pt-BR', 'en']]) {
      expect(await loadOverlayText(browserLocales)).toEqual(overlayText(browserLocales));
    }
  });
});
