import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
export function inlineScriptHashes(staticDir: string): string[] {
  const hashes = new Set<string>();
  const visit = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // no build yet: nothing inline to allow
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets') visit(path);
      else if (entry.isFile() && entry.name.endsWith('.html')) for (const hash of inlineScriptHashesOf(readFileSync(path, 'utf8'))) hashes.add(hash);
    }
  };
  visit(staticDir);
  return [...hashes].sort();
}
