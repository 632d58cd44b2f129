// Content loader for the one run the Data and API page shows as a Benchmark Report example: the
// baseline run of the example guide (src/lib/view/data-api-view.ts), as ingest normalized it
// (data/runs/<guide>/<run>.json), read through the SiteFiles it is given. The reports themselves
// read their runs one at a time as they are rendered (src/pipeline/stored-runs.ts).
import { join } from 'node:path';
import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import { formatDiagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { StoredRunSchema } from '../lib/schema/run.ts';
import { EXAMPLE_GUIDE } from '../lib/view/data-api-view.ts';
import type { SiteFiles } from './site-files.ts';

export const ExampleRunSchema = z.object({ guideId: z.string(), run: StoredRunSchema });

/** The one field read of the guide: the guide loader validates the whole file. */
const BaselineRunSchema = z.object({ baseline: z.object({ measured: z.object({ runId: z.string() }) }) });

type Options = { dataDir: string; runsDir: string; files: SiteFiles };

export function exampleRunLoader(options: Options): Loader {
  const { dataDir, runsDir, files } = options;
  /** The files the entry was read from (dev: read again when one of them changes). */
  let read: string[] = [];
  let listening = false;
  return {
    name: 'perflab-example-run',
    schema: ExampleRunSchema,
    load: async ({ store, generateDigest, watcher }) => {
      const load = () => {
        const ids = files.list(dataDir, '**/*.json').map((file) => file.replace(/\.json$/, ''));
        const guideId = ids.includes(EXAMPLE_GUIDE) ? EXAMPLE_GUIDE : ids[0];
        const guidePath = `${dataDir}/${guideId}.json`;
        const guideText = guideId === undefined ? undefined : files.read(guidePath);
        read = [guidePath];
        if (guideId === undefined || guideText === undefined) {
          store.clear();
          return;
        }
        const guide = validateJson(BaselineRunSchema, guideText, guidePath);
        if (!guide.ok) throw new Error(guide.diagnostics.map(formatDiagnostic).join('\n'));
        const runPath = `${runsDir}/${guideId}/${guide.data.baseline.measured.runId}.json`;
        read.push(runPath);
        const runText = files.read(runPath);
        if (runText === undefined)
          throw new Error(`${runPath}: the run guide ${guideId} shows is missing; run npm run data`);
        const digest = generateDigest(runText);
        if (store.get(guideId)?.digest === digest) return;
        const run = validateJson(StoredRunSchema, runText, runPath);
        if (!run.ok) throw new Error(run.diagnostics.map(formatDiagnostic).join('\n'));
        store.clear();
        store.set({ id: guideId, data: { guideId, run: run.data }, digest });
      };
      load();
      // Dev: read again when the example's guide or run changes.
      if (watcher && !listening) {
        listening = true;
        watcher.add([join(files.root, dataDir), join(files.root, runsDir)]);
        watcher.on('all', (_event, path) => {
          if (read.some((file) => path === join(files.root, file))) load();
        });
      }
    },
  };
}
