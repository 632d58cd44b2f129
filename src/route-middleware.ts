// Starlight route middleware: what every page's frame shows, decided once for all pages (guides,
// compare pages, the index, the methodology, the 404): the site's sidebar and the head.
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { getCollection } from 'astro:content';
import { isLocale } from './lib/i18n.ts';
import type { Locale } from './lib/i18n.ts';
import { paths } from './site-paths.ts';
import { sidebarModels, sidebarPagination, sidebarView, type SidebarModel } from './lib/view/sidebar-view.ts';
import { timed } from './lib/phase-times.ts';

/** The sidebar's models per locale, with the guides they were made from (`key`). */
const modelsCache = new Map<Locale, { key: string; models: SidebarModel[] }>();

async function modelsOf(lang: Locale): Promise<SidebarModel[]> {
  // A build's guides do not change while it runs: keying by every guide on every page made each
  // page's cost grow with the site. The dev server's do, so there the key is checked every time.
  const cached = modelsCache.get(lang);
  if (cached && !import.meta.env.DEV) return cached.models;
  const entries = await getCollection('guides');
  const key = entries.map((e) => `${e.id}:${e.digest ?? ''}`).join('\0');
  if (cached?.key === key) return cached.models;
  const models = sidebarModels(
    entries.map((e) => ({ guide: e.data.guide, title: e.data.prose[lang].title })),
    lang,
    paths,
  );
  modelsCache.set(lang, { key, models });
  return models;
}

export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  // Starlight announces a large Twitter card image; perflab has none to show. Nor does a reader
  // need the two generator tags (Astro's and Starlight's versions) on every page.
  route.head = route.head.filter(
    (entry) => !(entry.tag === 'meta' && ['twitter:card', 'generator'].includes(String(entry.attrs?.['name']))),
  );
  // Pages outside a locale (the 404) get the default locale's sidebar.
  const first = paths.inSite(context.url.pathname)?.split('/')[1];
  const lang = isLocale(first) ? first : 'en';
  const models = await modelsOf(lang);
  route.sidebar = timed('astro.sidebar', () => sidebarView(models, lang, context.url.pathname, paths));
  // Previous and next follow the models' order, as a sidebar listing them all would.
  route.pagination = timed('astro.sidebar', () => sidebarPagination(models, lang, context.url.pathname, paths));
});
