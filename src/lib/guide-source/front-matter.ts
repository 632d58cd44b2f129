// Front matter of a prose file, read as YAML and only YAML. gray-matter splits the block from the
// body; it would pick an engine from the word after the opening `---` (`---js` runs JavaScript,
// and it has JSON and CoffeeScript too), so every engine but YAML is replaced by one that refuses,
// and the YAML "engine" only hands the text to our YAML reader, which keeps line and column.
import matter from 'gray-matter';
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

/** Thrown by every engine but YAML's: a pull request's front matter never runs code. */
export class RefusedEngine extends Error {}
const refuse = () => {
  throw new RefusedEngine();
};

/**
 * The front matter's YAML text and the body, split by gray-matter with its engines disarmed. The
 * opening line has been checked to be exactly `---` (so the language is YAML) and a closing line to
 * exist; the refusing engines are a second lock.
 */
export function splitFrontMatter(text: string): { yaml: string; body: string; bodyOffset: number } {
  let yaml = '';
  const file = matter(text, {
    language: 'yaml',
    engines: {
      yaml: {
        parse: (source: string) => {
          // The text after the opening ---, from its line break: the YAML starts on the next line.
          yaml = source.replace(/^\r?\n/, '');
          return {};
        },
      },
      javascript: refuse,
      js: refuse,
      json: refuse,
      coffee: refuse,
      toml: refuse,
    },
  });
  const prefix = text.slice(0, text.length - file.content.length);
  return { yaml, body: file.content, bodyOffset: prefix.split('\n').length - 1 };
}

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
  const closing = lines.findIndex((line, index) => index > 0 && /^---\r?$/.test(line));
  if (closing === -1)
    return problem('the front matter is never closed', 1, { expected: 'a line of --- after the YAML' });
  let split;
  try {
    split = splitFrontMatter(lines.join('\n'));
  } catch (error) {
    if (!(error instanceof RefusedEngine)) throw error;
    return problem('front matter is YAML only', 1, { expected: 'a first line of exactly ---' });
  }
  // gray-matter ends the block at the first line that starts with ---; ours is a line of just ---.
  if (split.bodyOffset !== closing + 1) {
    const early = lines.findIndex((line, index) => index > 0 && line.startsWith('---'));
    return problem('a line inside the front matter starts with ---', early + 1, {
      expected: 'YAML lines, then a line of exactly ---',
      found: JSON.stringify((lines[early] ?? '').slice(0, 40)),
    });
  }
  const yaml = parseYamlSource(split.yaml, file);
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
      body: split.body,
      bodyOffset: split.bodyOffset,
      locate: (path) => {
        const at = yaml.locate(path);
        return { line: at.line + 1, column: at.column };
      },
    },
    diagnostics: [],
  };
}
