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

/**
 * The provider's published table, row by row (COUNTRY_LANGS of its open-source constants package,
 * @paypal/sdk-constants src/locale): country, then its languages with the default first.
 */
const PROVIDER_COUNTRY_LANGS = `
AD en fr es zh
AE en fr es zh ar
AG en fr es zh
AI en fr es zh
AL sq en
AM en fr es zh
AN en fr es zh
AO en fr es zh
AR es en
AT de en
AU en
AW en fr es zh
AZ en fr es zh
BA en
BB en fr es zh
BE en nl fr
BF fr en es zh
BG bg en
BH ar en fr es zh
BI fr en es zh
BJ fr en es zh
BM en fr es zh
BN ms en
BO es en fr zh
BR pt en
BS en fr es zh
BT en
BW en fr es zh
BY en
BZ en es fr zh
CA en fr
CD fr en es zh
CG en fr es zh
CH de fr en
CI fr en
CK en fr es zh
CL es en fr zh
CM fr en
CN zh
CO es en fr zh
CR es en fr zh
CV en fr es zh
CY en
CZ cs en
DE de en
DJ fr en es zh
DK da en
DM en fr es zh
DO es en fr zh
DZ ar en fr es zh
EC es en fr zh
EE et en ru
EG ar en fr es zh
ER en fr es zh
ES es en
ET en fr es zh
FI fi en
FJ en fr es zh
FK en fr es zh
FM en
FO da en fr es zh
FR fr en
GA fr en es zh
GB en
GD en fr es zh
GE en fr es zh
GF en fr es zh
GI en fr es zh
GL da en fr es zh
GM en fr es zh
GN fr en es zh
GP en fr es zh
GR el en
GT es en fr zh
GW en fr es zh
GY en fr es zh
HK en zh_Hant zh
HN es en fr zh
HR en
HU hu en
ID id en
IE en fr es zh
IL he en
IN en
IS en
IT it en
JM en es fr zh
JO ar en fr es zh
JP ja en
KE en fr es zh
KG en fr es zh
KH en
KI en fr es zh
KM fr en es zh
KN en fr es zh
KR ko en
KW ar en fr es zh
KY en fr es zh
KZ en fr es zh
LA en
LC en fr es zh
LI en fr es zh
LK si en
LS en fr es zh
LT lt en ru zh
LU en de fr es zh
LV lv en ru
MA ar en fr es zh
MC fr en
MD en
ME en
MG en fr es zh
MH en fr es zh
MK en
ML fr en es zh
MN en
MQ en fr es zh
MR en fr es zh
MS en fr es zh
MT en
MU en fr es zh
MV en
MW en fr es zh
MX es en
MY ms en
MZ en fr es zh
NA en fr es zh
NC en fr es zh
NE fr en es zh
NF en fr es zh
NG en
NI es en fr zh
NL nl en
NO no en
NP en
NR en fr es zh
NU en fr es zh
NZ en fr es zh
OM ar en fr es zh
PA es en fr zh
PE es en fr zh
PF en fr es zh
PG en fr es zh
PH tl en
PL pl en
PM en fr es zh
PN en fr es zh
PT pt en
PW en fr es zh
PY es en
QA en fr es zh ar
RE en fr es zh
RO ro en
RS en fr es zh
RU ru en
RW fr en es zh
SA ar en fr es zh
SB en fr es zh
SC fr en es zh
SE sv en
SG en
SH en fr es zh
SI sl en
SJ en fr es zh
SK sk en
SL en fr es zh
SM en fr es zh
SN fr en es zh
SO en fr es zh
SR en fr es zh
ST en fr es zh
SV es en fr zh
SZ en fr es zh
TC en fr es zh
TD fr en es zh
TG fr en es zh
TH th en
TJ en fr es zh
TM en fr es zh
TN ar en fr es zh
TO en
TR tr en
TT en fr es zh
TV en fr es zh
TW zh_Hant zh en
TZ en fr es zh
UA en ru fr es zh
UG en fr es zh
US en fr es zh
UY es en fr zh
VA en fr es zh
VC en fr es zh
VE es en fr zh
VG en fr es zh
VN vi en
VU en fr es zh
WF en fr es zh
WS en
YE ar en fr es zh
YT en fr es zh
ZA en fr es zh
ZM en fr es zh
ZW en
`;

describe('the table equals the provider’s constants, every row (issue 20, item 12)', () => {
  const rows = PROVIDER_COUNTRY_LANGS.trim()
    .split('\n')
    .map((line) => line.split(' '));

  it('has exactly the provider’s countries (no extra code)', () => {
    expect(Object.keys(COUNTRY_LANGUAGES).sort()).toEqual(rows.map(([country]) => country).sort());
  });

  it.each(rows.map(([country = '', ...languages]) => [country, languages] as const))('%s lists %j', (country, languages) => {
    expect(COUNTRY_LANGUAGES[country as keyof typeof COUNTRY_LANGUAGES]).toEqual(languages);
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

describe('the locale parameter as the provider reads it (issue 20, item 13)', () => {
  it.each([
    ['EN_US', { lang: 'en', country: 'US' }],
    ['Fr_CA', { lang: 'fr', country: 'CA' }],
    ['ZH_HK', { lang: 'zh_Hant', country: 'HK' }],
    ['en_US', { lang: 'en', country: 'US' }],
  ])('%s: the language is lower-cased', (locale, expected) => {
    expect(resolveLocale({ locale })).toEqual(expected);
    expect(formatLocale(resolveLocale({ locale }))).toBe(`${expected.lang}_${expected.country}`);
  });
});

