import { COUNTRY_LANGUAGES, type CountryCode } from './locale-table';

export { COUNTRY_LANGUAGES, type CountryCode, type LanguageCode } from './locale-table';

/** §3: a language_COUNTRY pair. */
export interface Locale {
  lang: string;
  country: string;
}

/** Reference notes: the fallback when nothing else resolves. */
export const DEFAULT_LOCALE: Locale = { lang: 'en', country: 'US' };

/** §3: Chinese in Hong Kong and Taiwan is traditional Chinese. */
const TRADITIONAL_CHINESE_COUNTRIES = ['HK', 'TW'];

function isCountry(country: string | undefined): country is CountryCode {
  return country !== undefined && Object.hasOwn(COUNTRY_LANGUAGES, country);
}

function languagesOf(country: string | undefined): readonly string[] {
  return isCountry(country) ? COUNTRY_LANGUAGES[country] : [];
}

function traditionalIfNeeded(lang: string, country: string | undefined): string {
  return lang === 'zh' && country !== undefined && TRADITIONAL_CHINESE_COUNTRIES.includes(country) ? 'zh_Hant' : lang;
}

/** A browser locale: xx, xx-YY or xx_YY; anything else is ignored. */
export function parseBrowserLocale(text: string): { lang: string; country?: string } | undefined {
  const match = /^([a-z]{2})(?:[-_]([a-z]{2}))?$/i.exec(text.trim());
  if (!match?.[1]) return undefined;
  const lang = match[1].toLowerCase();
  const country = match[2]?.toUpperCase();
  return country ? { lang: traditionalIfNeeded(lang, country), country } : { lang };
}

/** The countries whose table lists a language. */
export function countriesSpeaking(lang: string): CountryCode[] {
  return (Object.keys(COUNTRY_LANGUAGES) as CountryCode[]).filter((country) => languagesOf(country).includes(lang));
}

/**
 * Reference notes, locale: the `locale` parameter wins, split on '_', its language lower-cased (zh
 * with HK/TW gives zh_Hant).
 * Otherwise each browser locale in turn: the pair when its country lists the language, else the
 * only country that lists the language. Then the first browser locale whose country is known, with
 * that country's default language. Else en_US.
 */
export function resolveLocale({ locale, browserLocales = [] }: { locale?: string | undefined; browserLocales?: readonly string[] }): Locale {
  if (locale) {
    const [lang = '', country = ''] = locale.split('_');
    // The provider looks the language up by its upper-case name and gets it lower-case (EN_US -> en_US).
    return { lang: traditionalIfNeeded(lang.toLowerCase(), country), country };
  }
  return resolveBrowserLocale(browserLocales) ?? { ...DEFAULT_LOCALE };
}

/** The browser locales' resolution of `resolveLocale`, or undefined where it falls back to en_US. */
export function resolveBrowserLocale(browserLocales: readonly string[]): Locale | undefined {
  const parsed = browserLocales.map(parseBrowserLocale).filter((entry) => entry !== undefined);
  for (const { lang, country } of parsed) {
    if (country !== undefined && languagesOf(country).includes(lang)) return { lang, country };
    const only = countriesSpeaking(lang);
    if (only.length === 1 && only[0] !== undefined) return { lang, country: only[0] };
  }
  for (const { country } of parsed) {
    const [first] = languagesOf(country);
    if (country !== undefined && first !== undefined) return { lang: first, country };
  }
  return undefined;
}

/** The browser's locales from a navigator-like object (languages, else language). */
export function browserLocalesOf(navigator: { languages?: readonly string[]; language?: string } | undefined): string[] {
  if (!navigator) return [];
  if (navigator.languages && navigator.languages.length > 0) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}

/** language_COUNTRY, as the provider writes it. */
export function formatLocale({ lang, country }: Locale): string {
  return `${lang}_${country}`;
}
