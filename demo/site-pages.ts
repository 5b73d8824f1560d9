import { loadSite } from './routes';

/**
 * The demo's pages and menu as the build makes them, loaded once for the tests and tools that
 * import them. Its own module: the routes module is loaded by every render thread of the build
 * (issue 47), which must not read every page at import.
 */
const loaded = loadSite();
export const pages = loaded.pages;
export const mainMenu = loaded.menu;
