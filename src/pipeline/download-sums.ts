// After `astro build`: SHA256SUMS.txt at the site's root, the SHA-256 of every file the site offers for
// download (src/lib/download-sums.ts), so a reader can check a file against what this build wrote.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DOWNLOAD_SUMS_FILE, isDownload, sha256Hex, sha256sumsText } from '../lib/download-sums.ts';
import { listFiles } from './fs-policy.ts';

/** Writes `<dist>/SHA256SUMS.txt` from the files now in dist; returns how many it lists. */
export function writeDownloadSums(dist: string): number {
  const entries = listFiles(dist)
    .map((file) => ({ file, path: relative(dist, file).split(sep).join('/') }))
    .filter(({ path }) => isDownload(path))
    .map(({ file, path }) => ({ path, sha256: sha256Hex(readFileSync(file)) }));
  writeFileSync(join(dist, DOWNLOAD_SUMS_FILE), sha256sumsText(entries));
  return entries.length;
}

/** The Astro integration (astro.config.mjs): runs once the site is built. */
export function downloadSums(): AstroIntegration {
  return {
    name: 'perflab-download-sums',
    hooks: {
      'astro:build:done': ({ dir }) => {
        writeDownloadSums(fileURLToPath(dir));
      },
    },
  };
}
