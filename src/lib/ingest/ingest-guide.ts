import { hasErrors, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { parseRawFile } from '../parse/index.ts';
import { checkRunPlausibility } from './plausibility.ts';
import { RunSchema, type FormatId, type Run } from '../schema/run.ts';
import { stableJson } from '../stable-json.ts';

export type RawFile = {
  /** path relative to the guide's raw folder */ path: string;
  /** repo-relative path for messages */ file: string;
  text: string;
};

/** A run's file name under data/runs/<guide>/: the raw path plus the block label for multi-block files. */
export function runId(rawPath: string, blockLabel: string | null, blockIndex: number, blocksInFile: number): string {
  const base = rawPath.replace(/\.[^./]+$/, '');
  if (blocksInFile === 1) return base;
  return `${base}#${blockLabel ? slugify(blockLabel) : `block-${blockIndex + 1}`}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Parses every raw file of one guide into normalized runs; all problems are collected, none thrown. */
export function ingestGuide(
  files: readonly RawFile[],
  formats: ReadonlyMap<string, FormatId> = new Map(),
): { runs: Run[]; diagnostics: Diagnostic[] } {
  const runs: Run[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const raw of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const format = formats.get(raw.path);
    const result = parseRawFile(raw.text, format ? { file: raw.file, format } : { file: raw.file });
    diagnostics.push(...result.diagnostics);
    const ids = new Set<string>();
    for (const parsed of result.runs) {
      const id = runId(raw.path, parsed.source.blockLabel, parsed.source.blockIndex, result.runs.length);
      if (ids.has(id)) {
        diagnostics.push({
          severity: 'error',
          code: 'E_DUPLICATE',
          file: raw.file,
          line: parsed.source.startLine,
          message: `two result blocks in this file share the label "${parsed.source.blockLabel}"`,
          expected: 'a distinct "# label" line before each block',
          found: JSON.stringify(parsed.source.blockLabel),
        });
        continue;
      }
      ids.add(id);
      const run = RunSchema.parse({ id, ...parsed });
      diagnostics.push(...checkRunPlausibility(run));
      runs.push(run);
    }
  }
  return { runs: hasErrors(diagnostics) ? [] : runs, diagnostics };
}

export function runJson(run: Run): string {
  return stableJson(run);
}

/**
 * The formats guide.yaml declares for its raw files (`result: { file, format }`), which override
 * detection. Read from the parsed YAML before validation, so ingest does not depend on compute.
 */
export function declaredFormats(guideData: unknown): Map<string, FormatId> {
  const formats = new Map<string, FormatId>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.file === 'string' && typeof record.format === 'string')
      formats.set(record.file, record.format as FormatId);
    Object.values(record).forEach(visit);
  };
  visit(guideData);
  return formats;
}
