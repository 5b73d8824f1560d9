import { describe, expect, it } from 'vitest';
import { search } from './index';
import { buildIndex } from './inverted';
import { MEDICINE_SYNONYMS, synonymsOf } from './synonyms';

/** Issue 49, item 9: medicine names and a site's own synonyms. */
const pages = [
  { path: '/dosing/', type: 'Pages', title: 'Fever and pain medicine', body: 'A child’s dose of acetaminophen or ibuprofen by weight.' },
  { path: '/asthma/', type: 'Pages', title: 'Asthma at home', body: 'The blue inhaler (salbutamol) opens the airways.' },
  { path: '/breaks/', type: 'Pages', title: 'Short breaks', body: 'Respite nights at the hospice for the whole family.' },
];
const index = buildIndex(pages);
const paths = (text: string, synonyms = synonymsOf(undefined)) => search(index, text, 5, synonyms).map((hit) => hit.path);

describe('search synonyms (issue 49)', () => {
  it('the engine’s medicine names: "paracetamol" and its brands find the page that says acetaminophen', () => {
    expect(paths('paracetamol')).toEqual(['/dosing/']);
    expect(paths('Calpol dose')).toEqual(['/dosing/']);
    expect(paths('nurofen')).toEqual(['/dosing/']);
    expect(paths('ALBUTEROL')).toEqual(['/asthma/']);
    // Without synonyms, nothing.
    expect(paths('paracetamol', new Map())).toEqual([]);
    // A synonym is matched whole: the start of one is not.
    expect(paths('paracet')).toEqual([]);
    // The excerpt is at the word the page says.
    expect(search(index, 'paracetamol', 5, synonymsOf(undefined))[0]?.excerpt).toContain('acetaminophen');
  });

  it('every built-in group is two or more distinct single words, none in two groups', () => {
    const seen = new Set<string>();
    for (const group of MEDICINE_SYNONYMS) {
      expect(group.length).toBeGreaterThanOrEqual(2);
      for (const word of group) {
        expect(word).toMatch(/^[a-z]+$/);
        expect(seen.has(word), word).toBe(false);
        seen.add(word);
      }
    }
  });

  it('a site’s own groups add to them, case and accents folded; medicineSynonyms: false leaves the engine’s out', () => {
    const warnings: string[] = [];
    const site = synonymsOf({ synonyms: [['Respite', 'séjour', 'hospice']] }, (message) => warnings.push(message));
    expect(warnings).toEqual([]);
    expect(paths('sejour', site)).toEqual(['/breaks/']);
    expect(paths('paracetamol', site)).toEqual(['/dosing/']);
    const own = synonymsOf({ synonyms: [['respite', 'sejour']], medicineSynonyms: false });
    expect(paths('séjour', own)).toEqual(['/breaks/']);
    expect(paths('paracetamol', own)).toEqual([]);
  });

  it('entries that are not one word, and groups too small, are left out with one warning; the rest apply', () => {
    const warnings: string[] = [];
    const declared = [['short break', 'respite', 'sejour'], ['alone'], 'respite' as unknown as string[], [42 as unknown as string, 'x']];
    const synonyms = synonymsOf({ synonyms: declared }, (message) => warnings.push(message));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"short break" in group 1 is not one word');
    expect(warnings[0]).toContain('group 2 has fewer than two words');
    expect(warnings[0]).toContain('group 3 is not a list of words');
    expect(warnings[0]).toContain('42 in group 4 is not one word');
    expect(paths('sejour', synonyms)).toEqual(['/breaks/']);
    expect(synonyms.get('short')).toBeUndefined();
    const notAList: string[] = [];
    synonymsOf({ synonyms: 'respite=sejour' as unknown as string[][] }, (message) => notAList.push(message));
    expect(notAList).toEqual(['search.synonyms in the site config: synonyms is string, not a list of groups of words; left out (the other synonyms apply)']);
  });
});
