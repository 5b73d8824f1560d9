/**
 * The full results page (GET /search/?s=…), rendered by the server per request in the site's shell.
 * It is also the header search's answer with JS off. The engine's own, unless the site's config gives
 * its `searchResultsPage` (runtime/site.ts). React escapes every echo of the query.
 */
export interface SearchResultGroup {
  type: string;
  hits: Array<{ path: string; title: string; excerpt: string }>;
}

export interface SearchResultsPageProps {
  /** What was searched for, as typed (trimmed); '' before a search. */
  query: string;
  /** The hits grouped by their page type, best first. */
  groups: SearchResultGroup[];
  /** The query is too short to search: no groups, and the page says why. */
  tooShort: boolean;
}

export function SearchResultsPage({ query, groups, tooShort }: SearchResultsPageProps) {
  const count = groups.reduce((sum, group) => sum + group.hits.length, 0);
  return (
    <article className="page search-page" data-search-type="Pages">
      <h1>{query === '' ? 'Search the site' : `Search results for “${query}”`}</h1>
      <form className="search-page__form" role="search" aria-label="Search again" action="/search/" method="get">
        <label htmlFor="search-page-field">Search for</label>
        <input id="search-page-field" name="s" type="search" defaultValue={query} minLength={3} />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <p className="search-page__summary" role="status">
        {tooShort
          ? 'Type at least 3 characters to search.'
          : count === 0
            ? `Sorry, nothing matched “${query}”. Try other words or fewer letters.`
            : `${count} ${count === 1 ? 'page matches' : 'pages match'}.`}
      </p>
      {groups.map((group) => (
        <section key={group.type} className="search-page__group" aria-labelledby={`search-group-${group.type}`}>
          <h2 id={`search-group-${group.type}`}>{group.type}</h2>
          <ol className="search-page__list">
            {group.hits.map((hit) => (
              <li key={hit.path}>
                <a href={hit.path}>{hit.title}</a>
                <p>{hit.excerpt}</p>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </article>
  );
}
