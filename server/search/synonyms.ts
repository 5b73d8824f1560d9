import type { SiteSearch } from '../../runtime/site';
import { words, type Synonyms } from './inverted';

/**
 * Search synonyms (issue 49, item 9): a parent who types "paracetamol" finds the dosing page that
 * says "acetaminophen". A group of words find each other: a query word typed whole that is in a
 * group also matches every other word of the group, whole (a synonym is not a prefix: "para" does
 * not find "paracetamol"'s group). The engine ships the medicine names below; a site adds its own
 * groups in its config (`search.synonyms`, runtime/site.ts). Synonyms apply when a query is
 * answered, so a change to them needs no new index.
 *
 * The built-in groups are names of the same medicine only, where that is certain: the
 * international name, the British or American name where they differ, and brand names that are
 * that one medicine (Calpol, Nurofen). Names of medicines that only resemble one another, and brand
 * names sold for different medicines in different countries (Benadryl), are left out.
 */
export const MEDICINE_SYNONYMS: ReadonlyArray<readonly string[]> = [
  ['paracetamol', 'acetaminophen', 'tylenol', 'calpol', 'panadol'],
  ['ibuprofen', 'nurofen', 'advil', 'motrin', 'brufen'],
  ['salbutamol', 'albuterol', 'ventolin'],
  ['adrenaline', 'epinephrine', 'epipen'],
  ['noradrenaline', 'norepinephrine'],
  ['cetirizine', 'zyrtec'],
  ['loratadine', 'claritin'],
  ['chlorphenamine', 'chlorpheniramine', 'piriton'],
  ['oseltamivir', 'tamiflu'],
  ['montelukast', 'singulair'],
  ['ondansetron', 'zofran'],
  ['amoxicillin', 'amoxycillin'],
  ['cefalexin', 'cephalexin'],
  ['aciclovir', 'acyclovir'],
  ['lidocaine', 'lignocaine'],
  ['furosemide', 'frusemide'],
  ['hyoscine', 'scopolamine'],
  ['phenobarbital', 'phenobarbitone'],
  ['rifampicin', 'rifampin'],
  ['simeticone', 'simethicone'],
  ['colecalciferol', 'cholecalciferol'],
];

/**
 * The synonyms a site searches with: the engine's medicine names (unless `medicineSynonyms` is
 * false) and the site's own groups. A group's words are taken as the search reads words (case
 * and accents folded); an entry that is not one word, or a group of fewer than two words, is left
 * out and named in one warning, and the rest still apply.
 */
export function synonymsOf(config: SiteSearch | undefined, warn: (message: string) => void = console.warn): Synonyms {
  const problems: string[] = [];
  const groups: string[][] = config?.medicineSynonyms === false ? [] : MEDICINE_SYNONYMS.map((group) => [...group]);
  const declared: unknown = config?.synonyms;
  if (declared !== undefined && !Array.isArray(declared)) problems.push(`synonyms is ${typeof declared}, not a list of groups of words`);
  for (const [g, group] of (Array.isArray(declared) ? (declared as unknown[]) : []).entries()) {
    if (!Array.isArray(group)) {
      problems.push(`group ${g + 1} is not a list of words`);
      continue;
    }
    const kept: string[] = [];
    for (const entry of group as unknown[]) {
      const found = typeof entry === 'string' ? words(entry) : [];
      if (found.length === 1) kept.push(found[0] as string);
      else problems.push(`${JSON.stringify(entry)} in group ${g + 1} is not one word`);
    }
    if (new Set(kept).size >= 2) groups.push(kept);
    else problems.push(`group ${g + 1} has fewer than two words`);
  }
  if (problems.length > 0) warn(`search.synonyms in the site config: ${problems.join('; ')}; left out (the other synonyms apply)`);
  const found = new Map<string, Set<string>>();
  for (const group of groups) {
    for (const word of group) {
      const others = found.get(word) ?? new Set<string>();
      for (const other of group) if (other !== word) others.add(other);
      found.set(word, others);
    }
  }
  return new Map([...found].map(([word, others]) => [word, [...others]]));
}
