// Reads one guide's sources from disk: guide.yaml, its normalized runs and both prose files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { declaredFormats, type RawFile } from '../src/lib/ingest/ingest-guide.ts';
import type { GuideSources } from '../src/lib/compute/build-guide.ts';
import { parseYamlSource } from '../src/lib/guide-source/yaml-source.ts';
import { RunSchema, type Run } from '../src/lib/schema/run.ts';
import { listFiles, readText, repoPath, repoRoot } from './io.ts';

export const guidesRoot = join(repoRoot, 'content/guides');
export const rawRoot = join(repoRoot, 'data/raw');

/** Every raw file of a guide, with its path relative to the guide's raw folder. */
export function readRawFiles(id: string): RawFile[] {
  const guideDir = join(rawRoot, id);
  return listFiles(guideDir).map((absolute) => ({
    path: repoPath(absolute).slice(repoPath(guideDir).length + 1),
    file: repoPath(absolute),
    text: readText(absolute),
  }));
}

/** Formats guide.yaml declares for raw files; an unreadable guide.yaml declares none (compute reports it). */
export function readDeclaredFormats(id: string) {
  const path = join(guidesRoot, id, 'guide.yaml');
  if (!existsSync(path)) return new Map();
  const yaml = parseYamlSource(readText(path), repoPath(path));
  return declaredFormats(yaml.data);
}

export function readGuideSources(
  id: string,
  runs?: readonly Run[],
): { sources: GuideSources; diagnostics: Diagnostic[] } {
  const dir = join(guidesRoot, id);
  const diagnostics: Diagnostic[] = [];
  const loadedRuns = runs ?? readRuns(id, diagnostics);
  const prose: GuideSources['prose'] = {};
  for (const lang of ['en', 'zh'] as const) {
    const path = join(dir, `${lang}.md`);
    if (existsSync(path)) prose[lang] = { file: repoPath(path), text: readText(path) };
  }
  const yamlPath = join(dir, 'guide.yaml');
  return {
    sources: {
      id,
      yaml: { file: repoPath(yamlPath), text: existsSync(yamlPath) ? readText(yamlPath) : '' },
      runs: loadedRuns,
      prose,
    },
    diagnostics,
  };
}

function readRuns(id: string, diagnostics: Diagnostic[]): Run[] {
  const runs: Run[] = [];
  for (const path of listFiles(join(repoRoot, 'data/runs', id))) {
    const parsed = RunSchema.safeParse(JSON.parse(readText(path)));
    if (parsed.success) runs.push(parsed.data);
    else
      diagnostics.push({
        severity: 'error',
        code: 'E_SCHEMA',
        file: repoPath(path),
        message: `not a normalized run: ${parsed.error.issues[0]?.message}`,
        hint: 'run `npm run ingest` to regenerate data/runs',
      });
  }
  return runs;
}
