import { z } from 'zod';
import type { YamlPath } from '../yaml-path.ts';

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

export function nodesAt(schema: z.ZodType, path: YamlPath): JsonSchema[] {
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
export function allowedKeys(schema: z.ZodType, path: YamlPath): string[] {
  return [...new Set(nodesAt(schema, path).flatMap((node) => Object.keys(node.properties ?? {})))];
}

/** `"worst", "first", "previous-winner" or { variant }`: every form the value at `path` may take. */
export function acceptedForms(schema: z.ZodType, path: YamlPath): string | undefined {
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
