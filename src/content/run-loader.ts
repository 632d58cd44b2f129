// Content loader for the runs a guide page shows, as ingest normalized them (data/runs/<guide>/<run>.json):
// what a Benchmark Report export reads beyond the computed guide (every metric of the run, not only
// those the page shows). Only runs a computed guide names are read.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { RunSchema } from '../lib/schema/run.ts';

/** A run without its raw text: the guide's JSON holds that once, and a report needs its values only. */
export const StoredRunSchema = RunSchema.omit({ raw: true });
export const RunEntrySchema = z.object({ guide: z.string(), run: StoredRunSchema });

type Options = { guidesDir: string; runsDir: string };

export function runLoader(options: Options): Loader {
  return {
    name: 'perflab-runs',
    schema: RunEntrySchema,
    load: async ({ store, generateDigest, config }) => {
      // PERFLAB_ROOT: build another site's data with this code (see src/pipeline/fs-policy.ts).
      const root = process.env.PERFLAB_ROOT ?? config.root.pathname;
      const seen = new Set<string>();
      for (const file of globSync('**/*.json', { cwd: join(root, options.guidesDir) }).sort()) {
        const guide = file.replace(/\.json$/, '');
        const runs = (JSON.parse(readFileSync(join(root, options.guidesDir, file), 'utf8')) as { runs?: object }).runs;
        for (const runId of Object.keys(runs ?? {}).sort()) {
          const path = join(root, options.runsDir, guide, `${runId}.json`);
          if (!existsSync(path))
            throw new Error(`${relative(root, path)}: the run guide ${guide} shows is missing; run npm run data`);
          const id = `${guide}/${runId}`;
          seen.add(id);
          const text = readFileSync(path, 'utf8');
          const digest = generateDigest(text);
          if (store.get(id)?.digest === digest) continue;
          // Validated as a run less its raw text, which zod's object drops.
          const checked = validateJson(StoredRunSchema, text, relative(root, path));
          if (!checked.ok) throw new Error(checked.diagnostics.map(formatDiagnostic).join('\n'));
          store.set({ id, data: { guide, run: checked.data }, digest });
        }
      }
      for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
    },
  };
}
