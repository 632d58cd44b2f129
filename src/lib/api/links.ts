import type { ComputedGuide } from '../schema/computed.ts';
import { publicUrl, runFile, type SitePaths } from '../site-paths.ts';
import { BR_LOAD_TOOL } from '../benchmark-report/br-fields.ts';
import { runUses } from '../benchmark-report/benchmark-report.ts';
import type { ApiLinks } from './guide-api.ts';

/** Where the published files are, for a site at `site` (PERFLAB_SITE; none: paths only) under `paths`. */
export type ApiSite = { paths: SitePaths; site: string | undefined };

export function schemaUrl(at: ApiSite, name: 'index' | 'guide'): string {
  return publicUrl(at.site, at.paths.api.schema(name));
}

/**
 * The runs of a guide that are published as a Benchmark Report: serving benchmarks a page shows
 * with the configuration that measured them (an accuracy result is none). Two whose file names
 * come out alike (runFile) would overwrite each other: refused, naming both.
 */
export function reportedRuns(guide: ComputedGuide): string[] {
  const uses = runUses(guide);
  const ids = Object.keys(guide.runs)
    .filter((id) => {
      const run = guide.runs[id];
      return run !== undefined && BR_LOAD_TOOL[run.format] !== undefined && uses.has(id);
    })
    .sort();
  const byFile = new Map<string, string>();
  for (const id of ids) {
    const other = byFile.get(runFile(id));
    if (other !== undefined)
      throw new Error(`guide ${guide.id}: runs "${other}" and "${id}" would both be published as ${runFile(id)}.json`);
    byFile.set(runFile(id), id);
  }
  return ids;
}

export function guideLinks(at: ApiSite, guide: ComputedGuide): ApiLinks {
  const reported = new Set(reportedRuns(guide));
  const url = (path: string) => publicUrl(at.site, path);
  return {
    schema: schemaUrl(at, 'guide'),
    urls: {
      en: url(at.paths.guide('en', guide.id)),
      zh: url(at.paths.guide('zh', guide.id)),
      json: url(at.paths.api.guide(guide.id)),
      csv: url(at.paths.download(guide.id, 'csv')),
    },
    benchmarkReport: (runId) => (reported.has(runId) ? url(at.paths.api.benchmarkReport(guide.id, runId)) : undefined),
  };
}
