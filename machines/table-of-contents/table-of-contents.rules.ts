/** A heading as found on the page. */
export interface PageHeading {
  level: number;
  text: string;
  /** '' when the heading has none. */
  id: string;
  excluded: boolean;
}

export interface TocEntry {
  level: number;
  text: string;
  id: string;
}

/** Reference notes: a missing id is a slug of the text: lowercase, runs of non-alphanumerics -> '-', trimmed. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Parses the levels setting ("2,3" or "h2, h3") into heading levels 1-6; anything unusable is dropped. */
export function parseLevels(raw: string): number[] {
  return [...new Set(raw.split(',').map((part) => Number(part.trim().replace(/^h/i, ''))).filter((n) => Number.isInteger(n) && n >= 1 && n <= 6))].sort();
}

/**
 * The table of contents (§1): headings of the chosen levels, in page order, skipping excluded ones.
 * A heading without an id gets the slug of its text, made unique against every id on the page.
 */
export function buildToc(headings: readonly PageHeading[], levels: readonly number[], takenIds: readonly string[] = []): TocEntry[] {
  const taken = new Set([...takenIds, ...headings.map((h) => h.id).filter(Boolean)]);
  const entries: TocEntry[] = [];
  for (const heading of headings) {
    if (heading.excluded || !levels.includes(heading.level)) continue;
    let id = heading.id;
    if (!id) {
      const base = slugify(heading.text) || 'section';
      id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
      taken.add(id);
    }
    entries.push({ level: heading.level, text: heading.text.trim(), id });
  }
  return entries;
}

/**
 * Issue 20.5: the current entry is the one whose heading the visitor sees. The entry just followed,
 * while its heading is in the band (two headings side by side, or near the page's end, are in view
 * together); else the first heading in the band; else the last heading above the band (the reader
 * is inside its section); else none.
 */
export function currentEntry(order: readonly string[], inBand: readonly string[], above: readonly string[], followed: string | null): string | null {
  if (followed !== null && inBand.includes(followed)) return followed;
  const first = order.find((id) => inBand.includes(id));
  if (first !== undefined) return first;
  return [...order].reverse().find((id) => above.includes(id)) ?? null;
}
