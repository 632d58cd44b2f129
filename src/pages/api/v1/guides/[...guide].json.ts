import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { guideApi } from '../../../../lib/api/guide-api.ts';
import { guideLinks } from '../../../../lib/api/links.ts';
import type { ComputedGuide } from '../../../../lib/schema/computed.ts';
import { stableCompactJson } from '../../../../lib/stable-json.ts';
import { apiSite } from '../../../../site-paths.ts';

export const getStaticPaths = (async () =>
  (await getCollection('guides')).map((entry) => ({
    params: { guide: entry.id },
    props: { guide: entry.data.guide },
  }))) satisfies GetStaticPaths;

/** A guide's decision for programs (src/lib/api/guide-api.ts), naming its JSON Schema in `$schema`. */
export const GET: APIRoute = ({ props }) => {
  const { guide } = props as { guide: ComputedGuide };
  return new Response(stableCompactJson(guideApi(guide, guideLinks(apiSite, guide))), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
