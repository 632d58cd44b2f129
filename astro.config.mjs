// @ts-check
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import mdx from '@astrojs/mdx';
import { filePolicy } from './src/pipeline/site-policy.ts';
import { cssPrune } from './src/pipeline/css-prune.ts';
import { downloadSums } from './src/pipeline/download-sums.ts';
import { buildPhases } from './src/pipeline/build-phases.ts';
import { devGuideReload } from './src/content/dev-entries.ts';
import { devRefresh } from './src/pipeline/dev-refresh.ts';
import { basePath, siteUrl } from './src/lib/site-paths.ts';
import { cssTrim } from './src/lib/css-trim.ts';
import { starlightLocales } from './src/lib/locales.ts';

const site = process.env.PERFLAB_SITE || undefined;

export default defineConfig({
  // The site's public URL, e.g. https://perflab.example.com or https://<owner>.github.io/perflab:
  // with it, every page gets a canonical URL and hreflang alternates, and the build writes a
  // sitemap (README, "Publishing"). Its path is the base every link goes under (src/lib/site-paths.ts);
  // PERFLAB_BASE sets the base alone (a preview served from a folder).
  ...(site ? { site: siteUrl(site).href } : {}),
  base: basePath(site, process.env.PERFLAB_BASE),
  trailingSlash: 'always',
  // Four pages in flight rather than one: a page's render waits on reads the others can fill
  // (npm run bench:site at 250 guides: about 5 % off the site build, the same memory, identical output).
  build: { concurrency: 4 },
  // Starlight turns on prefetching every link, a script on every page: pages are small and static.
  prefetch: false,
  // Starlight's rules for markup no perflab page has are left out of every page's stylesheet.
  vite: {
    css: { postcss: { plugins: [cssTrim] } },
    // Starlight's script that keeps its sidebar's open groups and scroll across pages reads markup
    // perflab's sidebar does not have (Sidebar.astro): every page carried it for nothing.
    plugins: [
      {
        name: 'perflab-no-sidebar-state',
        enforce: 'pre',
        resolveId: (id) => (/components-internals\/SidebarPersistState/.test(id) ? '\0perflab-empty' : undefined),
        load: (id) => (id === '\0perflab-empty' ? '' : undefined),
      },
    ],
  },
  // `npm run bench:site` builds a scratch site; its content-layer cache must not replace this one's.
  ...(process.env.PERFLAB_CACHE_DIR ? { cacheDir: process.env.PERFLAB_CACHE_DIR } : {}),
  integrations: [
    // First: a link in public/ stops the build before anything is copied, and the dev server serves
    // nothing reached through a link (src/pipeline/site-policy.ts).
    filePolicy(),
    // Without a site there is no sitemap to write: a stand-in under the sitemap's name keeps
    // Starlight from adding the real one, which would only warn that it skipped itself.
    ...(site ? [] : [{ name: '@astrojs/sitemap', hooks: {} }]),
    // `npm run dev`: an edited raw file or source is ingested and computed (src/pipeline/dev-refresh.ts),
    // and a refreshed guide's page reloads at once (src/content/dev-entries.ts).
    devRefresh(),
    devGuideReload(),
    starlight({
      // The locales (src/lib/locales.ts): Starlight derives Astro's i18n config from them, /en/… and
      // /zh/…, no root locale.
      ...starlightLocales('perflab'),
      // src/pages/404.astro is the 404 page, with its links under the base path.
      disable404Route: true,
      description: 'LLM serving tuning guides computed from raw benchmark evidence',
      customCss: ['./src/styles/perflab.css'],
      // The search index is built by `pagefind --site dist` after `astro build` has exited (see
      // package.json): run inside the build, Pagefind held its memory beside everything Node held.
      pagefind: false,
      // Search fetches its UI when first opened, so a guide page loads no script file before that.
      components: {
        Search: './src/components/starlight/Search.astro',
        PageSidebar: './src/components/starlight/PageSidebar.astro',
        Hero: './src/components/starlight/Hero.astro',
        Banner: './src/components/starlight/Banner.astro',
        Sidebar: './src/components/starlight/Sidebar.astro',
        LanguageSelect: './src/components/starlight/LanguageSelect.astro',
        ThemeSelect: './src/components/starlight/ThemeSelect.astro',
        ThemeProvider: './src/components/starlight/ThemeProvider.astro',
        Pagination: './src/components/starlight/Pagination.astro',
        MobileMenuToggle: './src/components/starlight/MobileMenuToggle.astro',
      },
      // Every page's sidebar and head are set by the route middleware (src/route-middleware.ts).
      routeMiddleware: './src/route-middleware.ts',
    }),
    mdx(),
    // The built stylesheets without the custom properties nothing in the site reads.
    cssPrune(),
    // SHA256SUMS.txt beside the downloads (data/, api/, llms.txt), so a reader can verify a file.
    downloadSums(),
    // Last: under npm run bench, where the build's time went (src/pipeline/build-phases.ts).
    buildPhases(),
  ],
});
