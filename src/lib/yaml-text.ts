import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { MAX_JSON_DEPTH, pointerEscape, type JsonDocument, type JsonValue } from './json-text.ts';
import { rememberLast } from './bounded-memo.ts';

/**
 * A YAML benchmark report read into the shape of a parsed JSON document (json-text.ts): its value,
 * and the line, text and span of every value by JSON pointer, so a reader of a report written as
 * JSON or YAML (guidellm writes both from one dict) reads either the same way.
 *
 * Only what a report dumped from plain data holds is read: mappings with string keys, sequences and
 * scalars of YAML's core schema. A tag (`!!python/tuple`, `!custom`) or an alias is refused at its
 * line rather than resolved, so no type is chosen by the file and no value is expanded more than
 * once: reading stays linear in the file's length. Duplicate keys are refused as in guide.yaml.
 */

export type YamlParseResult =
  | { ok: true; document: JsonDocument; source: string }
  | { ok: false; line: number; column: number; message: string; found: string };

export const parseYamlReport: (text: string) => YamlParseResult = rememberLast(parseReport);

function parseReport(text: string): YamlParseResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, {
    lineCounter,
    schema: 'core',
    uniqueKeys: true,
    prettyErrors: false,
    keepSourceTokens: false,
  });
  const fail = (offset: number, message: string): YamlParseResult => {
    const { line, col } = lineCounter.linePos(offset);
    return { ok: false, line, column: col, message, found: JSON.stringify(source.slice(offset, offset + 20)) };
  };
  const [problem] = [...doc.errors, ...doc.warnings];
  // The yaml library's message goes on with a drawing of the line; its first line says what is wrong.
  if (problem) return fail(problem.pos[0], problem.message.split('\n')[0] ?? problem.message);
  if (doc.contents === null) return fail(0, 'no YAML value');

  const lines = new Map<string, number>();
  const numberTexts = new Map<string, string>();
  const spans = new Map<string, { start: number; end: number; startLine: number; endLine: number }>();
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;

  class Refused extends Error {
    readonly offset: number;
    constructor(message: string, offset: number) {
      super(message);
      this.offset = offset;
    }
  }

  const read = (node: unknown, pointer: string, depth: number): JsonValue => {
    if (node === null || node === undefined) return null;
    const at = (node as Node).range ?? [0, 0, 0];
    if (depth > MAX_JSON_DEPTH) throw new Refused(`nested deeper than ${MAX_JSON_DEPTH} levels`, at[0]);
    if (isAlias(node)) throw new Refused(`an alias (*${node.source}): a report dumped from plain data has none`, at[0]);
    if ((node as Node).tag !== undefined)
      throw new Refused(`a tag (${(node as Node).tag}): a report dumped from plain data has none`, at[0]);
    lines.set(pointer, lineAt(at[0]));
    spans.set(pointer, {
      start: at[0],
      end: at[1],
      startLine: lineAt(at[0]),
      endLine: lineAt(Math.max(at[0], at[1] - 1)),
    });
    if (isScalar(node)) {
      const value = node.value;
      if (typeof value === 'number') {
        numberTexts.set(pointer, source.slice(at[0], at[1]));
        return value;
      }
      if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
      throw new Refused(`a value of type ${typeof value}`, at[0]);
    }
    if (isSeq(node)) return node.items.map((item, index) => read(item, `${pointer}/${index}`, depth + 1));
    if (isMap(node)) {
      const object: { [key: string]: JsonValue } = {};
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : undefined;
        const keyAt = (pair.key as Node | null)?.range?.[0] ?? at[0];
        if (typeof key !== 'string' && typeof key !== 'number')
          throw new Refused('a mapping key that is not a plain string', keyAt);
        const name = String(key);
        // A key's value given nothing (`key:`) is null, on the key's line.
        const child = `${pointer}/${pointerEscape(name)}`;
        if (pair.value === null) {
          lines.set(child, lineAt(keyAt));
          object[name] = null;
        } else object[name] = read(pair.value, child, depth + 1);
      }
      return object;
    }
    throw new Refused('a YAML node of an unknown kind', at[0]);
  };

  try {
    const value = read(doc.contents, '', 0);
    const document: JsonDocument = { value, line: lineAt(doc.contents.range[0]), lines, numberTexts, spans };
    return { ok: true, document, source };
  } catch (cause) {
    if (cause instanceof Refused) return fail(cause.offset, cause.message);
    throw cause;
  }
}
