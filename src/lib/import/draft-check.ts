// What check will say of a draft, before it is written: the draft's raw files through ingest and
// its guide.yaml and en.md through compute, in memory, as `npm run check` reads them from disk.
// The import lists each error as a decision, so that the author meets them in one place.
import { buildGuide } from '../compute/build-guide.ts';
import { codeInfo } from '../diagnostics/codes.ts';
import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import { ingestGuide } from '../ingest/ingest-guide.ts';
import type { ImportedFiles } from './imported-files.ts';

export function draftDiagnostics(
  id: string,
  files: Pick<ImportedFiles, 'raw' | 'guideYaml' | 'enMd'>,
  today: string,
): Diagnostic[] {
  const raw = [...files.raw].map(([path, text]) => ({ path, file: `data/raw/${id}/${path}`, text }));
  const ingested = ingestGuide(raw);
  const built = buildGuide({
    id,
    yaml: { file: `content/guides/${id}/guide.yaml`, text: files.guideYaml },
    prose: { en: { file: `content/guides/${id}/en.md`, text: files.enMd } },
    runs: ingested.runs,
    today,
  });
  return [...ingested.diagnostics, ...built.diagnostics];
}

/**
 * The errors check will report on the draft, each a decision for its author: a story finding to
 * correct or acknowledge, a command to mend. A FILL-IN reason is not repeated: the decision list
 * names each acknowledgement that holds one.
 */
export function checkDecisions(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics
    .filter((d) => d.severity === 'error' && d.code !== 'E_FILL_IN')
    .map((d) => {
      const where = d.line === undefined ? d.file : `${d.file}:${d.line}`;
      const expected = d.expected === undefined ? '' : `; expected ${d.expected}`;
      return `${where} ${d.code}: ${d.message}${expected}. ${d.hint ?? codeInfo(d.code).hint}`;
    });
}
