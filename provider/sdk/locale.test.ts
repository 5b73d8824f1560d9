import { describe, expect, it } from 'vitest';
import { COUNTRY_LANGUAGES, browserLocalesOf, countriesSpeaking, formatLocale, parseBrowserLocale, resolveLocale } from './locale';

describe('the country to languages table (§3)', () => {
  it('covers about 200 countries, each with a default language first', () => {
    const countries = Object.keys(COUNTRY_LANGUAGES);
    expect(countries.length).toBeGreaterThanOrEqual(200);
    for (const country of countries) {
      expect(country).toMatch(/^[A-Z][A-Z0-9]$/);
      expect(COUNTRY_LANGUAGES[country as keyof typeof COUNTRY_LANGUAGES].length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['US', ['en', 'fr', 'es', 'zh']],
    ['CA', ['en', 'fr']],
    ['CH', ['de', 'fr', 'en']],
    ['HK', ['en', 'zh_Hant', 'zh']],
    ['TW', ['zh_Hant', 'zh', 'en']],
    ['JP', ['ja', 'en']],
    ['BE', ['en', 'nl', 'fr']],
    ['DE', ['de', 'en']],
    ['BR', ['pt', 'en']],
    ['CN', ['zh']],
  ])('%s lists %j', (country, languages) => {
    expect(COUNTRY_LANGUAGES[country as keyof typeof COUNTRY_LANGUAGES]).toEqual(languages);
  });

  it('every language of the donate overlay list but tl has a country', () => {
    const languages = 'ar bg cs da de el en es et fi fr he hu id it ja ko lt lv ms nl no pl pt ro ru si sk sl sq sv th tr vi zh zh_Hant'.split(' ');
    for (const lang of languages) expect(countriesSpeaking(lang).length, lang).toBeGreaterThan(0);
  });
});

describe('browser locales', () => {
  it.each([
    ['en-US', { lang: 'en', country: 'US' }],
    ['fr_CA', { lang: 'fr', country: 'CA' }],
    ['DE-de', { lang: 'de', country: 'DE' }],
    ['ja', { lang: 'ja' }],
    ['zh-TW', { lang: 'zh_Hant', country: 'TW' }],
    ['zh-Hant-TW', undefined],
    ['english', undefined],
    ['', undefined],
  ])('%s', (text, expected) => {
    expect(parseBrowserLocale(text)).toEqual(expected);
  });

  it('reads navigator.languages, else navigator.language', () => {
    expect(browserLocalesOf({ languages: ['fr-FR', 'en'], language: 'fr-FR' })).toEqual(['fr-FR', 'en']);
    expect(browserLocalesOf({ languages: [], language: 'de-AT' })).toEqual(['de-AT']);
    expect(browserLocalesOf(undefined)).toEqual([]);
  });
});

describe('locale resolution (reference notes)', () => {
  it.each([
    // The locale parameter wins, split on '_'.
    [{ locale: 'fr_CA', browserLocales: ['de-DE'] }, 'fr_CA'],
    [{ locale: 'zh_HK' }, 'zh_Hant_HK'],
    [{ locale: 'zh_TW' }, 'zh_Hant_TW'],
    [{ locale: 'zh_CN' }, 'zh_CN'],
    // A pair whose country lists the language.
    [{ browserLocales: ['fr-CA'] }, 'fr_CA'],
    [{ browserLocales: ['es-US'] }, 'es_US'],
    [{ browserLocales: ['zh-HK'] }, 'zh_Hant_HK'],
    [{ browserLocales: ['zh-TW'] }, 'zh_Hant_TW'],
    // Not listed in that country: the only country that lists the language.
    [{ browserLocales: ['ja-US'] }, 'ja_JP'],
    [{ browserLocales: ['ja'] }, 'ja_JP'],
    [{ browserLocales: ['ko'] }, 'ko_KR'],
    [{ browserLocales: ['sv-FI'] }, 'sv_SE'],
    // Tried in order: the first locale that resolves wins.
    [{ browserLocales: ['xx-YY', 'pl-PL', 'en-GB'] }, 'pl_PL'],
    // A language many countries list does not resolve alone; the first known country's default does.
    [{ browserLocales: ['en', 'de-CH'] }, 'de_CH'],
    [{ browserLocales: ['it-CA'] }, 'it_IT'],
    [{ browserLocales: ['ga-IE'] }, 'en_IE'],
    [{ browserLocales: ['fr'] }, 'en_US'],
    // Nothing known: en_US.
    [{ browserLocales: ['xx-YY'] }, 'en_US'],
    [{ browserLocales: [] }, 'en_US'],
    [{}, 'en_US'],
  ])('%j -> %s', (input, expected) => {
    expect(formatLocale(resolveLocale(input))).toBe(expected);
  });
});
