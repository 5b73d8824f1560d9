import { describe, expect, it } from 'vitest';
import { OVERLAY_LANGUAGES, overlayLanguageOf, overlayText } from './overlay-text';

describe('§8 the overlay help text and "Click to Continue"', () => {
  it('exists in the 36 languages of the reference notes', () => {
    expect(OVERLAY_LANGUAGES.sort()).toEqual(
      'ar bg cs da de el en es et fi fr he hu id it ja ko lt lv ms nl no pl pt ro ru si sk sl sq sv th tl tr vi zh zh_Hant'.split(' ').sort(),
    );
    const helps = new Set(OVERLAY_LANGUAGES.map((key) => overlayText([key.replace('_', '-')]).help));
    expect(helps.size).toBe(OVERLAY_LANGUAGES.length);
  });

  it('English is the spec’s wording and the fallback', () => {
    const english = {
      lang: 'en',
      dir: 'ltr',
      help: "Don't see the secure browser? We'll help you re-launch the window to complete your donation",
      continue: 'Click to Continue',
    };
    expect(overlayText(['en-US'])).toEqual(english);
    expect(overlayText(['xx-YY', 'kl'])).toEqual(english);
    expect(overlayText([])).toEqual(english);
  });

  it('takes the first browser language that has a text', () => {
    expect(overlayText(['kl-GL', 'de-CH', 'fr']).continue).toBe('Zum Fortfahren klicken');
  });

  it('reads language and country: Chinese in Taiwan, Hong Kong and Macao is traditional', () => {
    expect(overlayLanguageOf('zh-CN')).toBe('zh');
    expect(overlayLanguageOf('zh')).toBe('zh');
    expect(overlayLanguageOf('zh-TW')).toBe('zh_Hant');
    expect(overlayLanguageOf('zh_HK')).toBe('zh_Hant');
    expect(overlayLanguageOf('zh-Hant')).toBe('zh_Hant');
    expect(overlayLanguageOf('zh-Hans-HK')).toBe('zh');
    expect(overlayText(['zh-TW']).lang).toBe('zh-Hant');
  });

  it('maps older codes: nb/nn to no, iw to he, in to id, fil to tl', () => {
    expect(overlayLanguageOf('nb-NO')).toBe('no');
    expect(overlayLanguageOf('nn')).toBe('no');
    expect(overlayLanguageOf('iw-IL')).toBe('he');
    expect(overlayLanguageOf('in')).toBe('id');
    expect(overlayLanguageOf('fil-PH')).toBe('tl');
  });

  it('Arabic and Hebrew are right to left', () => {
    expect(overlayText(['ar-EG']).dir).toBe('rtl');
    expect(overlayText(['he']).dir).toBe('rtl');
    expect(overlayText(['pt-BR']).dir).toBe('ltr');
  });
});
