import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/**
 * A fingerprint of everything besides the content pages that the built site is made of (issue 47):
 * the engine's code, the site folder's code, styles and public files, the dependencies' lock file
 * and the settings the build reads from the environment. The same fingerprint means the same client
 * bundle, the same server bundle and the same render of an unchanged page, so an incremental build
 * takes the last build's instead of making them again (tooling/build/publish.ts).
 *
 * Plain JavaScript: `npm run build`'s launcher (build.mjs) keys the compiled build by it before
 * any TypeScript can run.
 */

/** The engine's parts the bundles and the pages are made of (tests and docs are not). */
const ENGINE_PARTS = ['runtime', 'widgets', 'machines', 'provider', 'server', 'tooling/build', 'tooling/page-links.ts', 'tooling/package-exports.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** Never part of what is built. */
const SKIPPED_NAMES = new Set(['node_modules', 'dist', '.git', 'data', 'tests']);
const TEST_FILE = /\.test\.tsx?$/;
/** The environment the build reads (vite.client.config.ts, publish.ts). */
const BUILD_ENV = /^(SITE_URL|HOST|PORT|VITE_[A-Z0-9_]+)$/;

/**
 * @param {string} path
 * @param {(file: string) => boolean} skip
 * @param {string[]} into
 */
function filesUnder(path, skip, into) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return; // a part a site does not have
  }
  if (stat.isFile()) {
    if (!skip(path)) into.push(path);
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (SKIPPED_NAMES.has(name) || name.startsWith('.')) continue;
    filesUnder(join(path, name), skip, into);
  }
}

/**
 * @typedef {object} FingerprintInput
 * @property {string} root the engine's root
 * @property {string} siteDir the site folder
 * @property {string} contentDir the content folder: its pages are fingerprinted one by one, not here
 * @property {NodeJS.ProcessEnv} [env]
 */

/**
 * @param {FingerprintInput} input
 * @returns {string}
 */
export function codeFingerprint({ root, siteDir, contentDir, env = process.env }) {
  // Pages are Markdown files of the content folder: CONTENT_DIR's, else the site's own content/. With
  // CONTENT_DIR elsewhere (the build bench), the site's content/ holds no page of the build, nor code.
  const contents = [contentDir, join(siteDir, 'content')].map((dir) => `${resolve(dir)}${sep}`);
  /** @param {string} file */
  const skip = (file) => TEST_FILE.test(file) || (file.endsWith('.md') && contents.some((content) => file.startsWith(content)));
  /** @type {string[]} */
  const files = [];
  for (const part of ENGINE_PARTS) filesUnder(join(root, part), skip, files);
  // The demo is inside the engine's folder: its files are hashed once, under the site's name.
  filesUnder(siteDir, skip, files);
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\0`);
  for (const [key, value] of Object.entries(env).filter(([name]) => BUILD_ENV.test(name)).sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${key}=${value ?? ''}\0`);
  for (const file of [...new Set(files)]) hash.update(`${relative(root, file)}\0`).update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 32);
}
