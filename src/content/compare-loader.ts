// Content loader for compare pages: which guides each page sets side by side on which cases, as
// compute chose (data/compare/<kind>/<slug>.json), read through the SiteFiles it is given. The page
// reads its guides from the guides collection; this holds only the selection.
import { join } from 'node:path';
import type { Loader } from 'astro/loaders';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { ComputedCompareSchema } from '../lib/schema/computed-compare.ts';
import type { SiteFiles } from './site-files.ts';

export function compareLoader(options: { compareDir: string; files: SiteFiles }): Loader {
  const { compareDir, files } = options;
  return {
    name: 'perflab-compare',
    schema: ComputedCompareSchema,
    load: async ({ store, generateDigest, watcher }) => {
      const load = () => {
        const seen = new Set<string>();
        for (const file of files.list(compareDir, '*/*.json')) {
          const id = file.replace(/\.json$/, '');
          const path = `${compareDir}/${file}`;
          const text = files.read(path);
          if (text === undefined) continue; // removed since it was listed
          seen.add(id);
          const digest = generateDigest(text);
          if (store.get(id)?.digest === digest) continue;
          const checked = validateJson(ComputedCompareSchema, text, path);
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
