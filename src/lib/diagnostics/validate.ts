import { z } from 'zod';
import { didYouMean } from './did-you-mean.ts';
import { errorAt, type Diagnostic } from './diagnostics.ts';
import { formatPath, type YamlPath } from '../guide-source/yaml-source.ts';
import { parseJsonDocuments, pointerEscape } from '../parse/json-text.ts';
import { showInvisible } from '../visible-text.ts';

/**
 * Every schema check of perflab's inputs and stored data goes through `validate`: it turns each
 * zod issue into an E_SCHEMA diagnostic that names the file, the line, the key path, what the
 * schema accepts there (all the forms of a union, the keys of a mapping) and what was found.
 */

/** Line (and column, when known) of the value at a key path, or of its nearest existing parent. */
export type Locate = (path: YamlPath) => { line: number; column?: number | undefined };

export type Validated<T> = { ok: true; data: T } | { ok: false; diagnostics: Diagnostic[] };

export function validate<S extends z.ZodType>(
  schema: S,
  data: unknown,
  options: { file: string; locate?: Locate | undefined },
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

type IssueContext = { file: string; locate?: Locate | undefined; schema: z.ZodType; data: unknown };

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

  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = allowedKeys(context.schema, path);
      return issue.keys.map((key) =>
        errorAt('E_SCHEMA', context.file, `${path.length > 0 ? `${where}: ` : ''}unknown key "${key}"`, {
          ...at([...path, key]),
          expected: `one of ${allowed.join(', ')}`,
          found: JSON.stringify(key),
          hint: didYouMean(key, allowed),
        }),
      );
    }
    case 'invalid_value':
      return [notAllowed(issue.values.map(String))];
    case 'invalid_type':
      return [
        error(`${where}: ${found === undefined ? 'missing' : 'wrong type'}`, {
          expected: acceptedForms(context.schema, path) ?? issue.expected,
          found: describe(found),
        }),
      ];
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

// What a schema accepts at a path, read from its JSON Schema (zod's public description of it).
type JsonSchema = z.core.JSONSchema.JSONSchema;
const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let json = jsonSchemas.get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    jsonSchemas.set(schema, json);
  }
  return json;
}

/** The alternatives a node stands for: the forms of a union, or the node itself. */
function forms(node: JsonSchema | boolean | undefined): JsonSchema[] {
  if (node === undefined || typeof node === 'boolean') return [];
  const alternatives = node.anyOf ?? node.oneOf;
  return alternatives ? alternatives.flatMap(forms) : [node];
}

function nodesAt(schema: z.ZodType, path: YamlPath): JsonSchema[] {
  let nodes = forms(jsonSchemaOf(schema));
  for (const key of path) {
    nodes = nodes.flatMap((node) => {
      if (typeof key === 'number') return Array.isArray(node.items) ? [] : forms(node.items);
      const property = node.properties?.[key];
      return property !== undefined ? forms(property) : forms(node.additionalProperties);
    });
  }
  return nodes;
}

/** The keys a mapping at `path` may have, for "did you mean" on an unknown key. */
function allowedKeys(schema: z.ZodType, path: YamlPath): string[] {
  return [...new Set(nodesAt(schema, path).flatMap((node) => Object.keys(node.properties ?? {})))];
}

/** `"worst", "first", "previous-winner" or { variant }`: every form the value at `path` may take. */
function acceptedForms(schema: z.ZodType, path: YamlPath): string | undefined {
  const described = [...new Set(nodesAt(schema, path).flatMap(describeForm))];
  const last = described.pop();
  return described.length === 0 ? last : `${described.join(', ')} or ${last}`;
}

function describeForm(node: JsonSchema): string[] {
  if (node.const !== undefined) return [JSON.stringify(node.const)];
  if (node.enum !== undefined) return node.enum.map((value) => JSON.stringify(value));
  switch (node.type) {
    case 'object': {
      const required = new Set(node.required ?? []);
      const keys = Object.keys(node.properties ?? {}).map((key) => (required.has(key) ? key : `${key}?`));
      return [keys.length > 0 ? `{ ${keys.join(', ')} }` : 'a mapping'];
    }
    case 'array':
      return ['a list'];
    case 'string':
      return ['a string'];
    case 'integer':
      return ['a whole number'];
    case 'number':
      return ['a number'];
    case 'boolean':
      return ['true or false'];
    default:
      return [];
  }
}
