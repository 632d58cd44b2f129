// Checks on text a pull request brings (guide.yaml, prose) before anything renders it: characters
// that make code read differently than it runs (Trojan Source), names that read as other names.
// Link targets: schema/safe-url.ts.
import { confusableIn } from '../confusable.ts';
import { resultInLabel } from './label-claims.ts';
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { showInvisible } from '../visible-text.ts';
import { formatPath, type YamlPath } from './yaml-path.ts';

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

/** Every string of guide.yaml under one of `keys` (and the { en, zh } forms under them: that value in two languages), with its path. */
export function stringsUnder(data: unknown, keys: ReadonlySet<string>): { value: string; path: YamlPath }[] {
  const found: { value: string; path: YamlPath }[] = [];
  const walk = (value: unknown, path: YamlPath, under: boolean): void => {
    if (typeof value === 'string') {
      if (under) found.push({ value, path });
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i], under));
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value))
        walk(item, [...path, key], keys.has(key) || (under && (key === 'en' || key === 'zh')));
  };
  walk(data, [], false);
  return found;
}

type LocateIn = (path: YamlPath, index: number) => { line: number; column: number };

/** Every name in guide.yaml that mixes scripts or holds a look-alike, invisible or control character, at that character. */
export function confusableNames(data: unknown, file: string, locateIn: LocateIn): Diagnostic[] {
  return stringsUnder(data, NAME_KEYS).flatMap(({ value, path }) => {
    const problem = confusableIn(value);
    return problem
      ? [
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
        ]
      : [];
  });
}

// guide.yaml keys whose values a page shows as a name beside computed numbers: labels, short
// names, titles, column headings. Each names; none states a result (label-claims.ts).
export const LABEL_KEYS: ReadonlySet<string> = new Set(['label', 'short', 'summaryLabel', 'column', 'title']);

/** Every label of guide.yaml that states a result (a signed percentage, a delta, a verdict beside a number), at what states it. */
export function labelClaims(data: unknown, file: string, locateIn: LocateIn): Diagnostic[] {
  return stringsUnder(data, LABEL_KEYS).flatMap(({ value, path }) => {
    const claim = resultInLabel(value);
    return claim
      ? [
          errorAt(
            'E_LABEL_RESULT',
            file,
            `${formatPath(path)} ${showInvisible(JSON.stringify(value))}: ${claim.reason}`,
            {
              ...locateIn(path, claim.index),
              expected: 'a label that names a configuration, a workload or a step, with no result in it',
              found: showInvisible(claim.text),
            },
          ),
        ]
      : [];
  });
}
