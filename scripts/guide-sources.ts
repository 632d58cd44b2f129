// Reads one guide's sources from disk: guide.yaml, its normalized runs and both prose files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../src/lib/diagnostics.ts';
import type { GuideSources } from '../src/lib/pipeline.ts';
import { RunSchema, type Run } from '../src/lib/schema/run.ts';
import { listFiles, readText, repoPath, repoRoot } from './io.ts';

export const guidesRoot = join(repoRoot, 'content/guides');

export function readGuideSources(id: string, runs?: readonly Run[]): { sources: GuideSources; diagnostics: Diagnostic[] } {
  const dir = join(guidesRoot, id);
  const diagnostics: Diagnostic[] = [];
  const loadedRuns = runs ?? readRuns(id, diagnostics);
  const prose: GuideSources['prose'] = {};
  for (const lang of ['en', 'zh'] as const) {
    const path = join(dir, `${lang}.md`);
    if (existsSync(path)) prose[lang] = { file: repoPath(path), text: readText(path) };
  }
  const yamlPath = join(dir, 'guide.yaml');
  return { sources: { id, yaml: { file: repoPath(yamlPath), text: existsSync(yamlPath) ? readText(yamlPath) : '' }, runs: loadedRuns, prose }, diagnostics };
}

function readRuns(id: string, diagnostics: Diagnostic[]): Run[] {
  const runs: Run[] = [];
  for (const path of listFiles(join(repoRoot, 'data/runs', id))) {
    const parsed = RunSchema.safeParse(JSON.parse(readText(path)));
    if (parsed.success) runs.push(parsed.data);
    else diagnostics.push({ severity: 'error', code: 'E_SCHEMA', file: repoPath(path), message: `not a normalized run: ${parsed.error.issues[0]?.message}`, hint: 'run `npm run ingest` to regenerate data/runs' });
  }
  return runs;
}
