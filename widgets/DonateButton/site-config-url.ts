/** Where the page learns the site's payment provider (server/site-config.ts); the registry asks for it beside the behaviour's chunk. */
export const SITE_CONFIG_URL = '/site-config.json';
