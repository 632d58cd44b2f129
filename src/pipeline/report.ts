// How the pipeline's commands tell the user what they found: every diagnostic on stderr, sorted, then
// a count. Data goes to files, never to stdout.
import { PLAUSIBILITY_CODES, READING_CODES } from '../lib/diagnostics/codes.ts';
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from '../lib/diagnostics/diagnostics.ts';

/**
 * A plausibility warning on a run (a mean above its P99, a peak below the mean) is for compute to
 * judge: each guide that shows the run acknowledges it in guide.yaml with a reason, or compute fails
 * with E_UNACKNOWLEDGED quoting the warning. Ingest and the dev server, which run before that
 * judgement, print such warnings as one line instead of repeating what guide.yaml already accepts;
 * `npm run check` shows each one no guide acknowledges.
 */
export const isPlausibilityWarning = (d: Diagnostic): boolean =>
  d.severity === 'warning' && ([...PLAUSIBILITY_CODES, ...READING_CODES] as readonly string[]).includes(d.code);

/**
 * Prints diagnostics to stderr; returns true when any is an error. With `foldPlausibility` (the
 * command's name), plausibility warnings are counted in one line rather than printed.
 */
export function reportDiagnostics(
  diagnostics: readonly Diagnostic[],
  { foldPlausibility }: { foldPlausibility?: string } = {},
): boolean {
  const folded = foldPlausibility === undefined ? [] : diagnostics.filter(isPlausibilityWarning);
  const shown = folded.length === 0 ? diagnostics : diagnostics.filter((d) => !isPlausibilityWarning(d));
  for (const d of sortDiagnostics(shown)) process.stderr.write(`${formatDiagnostic(d)}\n`);
  const errors = shown.filter((d) => d.severity === 'error').length;
  const warnings = shown.length - errors;
  if (shown.length > 0) process.stderr.write(`${errors} error(s), ${warnings} warning(s)\n`);
  if (folded.length > 0)
    process.stderr.write(
      `${foldPlausibility}: ${folded.length} plausibility warning(s) on runs, for compute to check against each guide's acknowledge: (npm run check shows any not acknowledged)\n`,
    );
  return errors > 0;
}

/**
 * Reports what keeps `command` from its folders (see folderProblems); true when it must stop
 * before reading, writing or removing anything.
 */
export function refuseFolders(command: string, problems: readonly Diagnostic[]): boolean {
  if (problems.length === 0) return false;
  reportDiagnostics(problems);
  process.stderr.write(`${command}: refused; nothing read, written or removed\n`);
  return true;
}
