/**
 * `sitecharts/render` (issue 32): what a site renders its pages with at build time. The document,
 * an island for a widget, the engine's default shell, one call for a whole page, the engine's
 * search results page (the props a site's own one takes), and the captcha placeholders a contact
 * page carries.
 */
export { Document, type DocumentProps, type PageAssets } from '../render/Document';
export { Island, type IslandProps, type TranslationLookup } from '../render/Island';
export { DefaultShell, type DefaultShellProps, type MenuLink } from '../render/DefaultShell';
export { renderSitePage, type RenderPageOptions } from '../render/render-page';
export { SearchResultsPage, type SearchResultGroup, type SearchResultsPageProps } from '../render/SearchResultsPage';
export { CAPTCHA_QUESTION_PLACEHOLDER, CAPTCHA_VERIFIER_PLACEHOLDER } from '../../machines/ajax-form/ajax-form.definition';
