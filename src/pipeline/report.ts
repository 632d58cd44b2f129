// How the pipeline's commands tell the user what they found: every diagnostic on stderr, sorted, then
// a count. Data goes to files, never to stdout.
import { formatDiagnostic, sortDiagnostics, type Diagnostic } from '../lib/diagnostics/diagnostics.ts';

/** Prints diagnostics to stderr; returns true when any is an error. */
export function reportDiagnostics(diagnostics: readonly Diagnostic[]): boolean {
  for (const d of sortDiagnostics(diagnostics)) process.stderr.write(`${formatDiagnostic(d)}\n`);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  if (diagnostics.length > 0) process.stderr.write(`${errors} error(s), ${warnings} warning(s)\n`);
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
