// The site's paths under the base path astro.config.mjs gave Astro (from PERFLAB_SITE or
// PERFLAB_BASE): pages, components and the route middleware make every link through these.
import { sitePaths } from './lib/site-paths.ts';

export const paths = sitePaths(import.meta.env.BASE_URL);

/** The published data's links: paths under the base, absolute under PERFLAB_SITE when the site has one. */
export const apiSite = { paths, site: import.meta.env.SITE as string | undefined };
