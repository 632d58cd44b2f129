// Where `npm run import` writes a guide, all of it or nothing: data/raw/<guide>/ and
// content/guides/<guide>/ must not exist yet; every file is first written into data/.import-staging,
// and the two folders are then renamed into place. A failure at any point leaves data/raw and
// content/guides as they were (the staging folder is removed), so the import can simply run again.
import { join } from 'node:path';
import type { ImportedFiles } from '../lib/import/imported-files.ts';
import { folder, linkOnTheWay, moveOwned, removeOwned, repoPath, writeOwnedIfChanged } from './fs-policy.ts';
import { existsSync } from 'node:fs';

const targets = (id: string) => ({ raw: join(folder('raw'), id), content: join(folder('content'), id) });

/** Why nothing can be imported as `id` (a link on the way, a guide already there), or undefined. */
export function importTargetProblem(id: string): string | undefined {
  const { raw, content } = targets(id);
  for (const dir of [content, raw, folder('importStaging')]) {
    const linked = linkOnTheWay(dir);
    if (linked) return `${repoPath(linked.path)} ${linked.reason} (perflab does not follow links)`;
  }
  for (const dir of [content, raw])
    if (existsSync(dir)) return `${repoPath(dir)} already exists (pass another <model>/<hardware>)`;
  return undefined;
}

/** Writes the imported guide, or throws having written nothing (see the top of this file). */
export function writeImport(id: string, files: Pick<ImportedFiles, 'raw' | 'guideYaml' | 'enMd'>): void {
  const { raw, content } = targets(id);
  const staging = folder('importStaging');
  // What an interrupted import left behind is its own: removed before this one starts.
  removeOwned(staging, staging);
  try {
    for (const [path, text] of files.raw) writeOwnedIfChanged(join(staging, 'raw', path), staging, text);
    writeOwnedIfChanged(join(staging, 'content/guide.yaml'), staging, files.guideYaml);
    writeOwnedIfChanged(join(staging, 'content/en.md'), staging, files.enMd);
    moveOwned(join(staging, 'raw'), staging, raw, folder('raw'));
    try {
      moveOwned(join(staging, 'content'), staging, content, folder('content'));
    } catch (error) {
      moveOwned(raw, folder('raw'), join(staging, 'raw'), staging);
      throw error;
    }
  } finally {
    removeOwned(staging, staging);
  }
}
