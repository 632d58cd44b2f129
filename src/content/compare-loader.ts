// Content loader for compare pages: which guides each page sets side by side on which cases, as
// compute chose (data/compare/<kind>/<slug>.json), read through the SiteFiles it is given. The page
// reads its guides from the guides collection; this holds only the selection.
import { join } from 'node:path';
import type { Loader } from 'astro/loaders';
import type { z } from 'zod';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { ComputedCompareSchema } from '../lib/schema/computed-compare.ts';
import { ComputedModelSchema } from '../lib/schema/computed-model.ts';
import type { SiteFiles } from './site-files.ts';

export const compareLoader = (options: { compareDir: string; files: SiteFiles }) =>
  computedFilesLoader('perflab-compare', options.compareDir, '*/*.json', ComputedCompareSchema, options.files);

/** The model pages, one model across hardware (data/models/<model>.json), read the same way. */
export const modelLoader = (options: { modelDir: string; files: SiteFiles }) =>
  computedFilesLoader('perflab-models', options.modelDir, '*.json', ComputedModelSchema, options.files);

function computedFilesLoader(
  name: string,
  compareDir: string,
  pattern: string,
  schema: z.ZodType<Record<string, unknown>>,
  files: SiteFiles,
): Loader {
  return {
    name,
    schema,
    load: async ({ store, generateDigest, watcher }) => {
      const load = () => {
        const seen = new Set<string>();
        for (const file of files.list(compareDir, pattern)) {
          const id = file.replace(/\.json$/, '');
          const path = `${compareDir}/${file}`;
          const text = files.read(path);
          if (text === undefined) continue; // removed since it was listed
          seen.add(id);
          const digest = generateDigest(text);
          if (store.get(id)?.digest === digest) continue;
          const checked = validateJson(schema, text, path);
          if (!checked.ok) throw new Error(checked.diagnostics.map(formatDiagnostic).join('\n'));
          store.set({ id, data: checked.data, digest });
        }
        for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
      };
      load();
      if (watcher) {
        const dir = join(files.root, compareDir);
        watcher.add(dir);
        watcher.on('all', (_event, path) => {
          if (path.startsWith(dir)) load();
        });
      }
    },
  };
}
