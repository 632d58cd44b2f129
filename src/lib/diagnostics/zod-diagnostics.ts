import type { z } from 'zod';
import { didYouMean } from './did-you-mean.ts';
import type { Diagnostic } from './diagnostics.ts';
import { formatPath, type YamlPath } from '../guide-source/yaml-source.ts';

type AnySchema = z.ZodType;
type Def = {
  type: string;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  innerType?: AnySchema;
  options?: AnySchema[];
  in?: AnySchema;
};

function def(schema: AnySchema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The object keys a schema allows at `path`, for "did you mean" on unknown keys. */
function keysAt(schema: AnySchema, path: YamlPath): string[] {
  let current: AnySchema[] = [schema];
  const unwrap = (s: AnySchema): AnySchema[] => {
    const d = def(s);
    if (d.type === 'optional' || d.type === 'default' || d.type === 'nullable' || d.type === 'readonly')
      return unwrap(d.innerType!);
    if (d.type === 'pipe') return unwrap(d.in!);
    if (d.type === 'union') return d.options!.flatMap(unwrap);
    return [s];
  };
  for (const key of path) {
    current = current.flatMap(unwrap).flatMap((s) => {
      const d = def(s);
      if (d.type === 'object' && typeof key === 'string' && d.shape?.[key]) return [d.shape[key]];
      if (d.type === 'array' && typeof key === 'number') return [d.element!];
      if (d.type === 'record' && typeof key === 'string') return [(d as unknown as { valueType: AnySchema }).valueType];
      return [];
    });
  }
  return current.flatMap(unwrap).flatMap((s) => Object.keys(def(s).shape ?? {}));
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return JSON.stringify(value);
}

function valueAt(data: unknown, path: YamlPath): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined,
    data,
  );
}

/**
 * Turns zod issues into diagnostics that name the file, the line, the key path, what was
 * expected and what was found (the Starlight `parseWithFriendlyErrors` idea).
 */
export function zodDiagnostics(
  issues: readonly z.core.$ZodIssue[],
  options: {
    file: string;
    schema: AnySchema;
    data: unknown;
    locate: (path: YamlPath) => { line: number; column: number };
  },
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const issue of issues) {
    const path = issue.path as (string | number)[];
    const found = valueAt(options.data, path);
    const at = options.locate(path);
    const where = formatPath(path) || '(top level)';
    const base = { severity: 'error' as const, code: 'E_SCHEMA', file: options.file, line: at.line, column: at.column };
    const notAllowed = (allowed: string[]): Diagnostic => ({
      ...base,
      message: `${where}: not an allowed value`,
      expected: `one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`,
      found: describe(found),
      hint: typeof found === 'string' ? didYouMean(found, allowed) : undefined,
    });
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const keyAt = options.locate([...path, key]);
        const allowed = keysAt(options.schema, path);
        out.push({
          ...base,
          ...keyAt,
          message: `${where === '(top level)' ? '' : `${where}: `}unknown key "${key}"`,
          expected: `one of ${allowed.join(', ')}`,
          found: JSON.stringify(key),
          hint: didYouMean(key, allowed),
        });
      }
    } else if (issue.code === 'invalid_value') {
      out.push(notAllowed(issue.values.map(String)));
    } else if (issue.code === 'invalid_type') {
      out.push({
        ...base,
        message: `${where}: ${found === undefined ? 'missing' : 'wrong type'}`,
        expected: issue.expected,
        found: describe(found),
      });
    } else if (issue.code === 'invalid_union' && 'options' in issue && Array.isArray(issue.options)) {
      // A discriminated union whose discriminator (e.g. `layout`) has an unknown value.
      out.push(notAllowed((issue.options as unknown[]).map(String)));
    } else if (issue.code === 'invalid_union') {
      const nested = issue.errors.flat();
      const only = nested.length > 0 && nested.every((n) => n.code === nested[0]!.code) ? nested[0] : undefined;
      out.push({
        ...base,
        message: `${where}: ${only?.code === 'invalid_type' ? 'wrong type' : 'does not match any allowed form'}`,
        expected:
          only?.code === 'invalid_type'
            ? nested.map((n) => (n as { expected: string }).expected).join(' or ')
            : 'see the schema in src/lib/schema/guide.ts',
        found: describe(found),
      });
    } else {
      out.push({ ...base, message: `${where}: ${issue.message}`, found: describe(found) });
    }
  }
  return out.map((d) => (d.hint === undefined ? (({ hint: _, ...rest }) => rest)(d) : d));
}
