// Checks on text a pull request brings (guide.yaml, prose) before anything renders it: characters
// that make code read differently than it runs (Trojan Source), names that read as other names.
// Link targets: schema/safe-url.ts.
import { confusableIn } from '../confusable.ts';
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { showInvisible } from '../visible-text.ts';
import { formatPath, type YamlPath } from '../yaml-path.ts';

// Bidirectional embeddings, overrides and isolates: U+202A–U+202E, U+2066–U+2069.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g;

export function bidiControls(text: string, file: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const [index, line] of text.split('\n').entries())
    for (const match of line.matchAll(BIDI_CONTROL))
      found.push(
        errorAt(
          'E_BIDI_CONTROL',
          file,
          `a bidirectional control character (U+${(match[0].codePointAt(0) ?? 0).toString(16).toUpperCase()}) can make text read differently than it is stored`,
          { line: index + 1, column: match.index + 1 },
        ),
      );
  return found;
}

// guide.yaml keys whose values name something (ids, labels, titles, names, files, blocks): each is
// looked up or shown by what it reads as, so none may read as another (confusable.ts). Commands,
// reasons and versions are text, not names.
const NAME_KEYS: ReadonlySet<string> = new Set([
  'id',
  'label',
  'title',
  'summaryLabel',
  'short',
  'column',
  'subject',
  'name',
  'family',
  'engine',
  'block',
  'file',
  'result',
  'log',
  'profile',
  'step',
  'variant',
  'after',
]);

/** Every name in guide.yaml that mixes scripts or holds a look-alike or invisible character, at that character. */
export function confusableNames(
  data: unknown,
  file: string,
  locateIn: (path: YamlPath, index: number) => { line: number; column: number },
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const walk = (value: unknown, path: YamlPath, naming: boolean): void => {
    if (typeof value === 'string') {
      const problem = naming ? confusableIn(value) : undefined;
      if (problem)
        found.push(
          errorAt(
            'E_CONFUSABLE',
            file,
            `${formatPath(path)} ${showInvisible(JSON.stringify(value))}: ${problem.reason}`,
            {
              ...locateIn(path, problem.index),
              expected:
                'a name in one script (Latin, or Latin with Chinese), without look-alike or invisible characters',
              found: showInvisible(problem.char),
            },
          ),
        );
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i], naming));
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value))
        // { en, zh } under a name key is that name in two languages.
        walk(item, [...path, key], NAME_KEYS.has(key) || (naming && (key === 'en' || key === 'zh')));
  };
  walk(data, [], false);
  return found;
}
