// The build's today, the one reading of the clock: dates in guide.yaml and commits may not be later
// (src/lib/dates.ts). PERFLAB_TODAY=YYYY-MM-DD sets it, for a reproducible check of an old commit.
import { dateOf, isRealDate } from '../lib/dates.ts';

export function today(): string {
  const set = process.env['PERFLAB_TODAY'];
  return set !== undefined && isRealDate(set) ? set : dateOf(new Date());
}
