// The published Performance Lab pages, where ../shared/corpus exists (CI has it): tests that read
// them run only then. `describe.runIf` still collects its block, so the list is empty without them.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './guide-from-disk.ts';

export const corpusDir = join(repoRoot, '../shared/corpus/pages');
export const hasCorpus = existsSync(corpusDir);

/** `<model>/<hardware>` of every published page, sorted. */
export const corpusPages: string[] = hasCorpus
  ? readdirSync(corpusDir)
      .filter((model) => !model.endsWith('.md'))
      .flatMap((model) => readdirSync(join(corpusDir, model)).map((page) => `${model}/${page.replace(/\.md$/, '')}`))
      .sort()
  : [];
