import { Scalar } from 'yaml';

/**
 * Where each character of a string scalar's value stands in the YAML source, so a problem found
 * inside a value (a `$(` in a command) is reported at its own line and column: through block
 * scalars (`|-`, `>`), quotes and their escapes, and folded lines. The walk re-reads the value
 * from the source and is used only when what it reads is the value the YAML parser read; otherwise
 * (a form it does not know) there is no map and the caller points at the value's start.
 */
export function scalarOffsets(source: string, node: Scalar): number[] | undefined {
  if (typeof node.value !== 'string' || !node.range) return undefined;
  const [start, end] = node.range;
  const walked =
    node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED
      ? block(source, start, end, node.type === Scalar.BLOCK_FOLDED)
      : flow(source, start, end, node.type);
  if (!walked) return undefined;
  // Chomping may keep or drop final line breaks the walk does not: the rest must be the same.
  const same = walked.value.startsWith(node.value) || node.value.startsWith(walked.value);
  return same && walked.value.length >= node.value.trimEnd().length ? walked.offsets : undefined;
}

type Walked = { value: string; offsets: number[] };

/** Content lines after the header, without their indentation; a line break maps to its `\n`. */
function block(source: string, start: number, end: number, folded: boolean): Walked | undefined {
  const headerEnd = source.indexOf('\n', start);
  if (headerEnd === -1 || headerEnd >= end) return { value: '', offsets: [] };
  const lines: { at: number; text: string }[] = [];
  for (let at = headerEnd + 1; at < end;) {
    const next = source.indexOf('\n', at);
    const stop = next === -1 || next > end ? end : next;
    lines.push({ at, text: source.slice(at, stop) });
    at = stop + 1;
  }
  const first = lines.find((l) => l.text.trim() !== '');
  if (!first) return { value: '', offsets: [] };
  const indent = /^ */.exec(first.text)?.[0].length ?? 0;
  let value = '';
  const offsets: number[] = [];
  let previousNormal = false;
  lines.forEach((line, k) => {
    const content = line.text.length > indent ? line.text.slice(indent) : '';
    const empty = content.trim() === '';
    const normal = !empty && !/^[ \t]/.test(content);
    if (k > 0) {
      // Folded: a break between two lines that are not more indented is a space, and the break
      // before empty lines is dropped (each empty line is one break).
      const separator = !folded ? '\n' : previousNormal && empty ? '' : previousNormal && normal ? ' ' : '\n';
      value += separator;
      if (separator) offsets.push(line.at - 1);
    }
    for (let c = 0; c < content.length; c++) offsets.push(line.at + indent + c);
    value += content;
    previousNormal = normal;
  });
  return { value, offsets };
}

const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/** Plain and quoted scalars: escapes, `''`, and line folding (a break is a space, empty lines are breaks). */
function flow(source: string, start: number, end: number, type: Scalar['type']): Walked | undefined {
  const quote = type === Scalar.QUOTE_DOUBLE ? '"' : type === Scalar.QUOTE_SINGLE ? "'" : '';
  let i = start + quote.length;
  const stop = quote ? end - 1 : end;
  let value = '';
  const offsets: number[] = [];
  const push = (text: string, at: number) => {
    value += text;
    for (let k = 0; k < text.length; k++) offsets.push(at);
  };
  while (i < stop) {
    const c = source.charAt(i);
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      // Whitespace up to a line break is dropped; the break folds; otherwise it is kept.
      let j = i;
      while (j < stop && (source[j] === ' ' || source[j] === '\t')) j++;
      if (j >= stop || (source[j] !== '\n' && source[j] !== '\r')) {
        for (let k = i; k < j; k++) push(source.charAt(k), k);
        i = j;
        continue;
      }
      const breakAt = j;
      let breaks = 0;
      while (j < stop && /[ \t\r\n]/.test(source.charAt(j))) {
        if (source[j] === '\n') breaks++;
        j++;
      }
      push(breaks > 1 ? '\n'.repeat(breaks - 1) : ' ', breakAt);
      i = j;
      continue;
    }
    if (quote === "'" && c === "'" && source[i + 1] === "'") {
      push("'", i);
      i += 2;
      continue;
    }
    if (quote === '"' && c === '\\') {
      const e = source.charAt(i + 1);
      if (e === '\n' || e === '\r') {
        // An escaped line break: nothing, and the next line's indentation is dropped.
        i += 2;
        while (i < stop && /[ \t\r\n]/.test(source.charAt(i))) i++;
        continue;
      }
      const digits = HEX_DIGITS[e];
      if (digits !== undefined) {
        const code = Number.parseInt(source.slice(i + 2, i + 2 + digits), 16);
        if (!Number.isFinite(code)) return undefined;
        push(String.fromCodePoint(code), i);
        i += 2 + digits;
        continue;
      }
      const escaped = ESCAPES[e];
      if (escaped === undefined) return undefined;
      push(escaped, i);
      i += 2;
      continue;
    }
    push(c, i);
    i++;
  }
  return { value, offsets };
}
