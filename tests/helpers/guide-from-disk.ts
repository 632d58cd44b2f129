// Builds a guide in memory from the repo's raw files, the way `npm run build` does, without
// touching data/: tests recompute from data/raw, never from committed output.
import { globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';

export const repoRoot = join(import.meta.dirname, '../..');

export function ingestFromDisk(id: string) {
  const dir = join(repoRoot, 'data/raw', id);
  const files = globSync('**/*', { cwd: dir, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'README.md')
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort()
    .map((path) => ({ path, file: relative(repoRoot, join(dir, path)), text: readFileSync(join(dir, path), 'utf8') }));
  return ingestGuide(files);
}

export function buildFromDisk(id: string) {
  const ingested = ingestFromDisk(id);
  const read = (name: string) => {
    const file = `content/guides/${id}/${name}`;
    return { file, text: readFileSync(join(repoRoot, file), 'utf8') };
  };
  const result = buildGuide({
    id,
    yaml: read('guide.yaml'),
    runs: ingested.runs,
    prose: { en: read('en.md'), zh: read('zh.md') },
    defaults: readDefaults(),
  });
  return { ...result, diagnostics: [...ingested.diagnostics, ...result.diagnostics] };
}

/** content/defaults.yaml as the pipeline reads it (prices, the noise default). */
export function readDefaults(): { file: string; text: string } {
  const file = 'content/defaults.yaml';
  return { file, text: readFileSync(join(repoRoot, file), 'utf8') };
}

/** One line of a raw file under data/raw (1-based), to show where a number a test checks was printed. */
export function rawLine(file: string, line: number): string | undefined {
  return readFileSync(join(repoRoot, 'data/raw', file), 'utf8').split('\n')[line - 1];
}

/** The ids of the committed computed guides (data/guides/<model>/<hardware>.json), sorted: the guides the built site has. */
export function committedGuideIds(): string[] {
  return globSync('data/guides/*/*.json', { cwd: repoRoot })
    .map((path) => path.replace(/^data\/guides\//, '').replace(/\.json$/, ''))
    .sort();
}
