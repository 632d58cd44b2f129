import { rememberLast } from '../bounded-memo.ts';

/**
 * A JSON reader for benchmark outputs: keeps the line of every value (for provenance and
 * diagnostics), accepts the non-JSON tokens Python writes (`NaN`, `Infinity`, `-Infinity`) as
 * numbers so parsers can refuse them by name, and reads several concatenated or newline-separated
 * documents (vLLM `--append-result`, SGLang JSONL).
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type JsonDocument = {
  value: JsonValue;
  /** line of the document's first character */
  line: number;
  /** JSON pointer ('' for the root, '/benchmarks/0/duration') → 1-based line of that value */
  lines: ReadonlyMap<string, number>;
  /** JSON pointer → the number exactly as written ("5481.90", "NaN"), for provenance */
  numberTexts: ReadonlyMap<string, string>;
  /** JSON pointer → where the value's text starts and ends in the file (BOM removed) */
  spans: ReadonlyMap<string, { start: number; end: number; startLine: number; endLine: number }>;
};

export type JsonParseResult =
  | { ok: true; documents: JsonDocument[]; /** the text the spans index into */ source: string }
  | { ok: false; line: number; column: number; message: string; found: string };

class JsonSyntaxError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

export function pointerEscape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Benchmark JSON is a few levels deep; a deeper document is refused before it can exhaust the stack. */
export const MAX_JSON_DEPTH = 64;
// Sticky: matches at lastIndex only, so a long number is read whole in one linear pass.
const JSON_NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/**
 * Every JSON format's detector, then the parser, asks for the same file's documents: they are
 * parsed once (the result is read-only to its callers).
 */
export const parseJsonDocuments: (text: string) => JsonParseResult = rememberLast(parseDocuments);

function parseDocuments(text: string): JsonParseResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };

  let i = 0;
  let depth = 0;
  const skipSpace = () => {
    while (i < source.length && /\s/.test(source.charAt(i))) i++;
  };
  const fail = (message: string): never => {
    throw new JsonSyntaxError(message, i);
  };

  const documents: JsonDocument[] = [];
  let numberTexts = new Map<string, string>();
  let spans = new Map<string, { start: number; end: number; startLine: number; endLine: number }>();
  try {
    skipSpace();
    while (i < source.length) {
      const lines = new Map<string, number>();
      numberTexts = new Map<string, string>();
      spans = new Map();
      const start = i;
      const value = readValue('', lines);
      documents.push({ value, line: lineAt(start), lines, numberTexts, spans });
      skipSpace();
    }
  } catch (cause) {
    if (!(cause instanceof JsonSyntaxError)) throw cause;
    const line = lineAt(cause.offset);
    return {
      ok: false,
      line,
      column: cause.offset - (lineStarts[line - 1] ?? 0) + 1,
      message: cause.message,
      found: JSON.stringify(source.slice(cause.offset, cause.offset + 20)),
    };
  }
  if (documents.length === 0)
    return { ok: false, line: 1, column: 1, message: 'no JSON value', found: 'an empty file' };
  return { ok: true, documents, source };

  function readValue(pointer: string, lines: Map<string, number>): JsonValue {
    skipSpace();
    const start = i;
    lines.set(pointer, lineAt(start));
    const value = readBareValue(pointer, lines);
    spans.set(pointer, { start, end: i, startLine: lineAt(start), endLine: lineAt(Math.max(start, i - 1)) });
    return value;
  }

  function readBareValue(pointer: string, lines: Map<string, number>): JsonValue {
    const c = source[i];
    if ((c === '{' || c === '[') && ++depth > MAX_JSON_DEPTH)
      fail(`nested deeper than ${MAX_JSON_DEPTH} levels: not a benchmark result`);
    if (c === '{') {
      i++;
      const object: { [key: string]: JsonValue } = {};
      skipSpace();
      if (source[i] === '}') {
        i++;
        depth--;
        return object;
      }
      for (;;) {
        skipSpace();
        if (source[i] !== '"') fail('expected a "key"');
        const keyStart = i;
        const key = readString();
        // Python's json keeps the last of two equal keys; a silently dropped value is not ours to choose.
        if (Object.hasOwn(object, key)) {
          i = keyStart;
          fail(`duplicate key ${JSON.stringify(key)}`);
        }
        skipSpace();
        if (source[i] !== ':') fail('expected ":" after a key');
        i++;
        // An own property whatever the key: assigning `__proto__` would set the object's prototype,
        // and a file's `{"__proto__": {"duration": 5}}` would then answer `.duration` with no such key.
        Object.defineProperty(object, key, {
          value: readValue(`${pointer}/${pointerEscape(key)}`, lines),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        skipSpace();
        if (source[i] === ',') {
          i++;
          continue;
        }
        if (source[i] === '}') {
          i++;
          depth--;
          return object;
        }
        fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const array: JsonValue[] = [];
      skipSpace();
      if (source[i] === ']') {
        i++;
        depth--;
        return array;
      }
      for (;;) {
        array.push(readValue(`${pointer}/${array.length}`, lines));
        skipSpace();
        if (source[i] === ',') {
          i++;
          continue;
        }
        if (source[i] === ']') {
          i++;
          depth--;
          return array;
        }
        fail('expected "," or "]"');
      }
    }
    if (c === '"') return readString();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
      ['NaN', NaN],
      ['Infinity', Infinity],
      ['-Infinity', -Infinity],
    ] as const) {
      if (source.startsWith(word, i)) {
        i += word.length;
        if (typeof value === 'number') numberTexts.set(pointer, word);
        return value;
      }
    }
    JSON_NUMBER.lastIndex = i;
    const number = JSON_NUMBER.exec(source);
    if (number) {
      i += number[0].length;
      numberTexts.set(pointer, number[0]);
      return Number(number[0]);
    }
    return fail('expected a JSON value');
  }

  function readString(): string {
    const start = i;
    i++;
    while (i < source.length && source[i] !== '"') {
      if (source[i] === '\\') i++;
      if (source[i] === '\n') fail('unterminated string');
      i++;
    }
    if (i >= source.length) {
      i = start;
      fail('unterminated string');
    }
    i++;
    let text: unknown;
    try {
      text = JSON.parse(source.slice(start, i));
    } catch {
      text = undefined;
    }
    if (typeof text === 'string') return text;
    i = start;
    return fail('invalid string (a raw control character or a bad escape)');
  }
}

/** The value at a JSON pointer, or undefined. */
export function atPointer(value: JsonValue, pointer: string): JsonValue | undefined {
  if (pointer === '') return value;
  let node: JsonValue | undefined = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = Array.isArray(node) ? node[Number(key)] : node[key];
  }
  return node;
}
