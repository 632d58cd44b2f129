import { byCodeUnit } from './code-unit-order.ts';

/**
 * When each guide's evidence last changed, from the history of its raw files: the output of
 * `git log --format=%x1e%cs --name-only -- data/raw` (newest commit first; each commit's date
 * then the files it touched) → guide id → the date of the newest commit that touched one of its
 * raw files. Deterministic for a given commit: it reads history, never the clock.
 */
export function lastUpdatedByGuide(gitLog: string): Record<string, string> {
  const dates: Record<string, string> = {};
  for (const commit of gitLog.split('\x1e').slice(1)) {
    const [date = '', ...files] = commit.split('\n').filter((line) => line.trim() !== '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    for (const file of files) {
      const [, model, hardware] = /^data\/raw\/([^/]+)\/([^/]+)\//.exec(file) ?? [];
      if (model && hardware) dates[`${model}/${hardware}`] ??= date;
    }
  }
  return Object.fromEntries(Object.entries(dates).sort(([a], [b]) => byCodeUnit(a, b)));
}

/** Where the build keeps the dates between `scripts/last-updated.ts` and the guide loader. */
export const LAST_UPDATED_FILE = 'node_modules/.cache/perflab/last-updated.json';
