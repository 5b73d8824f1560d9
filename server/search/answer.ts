import { EMPTY_ANSWER, SEARCH_ACTION, isSearchable, queryOf } from '../../machines/ajax-search/ajax-search.rules';
import type { AjaxHandler } from '../ajax';
import { escapeHtml } from '../html';
import { LIVE_LIMIT, groupByType, search, type SearchHit } from './index';

/**
 * §7 Ajax search answer (action avia_ajax_search): at most 5 entries grouped by type under a
 * heading, each with its title and excerpt; a not-found entry; a "View all results" link to the
 * /search/ page. Every echo of the query is escaped. Fewer than 3 characters answer "0" (empty).
 * The data-search-* attributes are what the widget reads the answer by.
 */
export { SEARCH_ACTION };
export const SEARCH_PAGE = '/search/';

export function searchPageHref(query: string): string {
  return `${SEARCH_PAGE}?s=${encodeURIComponent(queryOf(query))}`;
}

export function notFoundText(query: string): string {
  return `Sorry, nothing matched “${queryOf(query)}”. Try other words or fewer letters.`;
}

function entry(hit: SearchHit): string {
  return (
    `<a class="ajax-search-answer__entry" data-search-entry="" href="${escapeHtml(hit.path)}">` +
    `<strong class="ajax-search-answer__title" data-search-title="">${escapeHtml(hit.title)}</strong>` +
    `<span class="ajax-search-answer__excerpt" data-search-excerpt="">${escapeHtml(hit.excerpt)}</span></a>`
  );
}

export function liveAnswer(hits: readonly SearchHit[], query: string): string {
  const groups = groupByType(hits)
    .map(
      (group) =>
        `<section class="ajax-search-answer__group" data-search-group="${escapeHtml(group.type)}">` +
        `<h4 class="ajax-search-answer__type">${escapeHtml(group.type)}</h4>${group.hits.map(entry).join('')}</section>`,
    )
    .join('');
  const notFound = hits.length === 0 ? `<p class="ajax-search-answer__not-found" data-search-not-found="">${escapeHtml(notFoundText(query))}</p>` : '';
  const viewAll = `<a class="ajax-search-answer__view-all" data-search-view-all="" href="${escapeHtml(searchPageHref(query))}">View all results</a>`;
  return `<div class="ajax-search-answer" data-search-answer="">${groups}${notFound}${viewAll}</div>`;
}

export const ajaxSearch: AjaxHandler = (body, { request }) => {
  const s = body.s;
  const query = typeof s === 'string' ? s : '';
  if (!isSearchable(queryOf(query))) return EMPTY_ANSWER;
  return liveAnswer(search(request.server.siteSearch, query, LIVE_LIMIT, request.server.siteSynonyms), query);
};
