/**
 * Where the build writes the site's main menu (from the content pages' front matter), inside the
 * client build's metadata folder beside the manifest, which the static handler does not serve.
 */
export const SITE_MENU_FILE = '.vite/site-menu.json';
