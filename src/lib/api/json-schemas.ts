import { z } from 'zod';
import { stableJson } from '../stable-json.ts';
import { API_VERSION } from './version.ts';
import { GuideApiSchema } from './guide-api.ts';
import { GuideIndexSchema } from './index-api.ts';

/** The published JSON Schemas, by the name their file is published under (`api/v1/<name>.schema.json`). */
export const API_SCHEMAS = {
  index: { schema: GuideIndexSchema, title: 'perflab guide index' },
  guide: { schema: GuideApiSchema, title: 'perflab guide' },
} as const;
export type ApiSchemaName = keyof typeof API_SCHEMAS;

/**
 * A published file's JSON Schema, written by zod from the schema that types the file (so the two
 * cannot drift), as JSON Schema 2020-12 with its own URL as `$id`. It is zod's input side, which
 * leaves objects open: a field added in a later 1.x validates against a 1.0 schema a tool kept,
 * and a reader ignores fields it does not know.
 */
export function apiJsonSchema(name: ApiSchemaName, id: string): Record<string, unknown> {
  const { schema, title } = API_SCHEMAS[name];
  return {
    ...z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }),
    $id: id,
    title,
    description: `${title}, schema version ${API_VERSION}: fields are only added within a major version`,
  };
}

export function apiJsonSchemaText(name: ApiSchemaName, id: string): string {
  return stableJson(apiJsonSchema(name, id));
}
