import type { Locale } from './i18n.ts';

/**
 * Where the site is published below its host: `/` at a domain's root (https://perflab.example.com),
 * `/perflab/` for a GitHub Pages project site (https://<owner>.github.io/perflab). Taken from the
 * site's URL (`PERFLAB_SITE`) unless `PERFLAB_BASE` names it; always with a slash at both ends.
 */
export function basePath(site: string | undefined, base?: string): string {
  const path = base !== undefined && base !== '' ? base : site ? siteUrl(site).pathname : '/';
  const parts = path.split('/').filter((part) => part !== '');
  for (const part of parts)
    if (part === '.' || part === '..' || !/^[A-Za-z0-9._~-]+$/.test(part))
      throw new Error(
        `PERFLAB_BASE / PERFLAB_SITE: the path "${path}" holds "${part}"; expected path segments of letters, digits, ".", "_", "~" or "-"`,
      );
  return parts.length === 0 ? '/' : `/${parts.join('/')}/`;
}

/** PERFLAB_SITE as a URL: http(s), no query or fragment. */
export function siteUrl(site: string): URL {
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    throw new Error(`PERFLAB_SITE: "${site}" is not a URL; expected e.g. https://<owner>.github.io/<repository>`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search !== '' || url.hash !== '')
    throw new Error(`PERFLAB_SITE: "${site}" must be an http(s) URL without query or fragment`);
  return url;
}

export type CompareKind = 'model' | 'hardware';

/** Every path perflab links to, under the base path: the one place a link to a page or file is made. */
export type SitePaths = {
  /** the base path itself, `/` or `/perflab/` */
  base: string;
  home: (lang: Locale) => string;
  guide: (lang: Locale, id: string) => string;
  compare: (lang: Locale, kind: CompareKind, slug: string) => string;
  methodology: (lang: Locale) => string;
  /** a guide's download, `data/<guide>.json` or `.csv` */
  download: (id: string, extension: 'json' | 'csv') => string;
  /** any other file of the site (`search-ui.css`, `pagefind/`) */
  file: (path: string) => string;
  /** a path the site links root-absolute (`/en/…` in prose), under the base; others unchanged */
  rooted: (href: string) => string;
  /** a URL's path inside the site (`/perflab/en/` → `/en/`), or undefined for a path outside it */
  inSite: (pathname: string) => string | undefined;
};

export function sitePaths(base = '/'): SitePaths {
  const root = base.endsWith('/') ? base : `${base}/`;
  const at = (path: string) => `${root}${path.replace(/^\/+/, '')}`;
  return {
    base: root,
    home: (lang) => at(`${lang}/`),
    guide: (lang, id) => at(`${lang}/guides/${id}/`),
    compare: (lang, kind, slug) => at(`${lang}/compare/${kind}/${slug}/`),
    methodology: (lang) => at(`${lang}/methodology/`),
    download: (id, extension) => at(`data/${id}.${extension}`),
    file: at,
    rooted: (href) => (href.startsWith('/') && !href.startsWith('//') ? at(href) : href),
    inSite: (pathname) =>
      pathname.startsWith(root) ? `/${pathname.slice(root.length)}` : pathname === root.slice(0, -1) ? '/' : undefined,
  };
}

/** The paths of a site at a domain's root: what tests and the bench build. */
export const ROOT_PATHS = sitePaths('/');
