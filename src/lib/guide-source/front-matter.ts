// Front matter of a prose file, read as YAML and only YAML. gray-matter picks an engine from the
// word after the opening `---` (`---js` runs JavaScript); a pull request must never run code, so
// the block is split here by hand and given to the YAML reader, which has no such engines.
import { errorAt, type Diagnostic, type DiagnosticDetail } from '../diagnostics/diagnostics.ts';
import { parseYamlSource, type YamlPath } from './yaml-source.ts';

export type FrontMatter = {
  data: unknown;
  /** the text after the closing `---` */
  body: string;
  /** lines before the body, so body line n is file line `bodyOffset + n` */
  bodyOffset: number;
  /** line and column in the file of a front-matter key */
  locate: (path: YamlPath) => { line: number; column: number };
};

export function readFrontMatter(text: string, file: string): { front?: FrontMatter; diagnostics: Diagnostic[] } {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const opening = (lines[0] ?? '').replace(/\r$/, '');
  const problem = (message: string, line: number, detail: DiagnosticDetail = {}) => ({
    diagnostics: [errorAt('E_FRONTMATTER', file, message, { line, column: 1, ...detail })],
  });
  if (opening !== '---') {
    if (/^---\s*\S/.test(opening))
      return problem(`front matter is YAML only; "${opening.slice(0, 40)}" names another language`, 1, {
        expected: 'a first line of exactly ---',
        found: JSON.stringify(opening.slice(0, 40)),
        hint: 'start the file with --- on its own line, then YAML (title:, description:), then ---',
      });
    return problem('the file has no front matter', 1, {
      expected: '---, then title: and description:, then ---',
      found: JSON.stringify(opening.slice(0, 40)),
    });
  }
  const closing = lines.findIndex((line, index) => index > 0 && /^(---|\.\.\.)\r?$/.test(line));
  if (closing === -1)
    return problem('the front matter is never closed', 1, { expected: 'a line of --- after the YAML' });
  const yaml = parseYamlSource(lines.slice(1, closing).join('\n'), file);
  if (yaml.diagnostics.length > 0)
    return {
      // The YAML reader counts from the line after the opening ---.
      diagnostics: yaml.diagnostics.map((d) =>
        errorAt('E_FRONTMATTER', file, d.message, { ...d, line: (d.line ?? 0) + 1 }),
      ),
    };
  return {
    front: {
      data: yaml.data,
      body: lines.slice(closing + 1).join('\n'),
      bodyOffset: closing + 1,
      locate: (path) => {
        const at = yaml.locate(path);
        return { line: at.line + 1, column: at.column };
      },
    },
    diagnostics: [],
  };
}
