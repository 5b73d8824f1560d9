import { describe, expect, it } from 'vitest';
import { format, formatParts, placeholders, translate } from './translations';

const defaults = { next: 'Next slide', slide: '{index} of {count}: {title}' };

describe('widget labels (runtime/translations.ts)', () => {
  it('lays the given keys over the English defaults; missing, empty and unknown keys keep the default', () => {
    expect(translate(defaults, undefined)).toBe(defaults);
    expect(translate(defaults, { next: 'الشريحة التالية' })).toEqual({ next: 'الشريحة التالية', slide: '{index} of {count}: {title}' });
    expect(translate(defaults, { next: '' })).toEqual(defaults);
    expect(translate(defaults, { other: 'x' } as Partial<typeof defaults>)).toEqual(defaults);
  });

  it('fills placeholders; one without a value stays visible', () => {
    expect(format(defaults.slide, { index: 2, count: 5, title: 'Kites' })).toBe('2 of 5: Kites');
    expect(format('{index} من {count}', { index: 3 })).toBe('3 من {count}');
    expect(placeholders(defaults.slide)).toEqual(['count', 'index', 'title']);
  });

  it('splits a template into the text nodes JSX would give it, so the markup stays the same', () => {
    expect(formatParts('Watch “{title}” on {platform}', { title: 'Kites', platform: 'Vimeo' })).toEqual(['Watch “', 'Kites', '” on ', 'Vimeo']);
    expect(formatParts('{title}, video', { title: 'Kites' })).toEqual(['Kites', ', video']);
    expect(formatParts('{a}{b}', { a: 1, b: '' })).toEqual(['1']);
    expect(formatParts('{index} من {count}', { index: 3 })).toEqual(['3', ' من {count}']);
  });
});
