// A Performance Lab page (MkDocs Material markdown) as a flat list of blocks with their lines:
// headings, admonitions (`!!! note`, `???+ tip "Serving Command"`, `??? info "Benchmark result"`)
// with their 4-space-indented bodies parsed again, fenced code, pipe tables, images and text lines.
// One pass over the lines (linear time); nothing is interpreted here, only located.

export type PageBlock =
  | { kind: 'heading'; line: number; level: number; text: string }
  | { kind: 'admonition'; line: number; marker: '!!!' | '???' | '???+'; type: string; title: string; body: PageBlock[] }
  | { kind: 'code'; line: number; lang: string; text: string; firstLine: number; closed: boolean }
  | { kind: 'table'; line: number; header: string[]; rows: { line: number; cells: string[] }[] }
  | { kind: 'image'; line: number; alt: string; src: string }
  | { kind: 'text'; line: number; text: string };

const ADMONITION = /^(!!!|\?\?\?\+?)[ \t]+([\w-]+)(?:[ \t]+"([^"]*)")?[ \t]*$/;
// A fence may be indented up to 3 spaces (inside a list item); its body loses that indentation.
const FENCE = /^( {0,3})(`{3,}|~{3,})[ \t]*([\w+-]*)/;
const HEADING = /^(#{1,6})[ \t]/;
const IMAGE = /^!\[([^\]]*)\]\(([^)\s]*)(?:\s[^)]*)?\)$/;
/** Admonitions nest by indentation; deeper than this, a body is kept as text (bounded work). */
const MAX_DEPTH = 8;

/** `## Title ##` → `Title`, by hand: a regex with a lazy middle would backtrack on long lines. */
function headingText(line: string, level: number): string {
  let text = line.slice(level).trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end < text.length && (end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t')) text = text.slice(0, end);
  return text.trim();
}

/** Cells of one `| a | b |` row, outer pipes dropped, each trimmed. */
export function tableCells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split('|').map((cell) => cell.trim());
}

const isTableRule = (line: string) => /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line);

/** Parses `lines` (0-based slice of the page) whose first line is page line `offset + 1`. */
function parseLines(lines: readonly string[], offset: number, depth: number): PageBlock[] {
  const blocks: PageBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const lineNumber = offset + i + 1;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence?.[2]) {
      const indent = fence[1] ?? '';
      const marker = fence[2];
      const body: string[] = [];
      let j = i + 1;
      for (; j < lines.length && !(lines[j] ?? '').trimStart().startsWith(marker); j++) {
        const next = lines[j] ?? '';
        body.push(next.startsWith(indent) ? next.slice(indent.length) : next.trimStart());
      }
      blocks.push({
        kind: 'code',
        line: lineNumber,
        lang: fence[3] ?? '',
        text: body.join('\n'),
        firstLine: lineNumber + 1,
        closed: j < lines.length,
      });
      i = j + 1;
      continue;
    }
    const admonition = ADMONITION.exec(line);
    if (admonition?.[1] && admonition[2] && depth < MAX_DEPTH) {
      // The body: every following line indented by 4 spaces (or a tab), blank lines included.
      let j = i + 1;
      const body: string[] = [];
      while (j < lines.length) {
        const next = lines[j] ?? '';
        if (next.trim() === '') body.push('');
        else if (next.startsWith('    ')) body.push(next.slice(4));
        else if (next.startsWith('\t')) body.push(next.slice(1));
        else break;
        j++;
      }
      while (body.length > 0 && body[body.length - 1] === '') {
        body.pop();
        j--;
      }
      const marker = admonition[1] === '!!!' ? '!!!' : admonition[1] === '???+' ? '???+' : '???';
      blocks.push({
        kind: 'admonition',
        line: lineNumber,
        marker,
        type: admonition[2],
        title: admonition[3] ?? '',
        body: parseLines(body, offset + i + 1, depth + 1),
      });
      i = Math.max(j, i + 1);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading?.[1]) {
      blocks.push({
        kind: 'heading',
        line: lineNumber,
        level: heading[1].length,
        text: headingText(line, heading[1].length),
      });
      i++;
      continue;
    }
    if (line.trimStart().startsWith('|') && isTableRule(lines[i + 1] ?? '')) {
      const header = tableCells(line);
      const rows: { line: number; cells: string[] }[] = [];
      let j = i + 2;
      while (j < lines.length && (lines[j] ?? '').trimStart().startsWith('|')) {
        rows.push({ line: offset + j + 1, cells: tableCells(lines[j] ?? '') });
        j++;
      }
      blocks.push({ kind: 'table', line: lineNumber, header, rows });
      i = j;
      continue;
    }
    const image = IMAGE.exec(line.trim());
    if (image) {
      blocks.push({ kind: 'image', line: lineNumber, alt: image[1] ?? '', src: image[2] ?? '' });
      i++;
      continue;
    }
    blocks.push({ kind: 'text', line: lineNumber, text: line });
    i++;
  }
  return blocks;
}

export function parsePage(markdown: string): PageBlock[] {
  return parseLines(markdown.replace(/\r\n?/g, '\n').split('\n'), 0, 0);
}
