import type { APIRoute, GetStaticPaths } from 'astro';
import { API_SCHEMAS, apiJsonSchemaText, type ApiSchemaName } from '../../../lib/api/json-schemas.ts';
import { schemaUrl } from '../../../lib/api/links.ts';
import { apiSite } from '../../../site-paths.ts';

export const getStaticPaths = (() =>
  (Object.keys(API_SCHEMAS) as ApiSchemaName[]).map((schema) => ({ params: { schema } }))) satisfies GetStaticPaths;

/** The JSON Schema of a published file, written from its zod schema (src/lib/api/json-schemas.ts). */
export const GET: APIRoute = ({ params }) => {
  const name = params['schema'] as ApiSchemaName;
  return new Response(apiJsonSchemaText(name, schemaUrl(apiSite, name)), {
    headers: { 'Content-Type': 'application/schema+json; charset=utf-8' },
  });
};
