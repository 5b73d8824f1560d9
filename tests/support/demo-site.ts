/**
 * The demo site's parts that tests of the engine's layers take as their example content: its forms,
 * its news collection, its pages and their renderer, its replay catalog. A test inside runtime/,
 * widgets/, machines/, provider/ or server/ reaches the demo through here, never by a relative path
 * of its own (issue 48; eslint.config.js, layers/no-upward-import), so what the page layers' tests
 * take from above them is listed in one place.
 */
export { contactForm, newsletterForm } from '../../demo/content/forms';
export { NEWS_FIRST_PAGE, newsCollection, newsItems } from '../../demo/content/news';
export { renderPage } from '../../demo/render';
export { pages } from '../../demo/site-pages';
export { catalog } from '../../tooling/replay/demo-catalog/index';
