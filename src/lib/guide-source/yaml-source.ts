import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { scalarOffsets } from './yaml-scalar.ts';

import type { YamlPath } from '../yaml-path.ts';

export { formatPath, type YamlPath } from '../yaml-path.ts';

export type YamlSource = {
  data: unknown;
  /** line and column of the value at `path`, or of its nearest existing parent */
  locate: (path: YamlPath) => { line: number; column: number };
  /** line and column of character `index` of the string at `path` (its start when that cannot be told) */
  locateIn: (path: YamlPath, index: number) => { line: number; column: number };
  /** the key at `path` is written in a `{ … }` mapping without a colon: `{ en: a, b }` (a comma in an unquoted value) */
  bareKey: (path: YamlPath) => boolean;
  diagnostics: Diagnostic[];
};

/** An alias may be expanded this often; a "billion laughs" document would need far more. */
const MAX_ALIAS_COUNT = 1000;

/** Parses YAML keeping node positions, so schema problems can name the line they are on. */
export function parseYamlSource(text: string, file: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, merge: true, prettyErrors: false, uniqueKeys: true });
  const diagnostics: Diagnostic[] = [...doc.errors, ...doc.warnings].map((problem) => {
    const position = lineCounter.linePos(problem.pos[0]);
    // The yaml library's message continues with a drawing of the line; its first line says what is wrong.
    const [message = problem.message] = problem.message.split('\n');
    return errorAt('E_YAML', file, message, { line: position.line, column: position.col });
  });

  /** the node at `path` (undefined when the path goes further than the document), and where the nearest one starts */
  const nodeAt = (path: YamlPath): { node: unknown; offset: number } => {
    let node: unknown = doc.contents;
    let offset = doc.contents?.range[0] ?? 0;
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && item.key.value === key);
        if (!pair) return { node: undefined, offset };
        offset = isNode(pair.key) ? (pair.key.range?.[0] ?? offset) : offset;
        node = pair.value;
      } else if (isSeq(node) && typeof key === 'number') {
        const item: unknown = node.items[key];
        if (!isNode(item)) return { node: undefined, offset };
        offset = item.range?.[0] ?? offset;
        node = item;
      } else return { node: undefined, offset };
    }
    return { node, offset };
  };
  const at = (offset: number) => {
    const position = lineCounter.linePos(offset);
    return { line: position.line, column: position.col };
  };
  const locate = (path: YamlPath) => at(nodeAt(path).offset);
  const bareKey = (path: YamlPath) => {
    const key = path.at(-1);
    const { node } = nodeAt(path.slice(0, -1));
    if (!isMap(node) || !node.flow) return false;
    const pair = node.items.find((item) => isScalar(item.key) && item.key.value === key);
    return pair !== undefined && pair.value === null;
  };
  const locateIn = (path: YamlPath, index: number) => {
    const { node, offset } = nodeAt(path);
    const offsets = isScalar(node) ? scalarOffsets(text, node) : undefined;
    return at(offsets?.[index] ?? offset);
  };

  if (diagnostics.length > 0) return { data: undefined, locate, locateIn, bareKey, diagnostics };
  try {
    return { data: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), locate, locateIn, bareKey, diagnostics };
  } catch (cause) {
    // The only throw of toJS on a document without errors: an alias expanding past the limit.
    return {
      data: undefined,
      locate,
      locateIn,
      bareKey,
      diagnostics: [
        errorAt(
          'E_YAML',
          file,
          `aliases expand too far (more than ${MAX_ALIAS_COUNT} references): ${cause instanceof Error ? cause.message.split('\n')[0] : 'refused'}`,
          { line: 1, column: 1, hint: 'write the repeated values out, or use fewer nested aliases' },
        ),
      ],
    };
  }
}
