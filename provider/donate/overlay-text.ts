import { resolveBrowserLocale } from '../sdk/locale';
import type { OverlayText } from './overlay-texts';

/**
 * §8, reference notes: which language the donate overlay's help text and its "Click to Continue"
 * link are in, chosen from the browser's language and country by the payment SDK's locale
 * resolution (provider/sdk/locale.ts), English when none matches. The English text is here; the
 * other ~35 languages are a chunk of their own (overlay-texts.ts, 3.7 KB gzip) that loads only for a
 * visitor who needs one of them (issue 35: a page pays for what its visitor uses).
 */
export type { OverlayText } from './overlay-texts';

/** The languages overlay-texts.ts has a text for (its test checks the two lists agree). */
export const OVERLAY_LANGUAGE_KEYS = [
  'ar', 'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'he', 'hu', 'id', 'it', 'ja', 'ko', 'lt',
  'lv', 'ms', 'nl', 'no', 'pl', 'pt', 'ro', 'ru', 'si', 'sk', 'sl', 'sq', 'sv', 'th', 'tl', 'tr', 'vi', 'zh', 'zh_Hant',
] as const;

/** §8: the spec's English wording, and the fallback. */
export const ENGLISH_OVERLAY_TEXT: OverlayText = {
  lang: 'en',
  dir: 'ltr',
  help: "Don't see the secure browser? We'll help you re-launch the window to complete your donation",
  continue: 'Click to Continue',
};

const hasText = (key: string) => (OVERLAY_LANGUAGE_KEYS as readonly string[]).includes(key);

/**
 * The language the payment SDK resolves from the browser's locales (navigator.languages, best
 * first): language and country through the provider's country table, so zh-TW and zh-HK give
 * traditional Chinese and a country's default language stands in for one the provider lacks. Where
 * the SDK resolves nothing (a bare language many countries speak, such as 'fr', which it leaves to
 * en_US), the help text is still for the visitor to read: the first browser language with a text is
 * used, then English.
 */
export function overlayLanguageOf(browserLocales: readonly string[]): string {
  const resolved = resolveBrowserLocale(browserLocales);
  if (resolved && hasText(resolved.lang)) return resolved.lang;
  if (resolved) return 'en';
  return browserLocales.map((tag) => tag.split(/[-_]/)[0]?.toLowerCase() ?? '').find(hasText) ?? 'en';
}

let table: Promise<typeof import('./overlay-texts')> | undefined;
let loaded: typeof import('./overlay-texts') | undefined;

/**
 * The overlay's text for these browser locales: English at once; another language once the table's
 * chunk has loaded (at once after that), or a promise of it that starts the load.
 */
export function loadOverlayText(browserLocales: readonly string[]): OverlayText | Promise<OverlayText> {
  const language = overlayLanguageOf(browserLocales);
  if (language === 'en') return ENGLISH_OVERLAY_TEXT;
  if (loaded) return loaded.overlayTextOf(language);
  table ??= import('./overlay-texts').then((module) => (loaded = module));
  return table.then(({ overlayTextOf }) => overlayTextOf(language));
}
