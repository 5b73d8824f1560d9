import type { FastifyInstance } from 'fastify';
import { isSearchable, queryOf } from '../../machines/ajax-search/ajax-search.rules';
import { SearchResultsPage } from '../../demo/pages/SearchResults';
import { site } from '../../demo/site';
import type { ServerConfig } from '../config';
import { readAssets, renderServerPage } from '../pages';
import type { Store } from '../store/db';
import { PAGE_LIMIT, groupByType, readBuiltPages, replaceIndex, search } from './index';
import { SEARCH_PAGE } from './answer';

/** Builds the index from the built pages at start, and serves GET /search/?s= with the full results. */
export async function registerSearch(app: FastifyInstance, store: Store, config: ServerConfig) {
  const pages = await readBuiltPages(config.staticDir);
  replaceIndex(store, pages);
  app.log.info(`search index: ${pages.length} pages`);
  const assets = readAssets(config.staticDir);

  const handler = async (request: { query: unknown }, reply: import('fastify').FastifyReply) => {
    const raw = (request.query as Record<string, unknown> | undefined)?.s;
    const query = queryOf(typeof raw === 'string' ? raw : '').slice(0, 200);
    const tooShort = !isSearchable(query);
    const groups = tooShort ? [] : groupByType(search(store, query, PAGE_LIMIT));
    const html = renderServerPage(
      {
        path: SEARCH_PAGE,
        title: query === '' ? `Search | ${site.name}` : `Search: ${query} | ${site.name}`,
        description: 'Search results across the site.',
        body: <SearchResultsPage query={query} groups={groups} tooShort={tooShort} />,
      },
      assets,
    );
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  };
  app.get(SEARCH_PAGE, handler);
  app.get('/search', (request, reply) => reply.redirect(`${SEARCH_PAGE}${request.url.slice('/search'.length)}`));
}
