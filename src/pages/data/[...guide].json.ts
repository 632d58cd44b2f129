import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { stableJson } from '../../lib/stable-json.ts';

export const getStaticPaths = (async () =>
  (await getCollection('guides')).map((entry) => ({
    params: { guide: entry.id },
    props: { entry },
  }))) satisfies GetStaticPaths;

/** The computed guide, as committed in data/guides/<guide>.json. */
export const GET: APIRoute = ({ props }) =>
  new Response(stableJson((props as { entry: { data: { guide: unknown } } }).entry.data.guide), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
