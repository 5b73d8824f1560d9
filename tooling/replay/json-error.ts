/**
 * Where a JSON text stops being JSON, as `line:column` and a short reason: the replay CLI's one-line
 * error for a scenario file (issue 28). Node's own JSON.parse message gives no line, and for an
 * unexpected token it quotes the whole text over many lines.
 */
export interface JsonProblem {
  line: number;
  column: number;
  reason: string;
}

/** Parses `text`; on a syntax error returns where it is instead of throwing. */
export function parseJson(text: string): { value: unknown } | { problem: JsonProblem } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem: locateJsonError(text) };
  }
}

/** Scans `text` as JSON (RFC 8259) and reports the first place it is not. */
export function locateJsonError(text: string): JsonProblem {
  let at = 0;
  const fail = (reason: string): never => {
    throw new ScanError(at, reason);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text.charAt(at))) at++;
  };
  const describe = () => (at >= text.length ? 'the end of the file' : `'${text.charAt(at)}'`);
  const literal = (word: string) => {
    if (text.startsWith(word, at)) at += word.length;
    else fail(`unexpected ${describe()}`);
  };
  const string = () => {
    at++;
    for (;;) {
      if (at >= text.length) fail('unterminated string');
      const char = text.charAt(at);
      if (char === '"') return void at++;
      if (char < ' ') fail('a control character (a line break?) inside a string');
      if (char === '\\') {
        at++;
        const escape = text.charAt(at);
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) fail('a \\u escape needs four hex digits');
          at += 5;
        } else if ('"\\/bfnrt'.includes(escape) && escape !== '') at++;
        else fail(`unknown escape \\${escape}`);
      } else at++;
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!match) fail(`unexpected ${describe()}`);
    at += match ? match[0].length : 0;
  };
  const value = (): void => {
    space();
    const char = text.charAt(at);
    if (char === '{') return object();
    if (char === '[') return array();
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || (char >= '0' && char <= '9')) return number();
    fail(at >= text.length ? 'unexpected end of the file' : `unexpected ${describe()}, expected a value`);
  };
  const object = () => {
    at++;
    space();
    if (text.charAt(at) === '}') return void at++;
    for (;;) {
      space();
      if (text.charAt(at) !== '"') fail(`expected a "quoted" property name, found ${describe()}`);
      string();
      space();
      if (text.charAt(at) !== ':') fail(`expected ':' after the property name, found ${describe()}`);
      at++;
      value();
      space();
      const next = text.charAt(at);
      if (next === '}') return void at++;
      if (next !== ',') fail(`expected ',' or '}' after a property, found ${describe()}`);
      at++;
      space();
      if (text.charAt(at) === '}') fail("a trailing ',' before '}'");
    }
  };
  const array = () => {
    at++;
    space();
    if (text.charAt(at) === ']') return void at++;
    for (;;) {
      value();
      space();
      const next = text.charAt(at);
      if (next === ']') return void at++;
      if (next !== ',') fail(`expected ',' or ']' after an item, found ${describe()}`);
      at++;
      space();
      if (text.charAt(at) === ']') fail("a trailing ',' before ']'");
    }
  };
  try {
    value();
    space();
    if (at < text.length) fail(`unexpected ${describe()} after the JSON value`);
    return { ...position(text, at), reason: 'not JSON' };
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    return { ...position(text, error.offset), reason: error.reason };
  }
}

class ScanError extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
