// The published data's contract (src/lib/api/version.ts): within a major version fields are only
// added. tests/fixtures/api-contract/v1-fields.txt lists every field path of v1's JSON Schemas; a
// field taken out of a schema (renamed, removed) fails the first check, a field added without
// being listed fails the second (list it: from then on it must stay).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiJsonSchema, API_SCHEMAS, type ApiSchemaName } from '../../src/lib/api/json-schemas.ts';
import { API_VERSION } from '../../src/lib/api/version.ts';
import { API_MAJOR, publicUrl, runFile, sitePaths } from '../../src/lib/site-paths.ts';

type Schema = {
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** `guide:steps[].variants[].measurement.primary.unit`: every field a schema defines, arrays as `[]`, records as `{}`. */
function fieldPaths(schema: Schema, prefix: string, out: Set<string>): Set<string> {
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    fieldPaths(part, prefix, out);
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}.${name}`;
    out.add(path);
    fieldPaths(field, path, out);
  }
  if (schema.items) fieldPaths(schema.items, `${prefix}[]`, out);
  if (typeof schema.additionalProperties === 'object') fieldPaths(schema.additionalProperties, `${prefix}{}`, out);
  return out;
}

const golden = readFileSync(join(import.meta.dirname, '../fixtures/api-contract/v1-fields.txt'), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));
const current = (Object.keys(API_SCHEMAS) as ApiSchemaName[])
  .flatMap((name) => [...fieldPaths(apiJsonSchema(name, `/${name}`) as Schema, name, new Set())])
  .map((path) => path.replace(/^(\w+)\./, '$1:'))
  .sort();

describe('the v1 contract', () => {
  it('is major version 1, the path segment of every file', () => {
    expect(API_VERSION.split('.')[0]).toBe(String(API_MAJOR));
    expect(sitePaths('/perflab/').api.guide('glm-5.2/h200')).toBe('/perflab/api/v1/guides/glm-5.2/h200.json');
  });

  it('keeps every field it ever published', () => {
    const missing = golden.filter((path) => !current.includes(path));
    expect(missing, 'fields removed or renamed within v1: a new major version is the only way').toEqual([]);
  });

  it('lists every field it publishes, so that each one added is held from then on', () => {
    const unlisted = current.filter((path) => !golden.includes(path));
    expect(unlisted, 'new fields: add them to tests/fixtures/api-contract/v1-fields.txt').toEqual([]);
  });

  it('the walk finds fields at every depth, so a removed one is seen', () => {
    expect(golden).toContain('guide:steps[].variants[].measurement.primary.source.line');
    expect(golden).toContain('guide:runs{}.benchmarkReport');
    expect(golden).toContain('index:guides[].headline.perGpu.value');
  });
});

describe('published paths', () => {
  it('a block label’s # becomes --, since # would end the URL’s path', () => {
    expect(runFile('cases/a#rate-10')).toBe('cases/a--rate-10');
    expect(sitePaths('/').api.benchmarkReport('qwen3-8b/h100', 'other-cases/baseline#bs-1')).toBe(
      '/api/v1/benchmark-reports/qwen3-8b/h100/other-cases/baseline--bs-1.json',
    );
  });

  it('absolute under PERFLAB_SITE’s origin, the path alone without a site', () => {
    expect(publicUrl('https://o.github.io/perflab', '/perflab/llms.txt')).toBe('https://o.github.io/perflab/llms.txt');
    expect(publicUrl(undefined, '/llms.txt')).toBe('/llms.txt');
  });
});
