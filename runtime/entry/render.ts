/**
 * `sitecharts/render` (issue 32): what a site renders its pages with at build time. The document,
 * an island for a widget, the engine's default shell, and one call for a whole page.
 */
export { Document, type DocumentProps, type PageAssets } from '../render/Document';
export { Island, type IslandProps, type TranslationLookup } from '../render/Island';
export { DefaultShell, type DefaultShellProps, type MenuLink } from '../render/DefaultShell';
export { renderSitePage, type RenderPageOptions } from '../render/render-page';
