import type { Locale } from './i18n.ts';
import { DOWNLOAD_SUMS_FILE } from './download-sums.ts';

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

/** The published data's major version: a path segment, so a tool that reads v1 keeps reading v1 (src/lib/api/version.ts). */
export const API_MAJOR = 1;

/**
 * A run id as a file name: `engine/vllm` stays a path, a block label's `#` (`cases/a#rate-10`)
 * becomes `--` (`#` would end a URL's path). Two runs of a guide that come out alike are refused
 * where the reports are listed (benchmarkReports, src/lib/api/benchmark-report.ts).
 */
export function runFile(runId: string): string {
  return runId.replace('#', '--');
}

/**
 * A path of the site as the public reads it: absolute under PERFLAB_SITE's origin when the site
 * has one (llms.txt, the index), the path itself otherwise (a build without a URL, as tests make).
 */
export function publicUrl(site: string | undefined, path: string): string {
  return site ? new URL(path, siteUrl(site).origin).href : path;
}

export type CompareKind = 'model' | 'hardware';

/** Every path perflab links to, under the base path: the one place a link to a page or file is made. */
export type SitePaths = {
  /** the base path itself, `/` or `/perflab/` */
  base: string;
  home: (lang: Locale) => string;
  guide: (lang: Locale, id: string) => string;
  compare: (lang: Locale, kind: CompareKind, slug: string) => string;
  /** a model across the machines it was measured on */
  model: (lang: Locale, slug: string) => string;
  methodology: (lang: Locale) => string;
  /** a guide's download, `data/<guide>.json` or `.csv` */
  download: (id: string, extension: 'json' | 'csv') => string;
  /** SHA256SUMS.txt: the SHA-256 of every download (src/lib/download-sums.ts) */
  downloadSums: () => string;
  /** the "Data and API" page, which documents the files below */
  dataApi: (lang: Locale) => string;
  /** the published data for programs (src/lib/api): `api/v1/…`, versioned by the contract's major version */
  api: {
    index: () => string;
    guide: (id: string) => string;
    /** a JSON Schema: `index` or `guide` */
    schema: (name: 'index' | 'guide') => string;
    /** one measured run as an llm-d Benchmark Report v0.2.1 */
    benchmarkReport: (guideId: string, runId: string) => string;
    llmsTxt: () => string;
    llmsFullTxt: () => string;
  };
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
    model: (lang, slug) => at(`${lang}/models/${slug}/`),
    methodology: (lang) => at(`${lang}/methodology/`),
    download: (id, extension) => at(`data/${id}.${extension}`),
    downloadSums: () => at(DOWNLOAD_SUMS_FILE),
    dataApi: (lang) => at(`${lang}/data-api/`),
    api: {
      index: () => at(`api/v${API_MAJOR}/index.json`),
      guide: (id) => at(`api/v${API_MAJOR}/guides/${id}.json`),
      schema: (name) => at(`api/v${API_MAJOR}/${name}.schema.json`),
      benchmarkReport: (guideId, runId) => at(`api/v${API_MAJOR}/benchmark-reports/${guideId}/${runFile(runId)}.json`),
      llmsTxt: () => at('llms.txt'),
      llmsFullTxt: () => at('llms-full.txt'),
    },
    file: at,
    rooted: (href) => (href.startsWith('/') && !href.startsWith('//') ? at(href) : href),
    inSite: (pathname) =>
      pathname.startsWith(root) ? `/${pathname.slice(root.length)}` : pathname === root.slice(0, -1) ? '/' : undefined,
  };
}

/** The paths of a site at a domain's root: what tests and the bench build. */
export const ROOT_PATHS = sitePaths('/');
