import type { FastifyInstance } from 'fastify';
import { isSearchable, queryOf } from '../../machines/ajax-search/ajax-search.rules';
import { SearchResultsPage } from '../../runtime/render/SearchResultsPage';
import type { SiteConfig } from '../../runtime/site';
import type { ServerConfig } from '../config';
import type { HtmlManifest } from '../html-manifest';
import { readAssets, renderServerPage } from '../pages';
import { PAGE_LIMIT, groupByType, search, warmSearch } from './index';
import { loadOrBuildIndex } from './persist';
import type { InvertedIndex, Synonyms } from './inverted';
import { synonymsOf } from './synonyms';
import { SEARCH_PAGE } from './answer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built pages' search index, for the ajax search action (server/search/answer.ts). */
    siteSearch: InvertedIndex;
    /** The words that find each other in it: the engine's medicine names and the site's own (synonyms.ts). */
    siteSynonyms: Synonyms;
  }
}

/**
 * Loads the index of the built pages at start (built and saved once per build: persist.ts), and
 * serves GET /search/?s= with the full results: the site's own results page, else the engine's.
 */
export async function registerSearch(app: FastifyInstance, config: ServerConfig, site: Pick<SiteConfig, 'name' | 'searchResultsPage' | 'search'>, builtHtml?: HtmlManifest) {
  const ResultsPage = site.searchResultsPage ?? SearchResultsPage;
  const loaded = await loadOrBuildIndex(config.staticDir, config.dataDir, (message) => app.log.warn(message), builtHtml);
  const index = loaded.index;
  let closeSaved = loaded.close;
  app.decorate('siteSearch', index);
  const synonyms = synonymsOf(site.search, (message) => app.log.warn(message));
  app.decorate('siteSynonyms', synonyms);
  app.log.info(`search index: ${index.pages.length} pages, ${loaded.reused ? 'reused' : 'built'} in ${loaded.ms.toFixed(0)} ms`);
  // Issue 47: what the first queries would make, made while the server starts to listen (a step a turn).
  void warmSearch(index, synonyms, (message) => app.log.warn(message));
  let assets = readAssets(config.staticDir);
  // A new build published while the server runs (issue 30): its pages are searched, its menu shown.
  app.siteRelease.onChange((root) => {
    assets = readAssets(root);
    loadOrBuildIndex(root, config.dataDir, (message) => app.log.warn(message)).then(
      (next) => {
        // Swapped in place: the ajax action and this page both hold this object.
        Object.assign(index, next.index);
        // The old build's saved text is no longer shown (answers are made synchronously, so none is half done).
        closeSaved();
        closeSaved = next.close;
        app.log.info(`new build published: search index ${index.pages.length} pages`);
        void warmSearch(index, synonyms, (message) => app.log.warn(message));
      },
      (error: unknown) => app.log.warn(`new build published, its search index could not be read: ${String(error)}`),
    );
  });

  const handler = async (request: { query: unknown }, reply: import('fastify').FastifyReply) => {
    const raw = (request.query as Record<string, unknown> | undefined)?.s;
    const query = queryOf(typeof raw === 'string' ? raw : '').slice(0, 200);
    const tooShort = !isSearchable(query);
    const groups = tooShort ? [] : groupByType(search(index, query, PAGE_LIMIT, synonyms));
    const html = renderServerPage(
      {
        path: SEARCH_PAGE,
        title: query === '' ? `Search | ${site.name}` : `Search: ${query} | ${site.name}`,
        description: 'Search results across the site.',
        body: <ResultsPage query={query} groups={groups} tooShort={tooShort} />,
      },
      assets,
    );
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  };
  app.get(SEARCH_PAGE, handler);
  app.get('/search', (request, reply) => reply.redirect(`${SEARCH_PAGE}${request.url.slice('/search'.length)}`));
}
