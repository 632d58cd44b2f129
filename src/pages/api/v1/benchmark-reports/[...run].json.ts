import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, getEntry } from 'astro:content';
import { benchmarkReport, runUses } from '../../../../lib/benchmark-report/benchmark-report.ts';
import { reportedRuns } from '../../../../lib/api/links.ts';
import type { ComputedGuide } from '../../../../lib/schema/computed.ts';
import type { Run } from '../../../../lib/schema/run.ts';
import { runFile } from '../../../../lib/site-paths.ts';
import { stableCompactJson } from '../../../../lib/stable-json.ts';

export const getStaticPaths = (async () => {
  const paths = [];
  for (const entry of await getCollection('guides')) {
    const guide = entry.data.guide;
    const uses = runUses(guide);
    for (const runId of reportedRuns(guide)) {
      const stored = await getEntry('runs', `${guide.id}/${runId}`);
      if (!stored) throw new Error(`guide ${guide.id}: run ${runId} is not in data/runs; run npm run data`);
      paths.push({
        params: { run: `${guide.id}/${runFile(runId)}` },
        props: { guide, run: stored.data.run, use: uses.get(runId) },
      });
    }
  }
  return paths;
}) satisfies GetStaticPaths;

/** One measured run as an llm-d Benchmark Report v0.2.1 (src/lib/benchmark-report). */
export const GET: APIRoute = ({ props }) => {
  const { guide, run, use } = props as {
    guide: ComputedGuide;
    run: Omit<Run, 'raw'>;
    use: Parameters<typeof benchmarkReport>[2];
  };
  const report = benchmarkReport(guide, run, use);
  if (!report) throw new Error(`guide ${guide.id}: run ${run.id} has no Benchmark Report`);
  return new Response(stableCompactJson(report), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
