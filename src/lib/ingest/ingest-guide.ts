import { Lexer } from 'yaml';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { parseRawFile, type ParsedRun } from '../parse/index.ts';
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
  // A run's id is its raw path without the extension: two files that share a stem would share ids.
  const idOwners = new Map<string, string>();
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
      const owner = idOwners.get(id);
      if (owner !== undefined && owner !== raw.file) {
        diagnostics.push({
          severity: 'error',
          code: 'E_DUPLICATE',
          file: raw.file,
          line: parsed.source.startLine,
          message: `this file and ${owner} would both be run "${id}": a reference to it could mean either`,
          expected: 'raw files whose names differ before the extension',
          found: `${owner} and ${raw.file}`,
          hint: 'rename one of them (e.g. vllm.txt and vllm-save-result.json) and its result: in guide.yaml',
        });
        continue;
      }
      idOwners.set(id, raw.file);
      const unusable = unusableNumbers(parsed, raw.file);
      if (unusable.length > 0) {
        diagnostics.push(...unusable);
        continue;
      }
      const checked = RunSchema.safeParse({ id, ...parsed });
      if (!checked.success) {
        diagnostics.push({
          severity: 'error',
          code: 'E_SCHEMA',
          file: raw.file,
          line: parsed.source.startLine,
          message: `the parser produced a run perflab cannot store: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        });
        continue;
      }
      const run = checked.data;
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

/**
 * Whether guide.yaml text can declare a format at all, without parsing it (parsing YAML was most of
 * ingest's time). A declaration is a `format` key; YAML spells a key otherwise only through the
 * escapes of a double-quoted scalar (`"form\\x61t"`, or a line break escaped inside one), and a
 * tokenizer tells those from backslashes in block scalars such as a serving command's.
 */
export function mayDeclareFormats(yamlText: string): boolean {
  if (yamlText.includes('format')) return true;
  for (const token of new Lexer().lex(yamlText)) if (token.startsWith('"') && token.includes('\\')) return true;
  return false;
}

/**
 * Numbers no page may show: beyond the range of a double (`1e309` reads as Infinity) or integers
 * too long to be held exactly. Each is an error at the line that printed it.
 */
function unusableNumbers(run: ParsedRun, file: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const [key, metric] of Object.entries(run.metrics)) {
    const problem = !Number.isFinite(metric.value)
      ? `is not a finite number (it reads as ${metric.value})`
      : /^-?\d+$/.test(metric.printed) && !Number.isSafeInteger(Number(metric.printed))
        ? 'has more digits than a number can hold exactly'
        : undefined;
    if (problem)
      found.push({
        severity: 'error',
        code: 'E_BAD_NUMBER',
        file,
        line: metric.line,
        message: `${key} ${metric.printed.slice(0, 40)} ${problem}`,
        expected: 'a value a benchmark can print',
        found: metric.printed.slice(0, 40),
      });
  }
  return found;
}
