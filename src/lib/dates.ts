// Calendar dates as guides write them (YYYY-MM-DD): real ones, and not after the build's today.
// The clock is read in src/pipeline (clock.ts) and passed in, so every check here is a pure function.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a date that exists: 2026-02-28 does, 2026-02-31 and 2026-13-01 do not. */
export function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The UTC date of an instant, as YYYY-MM-DD. */
export function dateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** "2026-12-01 10:00:00", in UTC, from an ISO time with any offset (as records write them); the text itself when it is none. */
export function utcTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, '');
}

/**
 * Whether `date` is later than `today` allows: after the day following it, so a date written in any
 * time zone on the day the build runs (ahead of UTC, as Beijing is) is not in the future.
 */
export function isFuture(date: string, today: string): boolean {
  if (!isRealDate(today)) return false;
  const tomorrow = dateOf(new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000));
  return date > tomorrow;
}
