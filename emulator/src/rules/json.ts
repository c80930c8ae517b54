// JSON with `//` and `/* */` comments, as database.rules.json allows. A hand-written parser (rather
// than comment stripping + JSON.parse) so that every object key keeps the line it was written on:
// rule errors name that line the way the real service does ("Error saving rules - Line 5: ...").

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

interface ParsedJson {
  value: JsonValue;
  /** For every parsed object: the line (1-based) each of its keys was written on. */
  keyLines: WeakMap<object, Map<string, number>>;
}

export function parseJsonWithComments(text: string): ParsedJson {
  const keyLines = new WeakMap<object, Map<string, number>>();
  let i = 0;
  let line = 1;

  const fail = (message: string): never => {
    throw new JsonSyntaxError(message, line);
  };

  const skipSpace = (): void => {
    while (i < text.length) {
      const c = text[i];
      if (c === '\n') {
        line++;
        i++;
      } else if (c === ' ' || c === '\t' || c === '\r' || c === '\uFEFF') {
        i++;
      } else if (c === '/' && text[i + 1] === '/') {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (c === '/' && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) fail('Unterminated comment.');
        for (let k = i; k < end; k++) if (text[k] === '\n') line++;
        i = end + 2;
      } else {
        return;
      }
    }
  };

  const parseString = (): string => {
    // text[i] === '"'
    i++;
    let out = '';
    for (;;) {
      if (i >= text.length) fail('Unterminated string.');
      const c = text[i];
      if (c === '"') {
        i++;
        return out;
      }
      if (c === '\n') fail('Unterminated string.');
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          fail('Invalid escape sequence in string.');
        }
        continue;
      }
      out += c;
      i++;
    }
  };

  const parseValue = (): JsonValue => {
    skipSpace();
    if (i >= text.length) fail('Unexpected end of input.');
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: { [key: string]: JsonValue } = {};
      const lines = new Map<string, number>();
      keyLines.set(obj, lines);
      skipSpace();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"') fail(text[i] === '}' ? 'Trailing comma in object.' : 'Expected a quoted key.');
        const keyLine = line;
        const key = parseString();
        skipSpace();
        if (text[i] !== ':') fail(`Expected ':' after key "${key}".`);
        i++;
        const v = parseValue();
        Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
        lines.set(key, keyLine);
        skipSpace();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return obj;
        }
        fail("Expected ',' or '}' in object.");
      }
    }
    if (c === '[') {
      i++;
      const arr: JsonValue[] = [];
      skipSpace();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(parseValue());
        skipSpace();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return arr;
        }
        fail("Expected ',' or ']' in array.");
      }
    }
    if (c === '"') return parseString();
    const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 64));
    if (!m) fail(`Unexpected character '${c}'.`);
    i += m![0].length;
    const tok = m![0];
    return tok === 'true' ? true : tok === 'false' ? false : tok === 'null' ? null : Number(tok);
  };

  const value = parseValue();
  skipSpace();
  if (i < text.length) fail('Unexpected content after the end of the rules object.');
  return { value, keyLines };
}
