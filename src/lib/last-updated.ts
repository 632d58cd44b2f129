import { byCodeUnit } from './code-unit-order.ts';
import { isFuture, isRealDate } from './dates.ts';

/** The git command whose output `lastUpdatedByGuide` reads: NUL-separated, so no path is quoted. */
export const GIT_LOG_ARGS = ['log', '-z', '--format=%x1e%cs', '--name-only', '--', 'data/raw'] as const;

/** Each guide's date, and the commits passed over because their date is later than today allows. */
export type LastUpdated = { dates: Record<string, string>; future: { date: string; guides: string[] }[] };

/**
 * When each guide's evidence last changed, from the history of its raw files: the output of
 * `git log -z --format=%x1e%cs --name-only -- data/raw` (newest commit first; each commit's date,
 * then the files it touched, each ended by a NUL, so a name in any script or with quotes arrives as
 * it is) → guide id → the date of the newest commit that touched one of its raw files. A commit
 * dated later than `today` allows (a clock set wrong, a forged date) is passed over: the page says
 * when its evidence changed, never a date to come. Deterministic for a given commit and day.
 */
export function lastUpdatedByGuide(gitLog: string, today: string): LastUpdated {
  const dates: Record<string, string> = {};
  const future: LastUpdated['future'] = [];
  for (const commit of gitLog.split('\x1e').slice(1)) {
    const [date = '', ...fields] = commit.split('\0');
    // The file list starts on the line after the date.
    const files = fields.map((field, i) => (i === 0 ? field.replace(/^\n/, '') : field)).filter((f) => f !== '');
    if (!isRealDate(date)) continue;
    const guides = [
      ...new Set(
        files.flatMap((file) => {
          const [, model, hardware] = /^data\/raw\/([^/]+)\/([^/]+)\//.exec(file) ?? [];
          return model && hardware ? [`${model}/${hardware}`] : [];
        }),
      ),
    ];
    if (isFuture(date, today)) {
      if (guides.length > 0) future.push({ date, guides });
      continue;
    }
    for (const guide of guides) dates[guide] ??= date;
  }
  return { dates: Object.fromEntries(Object.entries(dates).sort(([a], [b]) => byCodeUnit(a, b))), future };
}

/** Where the build keeps the dates between `scripts/last-updated.ts` and the guide loader. */
export const LAST_UPDATED_FILE = 'node_modules/.cache/perflab/last-updated.json';
