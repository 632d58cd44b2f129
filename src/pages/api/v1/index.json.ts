import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { guideIndex } from '../../../lib/api/index-api.ts';
import { guideLinks, schemaUrl } from '../../../lib/api/links.ts';
import { stableCompactJson } from '../../../lib/stable-json.ts';
import { apiSite } from '../../../site-paths.ts';

/** Every guide in one list (src/lib/api/index-api.ts). */
export const GET: APIRoute = async () => {
  const guides = (await getCollection('guides')).map((entry) => ({
    guide: entry.data.guide,
    links: guideLinks(apiSite, entry.data.guide),
  }));
  const index = guideIndex(guides, { schema: schemaUrl(apiSite, 'index'), guideSchema: schemaUrl(apiSite, 'guide') });
  return new Response(stableCompactJson(index), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
