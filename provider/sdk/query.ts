/**
 * Reference notes, query parsing: a value is cut at a second '='; pairs with an empty key or value
 * are dropped; the last duplicate wins. Values are URI-decoded as the provider decodes them
 * (decodeURIComponent only), so a '+' stays a '+'.
 */
export function parseQuery(search: string): Record<string, string> {
  const result: Record<string, string> = {};
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of query.split('&')) {
    const [rawKey = '', rawValue = ''] = pair.split('=');
    const key = decode(rawKey);
    const value = decode(rawValue);
    if (key && value) result[key] = value;
  }
  return result;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Reference notes: booleans are true only for "true". */
export function parseBoolean(value: string | undefined): boolean | undefined {
  return value === undefined ? undefined : value === 'true';
}

/** A comma-separated list with empty items dropped; absent gives an empty list. */
export function parseList(value: string | undefined): string[] {
  return value === undefined ? [] : value.split(',').map((item) => item.trim()).filter(Boolean);
}
