// Starlight route middleware: what every page's frame shows, decided once for all pages (guides,
// compare pages, the index, the methodology, the 404): the site's sidebar and the head.
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { getCollection } from 'astro:content';
import { isLocale } from './lib/i18n.ts';
import type { Locale } from './lib/i18n.ts';
import { sidebarModels, sidebarView, type SidebarModel } from './lib/view/index-view.ts';

/** The sidebar's models per locale, made once for the guides as they are (a dev edit makes them anew). */
const modelsCache = new Map<string, SidebarModel[]>();

async function modelsOf(lang: Locale): Promise<SidebarModel[]> {
  const entries = await getCollection('guides');
  const key = `${lang}\0${entries.map((e) => `${e.id}:${e.digest ?? ''}`).join('\0')}`;
  let models = modelsCache.get(key);
  if (!models) {
    modelsCache.clear();
    models = sidebarModels(
      entries.map((e) => ({ guide: e.data.guide, title: e.data.prose[lang].title })),
      lang,
    );
    modelsCache.set(key, models);
  }
  return models;
}

export const onRequest = defineRouteMiddleware(async (context) => {
  const route = context.locals.starlightRoute;
  // Starlight announces a large Twitter card image; perflab has none to show.
  route.head = route.head.filter((entry) => !(entry.tag === 'meta' && entry.attrs?.['name'] === 'twitter:card'));
  // Pages outside a locale (the 404) get the default locale's sidebar.
  const first = context.url.pathname.split('/')[1];
  const lang = isLocale(first) ? first : 'en';
  route.sidebar = sidebarView(await modelsOf(lang), lang, context.url.pathname);
  // Previous and next follow the sidebar, in its order.
  const links = route.sidebar.flatMap((entry) => (entry.type === 'group' ? entry.entries : [entry]));
  const at = links.findIndex((entry) => entry.type === 'link' && entry.isCurrent);
  const linkAt = (i: number) => {
    const entry = links[i];
    return entry?.type === 'link' ? entry : undefined;
  };
  route.pagination = at < 0 ? { prev: undefined, next: undefined } : { prev: linkAt(at - 1), next: linkAt(at + 1) };
});
