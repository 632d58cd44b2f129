import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import type { ComputedGuide } from '../../lib/schema/computed.ts';
import { comparisonCsv } from '../../lib/view/downloads.ts';

export const getStaticPaths = (async () =>
  (await getCollection('guides')).map((entry) => ({
    params: { guide: entry.id },
    props: { entry },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(comparisonCsv((props as { entry: { data: { guide: ComputedGuide } } }).entry.data.guide), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8' },
  });
