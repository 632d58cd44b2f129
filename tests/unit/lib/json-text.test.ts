import { describe, expect, it } from 'vitest';
import { atPointer, MAX_JSON_DEPTH, parseJsonDocuments, pointerEscape } from '../../../src/lib/parse/json-text.ts';

function documents(text: string) {
  const result = parseJsonDocuments(text);
  if (!result.ok) throw new Error(`expected a parse, got ${result.message} at ${result.line}:${result.column}`);
  return result.documents;
}

function failure(text: string) {
  const result = parseJsonDocuments(text);
  if (result.ok) throw new Error(`expected a syntax error in ${JSON.stringify(text)}`);
  return result;
}

describe('parseJsonDocuments', () => {
  it('gives every value the line it starts on, and every number its text as written', () => {
    const [doc] = documents('{\n  "duration": 5481.90,\n  "ttft": [\n    1e3,\n    -0.5\n  ]\n}\n');
    expect(doc?.value).toEqual({ duration: 5481.9, ttft: [1000, -0.5] });
    expect(doc?.lines.get('')).toBe(1);
    expect(doc?.lines.get('/duration')).toBe(2);
    expect(doc?.lines.get('/ttft')).toBe(3);
    expect(doc?.lines.get('/ttft/1')).toBe(5);
    expect(doc?.numberTexts.get('/duration')).toBe('5481.90');
    expect(doc?.numberTexts.get('/ttft/0')).toBe('1e3');
  });

  it("spans index the text without its byte-order mark, and cover the value's first to last line", () => {
    const text = '\ufeff{"a": {"b": 1,\n "c": 2}}';
    const result = parseJsonDocuments(text);
    if (!result.ok) throw new Error('expected a parse');
    const span = result.documents[0]?.spans.get('/a');
    expect(span).toEqual({ start: 6, end: 23, startLine: 1, endLine: 2 });
    expect(result.source.slice(span?.start, span?.end)).toBe('{"b": 1,\n "c": 2}');
  });

  it("reads Python's NaN and infinities as numbers, keeping their words for the parsers to refuse by name", () => {
    const [doc] = documents('{"a": NaN, "b": Infinity, "c": -Infinity}');
    expect(doc?.value).toEqual({ a: NaN, b: Infinity, c: -Infinity });
    expect([...(doc?.numberTexts.values() ?? [])]).toEqual(['NaN', 'Infinity', '-Infinity']);
  });

  it('reads concatenated and newline-separated documents (--append-result, JSONL), each with its own maps', () => {
    const docs = documents('{"n": 1}\n{"n": 2}{"n": 3}\n');
    expect(docs.map((d) => d.value)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(docs.map((d) => d.line)).toEqual([1, 2, 2]);
    expect(docs[1]?.numberTexts.get('/n')).toBe('2');
    expect(docs[1]?.numberTexts).not.toBe(docs[0]?.numberTexts);
  });

  it('keeps a `__proto__` key as an own key, never as the prototype', () => {
    const [doc] = documents('{"__proto__": {"duration": 5}, "a": 1}');
    const value = doc?.value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(value.duration).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(atPointer(doc?.value ?? null, '/__proto__/duration')).toBe(5);
  });

  it('names the line, column and what it found, for each kind of syntax error', () => {
    expect(failure('{"a": 1,\n "a": 2}')).toMatchObject({ line: 2, column: 2, message: 'duplicate key "a"' });
    expect(failure('{"a" 1}')).toMatchObject({
      line: 1,
      column: 6,
      message: 'expected ":" after a key',
      found: '"1}"',
    });
    expect(failure('[1 2]')).toMatchObject({ message: 'expected "," or "]"', column: 4 });
    expect(failure('{"a": "x\n"}')).toMatchObject({ message: 'unterminated string', line: 1 });
    expect(failure('{"a": "\u0001"}')).toMatchObject({
      message: 'invalid string (a raw control character or a bad escape)',
    });
    expect(failure('{"a": tru}')).toMatchObject({ message: 'expected a JSON value' });
    expect(failure('   \n')).toMatchObject({ message: 'no JSON value', found: 'an empty file' });
  });

  it(`refuses a document nested deeper than ${MAX_JSON_DEPTH} levels instead of exhausting the stack`, () => {
    expect(documents('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toHaveLength(1);
    expect(failure('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)).message).toMatch(
      /nested deeper than 64 levels/,
    );
    expect(failure('['.repeat(100_000)).message).toMatch(/nested deeper/);
  });

  it('answers the same text with the same result, and another text anew', () => {
    const text = '{"n": 1}';
    expect(parseJsonDocuments(text)).toBe(parseJsonDocuments(text));
    expect(parseJsonDocuments('{"n": 2}')).not.toBe(parseJsonDocuments(text));
  });
});

describe('JSON pointers', () => {
  it('escape `~` and `/` in keys, and atPointer reads them back', () => {
    expect(pointerEscape('a/b~c')).toBe('a~1b~0c');
    const [doc] = documents('{"a/b~c": [10, {"d": true}]}');
    const value = doc?.value ?? null;
    expect([...(doc?.lines.keys() ?? [])]).toEqual(['', '/a~1b~0c', '/a~1b~0c/0', '/a~1b~0c/1', '/a~1b~0c/1/d']);
    expect(atPointer(value, '/a~1b~0c/0')).toBe(10);
    expect(atPointer(value, '/a~1b~0c/1/d')).toBe(true);
    expect(atPointer(value, '')).toBe(value);
    expect(atPointer(value, '/missing/0')).toBeUndefined();
    expect(atPointer(value, '/a~1b~0c/0/deeper')).toBeUndefined();
  });
});
