import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { llmsTxt } from '../lib/view/llms-txt.ts';
import { apiSite } from '../site-paths.ts';

/** What the site is and where everything is, for language models (src/lib/view/llms-txt.ts). */
export const GET: APIRoute = async () => {
  const guides = (await getCollection('guides')).map((e) => ({
    guide: e.data.guide,
    title: e.data.prose.en.title,
    prose: e.data.prose.en,
  }));
  return new Response(llmsTxt(guides, apiSite), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
