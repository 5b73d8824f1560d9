import { createHash } from 'node:crypto';
import { readBuiltHtml, type BuiltHtml } from '../built-html';

/**
 * The CSP hashes of the inline scripts the build wrote into its HTML: the one place a script the
 * page runs without a src (a device-flags snippet in <head> before first paint, say) becomes
 * allowed. Read once at start-up from every built page, so a build that adds, changes or drops
 * such a script needs no setting: the hash follows the file. JSON islands
 * (`type="application/json"`) and shown-not-run tags (`type="text/plain"`) are data, not scripts.
 */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const RUNNABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

export function cspHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** Every inline script of one HTML text, as a CSP source expression. */
export function inlineScriptHashesOf(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!RUNNABLE_TYPES.has(type) || body === '') continue;
    hashes.push(cspHash(body));
  }
  return hashes;
}

/** The hashes of every inline script in the built site's HTML files, each once, in a stable order. */
export function inlineScriptHashes(staticDir: string, html: readonly BuiltHtml[] = readBuiltHtml(staticDir)): string[] {
  const hashes = new Set<string>();
    for (const built of html) {
    // Most of a large site's pages may have no inline script: only those that mention one are decoded.
    if (built.bytes.indexOf('<script') === -1 && built.bytes.indexOf('<SCRIPT') === -1) continue;
    for (const hash of inlineScriptHashesOf(built.bytes.toString('utf8'))) hashes.add(hash);
  }
  return [...hashes].sort();
}
