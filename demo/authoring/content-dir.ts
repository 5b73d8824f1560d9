import { resolve } from 'node:path';

/** The site's content folder (its `pages/` hold the content pages). */
export const CONTENT_ROOT = resolve(import.meta.dirname, '../content');

/** Where the content lives: CONTENT_DIR when set (tests, a second site), else demo/content/ (its pages/ beside the demo's data modules). */
export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTENT_DIR ? resolve(env.CONTENT_DIR) : CONTENT_ROOT;
}
