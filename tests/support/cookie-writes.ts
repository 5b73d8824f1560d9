/**
 * Every string a jsdom test's page assigns to `document.cookie`, still written through: the
 * attributes a cookie adapter set, which reading `document.cookie` back never shows. `stop()` puts
 * the document's own accessor back.
 */
export function recordCookieWrites(document: Document): { written: string[]; stop: () => void } {
  const written: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor?.get?.call(document) as string,
    set: (value: string) => {
      written.push(value);
      descriptor?.set?.call(document, value);
    },
  });
  return { written, stop: () => void delete (document as { cookie?: string }).cookie };
}
