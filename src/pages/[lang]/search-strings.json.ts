// The search UI's strings in the page's language (Starlight's, with perflab's own in
// src/content/i18n), fetched with the UI when a reader first opens search
// (src/components/starlight/Search.astro): on every page they were 0.8 KB of markup.
import type { APIRoute } from 'astro';
import { locales } from '../../lib/i18n.ts';
import { pagefindStrings } from '../../lib/search-strings.ts';
import { stableJson } from '../../lib/stable-json.ts';

export function getStaticPaths() {
  return locales.map((lang) => ({ params: { lang } }));
}

export const GET: APIRoute = ({ locals }) =>
  new Response(stableJson(pagefindStrings(locals.t('search.label'), locals.t.all())), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
