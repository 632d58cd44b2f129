// Content loader for compare pages: which guides each page sets side by side on which cases, as
// compute chose (data/compare/<kind>/<slug>.json). The page reads its guides from the guides
// collection; this holds only the selection.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Loader } from 'astro/loaders';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { ComputedCompareSchema } from '../lib/schema/computed-compare.ts';

export function compareLoader(options: { compareDir: string }): Loader {
  return {
    name: 'perflab-compare',
    schema: ComputedCompareSchema,
    load: async ({ store, generateDigest, config, watcher }) => {
      // PERFLAB_ROOT: build another site's data with this code (see src/pipeline/fs-policy.ts).
      const root = process.env.PERFLAB_ROOT ?? config.root.pathname;
      const dir = join(root, options.compareDir);
      const load = () => {
        const seen = new Set<string>();
        const files = existsSync(dir) ? globSync('*/*.json', { cwd: dir }).sort() : [];
        for (const file of files) {
          const id = file.replace(/\.json$/, '');
          seen.add(id);
          const text = readFileSync(join(dir, file), 'utf8');
          const digest = generateDigest(text);
          if (store.get(id)?.digest === digest) continue;
          const checked = validateJson(ComputedCompareSchema, text, relative(root, join(dir, file)));
          if (!checked.ok) throw new Error(checked.diagnostics.map(formatDiagnostic).join('\n'));
          store.set({ id, data: checked.data, digest });
        }
        for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
      };
      load();
      if (watcher) {
        watcher.add(dir);
        watcher.on('all', (_event, path) => {
          if (path.startsWith(dir)) load();
        });
      }
    },
  };
}
