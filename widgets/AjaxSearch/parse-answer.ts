import { EMPTY_ANSWER, type SearchEntry, type SearchResults } from '../../machines/ajax-search/ajax-search.rules';

/**
 * Reads the server's §7 search answer (HTML) into results the view renders itself, so the listbox,
 * its options and their ids stay the view's own. "0" is the empty answer.
 */
export function parseAnswer(html: string, parser: DOMParser = new DOMParser()): SearchResults | null {
  if (html.trim() === EMPTY_ANSWER || html.trim() === '') return null;
  const doc = parser.parseFromString(html, 'text/html');
  const entryOf = (link: Element): SearchEntry => ({
    href: link.getAttribute('href') ?? '',
    title: (link.querySelector('[data-search-title]')?.textContent ?? link.textContent ?? '').trim(),
    excerpt: (link.querySelector('[data-search-excerpt]')?.textContent ?? '').trim(),
  });
  const groups = [...doc.querySelectorAll('[data-search-group]')].map((group) => ({
    type: group.getAttribute('data-search-group') ?? '',
    entries: [...group.querySelectorAll('a[data-search-entry]')].map(entryOf),
  }));
  const notFound = doc.querySelector('[data-search-not-found]')?.textContent?.trim() ?? null;
  const viewAllLink = doc.querySelector('a[data-search-view-all]');
  const viewAll = viewAllLink ? { href: viewAllLink.getAttribute('href') ?? '', title: viewAllLink.textContent?.trim() ?? '', excerpt: '' } : null;
  return { groups, notFound, viewAll };
}
