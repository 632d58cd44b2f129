import { createHash } from 'node:crypto';
import { byCodeUnit } from './code-unit-order.ts';

/**
 * The manifest's name at the site's root, beside `data/`, `api/` and `llms.txt` (src/lib/site-paths.ts
 * links it). `.txt`, not the bare `SHA256SUMS`: a static host serves it as text/plain, which a browser
 * shows, and `astro preview` serves no file without an extension.
 */
export const DOWNLOAD_SUMS_FILE = 'SHA256SUMS.txt';

/**
 * Whether a file of the built site (its path below the site's root, `/`-separated) is one the site
 * offers for download: a guide's `data/<guide>.json` and `.csv`, everything below `api/` (index,
 * guides, schemas, Benchmark Reports) and llms.txt / llms-full.txt, the files the "Data and API"
 * page lists (src/lib/view/data-api-view.ts). Pages, scripts, styles and the search index are not.
 */
export function isDownload(path: string): boolean {
  return path.startsWith('data/') || path.startsWith('api/') || path === 'llms.txt' || path === 'llms-full.txt';
}

/** The SHA-256 of a file's bytes, as `sha256sum` prints it: 64 lowercase hex digits. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The manifest in the format `sha256sum` writes and `sha256sum -c` reads (GNU coreutils, text
 * mode): `<hash>  <path>` a line, sorted by code unit so every build of the same files writes the
 * same bytes. coreutils escapes a name holding a backslash or a line break with a leading `\`,
 * which other checkers read differently, so such a name is refused rather than written.
 */
export function sha256sumsText(entries: readonly { path: string; sha256: string }[]): string {
  const sorted = [...entries].sort((a, b) => byCodeUnit(a.path, b.path));
  for (const [index, entry] of sorted.entries()) {
    if (/[\\\n\r]/.test(entry.path) || entry.path === '')
      throw new Error(
        `${DOWNLOAD_SUMS_FILE}: the path ${JSON.stringify(entry.path)} is empty or holds a backslash or line break; expected a plain file name`,
      );
    if (!/^[0-9a-f]{64}$/.test(entry.sha256))
      throw new Error(
        `${DOWNLOAD_SUMS_FILE}: ${entry.path} has hash "${entry.sha256}"; expected 64 lowercase hex digits`,
      );
    if (index > 0 && sorted[index - 1]?.path === entry.path)
      throw new Error(`${DOWNLOAD_SUMS_FILE}: ${entry.path} is listed twice`);
  }
  return sorted.map((entry) => `${entry.sha256}  ${entry.path}\n`).join('');
}
