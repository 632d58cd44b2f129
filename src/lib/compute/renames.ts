import { errorAt, formatDiagnostic, type Diagnostic } from '../diagnostics/diagnostics.ts';

/** What the rename check reads of a guide with renamedFrom: its id, its guide.yaml, the ids it had before. */
export type RenamedGuide = { id: string; file: string; text: string; renamedFrom: readonly string[] };

/**
 * Each earlier id a guide names in `renamedFrom` becomes a page that sends the reader to it, so no
 * such id may be a guide's now, or be named by two guides: either would give one address two pages.
 * The error stands at the id's line in guide.yaml.
 */
export function renameConflicts(guideIds: Iterable<string>, guides: readonly RenamedGuide[]): Diagnostic[] {
  const current = new Set(guideIds);
  const claimed = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const guide of guides)
    for (const old of guide.renamedFrom) {
      const line = lineOf(guide.text, old);
      const other = claimed.get(old);
      if (current.has(old) || other !== undefined)
        diagnostics.push(
          errorAt(
            'E_RENAMED_FROM',
            guide.file,
            `renamedFrom names "${old}", ${current.has(old) ? 'a guide that exists' : `which ${other} also names`}`,
            {
              ...(line === undefined ? {} : { line }),
              expected: 'an id no guide has now, named by one guide',
              found: current.has(old)
                ? `content/guides/${old}/guide.yaml`
                : `renamedFrom in content/guides/${other}/guide.yaml`,
            },
          ),
        );
      else claimed.set(old, guide.id);
    }
  return diagnostics;
}

/**
 * The pages a build makes for former ids: each (former id → guide) once. Conflicts stop the build
 * (check reports them at their lines first).
 */
export function formerIds(guides: readonly { id: string; renamedFrom?: readonly string[] | undefined }[]): {
  from: string;
  to: string;
}[] {
  const renamed = guides.map((g) => ({
    id: g.id,
    file: `content/guides/${g.id}/guide.yaml`,
    text: '',
    renamedFrom: g.renamedFrom ?? [],
  }));
  const conflicts = renameConflicts(
    guides.map((g) => g.id),
    renamed,
  );
  if (conflicts.length > 0) throw new Error(conflicts.map(formatDiagnostic).join('\n'));
  return renamed.flatMap(({ id, renamedFrom }) => renamedFrom.map((from) => ({ from, to: id })));
}

/** The 1-based line of guide.yaml that names `id` after the renamedFrom key, if it can be found. */
function lineOf(text: string, id: string): number | undefined {
  const lines = text.split('\n');
  const key = lines.findIndex((line) => /^renamedFrom\s*:/.test(line));
  if (key < 0) return undefined;
  const at = lines.findIndex((line, i) => i >= key && line.includes(id));
  return at < 0 ? key + 1 : at + 1;
}
