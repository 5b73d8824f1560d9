/**
 * Widget labels in the page's language (docs/adding-a-widget.md#labels-and-translations).
 *
 * Every label a widget renders itself ("Next slide", "Close") is a key of a table of English
 * defaults declared beside the widget (`<feature>.translations.ts`). The island's content may carry
 * `translations`, a partial table in the page's language: the prerender fills it from the site's
 * table for the page's `lang` (runtime/render/Island.tsx), and a page may override single keys.
 * Labels with parts ("{index} of {count}") are templates filled by `format`.
 */
export type Translations<T> = { readonly [K in keyof T]: string };

/** The defaults, with the keys the content gives in its own language laid over them. */
export function translate<T extends Record<string, string>>(defaults: T, given: Partial<Record<keyof T, string>> | undefined): Translations<T> {
  if (!given) return defaults;
  const merged: Record<string, string> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const value = given[key as keyof T];
    if (typeof value === 'string' && value !== '') merged[key] = value;
  }
  return merged as Translations<T>;
}

/** Fills `{name}` placeholders; a placeholder without a value stays as written, so a gap shows. */
export function format(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The placeholders a template uses, for tests that check a translation keeps them all. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

/**
 * A template as the pieces JSX would give it: its literal text and the values, in order, empty
 * pieces left out. Rendered as children, each piece is its own text node, so a label written
 * `Watch “{title}” on {platform}` keeps the markup `Watch “{title}” on {platform}` in JSX had.
 */
export function formatParts(template: string, values: Readonly<Record<string, string | number>>): string[] {
  const parts: string[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const name = match[1] ?? '';
    if (!(name in values)) continue;
    parts.push(template.slice(last, match.index));
    parts.push(String(values[name]));
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  return parts.filter((part) => part !== '');
}
