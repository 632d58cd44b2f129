import { z } from 'zod';
import { didYouMean } from './did-you-mean.ts';
import { errorAt, type Diagnostic } from './diagnostics.ts';
import { formatPath, type YamlPath } from '../yaml-path.ts';
import { parseJsonDocuments, pointerEscape } from '../json-text.ts';
import { showInvisible } from '../visible-text.ts';
import { boundWording, unquotedCommaWording } from './schema-words.ts';
import { acceptedForms, allowedKeys, nodesAt } from './schema-forms.ts';

/**
 * Every schema check of perflab's inputs and stored data goes through `validate`: it turns each
 * zod issue into an E_SCHEMA diagnostic that names the file, the line, the key path, what the
 * schema accepts there (all the forms of a union, the keys of a mapping) and what was found.
 */

/** Line (and column, when known) of the value at a key path, or of its nearest existing parent. */
export type Locate = (path: YamlPath) => { line: number; column?: number | undefined };

export type Validated<T> = { ok: true; data: T } | { ok: false; diagnostics: Diagnostic[] };

export type ValidateOptions = {
  file: string;
  locate?: Locate | undefined;
  /** the key at a path is written in a `{ … }` mapping without a colon (what a comma in an unquoted value leaves) */
  bareKey?: ((path: YamlPath) => boolean) | undefined;
};

export function validate<S extends z.ZodType>(
  schema: S,
  data: unknown,
  options: ValidateOptions,
): Validated<z.output<S>> {
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, data: result.data };
  const context: IssueContext = { ...options, schema, data };
  return { ok: false, diagnostics: result.error.issues.flatMap((issue) => issueDiagnostics(issue, [], context)) };
}

/** A JSON file (stored data, a committed guide), validated with diagnostics at its lines. */
export function validateJson<S extends z.ZodType>(schema: S, text: string, file: string): Validated<z.output<S>> {
  // Generated files are almost always valid: the built-in parser decides that fast, and the
  // located reader below runs only to say where a file is wrong.
  const fast = quickParse(text);
  if (fast.ok) {
    const result = schema.safeParse(fast.value);
    if (result.success) return { ok: true, data: result.data };
  }
  const parsed = parseJsonDocuments(text);
  if (!parsed.ok || parsed.documents.length !== 1) {
    const at = parsed.ok ? { line: parsed.documents[1]?.line, message: 'more than one JSON document' } : parsed;
    return {
      ok: false,
      diagnostics: [
        errorAt('E_JSON', file, `not valid JSON: ${at.message}`, {
          line: at.line,
          expected: 'one JSON document',
          hint: 'the file is generated: regenerate it (`npm run build`) instead of editing it',
        }),
      ],
    };
  }
  const [document] = parsed.documents;
  const locate: Locate = (path) => {
    for (let length = path.length; length >= 0; length--) {
      const pointer = path
        .slice(0, length)
        .map((key) => `/${pointerEscape(String(key))}`)
        .join('');
      const line = document?.lines.get(pointer);
      if (line !== undefined) return { line };
    }
    return { line: 1 };
  };
  return validate(schema, document?.value, { file, locate });
}

function quickParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

type IssueContext = ValidateOptions & { schema: z.ZodType; data: unknown };

function issueDiagnostics(issue: z.core.$ZodIssue, prefix: YamlPath, context: IssueContext): Diagnostic[] {
  const path: YamlPath = [...prefix, ...issue.path.filter((key) => typeof key !== 'symbol')];
  const found = valueAt(context.data, path);
  const where = formatPath(path) || '(top level)';
  const at = (keyPath: YamlPath) => context.locate?.(keyPath) ?? {};
  const error = (message: string, detail: { expected?: string; found?: string; hint?: string | undefined }) =>
    errorAt('E_SCHEMA', context.file, message, { ...at(path), ...detail });
  const notAllowed = (allowed: readonly string[]) =>
    error(`${where}: not an allowed value`, {
      expected: `one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`,
      found: describe(found),
      hint: typeof found === 'string' ? didYouMean(found, allowed) : undefined,
    });

  const commaError = (key: string, mapping: Record<string, unknown>) => {
    const words = unquotedCommaWording(key, mapping);
    return errorAt('E_SCHEMA', context.file, `${path.length > 0 ? `${where}: ` : ''}${words.message}`, {
      ...at([...path, key]),
      expected: words.expected,
      found: words.found,
      hint: words.hint,
    });
  };

  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = allowedKeys(context.schema, path);
      const mapping = valueAt(context.data, path);
      return issue.keys.map((key) =>
        context.bareKey?.([...path, key]) && mapping !== null && typeof mapping === 'object'
          ? commaError(key, mapping as Record<string, unknown>)
          : errorAt('E_SCHEMA', context.file, `${path.length > 0 ? `${where}: ` : ''}unknown key "${key}"`, {
              ...at([...path, key]),
              expected: `one of ${allowed.join(', ')}`,
              found: JSON.stringify(key),
              hint: didYouMean(key, allowed),
            }),
      );
    }
    case 'invalid_value':
      return [notAllowed(issue.values.map(String))];
    case 'invalid_type': {
      const expected = acceptedForms(context.schema, path) ?? issue.expected;
      return [
        error(`${where}: ${found === undefined ? 'missing' : `not ${expected}`}`, { expected, found: describe(found) }),
      ];
    }
    case 'too_small':
    case 'too_big': {
      const integer = nodesAt(context.schema, path).some((node) => node.type === 'integer');
      const words = boundWording(issue, found, integer);
      if (words)
        return [
          error(`${where}: ${words.message}`, { expected: words.expected, found: words.found ?? describe(found) }),
        ];
      return [error(`${where}: ${issue.message}`, { found: describe(found) })];
    }
    case 'invalid_union': {
      // A discriminated union whose discriminator (e.g. `layout`) has an unknown value.
      if ('options' in issue && issue.options !== undefined) return [notAllowed(issue.options.map(String))];
      // When exactly one form fits the value's shape, that form's own problems say what is wrong
      // (`winner: { variant: x }` lacks its reason); otherwise list every form.
      const shaped = issue.errors.filter((option) => !option.some(isShapeMismatch));
      const [only] = shaped;
      if (shaped.length === 1 && only !== undefined && only.length > 0)
        return only.flatMap((nested) => issueDiagnostics(nested, path, context));
      return [
        error(`${where}: ${found === undefined ? 'missing' : 'not one of the accepted forms'}`, {
          expected: acceptedForms(context.schema, path) ?? 'a form src/lib/schema/ describes',
          found: describe(found),
        }),
      ];
    }
    default:
      return [error(`${where}: ${issue.message}`, { found: describe(found) })];
  }
}

/** An issue that says the value is not of this union form at all (another type or literal). */
function isShapeMismatch(issue: z.core.$ZodIssue): boolean {
  return (
    issue.path.length === 0 &&
    (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union')
  );
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  // A long string (a pasted log) is quoted by its start: a message is one line, not the whole value.
  if (typeof value === 'string' && (value.length > 120 || value.includes('\n')))
    return `${showInvisible(JSON.stringify(value.split('\n')[0]?.slice(0, 120)))}… (${value.length.toLocaleString('en-US')} characters)`;
  // JSON escapes control characters; a zero-width one is named too, or the text would look empty.
  return typeof value === 'string' ? showInvisible(JSON.stringify(value)) : JSON.stringify(value);
}

function valueAt(data: unknown, path: YamlPath): unknown {
  let node = data;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = Object.hasOwn(node, key) ? Reflect.get(node, key) : undefined;
  }
  return node;
}
